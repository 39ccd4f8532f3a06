package rules

import (
	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// GTR004 collapses elements holding only whitespace to the empty-element
// form.
var GTR004 = &Rule{
	Code:      "GTR004",
	Name:      "collapse-empty",
	Summary:   "Collapse empty-with-whitespace leaves to <foo/> form.",
	Family:    FamilyFmt,
	Fix:       FixAlways,
	Rulesets:  []string{"cosmetic", "default", "iuc", "strict"},
	Since:     "0.1.0",
	Cite:      "https://galaxy-iuc-standards.readthedocs.io/en/latest/best_practices/tool_xml.html#coding-style",
	AppliesTo: TargetTool | TargetMacro,
	Order:     20,
	Changes:   []*rewrite.ViewChange{changeBlankHelp},
	Doc: Doc{
		What: "Rewrites an element whose content is whitespace only, such as <param …>\\n</param>, as one " +
			"empty-element tag <param …/>.",
		Why:     "The short form says plainly that the element has no content.",
		Example: "<data name=\"out\" format=\"txt\">\n</data>\n→\n<data name=\"out\" format=\"txt\"/>",
		FixSafety: "Safe: Galaxy reads no text from these elements. Elements whose text is data " +
			"(<command>, <configfile>, <token>, <option>, …) keep their whitespace, except <help>, where " +
			"whitespace-only help renders to nothing either way. Empty pairs <x></x> (no whitespace) and " +
			"elements with comments are left alone.",
	},
	check: checkCollapseEmpty,
}

func checkCollapseEmpty(p *Pass) {
	for _, el := range elementLayout(p).empty {
		name := el.Name()
		gt := el.StartTag().LastToken()
		edit := rewrite.Edit{Start: gt.Span().Start, End: el.EndTag().Span().End, New: "/>"}
		p.fixEdit(el.StartTag().Span(), "<"+name+"> holds only whitespace; write it as <"+name+" …/>", edit)
	}
}

// collapsible appends to empty the elements GTR004 collapses in the
// subtree of el, el included, in the order it reports them: those inside
// an element before the element. It serves the subtrees GTR001 does not lay
// out (payload elements, and the extra top-level elements of a malformed
// file), and walks elements only, by sibling links: the attributes and tags
// among the descendants hold no element, and the kinds of the children are
// looked at before their text.
func collapsible(el cst.Node, empty []cst.Node) []cst.Node {
	n := 0         // text children
	other := false // a child element, comment, CDATA, …
	for c := el.FirstChild(); c.IsValid(); c = c.NextSibling() {
		switch c.Kind() {
		case cst.KindStartTag, cst.KindEndTag:
			// el's own tags, or a stray end tag in a malformed file
		case cst.KindText:
			n++
		case cst.KindElement:
			other = true
			empty = collapsible(c, empty)
		default:
			other = true
		}
	}
	// Only whitespace text may be dropped; comments, CDATA and children
	// stay. <x></x> has no whitespace to collapse.
	if other || n == 0 {
		return empty
	}
	// Unclosed elements have nothing to collapse.
	if !el.EndTag().IsValid() {
		return empty
	}
	name := el.Name()
	// Whitespace in a payload element is data, except in <help>.
	if isPayload(name) && name != "help" {
		return empty
	}
	for c := el.FirstChild(); c.IsValid(); c = c.NextSibling() {
		if c.Kind() == cst.KindText && !c.IsWhitespace() {
			return empty
		}
	}
	return append(empty, el)
}
