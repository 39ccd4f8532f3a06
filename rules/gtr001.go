package rules

import (
	"fmt"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// GTR001 re-indents element-only content with four spaces per level.
var GTR001 = &Rule{
	Code:      "GTR001",
	Name:      "indentation",
	Summary:   "Canonical 4-space indentation; no tabs.",
	Family:    FamilyFmt,
	Fix:       FixAlways,
	Rulesets:  []string{"cosmetic", "default", "iuc", "strict"},
	Since:     "0.1.0",
	Cite:      "https://galaxy-iuc-standards.readthedocs.io/en/latest/best_practices/tool_xml.html#coding-style",
	AppliesTo: TargetTool | TargetMacro,
	Order:     10,
	Doc: Doc{
		What: "Lays out element-only content one child per line, indented by four spaces per nesting level, " +
			"with the closing tag at its parent's indentation. Blank lines and trailing whitespace between " +
			"elements go away.",
		Why: "One indentation style makes tools readable and diffs small; the IUC asks for 4 spaces and no tabs.",
		Example: "<inputs>\n  <param name=\"x\" type=\"data\"/>\n</inputs>\n→\n" +
			"<inputs>\n    <param name=\"x\" type=\"data\"/>\n</inputs>",
		FixSafety: "Safe: only whitespace-only text between child elements, comments and processing " +
			"instructions changes. Elements whose text Galaxy reads (<command>, <configfile>, <token>, " +
			"<help>, <option>, <filter>, …) and elements with mixed content are never touched.",
	},
	check: checkIndentation,
}

const indentUnit = "    "

func checkIndentation(p *Pass) {
	root := p.Tree.RootElement()
	// An unnamed or broken root gives nothing to lay out.
	if !root.IsValid() {
		return
	}
	indentElement(p, root, 0)
}

// indentElement fixes the layout gaps of el's content and recurses into its
// child elements.
func indentElement(p *Pass, el cst.Node, depth int) {
	// Whitespace inside a payload element is data.
	if isPayload(el.Name()) {
		return
	}
	var items []cst.Node
	hasChild, mixed := false, false
	for c := range el.Content() {
		items = append(items, c)
		switch c.Kind() {
		case cst.KindElement, cst.KindComment, cst.KindPI:
			hasChild = true
		case cst.KindCDATA:
			mixed = true
		case cst.KindText:
			if !c.IsWhitespace() {
				mixed = true
			}
		}
	}
	if hasChild && !mixed && el.EndTag().IsValid() {
		fixGaps(p, el, items, depth)
	}
	for c := range el.Elements() {
		indentElement(p, c, depth+1)
	}
}

// fixGaps makes the whitespace before each child and before the end tag the
// canonical newline plus indentation, in one fix for the element.
func fixGaps(p *Pass, el cst.Node, items []cst.Node, depth int) {
	inner := p.Newline + strings.Repeat(indentUnit, depth+1)
	outer := p.Newline + strings.Repeat(indentUnit, depth)
	var edits []rewrite.Edit
	first := cst.Span{Start: -1}
	pending := cst.Node{} // whitespace text seen since the last child
	gap := func(at int, want string) {
		if pending.IsValid() {
			if string(pending.Bytes()) != want {
				edits = append(edits, rewrite.Replace(pending, want))
				if first.Start < 0 {
					first = cst.Span{Start: at, End: at}
				}
			}
		} else {
			edits = append(edits, rewrite.Edit{Start: at, End: at, New: want})
			if first.Start < 0 {
				first = cst.Span{Start: at, End: at}
			}
		}
		pending = cst.Node{}
	}
	for _, c := range items {
		if c.Kind() == cst.KindText {
			pending = c
			continue
		}
		gap(c.Span().Start, inner)
	}
	gap(el.EndTag().Span().Start, outer)
	if len(edits) == 0 {
		return
	}
	msg := fmt.Sprintf("children of <%s> should be indented by %d spaces (%d per level), one per line",
		el.Name(), len(indentUnit)*(depth+1), len(indentUnit))
	p.FixSpan(first, msg, edits...)
}
