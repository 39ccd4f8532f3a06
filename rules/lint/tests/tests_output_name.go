package tests

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// TestsOutputName is GTR082: a test <output> without a name.
var TestsOutputName = &lint.Check{
	Code:    "GTR082",
	Name:    "tests-output-name",
	Summary: "A test <output> must declare a name.",
	Linters: []string{"TestsOutputName"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-tests-test-output",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports an <output> of a <test> with no name, or an empty one (the XSD requires a name on " +
			"<output_collection>, not on <output>).",
		Why:       "Galaxy cannot tell which output the expectations are about, so they check nothing the author can rely on; planemo lint reports an error.",
		Example:   "<output file=\"out.txt\"/>\n→\n<output name=\"out_file\" file=\"out.txt\"/>",
		FixSafety: "Advisory only: which of the tool's outputs is meant is for the author to say.",
	},
	Run: func(c *lint.Ctx) {
		if !c.ToolTypeIn(lint.TestsTypes...) {
			return
		}
		for i, test := range testCases(c) {
			for _, out := range test.Children {
				if !out.PI && out.Tag == "output" && lint.Get(out, "name") == "" {
					c.Report("TestsOutputName", out,
						fmt.Sprintf("Test %d: Found %s tag without a name defined.", i+1, out.Tag),
						"Add name=\"…\" naming the tool output (a <data> in <outputs>) this <output> checks.")
				}
			}
		}
	},
}
