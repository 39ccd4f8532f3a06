package upgrade

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// This file holds what the step codemods share: an index of Galaxy's
// expanded view by the source its elements and strings come from, so that
// a step editing source bytes can tell whether the edit changes only what
// it means to change, and the edits that remove an element, add a child
// or change an attribute at its source.

// viewUses indexes Galaxy's expanded view of a tool by source: the
// elements each source element became (more than one when a macro is
// expanded more than once) and the attribute values and texts each source
// range is read into (a literal value, or a token's definition wherever
// the token is used).
type viewUses struct {
	elems  map[macros.Loc][]*macros.Element
	values map[macros.Loc][]valueUse
}

// valueUse is one string of the view: the value of e's attribute called
// attr, or e's text when attr is "".
type valueUse struct {
	e    *macros.Element
	attr string
}

func newViewUses(root *macros.Element) *viewUses {
	u := &viewUses{elems: map[macros.Loc][]*macros.Element{}, values: map[macros.Loc][]valueUse{}}
	for e := range root.Descendants() {
		u.elems[e.Loc] = append(u.elems[e.Loc], e)
		for _, a := range e.Attrs {
			u.addOrigin(e.ValueOrigin(a.Name), valueUse{e, a.Name})
		}
		u.addOrigin(e.TextOrigin(), valueUse{e, ""})
	}
	return u
}

func (u *viewUses) addOrigin(o macros.Origin, use valueUse) {
	if o.Parts == nil {
		u.values[o.Loc] = append(u.values[o.Loc], use)
		return
	}
	for _, p := range o.Parts {
		if p.Token != "" {
			u.values[p.Loc] = append(u.values[p.Loc], use)
		}
	}
}

// copies returns how many elements of the view are written at l.
func (u *viewUses) copies(l macros.Loc) int { return len(u.elems[l]) }

// allElems reports whether every element of the view written where e is
// written satisfies ok.
func (u *viewUses) allElems(e *macros.Element, ok func(*macros.Element) bool) bool {
	return !slices.ContainsFunc(u.elems[e.Loc], func(x *macros.Element) bool { return !ok(x) })
}

// allValues reports whether every string of the view read from the bytes
// at s satisfies ok.
func (u *viewUses) allValues(s Site, ok func(valueUse) bool) bool {
	return !slices.ContainsFunc(u.values[macros.Loc{File: s.File, Span: s.Span}], func(v valueUse) bool { return !ok(v) })
}

// noView is the refusal of a step for a tool that does not expand, whose
// view Galaxy would read is not known; where says what the step cannot
// tell ("where its outputs are written").
func noView(d *Doc, where string) Plan {
	return Plan{Refused: []string{fmt.Sprintf("%s: the tool does not expand, so the step cannot tell %s: %v", d.File, where, d.Err)}}
}

// valueChange is a change a step makes to one attribute of the view: the
// value of e's attribute called attr becomes value, or the attribute goes
// when drop is set.
type valueChange struct {
	e     *macros.Element
	attr  string
	value string
	drop  bool
}

// planValueChanges turns changes into edits at the bytes the values are
// written at: between the quotes of a literal value, the definition of the
// one token that makes it, or (to drop an attribute) the attribute in its
// element. A change is refused when its value has no single site, or when
// the same bytes make another string of the view that does not change to
// the same value (a token used elsewhere too, a macro expanded where the
// change does not apply).
func planValueChanges(d *Doc, u *viewUses, changes []valueChange) Plan {
	var p Plan
	want := func(e *macros.Element, attr string) (valueChange, bool) {
		for _, c := range changes {
			if c.e == e && c.attr == attr {
				return c, true
			}
		}
		return valueChange{}, false
	}
	for _, c := range changes {
		if c.drop {
			a := d.Node(c.e).Attr(c.attr)
			// The name may be made by a token, or the element not be
			// in a file the doc holds.
			if !a.IsValid() {
				p.Refused = append(p.Refused, fmt.Sprintf("%s: the %s attribute of <%s> is not written in it as it reads, so it cannot be removed", d.Position(c.e.Loc), c.attr, c.e.Tag))
				continue
			}
			// Every copy of the element must lose the attribute too.
			if !u.allElems(c.e, func(x *macros.Element) bool { o, ok := want(x, c.attr); return ok && o.drop }) {
				p.Refused = append(p.Refused, fmt.Sprintf("%s: <%s> is written once in a macro expanded where its %s attribute is to stay, so it cannot be removed there", d.Position(c.e.Loc), c.e.Tag, c.attr))
				continue
			}
			p.Edits = append(p.Edits, rewrite.In(c.e.Loc.File, rewrite.DeleteAttr(a)))
			continue
		}
		site, err := d.ValueSite(c.e, c.attr)
		if err != nil {
			p.Refused = append(p.Refused, err.Error())
			continue
		}
		// The new value is made from the old one, which is written
		// without references; it never needs escaping, but check.
		if strings.ContainsAny(c.value, "&<>\"'") {
			p.Refused = append(p.Refused, fmt.Sprintf("%s: the new %s value %q of <%s> would need escaping", d.Position(c.e.Loc), c.attr, c.value, c.e.Tag))
			continue
		}
		// Every string the bytes make must change the same way.
		if !u.allValues(site, func(v valueUse) bool { o, ok := want(v.e, v.attr); return ok && !o.drop && o.value == c.value }) {
			p.Refused = append(p.Refused, fmt.Sprintf("%s: the bytes that make the %s value of <%s> also make another value or text of the tool, which is not to change the same way, so they cannot be changed", d.Position(macros.Loc{File: site.File, Span: site.Span}), c.attr, c.e.Tag))
			continue
		}
		p.Edits = append(p.Edits, site.Replace(c.value))
	}
	return p
}

