package helpmd

import (
	"bytes"
	"maps"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// edits returns the new bytes of the files that write help's text and
// its start tag, with the text replaced by md and format="markdown"
// added, or why it cannot be written so. A CDATA help stays one CDATA
// section; a plain-text help is written as escaped character data; the
// whitespace lines before and after the text stay as they are, and a
// text written with CRLF line ends keeps them.
func edits(view *macros.Result, help *macros.Element, md string) (map[string][]byte, string) {
	loc := help.TextOrigin().Loc
	tagFile := help.Loc.File
	el := view.Node(help.Loc)
	if !el.IsValid() || el.Kind() != cst.KindElement || view.Tree(loc.File) == nil {
		return nil, "the <help> is not written where the expansion says"
	}
	src := view.Tree(loc.File).Source()
	raw := string(src[loc.Span.Start:loc.Span.End])
	var e rewrite.Edit
	switch {
	case strings.Contains(raw, "<!--"):
		return nil, "the <help> text holds an XML comment"
	case strings.Contains(raw, "<![CDATA["):
		i := strings.Index(raw, "<![CDATA[")
		j := strings.LastIndex(raw, "]]>")
		if strings.TrimSpace(raw[:i]) != "" || strings.TrimSpace(raw[j+3:]) != "" || strings.Count(raw, "<![CDATA[") != 1 {
			return nil, "the <help> text mixes CDATA with character data"
		}
		inner := raw[i+len("<![CDATA[") : j]
		text := frame(strings.ReplaceAll(inner, "\r\n", "\n"), md)
		if strings.Contains(text, "]]>") {
			return nil, "the Markdown holds ]]>, which a CDATA section cannot"
		}
		start := loc.Span.Start + i + len("<![CDATA[")
		e = rewrite.Edit{Start: start, End: start + len(inner), New: text}
	default:
		e = rewrite.Edit{Start: loc.Span.Start, End: loc.Span.End, New: escapeText(frame(help.Text, md))}
	}
	// New text takes the line ends of the text it replaces.
	if strings.Contains(raw, "\r\n") {
		e.New = strings.ReplaceAll(e.New, "\n", "\r\n")
	}
	byFile := map[string][]rewrite.FileEdit{}
	byFile[loc.File] = append(byFile[loc.File], rewrite.In(loc.File, e))
	byFile[tagFile] = append(byFile[tagFile], rewrite.In(tagFile, rewrite.InsertAttr(el, "format", "markdown", "")))
	files := map[string][]byte{}
	var all []rewrite.FileEdit
	for f, es := range byFile {
		files[f] = view.Tree(f).Source()
		all = append(all, es...)
	}
	out, err := rewrite.ApplyFiles(files, all)
	if err != nil {
		return nil, "the edits do not apply: " + err.Error()
	}
	return out, ""
}

// frame returns md framed by the whitespace lines that open and close
// old: the line breaks before its first text and the blank line end after
// its last.
func frame(old, md string) string {
	lead := ""
	if t := strings.TrimLeft(old, " \t\r\n"); len(t) < len(old) {
		ws := old[:len(old)-len(t)]
		if i := strings.LastIndexByte(ws, '\n'); i >= 0 {
			lead = ws[:i+1]
		}
	}
	trail := ""
	if t := strings.TrimRight(old, " \t\r\n"); len(t) < len(old) {
		ws := old[len(t):]
		if i := strings.IndexByte(ws, '\n'); i >= 0 {
			trail = ws[i:]
		}
	}
	return lead + md + trail
}

// escapeText escapes s as XML character data: "&", "<", and the ">" of
// "]]>", which character data may not hold.
func escapeText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", "]]>", "]]&gt;").Replace(s)
}

// gate checks the rewritten files: each well-formed, and the tool's
// expanded view changed in its <help> alone, as [HelpToMarkdown] allows.
func gate(tree *cst.Tree, view *macros.Result, opts macros.Options, files map[string][]byte) string {
	for f, b := range files {
		if t := cst.Parse(f, b); !t.WellFormed() {
			return "the rewritten " + f + " is not well-formed: " + t.Errors()[0].Error()
		}
	}
	file := view.File()
	before := tree.Source()
	after := before
	overlay := map[string][]byte{}
	for f, b := range files {
		if f == file {
			after = b
			continue
		}
		overlay[f] = b
	}
	ao := opts
	if len(overlay) > 0 {
		ao.Files = maps.Clone(opts.Files)
		if ao.Files == nil {
			ao.Files = map[string][]byte{}
		}
		maps.Copy(ao.Files, overlay)
	}
	x := &rewrite.Expansion{File: file, Macros: opts, After: &ao, Allow: []*rewrite.ViewChange{HelpToMarkdown}}
	x.Parse = func(src []byte) *cst.Tree {
		if bytes.Equal(src, before) {
			return tree
		}
		return cst.Parse(file, src)
	}
	if _, err := x.CompareExpanded(before, after); err != nil {
		return "the expansion-equality gate refuses the conversion: " + err.Error()
	}
	return ""
}
