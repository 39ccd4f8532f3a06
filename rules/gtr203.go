package rules

import (
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// GTR203 writes attribute values in double quotes.
var GTR203 = &Rule{
	Code:      "GTR203",
	Name:      "double-quoted-attributes",
	Summary:   "Quote attribute values with double quotes.",
	Family:    FamilyFmt,
	Fix:       FixAlways,
	Rulesets:  []string{"default", "iuc", "strict"},
	Since:     "0.1.0",
	Cite:      "https://galaxy-iuc-standards.readthedocs.io/en/latest/best_practices/tool_xml.html#coding-style",
	AppliesTo: TargetTool | TargetMacro,
	Order:     220,
	Doc: Doc{
		What: "Rewrites value='…' as value=\"…\", writing any double quote inside the value as &quot;.",
		Why: "One quoting style across a tool suite; the predecessor's serializer always writes double " +
			"quotes, and gtr makes the change a rule of its own so it can be ignored.",
		Example:   "<param name='x' value='a \"b\"'/>\n→\n<param name=\"x\" value=\"a &quot;b&quot;\"/>",
		FixSafety: "Safe: the attribute value an XML parser reads is unchanged.",
	},
	check: checkDoubleQuotes,
}

func checkDoubleQuotes(p *Pass) {
	for n := range p.Tree.Root().Descendants() {
		if n.Kind() != cst.KindAttribute || n.Quote() != '\'' {
			continue
		}
		tok := n.ValueToken()
		raw := n.RawValue()
		// An unterminated value is a parse error; leave it.
		if s := tok.Span(); s.End-s.Start < 2 || tok.Bytes()[s.End-s.Start-1] != '\'' {
			continue
		}
		val := `"` + strings.ReplaceAll(raw, `"`, "&quot;") + `"`
		p.fixEdit(n.Span(), "attribute "+n.Name()+" uses single quotes; use double quotes", rewrite.ReplaceSpan(tok.Span(), val))
	}
}
