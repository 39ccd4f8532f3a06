package rules

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules/testcase"
)

// GTR096 qualifies flat test parameter names.
var GTR096 = &Rule{
	Code:     "GTR096",
	Name:     "qualify-test-param",
	Summary:  "Fully-qualify a flat <test> parameter name to its unique nested parent|...|child input path (required at profile >= 24.2).",
	Family:   FamilyCodemod,
	Fix:      FixAlways,
	Rulesets: []string{"strict"},
	Since:    "0.6.0",
	Cite:     "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-tests-test-param",
	Order:    95,
	Changes:  []*rewrite.ViewChange{changeQualifiedTestParam},
	Doc: Doc{
		What: "Rewrites the name of a <param> written directly in a <test> when it names no input of the " +
			"tool's top level but exactly one input nested in the tool's conditionals and sections: the " +
			"name becomes that input's path, its conditionals' and sections' names and its own joined by " +
			"|, which is how Galaxy's test parser names a parameter given inside <conditional> and " +
			"<section> elements of a test (lib/galaxy/tool_util/parser/xml.py). Only the bytes of the " +
			"name's value change.",
		Why: "From profile 24.2 Galaxy validates every test against the tool's parameter model and matches " +
			"a test parameter by its full path only (lib/galaxy/tool_util/parameters/case.py); a flat name " +
			"that older Galaxy releases matched to the nested input is rejected there with \"Invalid " +
			"parameter name found\", the behaviour change 24_2_fix_test_case_validation of Galaxy's upgrade " +
			"advisor.",
		Example: "<conditional name=\"mode\"><param name=\"kind\" type=\"select\">…</param>\n" +
			"  <when value=\"fast\"><param name=\"k\" type=\"integer\" value=\"5\"/></when>…</conditional>\n" +
			"<test><param name=\"k\" value=\"7\"/>…\n→\n<test><param name=\"mode|k\" value=\"7\"/>…",
		FixSafety: "Safe: the parameter names one nested input only, which is the one older Galaxy releases " +
			"gave the value to, and the rename is made only where the test then places the value (the " +
			"conditional's branch holding the input is the one the test selects). Left alone: parameters " +
			"inside a repeat (their path needs an element index), names of two nested inputs or of a " +
			"top-level one, a parameter given twice or also under its path, names made by @TOKENS@, and " +
			"test parameters written in imported macro files (the upgrade step GTR096 edits those).",
	},
	check: checkQualifyTestParams,
}

func checkQualifyTestParams(p *Pass) {
	opts := macros.Options{NoDisk: true}
	if p.Macros != nil {
		opts = *p.Macros
	}
	res, err := expandedView(p, opts)
	// A tool that does not expand has no test Galaxy could validate.
	if err != nil {
		p.stop(err)
		return
	}
	src := p.Tree.Source()
	for _, r := range testcase.Qualify(res.Root) {
		s := r.Loc.Span
		// Only names written in this file, with the bytes they read as.
		if r.Loc.File != p.Tree.File() || s.End > len(src) || string(src[s.Start:s.End]) != r.From {
			continue
		}
		msg := fmt.Sprintf("test parameter %s names the nested input %s; Galaxy's test-case validation (profile 24.2 on) matches it only by that path", r.From, r.To)
		p.fixEdit(s, msg, rewrite.ReplaceSpan(s, r.To))
	}
}
