package rename

import (
	"bytes"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"sync"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/cst/refs"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// Gate names, as the details of a [GateRefused] bail give them.
const (
	GateExpansion = "expansion"  // Galaxy's view changed other than OLD → NEW at the references
	GateReparse   = "reparse"    // a template or expression that parsed no longer does, or the index finds otherwise than planned
	GateRoundTrip = "round-trip" // renaming back does not restore the original bytes
)

// Originals returns the bytes of the tool and of every macro file it
// imports, by name, as the plan read them.
func (p *Plan) Originals() map[string][]byte {
	files := map[string][]byte{}
	for _, f := range append([]string{p.x.View.File()}, p.x.View.Imports...) {
		if t := p.x.View.Tree(f); t != nil {
			files[f] = t.Source()
		}
	}
	return files
}

// Apply returns the new bytes of every file the plan edits.
func (p *Plan) Apply() (map[string][]byte, error) {
	return rewrite.ApplyFiles(p.Originals(), p.Edits)
}

// Check runs the gates on after, the new bytes of files the rename edits
// (files it does not hold keep their bytes), imports resolving as opts
// says, and returns the index of the renamed tool; the error is a
// *[rewrite.GateError] naming the gate.
func (p *Plan) Check(opts macros.Options, after map[string][]byte) (*refs.Index, error) {
	return p.check(opts, after, nil)
}

// scratch is memory the gates of one rename borrow for the renamed
// tool's parse and expansion, which nothing keeps once they are done.
type scratch struct {
	arena macros.Arena
	slabs cst.Slabs
	tree  *cst.Tree // the renamed tool's parse, to release
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// done releases what the gates built in s; nothing they returned may be
// used after.
func (s *scratch) done() {
	if s.tree != nil {
		s.slabs.Release(s.tree)
		s.tree = nil
	}
	s.arena.Reset()
	scratchPool.Put(s)
}

// check is Check, building the renamed tool's parse and view in mem when
// it is not nil.
func (p *Plan) check(opts macros.Options, after map[string][]byte, mem *scratch) (*refs.Index, error) {
	view, err := p.expansionGate(opts, after, mem)
	if err != nil {
		return nil, err
	}
	x2 := refs.Build(view)
	if err := p.reparseGate(x2); err != nil {
		return nil, err
	}
	return x2, nil
}

// RoundTrip checks that renaming New back to Old in x2, the index of the
// renamed tool, restores the original bytes of every file.
func (p *Plan) RoundTrip(x2 *refs.Index) error {
	back, bail := planRename(x2, p.New, p.Old, true)
	if bail != nil {
		return &rewrite.GateError{Gate: GateRoundTrip, Detail: "renaming " + p.New + " back to " + p.Old + " is refused: " + bail.Error()}
	}
	again, err := back.Apply()
	if err != nil {
		return &rewrite.GateError{Gate: GateRoundTrip, Detail: err.Error()}
	}
	orig := p.Originals()
	for _, f := range slices.Sorted(maps.Keys(again)) {
		if !bytes.Equal(again[f], orig[f]) {
			return &rewrite.GateError{Gate: GateRoundTrip, Detail: "renaming " + p.New + " back to " + p.Old + " does not restore " + f}
		}
	}
	for _, f := range p.Files {
		if _, ok := again[f]; !ok {
			return &rewrite.GateError{Gate: GateRoundTrip, Detail: "renaming " + p.New + " back to " + p.Old + " leaves " + f + " renamed"}
		}
	}
	return nil
}

// expansionGate compares Galaxy's view of the tool before (the plan's
// index) and after the rename, accepting the plan's changes only; it
// returns the view after.
func (p *Plan) expansionGate(opts macros.Options, after map[string][]byte, mem *scratch) (*macros.Result, error) {
	tool := p.x.View.File()
	tb := p.x.View.Tree(tool)
	aopts := opts
	aopts.Files = map[string][]byte{}
	maps.Copy(aopts.Files, opts.Files)
	for f, b := range after {
		if f != tool {
			aopts.Files[f] = b
		}
	}
	now := tb.Source()
	if b, ok := after[tool]; ok {
		now = b
	}
	var view *macros.Result
	x := &rewrite.Expansion{File: tool, Macros: opts, After: &aopts, Allow: []*rewrite.ViewChange{p.change()}}
	if mem != nil {
		aopts.Arena = &mem.arena
	}
	x.Parse = func(src []byte) *cst.Tree {
		if bytes.Equal(src, tb.Source()) {
			return tb
		}
		if mem == nil {
			return cst.Parse(tool, src)
		}
		mem.tree = mem.slabs.Parse(tool, src)
		return mem.tree
	}
	x.Expand = func(t *cst.Tree, o macros.Options) (*macros.Result, error) {
		if sameFiles(o.Files, opts.Files) && t == tb {
			return p.x.View, nil
		}
		r, err := macros.ExpandTree(t, o)
		if sameFiles(o.Files, aopts.Files) {
			view = r
		}
		return r, err
	}
	if _, err := x.CompareExpanded(tb.Source(), now); err != nil {
		return nil, err
	}
	if view == nil {
		return nil, &rewrite.GateError{Gate: rewrite.GateExpansion, Detail: "the renamed tool was not expanded"}
	}
	return view, nil
}

// sameFiles reports whether two import maps are the same map.
func sameFiles(a, b map[string][]byte) bool {
	return reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer()
}

// reparseGate checks x2, the index of the renamed tool: every template
// and expression that parsed still does, and the references to Old are
// now references to New.
func (p *Plan) reparseGate(x2 *refs.Index) error {
	if len(x2.Sections) != len(p.x.Sections) {
		return &rewrite.GateError{Gate: GateReparse, Detail: fmt.Sprintf("the tool reads %d templates and values after the rename, %d before", len(x2.Sections), len(p.x.Sections))}
	}
	for i, s := range p.x.Sections {
		if s.Err == "" && x2.Sections[i].Err != "" {
			return &rewrite.GateError{Gate: GateReparse, Detail: fmt.Sprintf("the %s no longer parses: %s", s.Name, x2.Sections[i].Err)}
		}
	}
	if left := x2.Find(p.Old); len(left) > 0 {
		return &rewrite.GateError{Gate: GateReparse, Detail: fmt.Sprintf("%s: the %s still reads %s", position(x2, left[0].Loc), left[0].Section, left[0].Reference)}
	}
	if n, m := len(x2.Find(p.New))-len(p.x.Find(p.New)), len(p.x.Find(p.Old)); n != m {
		return &rewrite.GateError{Gate: GateReparse, Detail: fmt.Sprintf("the rename makes %d reference(s) to %s of %d to %s", n, p.New, m, p.Old)}
	}
	return nil
}

// change is the declared view change of the plan: the strings of the
// view it renames in, changed at exactly the planned offsets.
func (p *Plan) change() *rewrite.ViewChange {
	return &rewrite.ViewChange{
		Name: "rename " + p.Old + " to " + p.New,
		Attr: func(before, after *macros.Element, name string) bool {
			return p.accepts(before, after, name)
		},
		Text: func(before, after *macros.Element) bool {
			return p.accepts(before, after, "")
		},
	}
}

// accepts reports whether after's text (attr "") or attribute attr is
// before's with the plan's changes to it, and no other.
func (p *Plan) accepts(before, after *macros.Element, attr string) bool {
	var edits []viewEdit
	for _, e := range p.view[before] {
		if e.attr == attr {
			edits = append(edits, e)
		}
	}
	if len(edits) == 0 {
		return false
	}
	bv, bok := before.Text, true
	av, aok := after.Text, true
	if attr != "" {
		bv, bok = before.Get(attr)
		av, aok = after.Get(attr)
	}
	switch {
	case edits[0].insert:
		return len(edits) == 1 && !bok && aok && av == edits[0].text
	case edits[0].remove:
		return len(edits) == 1 && bok && !aok
	}
	if !bok || !aok {
		return false
	}
	slices.SortFunc(edits, func(a, b viewEdit) int { return a.start - b.start })
	edits = slices.Compact(edits)
	var out []byte
	last := 0
	for _, e := range edits {
		if e.start < last || e.end > len(bv) || e.insert || e.remove {
			return false
		}
		out = append(append(out, bv[last:e.start]...), e.text...)
		last = e.end
	}
	return string(append(out, bv[last:]...)) == av
}
