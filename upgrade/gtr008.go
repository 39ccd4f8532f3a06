package upgrade

import (
	"fmt"
	"regexp"
	"strconv"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
)

// GTR008 names the output datasets that have no name, which the 19.05
// schema requires.
var GTR008 = &Step{
	Code:    "GTR008",
	Name:    "name-unnamed-outputs",
	Summary: "Give every output <data> without a name one that no other name or template variable of the tool uses (output, output2, …).",
	Kind:    KindCodemod,
	From:    "19.01",
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-outputs-data",
	Since:   "0.4.0",
	Doc: rules.Doc{
		What: "Adds name=\"output\" (then output2, output3, …) as the first attribute of every <data> in <outputs>, " +
			"or in a <collection> there, that has no name attribute. A placeholder is skipped when any element of the " +
			"tool already has it as its name or any text or attribute of the tool refers to it as $output or ${output}.",
		Why: "Up to 19.01 the schema lets an output <data> go without a name; from 19.05 it requires one, so such a tool " +
			"stops validating at the 19.05 boundary. Galaxy itself cannot use an unnamed output: at the top level it is " +
			"registered under the name None, which no template, test or workflow can refer to, and inside a collection " +
			"it stops the tool from loading.",
		Example: "<outputs>\n    <data format=\"txt\"/>\n</outputs>\n→\n<outputs>\n    <data name=\"output\" format=\"txt\"/>\n</outputs>",
		FixSafety: "Only an output that could not be referred to gains a name, and the name is one nothing in the tool " +
			"refers to yet, so no template, test or filter changes meaning. A <data> written once in a macro that the " +
			"tool expands more than once is refused: one name cannot be given to each copy. Other tools importing the " +
			"same macro file are not looked at.",
	},
	Changes: []*rewrite.ViewChange{changeOutputNamed},
	Plan:    planNameOutputs,
}

// changeOutputNamed is an output <data> without a name gaining one.
var changeOutputNamed = &rewrite.ViewChange{
	Name: "output-named",
	Attr: func(before, after *macros.Element, name string) bool {
		_, had := before.Get("name")
		_, has := after.Get("name")
		return name == "name" && !had && has && isOutputData(before)
	},
}

// isOutputData reports whether e is a <data> of the tool's <outputs>:
// one of its children or a child of one of its <collection>s.
func isOutputData(e *macros.Element) bool {
	p := e.Parent()
	if e.Tag != "data" || p == nil {
		return false
	}
	if p.Tag == "collection" {
		p = p.Parent()
	}
	return p != nil && p.Tag == "outputs" && p.Parent() != nil && p.Parent().Parent() == nil
}

// cheetahVar matches a Cheetah placeholder's first name: $name or ${name.
var cheetahVar = regexp.MustCompile(`\$\{?([A-Za-z_][A-Za-z0-9_]*)`)

func planNameOutputs(d *Doc) Plan {
	// Without Galaxy's view, neither the outputs nor the names in use are known.
	if d.View == nil || d.Root == nil {
		return noView(d, "where its outputs are written")
	}
	var unnamed []*macros.Element
	taken := map[string]bool{}
	for e := range d.Root.Descendants() {
		if _, ok := e.Get("name"); !ok && isOutputData(e) {
			unnamed = append(unnamed, e)
		}
		for _, a := range e.Attrs {
			if a.Name == "name" {
				taken[a.Value] = true
			}
			for _, m := range cheetahVar.FindAllStringSubmatch(a.Value, -1) {
				taken[m[1]] = true
			}
		}
		for _, s := range []string{e.Text, e.Tail} {
			for _, m := range cheetahVar.FindAllStringSubmatch(s, -1) {
				taken[m[1]] = true
			}
		}
	}
	// Every output has a name: nothing to do.
	if len(unnamed) == 0 {
		return Plan{}
	}
	u := newViewUses(d.Root)
	var p Plan
	next := 1
	seen := map[macros.Loc]bool{}
	for _, e := range unnamed {
		// A source element that is several outputs is reported once.
		if seen[e.Loc] {
			continue
		}
		seen[e.Loc] = true
		n := d.Node(e)
		// The element must be in a file the doc holds.
		if n.Kind() != cst.KindElement {
			p.Refused = append(p.Refused, fmt.Sprintf("%s: the unnamed <data> is not written in a file that can be edited", d.Position(e.Loc)))
			continue
		}
		// One source element that is several outputs cannot take one name for each.
		if c := u.copies(e.Loc); c > 1 {
			p.Refused = append(p.Refused, fmt.Sprintf("%s: the unnamed <data> is written once in a macro that the tool expands %d times, so one name cannot be given to each output", d.Position(e.Loc), c))
			continue
		}
		name := ""
		for name == "" || taken[name] {
			name = "output"
			if next > 1 {
				name += strconv.Itoa(next)
			}
			next++
		}
		taken[name] = true
		p.Edits = append(p.Edits, rewrite.In(e.Loc.File, rewrite.InsertFirstAttr(n, "name", name)))
	}
	return finishPlan(p)
}
