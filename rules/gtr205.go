package rules

import (
	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// GTR205 lays out attributes on one line, separated by single spaces.
var GTR205 = &Rule{
	Code:      "GTR205",
	Name:      "attribute-spacing",
	Summary:   "One space between attributes, none around '=', all attributes on the tag's line.",
	Family:    FamilyFmt,
	Fix:       FixAlways,
	Rulesets:  []string{"default", "iuc", "strict"},
	Since:     "0.1.0",
	Cite:      "https://galaxy-iuc-standards.readthedocs.io/en/latest/best_practices/tool_xml.html#coding-style",
	AppliesTo: TargetTool | TargetMacro,
	Order:     240,
	Doc: Doc{
		What: "Replaces runs of whitespace (tabs, newlines, several spaces) between a tag's name and its " +
			"attributes, and between attributes, with one space, and removes whitespace around '='.",
		Why: "The predecessor's serializer writes every start tag on one line this way; gtr makes the layout " +
			"a rule of its own so that it can be ignored where long tags are deliberately wrapped.",
		Example:   "<param name=\"x\"\n       type = \"data\"/>\n→\n<param name=\"x\" type=\"data\"/>",
		FixSafety: "Safe: whitespace between attributes carries no data. Attribute values are not touched.",
	},
	check: checkAttributeSpacing,
}

func checkAttributeSpacing(p *Pass) {
	for _, tok := range markupCandidates(p) {
		if tok.Kind() != cst.TokSpace {
			continue
		}
		switch n := tok.Node(); n.Kind() {
		case cst.KindStartTag:
			// One space is the layout wanted.
			if s := tok.Span(); s.End-s.Start == 1 && tok.Bytes()[0] == ' ' {
				continue
			}
			// The whitespace before '>' or '/>' is GTR204's.
			if last := n.LastToken(); tok.Next() == last && last.Kind() != cst.TokSpace {
				continue
			}
			// Whitespace at the end of an unclosed tag is left alone.
			if !tok.Next().IsValid() || tok.Next().Node().Kind() != cst.KindAttribute {
				continue
			}
			p.fixEdit(tok.Span(), "attributes of <"+n.Name()+"> should be separated by one space",
				rewrite.ReplaceSpan(tok.Span(), " "))
		case cst.KindAttribute:
			p.fixEdit(tok.Span(), "whitespace around '=' in attribute "+n.Name(), rewrite.ReplaceSpan(tok.Span(), ""))
		}
	}
}
