package rules

import (
	"strconv"
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

// lfGaps and crlfGaps back the gap texts (a newline and the indentation of
// a level) of the first sixteen levels, so that the common gaps are slices
// of one constant rather than new strings.
const (
	indentSpaces = "                                                                "
	lfGaps       = "\n" + indentSpaces
	crlfGaps     = "\r\n" + indentSpaces
)

// gapText returns the newline nl followed by the indentation of depth.
func gapText(nl string, depth int) string {
	n := len(indentUnit) * depth
	switch {
	case n > len(indentSpaces):
	case nl == "\n":
		return lfGaps[:1+n]
	case nl == "\r\n":
		return crlfGaps[:2+n]
	}
	return nl + strings.Repeat(indentUnit, depth)
}

func checkIndentation(p *Pass) {
	root := p.Tree.RootElement()
	// An unnamed or broken root gives nothing to lay out.
	if !root.IsValid() {
		return
	}
	indentElement(p, root, 0)
}

// indentElement fixes the layout gaps of el's content and recurses into its
// child elements. It walks the children by sibling links: the content
// iterators would allocate for every element.
func indentElement(p *Pass, el cst.Node, depth int) {
	// Whitespace inside a payload element is data.
	if isPayload(el.Name()) {
		return
	}
	hasChild, mixed := false, false
	gaps := 1 // one before each child, one before the end tag
	for c := el.FirstChild(); c.IsValid() && !mixed; c = c.NextSibling() {
		switch c.Kind() {
		case cst.KindElement, cst.KindComment, cst.KindPI:
			hasChild = true
			gaps++
		case cst.KindCDATA:
			mixed = true
		case cst.KindText:
			mixed = !c.IsWhitespace()
		}
	}
	if hasChild && !mixed && el.EndTag().IsValid() {
		fixGaps(p, el, depth, gaps)
	}
	for c := el.FirstChild(); c.IsValid(); c = c.NextSibling() {
		if c.Kind() == cst.KindElement {
			indentElement(p, c, depth+1)
		}
	}
}

// fixGaps makes the whitespace before each child and before the end tag the
// canonical newline plus indentation, in one fix for the element. gaps is
// their number, the most edits the fix can need: a misindented element
// usually needs them all, so the edits are allocated once at that size.
func fixGaps(p *Pass, el cst.Node, depth, gaps int) {
	inner := gapText(p.Newline, depth+1)
	outer := gapText(p.Newline, depth)
	var edits []rewrite.Edit
	var first cst.Span    // the first gap edited: where the finding is reported
	pending := cst.Node{} // whitespace text seen since the last child
	add := func(e rewrite.Edit, at int) {
		if edits == nil {
			edits = make([]rewrite.Edit, 0, gaps)
			first = cst.Span{Start: at, End: at}
		}
		edits = append(edits, e)
	}
	gap := func(at int, want string) {
		switch {
		case !pending.IsValid():
			add(rewrite.Edit{Start: at, End: at, New: want}, at)
		case string(pending.Bytes()) != want:
			add(rewrite.Replace(pending, want), at)
		}
		pending = cst.Node{}
	}
	end := el.EndTag()
	for c := el.FirstChild(); c.IsValid(); c = c.NextSibling() {
		switch c.Kind() {
		case cst.KindStartTag, cst.KindEndTag:
			continue
		case cst.KindText:
			pending = c
			continue
		}
		gap(c.Span().Start, inner)
	}
	gap(end.Span().Start, outer)
	if len(edits) == 0 {
		return
	}
	msg := "children of <" + el.Name() + "> should be indented by " + strconv.Itoa(len(indentUnit)*(depth+1)) +
		" spaces (" + strconv.Itoa(len(indentUnit)) + " per level), one per line"
	p.FixSpan(first, msg, edits...)
}
