package helpmd

import (
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/galaxy-gtr/gtr/cst/rst"
)

// inlineWriter writes inline content as CommonMark.
type inlineWriter struct {
	c       *converter
	b       strings.Builder
	heading bool      // a heading: one line, "#" escaped everywhere
	cell    bool      // a table cell: one line, "|" escaped inside code too
	next    *rst.Node // the node after the one being written, nil at the end
	inside  bool      // writes after a delimiter: never at the start of a line
}

// inlines writes a paragraph's inline content, one Markdown line per line
// of the RST (without trailing spaces, which would be a hard break).
func (c *converter) inlines(kids []*rst.Node) string {
	w := &inlineWriter{c: c}
	w.nodes(kids)
	lines := strings.Split(w.b.String(), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	return strings.Join(lines, "\n")
}

// atLineStart reports whether the next character starts a line.
func (w *inlineWriter) atLineStart() bool {
	s := w.b.String()
	return s == "" && !w.inside || strings.HasSuffix(s, "\n")
}

// nodes writes inline nodes in order, each knowing the one after it.
func (w *inlineWriter) nodes(kids []*rst.Node) {
	for i, k := range kids {
		w.next = nil
		if i+1 < len(kids) {
			w.next = kids[i+1]
		}
		w.node(k)
	}
}

// node writes one inline node, or refuses it.
func (w *inlineWriter) node(n *rst.Node) {
	switch n.Kind {
	case rst.KindText:
		w.text(n.Text)
	case rst.KindEmphasis, rst.KindTitleReference:
		w.span(n, "*")
	case rst.KindStrong:
		w.span(n, "**")
	case rst.KindLiteral:
		w.code(n)
	case rst.KindReference:
		w.reference(n)
	case rst.KindImage:
		if w.cell && strings.Contains(n.Get("uri"), "|") {
			w.c.refuse(n, "an image URI holding | in a table cell")
		}
		w.b.WriteString(w.c.image(n))
	case rst.KindTarget:
		// An inline target shows its text.
		w.nodes(n.Children)
	case rst.KindInline:
		w.c.refuse(n, "interpreted text with the role "+strings.Join(n.Classes, " "))
	default:
		w.c.refuse(n, constructName(n))
	}
}

// span writes emphasis or strong text between its delimiters.
func (w *inlineWriter) span(n *rst.Node, delim string) {
	if len(n.Classes) > 0 {
		w.c.refuse(n, "interpreted text with the role "+strings.Join(n.Classes, " "))
	}
	before, next := lastRune(w.b.String()), w.next
	sub := &inlineWriter{c: w.c, heading: w.heading, cell: w.cell, inside: true}
	sub.nodes(n.Children)
	inner := sub.b.String()
	// Delimiters next to another span's would merge into one run.
	if before == '*' || next != nil && (next.Kind == rst.KindEmphasis || next.Kind == rst.KindStrong || next.Kind == rst.KindTitleReference) {
		w.c.refuse(n, "emphasis or strong text right next to another")
	}
	if !delimits(before, firstRune(inner), lastRune(inner), nextRune(next)) {
		w.c.refuse(n, "emphasis or strong text that CommonMark cannot delimit next to what surrounds it")
	}
	w.b.WriteString(delim + inner + delim)
}

// delimits reports whether "*" delimiters around content starting with
// first and ending with last, after before and followed by after (0 for
// the start or end of the text), open and close emphasis in CommonMark:
// the opening run must be left-flanking and the closing run
// right-flanking.
func delimits(before, first, last, after rune) bool {
	open := !space(first) && (!punct(first) || space(before) || punct(before))
	close := !space(last) && (!punct(last) || space(after) || punct(after))
	return open && close
}

// space reports whether r is whitespace, or 0 (the start or end of the
// text), which CommonMark's flanking rules read as whitespace.
func space(r rune) bool { return r == 0 || unicode.IsSpace(r) }

// punct reports whether r is Unicode punctuation or a symbol, as
// CommonMark's flanking rules read them.
func punct(r rune) bool { return unicode.IsPunct(r) || unicode.IsSymbol(r) }

// firstRune returns the first character of s, 0 when it is empty.
func firstRune(s string) rune {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return 0
	}
	return r
}

// lastRune returns the last character of s, 0 when it is empty.
func lastRune(s string) rune {
	r, n := utf8.DecodeLastRuneInString(s)
	if n == 0 {
		return 0
	}
	return r
}

