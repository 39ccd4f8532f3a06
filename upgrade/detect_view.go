package upgrade

import (
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// This file holds what the detectors share: how to read d.Root when it is
// Galaxy's expanded view and when it is only the tool's own tree.
//
// When the tool expands, d.Root is what Galaxy reads and a detector asks
// it Galaxy's questions exactly. When it does not, d.Root is the tool as
// written, macro definitions in place, and a detector must not conclude
// more than that tree shows:
//
//   - an element written as a child of <tool> stays there after
//     expansion, so it is as sure as in the expanded view, except that
//     an <expand> before it may place another of its tag first;
//   - an element written anywhere else (inside a macro definition, say)
//     may or may not reach the place Galaxy reads, so it counts as
//     present for a detector that fires on it, and as absent for one
//     that would rule the code out because of it;
//   - an element from an imported macro file is not in the tree at all
//     ([hidden]), so a detector that fires on some element fires;
//   - a value written with an @TOKEN@ may read as anything.

// hidden reports whether Galaxy may read elements that d.Root does not
// hold: the tool is not well-formed, or it did not expand and imports
// macro files, whose elements its own tree lacks.
func hidden(d *Doc) bool {
	// Nothing is known of a tool that is not well-formed.
	if d.Root == nil {
		return true
	}
	// The expanded view holds everything Galaxy reads.
	if d.View != nil {
		return false
	}
	return len(anywhere(d.Root, "import")) > 0
}

// rootChild returns the first child of <tool> called tag, as Galaxy's
// root.find(tag) does, and whether that answer is sure. It is always sure
// in the expanded view; in the tool's own tree it is sure when no <expand>
// among the root's children comes before the answer (or, for no answer,
// at all), since only an <expand> at the root can put an element there.
func rootChild(d *Doc, tag string) (*macros.Element, bool) {
	// Nothing is known of a tool that is not well-formed.
	if d.Root == nil {
		return nil, false
	}
	for c := range d.Root.Elements() {
		if c.Tag == tag {
			return c, true
		}
		// An expansion here could place an element before any written later.
		if d.View == nil && c.Tag == "expand" {
			return nil, false
		}
	}
	return nil, true
}

// children returns the child elements of e called tag. Children of
// <tool> written in the tool's own tree are children written in place,
// which expansion keeps.
func children(e *macros.Element, tag string) []*macros.Element {
	var out []*macros.Element
	for c := range e.Elements() {
		if c.Tag == tag {
			out = append(out, c)
		}
	}
	return out
}

// anywhere returns every element of e's tree (e included) called tag.
func anywhere(e *macros.Element, tag string) []*macros.Element {
	var out []*macros.Element
	for x := range e.Descendants() {
		if !x.PI && x.Tag == tag {
			out = append(out, x)
		}
	}
	return out
}

// has reports whether e has an attribute called name.
func has(e *macros.Element, name string) bool { return e.Attr(name) != nil }

// value returns the value of e's attribute called name ("" when absent)
// and whether it reads as Galaxy reads it: always in the expanded view;
// in the tool's own tree, unless a token (an @ sign) may change it.
func value(d *Doc, e *macros.Element, name string) (string, bool) {
	v, _ := e.Get(name)
	return v, d.View != nil || !strings.Contains(v, "@")
}

// mayEqual reports whether e's attribute called name may read as want
// once Galaxy has read the tool.
func mayEqual(d *Doc, e *macros.Element, name, want string) bool {
	v, sure := value(d, e, name)
	return v == want || !sure
}

// toolType reports whether the tool's tool_type may be one of types: the
// value of tool_type= on <tool>, which Galaxy's parse_tool_type reads.
func toolType(d *Doc, types ...string) bool {
	// Nothing is known of a tool that is not well-formed.
	if d.Root == nil {
		return true
	}
	for _, t := range types {
		if mayEqual(d, d.Root, "tool_type", t) {
			return true
		}
	}
	return false
}
