package upgrade

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
)

// This file is GTR010 for macro libraries, the work of "gtr
// normalize-macros": the datatype names written literally in a <macros>
// file are lower-cased and trimmed as GTR010 writes them in a tool. A
// file a tool imports is reached by GTR010 only through that tool, and
// only where the tool's view uses it; this pass edits the library itself,
// for every tool importing it.

// MacroFormats is what [NormalizeMacroFormats] makes of one macro file.
type MacroFormats struct {
	File string
	// Data holds the file's new bytes; nil when nothing changes.
	Data []byte
	// Elements counts the elements whose datatype names change.
	Elements int
	// Checked lists the tools importing the file whose views the change
	// was checked on.
	Checked []string
	// Refused says, one sentence each, what is left as it is and why: an
	// element used where its value reads in two ways, or the gate's
	// refusal of the whole change (Data is then nil).
	Refused []string
}

// changeMacroFormats is a datatype name of a macro file's element
// written in canonical form, as a list or as one name, or removed when
// nothing is left of it: the difference the macro file's own gate
// accepts.
var changeMacroFormats = &rewrite.ViewChange{
	Name: "macro-format-normalized",
	Attr: func(before, after *macros.Element, name string) bool {
		old, had := before.Get(name)
		if !had || name != "format" && name != "ftype" && name != "ext" {
			return false
		}
		v, has := after.Get(name)
		for _, kind := range []int{formatList, formatOne} {
			norm := normalizeFormat(old, kind)
			if has && v == norm && norm != "" || !has && norm == "" {
				return true
			}
		}
		return false
	},
}

// NormalizeMacroFormats lower-cases and trims the datatype names (format,
// ftype and ext) written literally in the macro file at file, whose bytes
// are src, as GTR010 does in a tool: a list on an input <param>, one name
// elsewhere, a value left empty removed (except on <when>). A value
// holding a token (@NAME@) is left alone: each importer gives it its own
// value. How a value reads is told by the tools of docs that import the
// file: where their views use the element; an element none of them uses
// reads by its tag alone. The change is kept only when the view of every
// importer changes as GTR010 declares and the file's own tree only in
// those names. It returns an error for a file that is not a well-formed
// <macros> file.
func NormalizeMacroFormats(file string, src []byte, docs []*Doc) (*MacroFormats, error) {
	t := cst.Parse(file, src)
	root, err := macros.FromTree(t)
	if !t.WellFormed() || err != nil || root.Tag != "macros" {
		return nil, fmt.Errorf("%s: not a well-formed <macros> file", file)
	}
	res := &MacroFormats{File: file}
	var importers []*Doc
	for _, d := range docs {
		if d.View != nil && slices.ContainsFunc(d.Imports(), func(p string) bool { return filepath.Clean(p) == filepath.Clean(file) }) {
			importers = append(importers, d)
			res.Checked = append(res.Checked, d.File)
		}
	}
	uses := macroUses(file, importers)
	var edits []rewrite.Edit
	for e := range root.Descendants() {
		changed := false
		for _, name := range []string{"format", "ftype", "ext"} {
			edit, ok, refused := normalizeMacroAttr(t, e, name, uses[e.Loc.Span])
			if refused != "" {
				res.Refused = append(res.Refused, refused)
			}
			if ok {
				edits = append(edits, edit)
				changed = true
			}
		}
		if changed {
			res.Elements++
		}
	}
	// Every name is canonical, or left as it is.
	if len(edits) == 0 {
		res.Elements = 0
		return res, nil
	}
	out, err := rewrite.Apply(src, edits)
	if err != nil {
		res.Elements = 0
		res.Refused = append(res.Refused, fmt.Sprintf("%s: the edits do not apply: %v", file, err))
		return res, nil
	}
	if why := gateMacroFormats(file, src, out, importers); why != "" {
		res.Elements = 0
		res.Refused = append(res.Refused, why)
		return res, nil
	}
	res.Data = out
	return res, nil
}

// macroUses returns, by the span of an element of the macro file at file,
// the elements of the importers' views written there.
func macroUses(file string, importers []*Doc) map[cst.Span][]*macros.Element {
	uses := map[cst.Span][]*macros.Element{}
	for _, d := range importers {
		for e := range d.Root.Descendants() {
			if filepath.Clean(e.Loc.File) == filepath.Clean(file) {
				uses[e.Loc.Span] = append(uses[e.Loc.Span], e)
			}
		}
	}
	return uses
}

