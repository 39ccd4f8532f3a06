package tests

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// TestsHasExpectations is GTR088: a test that checks nothing.
var TestsHasExpectations = &lint.Check{
	Code:    "GTR088",
	Name:    "tests-has-expectations",
	Summary: "A test should assert outputs or expectations.",
	Linters: []string{"TestsHasExpectations", "TestsValid"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-tests-test",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a <test> with no <output>, <output_collection>, <assert_stdout>, <assert_stderr>, " +
			"<assert_command>, expect_failure, expect_exit_code or expect_num_outputs, and the <tests> of a " +
			"tool none of whose tests checks anything (data source tools excepted).",
		Why:       "Such a test passes whenever the job runs, whatever it produces; planemo lint warns.",
		Example:   "<test>\n  <param name=\"input\" value=\"in.txt\"/>\n</test>\n→\n<test>\n  <param name=\"input\" value=\"in.txt\"/>\n  <output name=\"out\" file=\"out.txt\"/>\n</test>",
		FixSafety: "Advisory only: what to expect of the tool's run is for the author to say.",
	},
	Run: func(c *lint.Ctx) {
		if !c.ToolTypeIn(lint.TestsTypes...) || c.Partial() {
			return
		}
		tests := testCases(c)
		valid := 0
		for i, test := range tests {
			switch checks(test) {
			case expectsNothing:
				c.Report("TestsHasExpectations", test,
					fmt.Sprintf("Test %d: No outputs or expectations defined for tests, this test is likely invalid.", i+1),
					"Add an <output> with the expected file or assertions, or an <assert_stdout>, or expect_exit_code.")
			case expects:
				valid++
			}
		}
		if len(tests) == 0 || valid > 0 || c.ToolType() == "data_source" {
			return
		}
		at := lint.Child(c.Root, "tests")
		if at == nil {
			at = c.Root
		}
		c.Report("TestsValid", at, "No valid test(s) found.",
			"Make at least one test check the tool's outputs, its stdout or stderr, or its exit code.")
	},
}

// A testKind is what a test expects, as Galaxy's _iter_tests sorts tests.
type testKind int

const (
	expectsNothing testKind = iota
	expects
	// contradictory is a test expecting failure that also expects
	// outputs: Galaxy counts it neither valid nor invalid (GTR086
	// reports it).
	contradictory
)

// checks sorts test as Galaxy's _iter_tests does.
func checks(test *macros.Element) testKind {
	valid := has(test, "expect_failure") || has(test, "expect_exit_code") || has(test, "expect_num_outputs")
	for _, ta := range []string{"assert_stdout", "assert_stderr", "assert_command"} {
		if lint.Child(test, ta) != nil {
			valid = true
		}
	}
	outputs := lint.Child(test, "output") != nil || lint.Child(test, "output_collection") != nil
	if asBool(test, "expect_failure") && (outputs || has(test, "expect_num_outputs")) {
		return contradictory
	}
	if valid || outputs {
		return expects
	}
	return expectsNothing
}
