package tests

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// TestsOutputFailing is GTR086: expectations on the outputs of a test that
// expects the tool to fail.
var TestsOutputFailing = &lint.Check{
	Code:    "GTR086",
	Name:    "tests-output-failing",
	Summary: "An expect_failure test must not assert outputs.",
	Linters: []string{"TestsExpectNumOutputsFailing", "TestsOutputFailing"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-tests-test",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a <test expect_failure=\"true\"> with an <output> or <output_collection>, or, without " +
			"them, with expect_num_outputs.",
		Why: "A failed job produces no outputs to check, so the expectations can never be tested; planemo " +
			"lint reports an error.",
		Example:   "<test expect_failure=\"true\">\n  <param name=\"input\" value=\"bad.txt\"/>\n  <output name=\"out\" file=\"out.txt\"/>\n</test>\n→\n<test expect_failure=\"true\">\n  <param name=\"input\" value=\"bad.txt\"/>\n  <assert_stderr><has_text text=\"error\"/></assert_stderr>\n</test>",
		FixSafety: "Advisory only: either the test should not expect failure or its output checks should go; the author decides.",
	},
	Run: func(c *lint.Ctx) {
		if !c.ToolTypeIn(lint.TestsTypes...) {
			return
		}
		for i, test := range testCases(c) {
			if !asBool(test, "expect_failure") {
				continue
			}
			if lint.Child(test, "output") != nil || lint.Child(test, "output_collection") != nil {
				c.Report("TestsOutputFailing", test,
					fmt.Sprintf("Test %d: Cannot specify outputs in a test expecting failure.", i+1),
					"Remove the <output> and <output_collection> elements, or drop expect_failure; check the failure with expect_exit_code or <assert_stderr>.")
				continue
			}
			if has(test, "expect_num_outputs") {
				c.ReportAttrName("TestsExpectNumOutputsFailing", test, "expect_num_outputs",
					fmt.Sprintf("Test %d: Cannot make assumptions on the number of outputs in a test expecting failure.", i+1),
					"Remove expect_num_outputs from the test expecting failure.")
			}
		}
	},
}
