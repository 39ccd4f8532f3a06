package rules

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// GTR206 writes an element with no content as one empty-element tag.
var GTR206 = &Rule{
	Code:      "GTR206",
	Name:      "empty-element-tag",
	Summary:   "Write an empty element <x></x> as <x/>.",
	Family:    FamilyFmt,
	Fix:       FixAlways,
	Rulesets:  []string{"cosmetic", "default", "iuc", "strict"},
	Since:     "0.1.0",
	Cite:      "https://galaxy-iuc-standards.readthedocs.io/en/latest/best_practices/tool_xml.html#coding-style",
	AppliesTo: TargetTool | TargetMacro,
	Order:     250,
	Doc: Doc{
		What: "Replaces a start tag immediately followed by its end tag with one empty-element tag.",
		Why: "Both forms mean the same to every XML parser; the predecessor's serializer always writes the " +
			"short one.",
		Example:   "<param name=\"x\" type=\"text\"></param>\n→\n<param name=\"x\" type=\"text\"/>",
		FixSafety: "Safe: XML parsers, lxml and so Galaxy, read no text from either form (an empty CDATA section is content and is left alone).",
	},
	check: checkEmptyElementTag,
}

func checkEmptyElementTag(p *Pass) {
	for _, gt := range markupCandidates(p) {
		// Only a '>'.
		if gt.Kind() != cst.TokGT {
			continue
		}
		st := gt.Node()
		n := st.Parent()
		// Only the '>' ending an element's start tag.
		if st.Kind() != cst.KindStartTag || n.StartTag() != st || st.LastToken() != gt {
			continue
		}
		end := n.EndTag()
		// Only <x></x> with nothing at all between the tags.
		if !end.IsValid() || st.NextSibling() != end {
			continue
		}
		p.fixEdit(st.Span(), fmt.Sprintf("empty element <%s></%s> can be written <%s/>", n.Name(), n.Name(), n.Name()),
			rewrite.Edit{Start: gt.Span().Start, End: end.Span().End, New: "/>"})
	}
}
