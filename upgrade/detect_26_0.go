package upgrade

import (
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
)

// unqualifiedStructuredLike: 26_0_fix_unqualified_structured_like. When a
// tool is mapped over a collection, Galaxy finds the input a collection
// output's structured_like= names by walking the tool's inputs; below 26.0
// a name without "|" is also looked for inside conditionals and sections,
// from 26.0 only among the top-level inputs, and the job fails with
// "Failed to find referenced collection in inputs." (execute.py,
// sliced_input_collection_structure). It applies when a <collection> under
// <outputs> (or an <output type="collection">) has a structured_like=
// without "|" that names no top-level input, or also names an input
// nested in a conditional, section or repeat (the legacy walk could find
// that one first). Without the expanded view, a name made by a token
// counts, and so does an output or input that may come from a macro file.
func unqualifiedStructuredLike(d *Doc) bool {
	// Outputs and inputs from a macro file may make one.
	if hidden(d) {
		return true
	}
	top, nested := inputNames(d)
	for e := range d.Root.Descendants() {
		if e.PI || !(e.Tag == "collection" || e.Tag == "output" && mayEqual(d, e, "type", "collection")) {
			continue
		}
		name, known := value(d, e, "structured_like")
		switch {
		case !known:
			return true
		case name == "" || strings.Contains(name, "|"):
		case !top[name] || nested[name]:
			return true
		}
	}
	return false
}

// inputNames returns the names of the tool's top-level inputs (<param>
// children of <inputs>) and of those nested in a conditional, section or
// repeat. Without the expanded view only inputs written in place are
// top-level, and every <param> written elsewhere counts as nested.
func inputNames(d *Doc) (top, nested map[string]bool) {
	top, nested = map[string]bool{}, map[string]bool{}
	var scope []*macros.Element
	if d.View != nil {
		scope = children(d.Root, "inputs")
	} else {
		scope = []*macros.Element{d.Root}
	}
	for _, in := range scope {
		for _, p := range anywhere(in, "param") {
			// A test's <param> is no input.
			if within(p, "tests") {
				continue
			}
			name, _ := p.Get("name")
			if name == "" {
				arg, _ := p.Get("argument")
				name = cst.ArgumentName(arg)
			}
			if p.Parent() != nil && p.Parent().Tag == "inputs" && p.Parent().Parent() == d.Root {
				top[name] = true
			} else {
				nested[name] = true
			}
		}
	}
	return top, nested
}

// within reports whether an ancestor of e is called tag.
func within(e *macros.Element, tag string) bool {
	for p := e.Parent(); p != nil; p = p.Parent() {
		if p.Tag == tag {
			return true
		}
	}
	return false
}