// deleteElement returns the edit removing the element node n of file
// from its source: with the line it stands on (its indentation and the
// line end) when nothing else is written there, else the element alone.
func deleteElement(file string, n cst.Node) rewrite.FileEdit {
	src := n.Tree().Source()
	s := n.Span()
	start, end := s.Start, s.End
	for start > 0 && (src[start-1] == ' ' || src[start-1] == '\t') {
		start--
	}
	for end < len(src) && (src[end] == ' ' || src[end] == '\t') {
		end++
	}
	aloneBefore := start == 0 || src[start-1] == '\n'
	switch {
	case aloneBefore && end < len(src) && src[end] == '\n':
		return rewrite.In(file, rewrite.ReplaceSpan(cst.Span{Start: start, End: end + 1}, ""))
	case aloneBefore && end+1 < len(src) && src[end] == '\r' && src[end+1] == '\n':
		return rewrite.In(file, rewrite.ReplaceSpan(cst.Span{Start: start, End: end + 2}, ""))
	}
	return rewrite.In(file, rewrite.Delete(n))
}

// appendChild returns the edit adding the elements written as texts as
// the last children of the element node n of file: each on a line of its
// own after n's last child element, indented as that child is, or, when n
// has no child element, just before n's end tag. It reports false for an
// element written as one empty-element tag.
func appendChild(file string, n cst.Node, texts []string) (rewrite.FileEdit, bool) {
	end := n.EndTag()
	if !end.IsValid() {
		return rewrite.FileEdit{}, false
	}
	src := n.Tree().Source()
	var last cst.Node
	for c := range n.Elements() {
		last = c
	}
	if !last.IsValid() {
		return rewrite.In(file, rewrite.InsertBefore(end, strings.Join(texts, ""))), true
	}
	i := last.Span().Start
	for i > 0 && (src[i-1] == ' ' || src[i-1] == '\t') {
		i--
	}
	lead := rewrite.Newline(src) + string(src[i:last.Span().Start])
	return rewrite.In(file, rewrite.InsertAfter(last, lead+strings.Join(texts, lead))), true
}

// finishPlan drops the edits and refusals of p written twice (one source
// met as several elements of the view) and joins overlapping deletions
// (two attributes removed side by side share the space between them), so
// that the edits apply. A plan that refuses anything keeps no edits.
func finishPlan(p Plan) Plan {
	if len(p.Refused) > 0 {
		var refused []string
		for _, r := range p.Refused {
			if !slices.Contains(refused, r) {
				refused = append(refused, r)
			}
		}
		return Plan{Refused: refused}
	}
	edits := slices.Clone(p.Edits)
	slices.SortFunc(edits, func(a, b rewrite.FileEdit) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End), cmp.Compare(a.New, b.New))
	})
	var out []rewrite.FileEdit
	for _, e := range edits {
		if n := len(out); n > 0 {
			prev := &out[n-1]
			if prev.File == e.File && prev.Edit == e.Edit {
				continue
			}
			if prev.File == e.File && prev.New == "" && e.New == "" && e.Start < prev.End {
				prev.End = max(prev.End, e.End)
				continue
			}
		}
		out = append(out, e)
	}
	return Plan{Edits: out}
}

// childrenNamed returns the child elements of e called tag.
func childrenNamed(e *macros.Element, tag string) []*macros.Element {
	var out []*macros.Element
	for c := range e.Elements() {
		if c.Tag == tag {
			out = append(out, c)
		}
	}
	return out
}

// removeChildren removes from e the children for which drop reports
// true, keeping any text after one that is not layout (it joins the text
// before it), and returns how many it removed. The view changes of the
// steps that delete elements normalise views with it.
func removeChildren(e *macros.Element, drop func(*macros.Element) bool) int {
	n := 0
	kept := e.Children[:0:0]
	for _, c := range e.Children {
		if c.PI || !drop(c) {
			kept = append(kept, c)
			continue
		}
		n++
		if isLayoutText(c.Tail) {
			continue
		}
		if k := len(kept); k > 0 {
			kept[k-1].Tail += c.Tail
		} else {
			e.Text += c.Tail
		}
	}
	if n > 0 {
		e.Children = kept
	}
	return n
}

// isLayoutText reports whether s is XML whitespace only.
func isLayoutText(s string) bool {
	return strings.Trim(s, " \t\r\n") == ""
}
