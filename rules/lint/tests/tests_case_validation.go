package tests

import (
	"errors"
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
	"github.com/galaxy-gtr/gtr/rules/testcase"
)

// TestsCaseValidation is GTR101: test parameters that Galaxy's test case
// validation cannot place among the tool's inputs.
var TestsCaseValidation = &lint.Check{
	Code:    "GTR101",
	Name:    "tests-case-validation",
	Summary: "Test-case parameters should validate against the tool's inputs on a modern profile.",
	Linters: []string{"TestsCaseValidation"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-tests-test-param",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Runs Galaxy's test case validation (validate_test_cases_for_tool_source with the latest profile, " +
			"as the TestsCaseValidation linter does; rules/testcase models it natively) on every <test>: each test " +
			"parameter, named by its path through the test's <conditional>, <section> and <repeat> elements (cond|x, " +
			"r_0|y), is merged into a tool state along the tool's parameter model and validated: a name that places " +
			"nowhere (Invalid parameter name found), a select value that is no option value, a boolean value that is " +
			"no boolean word, a column that is no integer, a required input the test does not set. Each problem is " +
			"reported at the test <param> at fault (at the <test> for an input it must set). When Galaxy itself " +
			"raises (its parameter model cannot be built, a test value cannot be converted) the finding says that " +
			"the test cases cannot be validated; constructs gtr does not model (values=, drill-downs from files) " +
			"are not reported.",
		Why: "A test parameter Galaxy cannot place is dropped by older Galaxy releases (the test runs on " +
			"defaults) and makes the test fail to load on a modern profile; Galaxy's TestsCaseValidation " +
			"linter warns below profile 24.2 and reports an error from it.",
		Example:   "<inputs><param argument=\"--min-len\" type=\"integer\" value=\"1\"/></inputs>\n<test><param name=\"min-len\" value=\"5\"/>…\n→\n<test><param name=\"min_len\" value=\"5\"/>…",
		FixSafety: "Advisory only: the parameter may have been renamed, moved into a conditional or removed; the author decides which.",
	},
	Run: func(c *lint.Ctx) {
		if !c.ToolTypeIn(lint.TestsTypes...) || c.Partial() {
			return
		}
		if len(testCases(c)) == 0 {
			return
		}
		results, err := testcase.Check(c.Root)
		if err != nil {
			// Galaxy's linter reports that it cannot validate; a construct
			// gtr does not model is not reported.
			var u *testcase.Undecided
			if errors.As(err, &u) && u.GalaxyRaises() {
				el := u.El
				if el == nil {
					el = c.Root
				}
				c.Report("", el, "Serious problem parsing tool source or tests - cannot validate test cases: "+u.Why+".",
					"Fix the parameter or test value named, so that Galaxy's test case validation can read the tool and its tests.")
			}
			return
		}
		for i, r := range results {
			for _, p := range r.Problems {
				el := p.El
				if el == nil {
					el = r.Test
				}
				msg := fmt.Sprintf("Test %d: failed to validate test parameters against inputs - tests won't run on a modern Galaxy tool profile version. Validation error is [%s: %s]", i+1, p.Path, p.Msg)
				c.ReportAttr("", el, "value", msg, "Give the test parameter a value the input accepts (a select's option value, an integer column, true/false for a boolean), or set the input the test must set.")
			}
			for _, in := range r.Unhandled {
				msg := fmt.Sprintf("Test %d: test parameter %s names no input of the tool, so Galaxy's test case validation rejects the test (Invalid parameter name found) and it won't run on a modern Galaxy tool profile version.", i+1, in.Name)
				c.ReportAttr("", in.El, "name", msg, "Name a parameter of the tool's inputs, qualified with its conditionals, sections and repeats (cond|param), or remove the <param>.")
			}
		}
	},
}
