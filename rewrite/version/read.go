package version

import (
	"errors"
	"fmt"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
)

// Tool is one tool file given to the engines: its name (a path, the base
// its imports resolve against) and bytes. Tree, when set, is the parse of
// Src, shared by a caller that has parsed it already.
type Tool struct {
	File string
	Src  []byte
	Tree *cst.Tree
}

// ErrNotTool is wrapped by the errors the engines return for a file that
// is not a well-formed Galaxy tool (<tool> root).
var ErrNotTool = errors.New("not a well-formed Galaxy tool")

// reading is a tool as the engines read it: its parse, Galaxy's view of
// it, and the token definitions that view was made with.
type reading struct {
	file string
	tree *cst.Tree
	view *macros.Result
	root *macros.Element
	opts macros.Options
	defs map[string]tokenDef // the definition Galaxy uses, by token name
}

// tokenDef is one <token> definition: its name, the value Galaxy reads
// (the element's text) and where it is written.
type tokenDef struct {
	name, value string
	el          macros.Loc // the <token> element
	text        macros.Loc // its text, when written as it reads; invalid otherwise
}

// read parses and expands t as Galaxy loads it. skip says why the tool
// cannot be read as Galaxy reads it (an import that cannot be read, a
// macro Galaxy cannot expand); err is for a file that is not a tool and
// for an expansion stopped by its bounds or its context, which end the
// work on the file.
func read(t Tool, opts macros.Options) (r *reading, skip string, err error) {
	tree := t.Tree
	if tree == nil {
		tree = cst.Parse(t.File, t.Src)
	}
	if !tree.WellFormed() || tree.RootElement().Name() != "tool" {
		return nil, "", fmt.Errorf("%s: %w", t.File, ErrNotTool)
	}
	view, err := macros.ExpandTree(tree, opts)
	if err != nil {
		var me *macros.Error
		switch {
		case !errors.As(err, &me), me.Kind == macros.ErrTooLarge, me.Kind == macros.ErrCanceled:
			return nil, "", err
		case me.Kind == macros.ErrImport:
			return nil, fmt.Sprintf("%v, so the expansion-equality gate cannot prove the change (fail closed)", err), nil
		}
		return nil, fmt.Sprintf("the tool does not expand as Galaxy loads it: %v", err), nil
	}
	r = &reading{file: t.File, tree: tree, view: view, root: view.Root, opts: opts}
	r.defs = r.tokenDefs()
	return r, "", nil
}

// tokenDefs returns the token definitions of the tool's view by name:
// those of every imported macro file, in the order Galaxy reads them,
// then the tool's own, a later definition replacing an earlier one.
func (r *reading) tokenDefs() map[string]tokenDef {
	defs := map[string]tokenDef{}
	add := func(macrosEl *macros.Element, src []byte) {
		for c := range macrosEl.Elements() {
			name, ok := c.Get("name")
			if c.Tag != "token" || !ok || name == "" {
				continue
			}
			d := tokenDef{name: name, value: c.Text, el: c.Loc}
			if o := c.TextOrigin(); o.Parts == nil && exactly(src, o.Loc.Span, c.Text) {
				d.text = o.Loc
			}
			defs[name] = d
		}
	}
	for _, imp := range r.view.Imports {
		t := r.view.Tree(imp)
		if t == nil {
			continue
		}
		if root, err := macros.FromTree(t); err == nil && root.Tag == "macros" {
			add(root, t.Source())
		}
	}
	if own, err := macros.FromTree(r.tree); err == nil {
		for c := range own.Elements() {
			if c.Tag == "macros" {
				add(c, r.tree.Source())
				break
			}
		}
	}
	return defs
}

// exactly reports whether the bytes of src at s are v.
func exactly(src []byte, s cst.Span, v string) bool {
	return s.Start >= 0 && s.End <= len(src) && s.Start <= s.End && string(src[s.Start:s.End]) == v
}

// source returns the bytes of file, the tool or one of its imports.
func (r *reading) source(file string) []byte {
	if t := r.view.Tree(file); t != nil {
		return t.Source()
	}
	return nil
}

// position returns where l starts, as file:line:col.
func (r *reading) position(l macros.Loc) string {
	return r.view.Position(l).String()
}

// literalSite returns where the value of e's attribute called name is
// written as it reads (between its quotes, without references or
// tokens), and whether it is.
func (r *reading) literalSite(e *macros.Element, name string) (macros.Loc, bool) {
	v, ok := e.Get(name)
	if !ok {
		return macros.Loc{}, false
	}
	o := e.ValueOrigin(name)
	if o.Parts != nil || !exactly(r.source(o.Loc.File), o.Loc.Span, v) {
		return macros.Loc{}, false
	}
	return o.Loc, true
}

// packageRequirements returns the <requirement type="package"> elements
// of the view, as Galaxy finds them (requirements/requirement).
func (r *reading) packageRequirements() []*macros.Element {
	var out []*macros.Element
	for reqs := range r.root.Elements() {
		if reqs.Tag != "requirements" {
			continue
		}
		for req := range reqs.Elements() {
			if t, _ := req.Get("type"); req.Tag == "requirement" && t == "package" {
				out = append(out, req)
			}
		}
	}
	return out
}