// normalizeMacroAttr returns the edit writing the attribute called name
// of e, an element of the macro file t, in canonical form, and whether
// there is one; refused says why a value that may need it is left as it
// is. copies are the elements of the importers' views written as e.
func normalizeMacroAttr(t *cst.Tree, e *macros.Element, name string, copies []*macros.Element) (rewrite.Edit, bool, string) {
	v, ok := e.Get(name)
	o := e.ValueOrigin(name)
	src := t.Source()
	// A token's value is each importer's own; a value written with
	// references has no single site.
	if !ok || strings.Contains(v, "@") || o.Parts != nil || string(src[o.Loc.Span.Start:o.Loc.Span.End]) != v {
		return rewrite.Edit{}, false, ""
	}
	kind := macroFormatKind(e, name)
	if len(copies) > 0 {
		kind = formatKind(copies[0], name)
		for _, c := range copies[1:] {
			if k := formatKind(c, name); k != kind && normalizeFormat(v, k) != normalizeFormat(v, kind) || (k == formatNone) != (kind == formatNone) {
				return rewrite.Edit{}, false, fmt.Sprintf("%s: the %s value of <%s> is read in two ways by the tools that expand it, so it is left as it is", t.Position(o.Loc.Span.Start), name, e.Tag)
			}
		}
	}
	// Not a datatype name where it is used.
	if kind == formatNone {
		return rewrite.Edit{}, false, ""
	}
	norm := normalizeFormat(v, kind)
	// Already canonical (an empty value never is).
	if norm == v && norm != "" {
		return rewrite.Edit{}, false, ""
	}
	if norm == "" {
		if kind == formatRequired {
			return rewrite.Edit{}, false, fmt.Sprintf("%s: <%s> requires %s, and its value %q is empty once trimmed", t.Position(o.Loc.Span.Start), e.Tag, name, v)
		}
		a := t.NodeCovering(e.Loc.Span).Attr(name)
		// The attribute's name may be made by a token.
		if !a.IsValid() {
			return rewrite.Edit{}, false, ""
		}
		return rewrite.DeleteAttr(a), true, ""
	}
	return rewrite.ReplaceSpan(o.Loc.Span, norm), true, ""
}

// macroFormatKind is formatKind for an element of a macro library that
// no importer's view uses, whose place in a tool is therefore unknown:
// its tag tells the section formatKind would find it in (an input's
// format, an output's, a test's ftype).
func macroFormatKind(e *macros.Element, name string) int {
	switch {
	case e.Tag == "param" && name == "format":
		return formatList
	case name == "format" && (e.Tag == "data" || e.Tag == "collection" || e.Tag == "output"):
		return formatOne
	case e.Tag == "discover_datasets" && (name == "format" || name == "ext"):
		return formatOne
	case e.Tag == "when" && name == "format" && e.Parent() != nil && e.Parent().Tag == "change_format":
		return formatRequired
	case name == "ftype" && (e.Tag == "param" || e.Tag == "output" || e.Tag == "element"):
		return formatOne
	}
	return formatNone
}

// gateMacroFormats runs the expansion-equality gate on the change of the
// macro file at file from src to out: on every importer, whose view may
// change only as GTR010 declares, and on the file's own tree, which may
// change only in datatype names. It returns why it refuses, or "".
func gateMacroFormats(file string, src, out []byte, importers []*Doc) string {
	for _, d := range importers {
		after := d.opts
		after.Files = map[string][]byte{file: out}
		for k, v := range d.opts.Files {
			if filepath.Clean(k) != filepath.Clean(file) {
				after.Files[k] = v
			}
		}
		// The view names the import as the tool opens it.
		for _, imp := range d.Imports() {
			if filepath.Clean(imp) == filepath.Clean(file) {
				after.Files[imp] = out
			}
		}
		x := &rewrite.Expansion{File: d.File, Macros: d.opts, After: &after, Data: rules.IsPayload, Allow: GTR010.Changes}
		if _, err := x.CompareExpanded(d.Tree.Source(), d.Tree.Source()); err != nil {
			return fmt.Sprintf("the expansion-equality gate refuses the change for %s, which imports %s: %v", d.File, file, err)
		}
	}
	x := &rewrite.Expansion{File: file, Data: rules.IsPayload, Allow: []*rewrite.ViewChange{changeMacroFormats}}
	if _, err := x.CompareExpanded(src, out); err != nil {
		return fmt.Sprintf("the expansion-equality gate refuses the change of %s: %v", file, err)
	}
	if !cst.Parse(file, out).WellFormed() {
		return fmt.Sprintf("the rewritten %s is not well-formed", file)
	}
	return ""
}
