package rules

import (
	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// GTR208 lays out what comes before the root element.
var GTR208 = &Rule{
	Code:      "GTR208",
	Name:      "prolog-layout",
	Summary:   "Start the file with markup and put each comment before the root element on its own line.",
	Family:    FamilyFmt,
	Fix:       FixAlways,
	Rulesets:  []string{"default", "iuc", "strict"},
	Since:     "0.1.0",
	Cite:      "https://galaxy-iuc-standards.readthedocs.io/en/latest/best_practices/tool_xml.html#coding-style",
	AppliesTo: TargetTool | TargetMacro,
	Order:     260,
	Doc: Doc{
		What: "Removes a byte-order mark and whitespace before the first markup, and makes the whitespace " +
			"between top-level comments, processing instructions and the root element exactly one newline.",
		Why: "The predecessor's serializer writes the prolog this way; blank lines and indentation before " +
			"the root element are noise.",
		Example:   "\n\n<!-- licence -->\n\n<tool id=\"x\">\n→\n<!-- licence -->\n<tool id=\"x\">",
		FixSafety: "Safe: whitespace outside the root element is not part of the document; the file stays UTF-8.",
	},
	check: checkPrologLayout,
}

func checkPrologLayout(p *Pass) {
	doc := p.Tree.Root()
	root := p.Tree.RootElement()
	// Without a root element there is no prolog to lay out.
	if !root.IsValid() {
		return
	}
	seenMarkup := false
	for tok := range doc.Tokens() {
		if tok.Span().Start >= root.Span().Start {
			break
		}
		// Tokens of top-level comments, PIs and the declaration are markup.
		if tok.Node() != doc {
			seenMarkup = true
			continue
		}
		switch tok.Kind() {
		case cst.TokBOM:
			p.fixEdit(tok.Span(), "byte-order mark at the start of the file", rewrite.ReplaceSpan(tok.Span(), ""))
		case cst.TokSpace:
			want := p.Newline
			if !seenMarkup {
				want = ""
			}
			if tok.Text() != want {
				p.fixEdit(tok.Span(), "layout before the root element should be one newline between items",
					rewrite.ReplaceSpan(tok.Span(), want))
			}
		}
	}
}
