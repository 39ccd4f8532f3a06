package rules

import (
	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// GTR201 drops the XML declaration.
var GTR201 = &Rule{
	Code:      "GTR201",
	Name:      "no-xml-declaration",
	Summary:   "Drop the XML declaration (<?xml version=\"1.0\"?>).",
	Family:    FamilyFmt,
	Fix:       FixAlways,
	Rulesets:  []string{"default", "iuc", "strict"},
	Since:     "0.1.0",
	Cite:      "https://galaxy-iuc-standards.readthedocs.io/en/latest/best_practices/tool_xml.html",
	AppliesTo: TargetTool | TargetMacro,
	Order:     200,
	Doc: Doc{
		What: "Removes the XML declaration at the top of the file together with the whitespace after it.",
		Why: "Galaxy tool files are UTF-8 XML 1.0 and need no declaration; most IUC tools have none, and a " +
			"declaration naming another version or encoding only misleads. The predecessor's serializer " +
			"drops it silently; gtr makes it a rule so it can be ignored.",
		Example:   "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<tool id=\"x\">…\n→\n<tool id=\"x\">…",
		FixSafety: "Safe when the file is UTF-8, which gtr checks: a declaration naming another encoding is left alone.",
	},
	check: checkXMLDecl,
}

func checkXMLDecl(p *Pass) {
	var decl cst.Node
	for c := range p.Tree.Root().Children() {
		if c.Kind() == cst.KindXMLDecl {
			decl = c
		}
	}
	// No declaration, nothing to drop.
	if !decl.IsValid() {
		return
	}
	// Another encoding would change how the bytes are read without it.
	if enc := declEncoding(decl.Text()); enc != "" && !isUTF8Name(enc) {
		return
	}
	end := decl.Span().End
	for tok := decl.LastToken().Next(); tok.IsValid() && tok.Kind() == cst.TokSpace; tok = tok.Next() {
		end = tok.Span().End
	}
	p.fixEdit(decl.Span(), "XML declaration is not needed; drop it", rewrite.Edit{Start: decl.Span().Start, End: end})
}
