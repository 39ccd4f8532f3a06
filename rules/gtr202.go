package rules

import (
	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// GTR202 ends the file with exactly one newline.
var GTR202 = &Rule{
	Code:      "GTR202",
	Name:      "final-newline",
	Summary:   "End the file with exactly one newline.",
	Family:    FamilyFmt,
	Fix:       FixAlways,
	Rulesets:  []string{"default", "iuc", "strict"},
	Since:     "0.1.0",
	Cite:      "https://galaxy-iuc-standards.readthedocs.io/en/latest/best_practices/tool_xml.html#coding-style",
	AppliesTo: TargetTool | TargetMacro,
	Order:     210,
	Doc: Doc{
		What:      "Removes whitespace and blank lines after the last markup of the file and ends it with one newline.",
		Why:       "POSIX text files end with a newline; editors and diffs complain otherwise, and trailing blank lines are noise.",
		Example:   "</tool>\n\n\n→\n</tool>\n",
		FixSafety: "Safe: whitespace after the root element is not part of the document Galaxy reads.",
	},
	check: checkFinalNewline,
}

func checkFinalNewline(p *Pass) {
	src := p.Tree.Source()
	n := p.Tree.NumTokens()
	start := len(src)
	for i := n - 1; i >= 0; i-- {
		tok := p.Tree.Token(i)
		if tok.Kind() != cst.TokSpace || tok.Node().Kind() != cst.KindDocument {
			break
		}
		start = tok.Span().Start
	}
	tail := string(src[start:])
	// Exactly one newline already.
	if tail == p.Newline {
		return
	}
	msg := "file should end with exactly one newline"
	if tail == "" {
		msg = "no newline at end of file"
	}
	at := cst.Span{Start: start, End: len(src)}
	p.fixEdit(at, msg, rewrite.ReplaceSpan(at, p.Newline))
}