// nextRune returns the first character the node after a span writes: its
// text's first character, or the punctuation its markup starts with.
func nextRune(n *rst.Node) rune {
	switch {
	case n == nil:
		return 0
	case n.Kind == rst.KindText:
		return firstRune(n.Text)
	}
	return '*'
}

// code writes literal text as a code span, its line breaks as spaces (a
// code span shows them so, and a line could otherwise start a block).
func (w *inlineWriter) code(n *rst.Node) {
	cls := 0
	for _, c := range n.Classes {
		if c != "code" {
			cls++
		}
	}
	if cls > 0 {
		w.c.refuse(n, "literal text with a class or language")
	}
	t := strings.ReplaceAll(n.AsText(), "\n", " ")
	if w.cell && strings.Contains(t, "|") {
		w.c.refuse(n, "literal text holding | in a table cell")
	}
	run := 0
	for _, f := range strings.FieldsFunc(t, func(r rune) bool { return r != '`' }) {
		run = max(run, len(f))
	}
	fence := strings.Repeat("`", run+1)
	pad := ""
	if strings.HasPrefix(t, "`") || strings.HasSuffix(t, "`") || (strings.HasPrefix(t, " ") && strings.HasSuffix(t, " ") && strings.TrimSpace(t) != "") {
		pad = " "
	}
	w.b.WriteString(fence + pad + t + pad + fence)
}

// reference writes an external link: an autolink when its text is its
// URI, else [text](uri).
func (w *inlineWriter) reference(n *rst.Node) {
	uri := n.Get("refuri")
	if !n.Has("refuri") {
		w.c.refuse(n, "an internal reference")
		return
	}
	if w.cell && strings.Contains(uri, "|") {
		w.c.refuse(n, "a link to a URI holding | in a table cell")
	}
	if len(n.Children) == 1 && n.Children[0].Kind == rst.KindText && n.Children[0].Text == uri && autolinkable(uri) {
		w.b.WriteString("<" + uri + ">")
		return
	}
	w.b.WriteString("[")
	sub := &inlineWriter{c: w.c, heading: w.heading, cell: w.cell, inside: true}
	sub.nodes(n.Children)
	w.b.WriteString(strings.ReplaceAll(sub.b.String(), "\n", " "))
	w.b.WriteString("](" + destination(uri) + ")")
}

// image writes an image, ![alt](uri); docutils' other image options
// change how it is shown and have no Markdown form.
func (c *converter) image(n *rst.Node) string {
	for k := range n.Attrs {
		if k != "uri" && k != "alt" {
			c.refuse(n, "an image with the option :"+k+":")
		}
	}
	if len(n.Classes) > 0 {
		c.refuse(n, "an image with a class")
	}
	uri := n.Get("uri")
	if ext := strings.ToLower(path.Ext(strings.SplitN(strings.SplitN(uri, "?", 2)[0], "#", 2)[0])); ext == ".svg" || ext == ".swf" {
		c.refuse(n, "an "+ext[1:]+" image (html4css1 embeds it as <object>)")
	}
	if strings.Contains(uri, "$") {
		c.refuse(n, "an image path with a Galaxy substitution ($…)")
	}
	w := &inlineWriter{c: c}
	w.text(strings.ReplaceAll(n.Get("alt"), "\n", " "))
	return "![" + w.b.String() + "](" + destination(uri) + ")"
}

// autolinkable reports whether uri can be written as a CommonMark
// autolink: an absolute URI with a scheme, without spaces or angle
// brackets, and without percent-escapes, which markdown-it decodes in the
// text it shows (goldmark does not).
func autolinkable(uri string) bool {
	if uri == "" || strings.ContainsAny(uri, " <>\t\n\\%") {
		return false
	}
	i := strings.IndexByte(uri, ':')
	if i < 2 || i > 32 {
		return false
	}
	for j := 0; j < i; j++ {
		ch := uri[j]
		if !(ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || j > 0 && (ch >= '0' && ch <= '9' || ch == '+' || ch == '.' || ch == '-')) {
			return false
		}
	}
	return true
}

// destination writes a link destination: bare when it has no space,
// parenthesis, angle bracket or backslash, else between angle brackets
// with those escaped.
func destination(uri string) string {
	if uri != "" && !strings.ContainsAny(uri, " ()<>\\\t\n") {
		return uri
	}
	r := strings.NewReplacer("\\", "\\\\", "<", "\\<", ">", "\\>", "\n", " ")
	return "<" + r.Replace(uri) + ">"
}
