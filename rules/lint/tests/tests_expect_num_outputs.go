package tests

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// TestsExpectNumOutputs is GTR087: a test of a tool with filtered outputs
// that does not say how many outputs it expects.
var TestsExpectNumOutputs = &lint.Check{
	Code:    "GTR087",
	Name:    "tests-expect-num-outputs",
	Summary: "A test should set expect_num_outputs when outputs are filtered.",
	Linters: []string{"TestsExpectNumOutputs"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-tests-test",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "When a <data> or <collection> of the tool's <outputs> has a <filter>, reports each <test> " +
			"without expect_num_outputs (tests expecting failure excepted).",
		Why: "With filtered outputs a test that checks some outputs passes even when a filter wrongly " +
			"creates or drops others; the count catches that. planemo lint warns.",
		Example:   "<test>\n  <param name=\"mode\" value=\"full\"/>\n  <output name=\"report\" file=\"report.txt\"/>\n</test>\n→\n<test expect_num_outputs=\"2\">…",
		FixSafety: "Advisory only: the number of outputs each test's inputs produce is known from a real run, not from the XML.",
	},
	Run: func(c *lint.Ctx) {
		if !c.ToolTypeIn(lint.TestsTypes...) {
			return
		}
		if !lint.HasPath(c.Root, "outputs/data/filter") && !lint.HasPath(c.Root, "outputs/collection/filter") {
			return
		}
		for i, test := range testCases(c) {
			if has(test, "expect_num_outputs") || asBool(test, "expect_failure") {
				continue
			}
			c.Report("TestsExpectNumOutputs", test,
				fmt.Sprintf("Test %d: should specify 'expect_num_outputs' if outputs have filters", i+1),
				"Add expect_num_outputs=\"N\" with the number of outputs this test's inputs produce.")
		}
	},
}
