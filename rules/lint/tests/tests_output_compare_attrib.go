package tests

import (
	"fmt"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// compareModes lists, for each attribute of a compared output, the
// compare modes that read it (Galaxy's COMPARE_COMPATIBILITY); the order
// is Galaxy's, so findings come in its order.
var compareModes = []struct {
	attr  string
	modes []string
}{
	{"sort", []string{"diff", "re_match", "re_match_multiline"}},
	{"lines_diff", []string{"diff", "re_match", "contains"}},
	{"decompress", []string{"diff"}},
	{"delta", []string{"sim_size"}},
	{"delta_frac", []string{"sim_size"}},
	{"metric", []string{"image_diff"}},
	{"eps", []string{"image_diff"}},
}

// TestsOutputCompareAttrib is GTR081: a compare attribute the output's
// compare mode ignores.
var TestsOutputCompareAttrib = &lint.Check{
	Code:    "GTR081",
	Name:    "tests-output-compare-attrib",
	Summary: "A test output's attributes must agree with its compare mode.",
	Linters: []string{"TestsOutputCompareAttrib"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-tests-test-output",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a test <output>, <element> or <discovered_dataset> with an attribute its compare " +
			"mode (diff when unset) does not read: sort, lines_diff, decompress, delta, delta_frac, metric, eps.",
		Why: "The attribute is silently ignored, so the comparison is stricter or looser than the author " +
			"meant; planemo lint reports an error.",
		Example:   "<output name=\"out\" file=\"out.png\" delta=\"100\"/>\n→\n<output name=\"out\" file=\"out.png\" compare=\"sim_size\" delta=\"100\"/>",
		FixSafety: "Advisory only: either the attribute or the compare mode is wrong, and only the author knows which.",
	},
	Run: func(c *lint.Ctx) {
		if !c.ToolTypeIn(lint.TestsTypes...) {
			return
		}
		for i, test := range testCases(c) {
			for d := range test.Descendants() {
				if d == test || d.PI || (d.Tag != "output" && d.Tag != "element" && d.Tag != "discovered_dataset") {
					continue
				}
				checkCompare(c, i+1, d)
			}
		}
	},
}

// checkCompare reports each attribute of out its compare mode ignores.
func checkCompare(c *lint.Ctx, idx int, out *macros.Element) {
	compare, ok := out.Get("compare")
	if !ok {
		compare = "diff"
	}
	for _, cm := range compareModes {
		if !has(out, cm.attr) || slices.Contains(cm.modes, compare) {
			continue
		}
		c.ReportAttrName("TestsOutputCompareAttrib", out, cm.attr,
			fmt.Sprintf("Test %d: Attribute %s is incompatible with compare=\"%s\".", idx, cm.attr, compare),
			fmt.Sprintf("Remove %s, or set compare to %s, the mode that reads it.", cm.attr, strings.Join(cm.modes, " or ")))
	}
}
