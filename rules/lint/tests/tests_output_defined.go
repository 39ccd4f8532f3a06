package tests

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// TestsOutputDefined is GTR083: a test output that names no tool output
// of its kind.
var TestsOutputDefined = &lint.Check{
	Code:    "GTR083",
	Name:    "tests-output-defined",
	Summary: "A test output must name a declared output of the matching kind.",
	Linters: []string{"TestsOutputCollectionCorresponding", "TestsOutputCorresponding", "TestsOutputDefined"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-tests-test-output",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a test <output> or <output_collection> whose name is not the name of a child of the " +
			"tool's <outputs>, an <output> that names a <collection>, and an <output_collection> that names " +
			"a <data>.",
		Why: "Galaxy cannot match the expectation to an output, so the test errors out instead of checking " +
			"anything; planemo lint reports an error.",
		Example:   "<outputs><collection name=\"split\" type=\"list\">…</collection></outputs>\n<test>… <output name=\"split\" …/>\n→\n<test>… <output_collection name=\"split\" type=\"list\" count=\"3\"/>",
		FixSafety: "Advisory only: the output may have been renamed, or the test may check the wrong thing; the author decides.",
	},
	Run: func(c *lint.Ctx) {
		if !c.ToolTypeIn(lint.TestsTypes...) {
			return
		}
		tests := testCases(c)
		if len(tests) == 0 {
			return
		}
		outputs := outputsByName(c)
		for i, test := range tests {
			idx := i + 1
			// The <output> children, then the <output_collection> ones.
			for _, tag := range [...]string{"output", "output_collection"} {
				for _, out := range test.Children {
					if out.PI || out.Tag != tag {
						continue
					}
					name := lint.Get(out, "name")
					if name == "" {
						continue
					}
					decl, ok := outputs[name]
					switch {
					case !ok && !c.Partial():
						c.ReportAttr("TestsOutputDefined", out, "name",
							fmt.Sprintf("Test %d: Found %s tag with unknown name [%s], valid names %s", idx, out.Tag, name, pyList(outputNames(c))),
							"Use the name of one of the tool's outputs, or add the output to <outputs>.")
					case !ok:
					case out.Tag == "output" && decl.Tag != "data":
						c.Report("TestsOutputCorresponding", out,
							fmt.Sprintf("Test %d: test output %s does not correspond to a 'data' output, but a '%s'", idx, name, decl.Tag),
							fmt.Sprintf("Test the <%s> output with an <output_collection name=\"%s\">, or name a <data> output.", decl.Tag, name))
					case out.Tag == "output_collection" && decl.Tag != "collection":
						c.Report("TestsOutputCollectionCorresponding", out,
							fmt.Sprintf("Test %d: test collection output '%s' does not correspond to a 'output_collection' output, but a '%s'", idx, name, decl.Tag),
							fmt.Sprintf("Test the <%s> output with an <output name=\"%s\">, or name a <collection> output.", decl.Tag, name))
					}
				}
			}
		}
	},
}
