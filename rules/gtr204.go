package rules

import (
	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// GTR204 removes whitespace before the closing '>' or '/>' of a tag.
var GTR204 = &Rule{
	Code:      "GTR204",
	Name:      "tag-close-spacing",
	Summary:   "No whitespace before '/>' or '>' of a tag (<x/>, not <x />).",
	Family:    FamilyFmt,
	Fix:       FixAlways,
	Rulesets:  []string{"cosmetic", "default", "iuc", "strict"},
	Since:     "0.1.0",
	Cite:      "https://galaxy-iuc-standards.readthedocs.io/en/latest/best_practices/tool_xml.html#coding-style",
	AppliesTo: TargetTool | TargetMacro,
	Order:     230,
	Doc: Doc{
		What: "Removes the whitespace between the last attribute (or the tag name) and the '/>' or '>' that " +
			"closes a start tag, and the whitespace inside an end tag.",
		Why: "The predecessor's serializer writes <x/> and </x>; gtr makes that layout a rule of its own, " +
			"so the change is attributable and can be ignored.",
		Example:   "<data name=\"out\" format=\"txt\" />\n→\n<data name=\"out\" format=\"txt\"/>",
		FixSafety: "Safe: whitespace inside tags carries no data.",
	},
	check: checkTagCloseSpacing,
}

// closeText returns the text of a tag's closing '>' or '/>' token without
// copying it out of the source.
func closeText(t cst.Token) string {
	if t.Kind() == cst.TokGT {
		return ">"
	}
	return "/>"
}

func checkTagCloseSpacing(p *Pass) {
	for _, tok := range markupCandidates(p) {
		if tok.Kind() != cst.TokSpace {
			continue
		}
		switch n := tok.Node(); n.Kind() {
		case cst.KindStartTag:
			last := n.LastToken()
			// Only a complete tag with whitespace right before its end.
			if last.Kind() != cst.TokGT && last.Kind() != cst.TokSlashGT || last.Prev() != tok {
				continue
			}
			p.fixEdit(tok.Span(), "whitespace before '"+closeText(last)+"' of <"+n.Name()+">", rewrite.ReplaceSpan(tok.Span(), ""))
		case cst.KindEndTag:
			p.fixEdit(tok.Span(), "whitespace inside end tag </"+n.Name()+">", rewrite.ReplaceSpan(tok.Span(), ""))
		}
	}
}
