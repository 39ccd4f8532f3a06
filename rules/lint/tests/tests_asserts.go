package tests

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// TestsAsserts is GTR080: assertions Galaxy cannot evaluate as written.
var TestsAsserts = &lint.Check{
	Code:    "GTR080",
	Name:    "tests-asserts",
	Summary: "A <test>'s assertions must be well formed.",
	Linters: []string{"TestsAssertsHasNQuant", "TestsAssertsHasSizeOrValueQuant", "TestsAssertsHasSizeQuant", "TestsAssertsMultiple"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-tests-test-output-assert-contents",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a test with more than one <assert_stdout>, <assert_stderr> or <assert_command> " +
			"(Galaxy reads the first only), a has_n_lines or has_n_columns without n, min or max, and a " +
			"has_size without size (or value), min or max, or with both size and value.",
		Why: "Galaxy silently ignores the extra assertion blocks, and a quantity assertion without a " +
			"quantity checks nothing: the test passes whatever the tool does. planemo lint reports errors.",
		Example:   "<assert_contents>\n  <has_n_lines/>\n</assert_contents>\n→\n<assert_contents>\n  <has_n_lines n=\"10\"/>\n</assert_contents>",
		FixSafety: "Advisory only: the expected count or size is a fact about the tool's output that only the author knows.",
	},
	Run: func(c *lint.Ctx) {
		if !c.ToolTypeIn(lint.TestsTypes...) {
			return
		}
		for i, test := range testCases(c) {
			idx := i + 1
			for _, ta := range []string{"assert_stdout", "assert_stderr", "assert_command"} {
				if n := len(lint.Children(test, ta)); n > 1 {
					c.Report("TestsAssertsMultiple", test,
						fmt.Sprintf("Test %d: More than one %s found. Only the first is considered.", idx, ta),
						fmt.Sprintf("Merge the assertions of the %d <%s> elements into the first one.", n, ta))
				}
			}
			for _, a := range assertions(test) {
				switch a.Tag {
				case "has_n_lines", "has_n_columns":
					if !has(a, "n") && !has(a, "min") && !has(a, "max") {
						c.Report("TestsAssertsHasNQuant", a,
							fmt.Sprintf("Test %d: '%s' needs to specify 'n', 'min', or 'max'", idx, a.Tag),
							fmt.Sprintf("Give <%s> the expected count as n, or a range with min and/or max.", a.Tag))
					}
				case "has_size":
					if !has(a, "value") && !has(a, "size") && !has(a, "min") && !has(a, "max") {
						c.Report("TestsAssertsHasSizeQuant", a,
							fmt.Sprintf("Test %d: '%s' needs to specify 'size', 'min', or 'max'", idx, a.Tag),
							"Give <has_size> the expected size as size, or a range with min and/or max.")
					}
					if has(a, "value") && has(a, "size") {
						c.ReportAttrName("TestsAssertsHasSizeOrValueQuant", a, "value",
							fmt.Sprintf("Test %d: '%s' must not specify 'value' and 'size'", idx, a.Tag),
							"Remove value (the deprecated spelling) and keep size.")
					}
				}
			}
		}
	},
}
