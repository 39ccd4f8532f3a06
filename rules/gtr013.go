package rules

import (
	"fmt"
	"slices"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules/lint/xmlorder"
)

// GTR013_1 orders the child elements of <tool> as the IUC asks;
// GTR013.2 (xmlorder.XMLOrder) reports the order of the expanded tool
// where this half does not sort it.
var GTR013_1 = &Rule{
	Code:     "GTR013.1",
	Name:     "tool-child-order",
	Summary:  "Reorder <tool> child elements to the IUC convention.",
	Family:   FamilyCodemod,
	Fix:      FixAlways,
	Parent:   "GTR013",
	Rulesets: []string{"default", "iuc", "strict"},
	Planemo:  []string{"XMLOrder"},
	Since:    "0.1.0",
	Cite:     "https://galaxy-iuc-standards.readthedocs.io/en/latest/best_practices/tool_xml.html#coding-style",
	Order:    80,
	Doc: Doc{
		What: "Sorts the children of <tool> into the IUC order: description, macros, edam_topics, " +
			"edam_operations, xrefs, parallelism, requirements, code, stdio, version_command, command, " +
			"environment_variables, configfiles, inputs, request_param_translation, outputs, tests, help, " +
			"citations. Elements not in that list (<expand>, <creator>, <options>, …) keep their " +
			"positions and the listed ones sort into the positions around them. Each element moves " +
			"together with the whitespace before it.",
		Why: "Tools that share one layout are quicker to read and review; planemo's XMLOrder linter " +
			"warns about the same order.",
		Example: "<tool id=\"x\" name=\"X\" version=\"1\">\n    <inputs/>\n    <command>…</command>\n</tool>\n→\n" +
			"<tool id=\"x\" name=\"X\" version=\"1\">\n    <command>…</command>\n    <inputs/>\n</tool>",
		FixSafety: "Safe: <tool> is an xs:all group in every Galaxy schema version, and Galaxy reads its " +
			"children by tag name, never by position. A top-level <expand> is not moved, since what it " +
			"expands to is unknown here. A <tool> with a comment, processing instruction or text among " +
			"its children is left alone: moving elements would re-associate the comment with another " +
			"element. GTR013.2 reports the order Galaxy sees in the expanded tool where this half does not " +
			"sort it.",
	},
	check: checkToolChildOrder,
}

// childUnit is one child element of <tool> with the whitespace before it.
type childUnit struct {
	el   cst.Node
	span cst.Span // the leading whitespace and the element
}

func checkToolChildOrder(p *Pass) {
	// The listed children in IUC order already, the common case, or a
	// tool left alone (a comment, PI, CDATA or text among its children,
	// which moving elements would re-associate); GTR013.2 reads the same
	// verdict.
	if !xmlorder.Reorders(p.Tree) {
		return
	}
	root := p.Tree.RootElement()
	// Only elements and whitespace lie among the children (Reorders).
	var units []childUnit
	lead := -1 // start of the whitespace before the next element, or -1
	for c := range root.Content() {
		if c.Kind() != cst.KindElement {
			lead = c.Span().Start
			continue
		}
		s := c.Span()
		if lead >= 0 {
			s.Start = lead
		}
		units = append(units, childUnit{el: c, span: s})
		lead = -1
	}
	// The slots that listed elements occupy; unlisted ones stay pinned.
	var slots []int
	for i, u := range units {
		if _, ok := xmlorder.IUCRank(u.el.Name()); ok {
			slots = append(slots, i)
		}
	}
	sorted := make([]childUnit, len(slots))
	for k, i := range slots {
		sorted[k] = units[i]
	}
	slices.SortStableFunc(sorted, func(a, b childUnit) int {
		ra, _ := xmlorder.IUCRank(a.el.Name())
		rb, _ := xmlorder.IUCRank(b.el.Name())
		return ra - rb
	})
	src := p.Tree.Source()
	var edits []rewrite.Edit
	var first, displaced cst.Node
	for k, i := range slots {
		if sorted[k].el == units[i].el {
			continue
		}
		if !first.IsValid() {
			first, displaced = sorted[k].el, units[i].el
		}
		s := sorted[k].span
		edits = append(edits, rewrite.ReplaceSpan(units[i].span, string(src[s.Start:s.End])))
	}
	// Already in order.
	if len(edits) == 0 {
		return
	}
	msg := fmt.Sprintf("children of <tool> are not in IUC order: <%s> should come before <%s>",
		first.Name(), displaced.Name())
	p.Fix(first.StartTag(), msg, edits...)
}
