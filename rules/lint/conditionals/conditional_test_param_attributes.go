package conditionals

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// TestParamAttributes is GTR070: a conditional's test param that is
// optional or multiple.
var TestParamAttributes = &lint.Check{
	Code:    "GTR070",
	Name:    "conditional-test-param-attributes",
	Summary: "A conditional's test param must not be optional or multiple.",
	Linters: []string{"ConditionalParamIncompatibleAttributes"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-inputs-conditional",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports the select or boolean test param of a <conditional> whose optional or multiple " +
			"attribute is true (as Galaxy's string_as_bool reads it), as Galaxy's " +
			"ConditionalParamIncompatibleAttributes linter does, once per attribute.",
		Why: "The test param must hold exactly one value for Galaxy to pick one <when> branch: with no " +
			"value or several, no branch (or an arbitrary one) applies.",
		Example: "<param name=\"mode\" type=\"select\" optional=\"true\">…</param>\n→\n" +
			"<param name=\"mode\" type=\"select\">…</param>",
		FixSafety: "Advisory only: a test param that may be empty usually stands for a missing \"none\" " +
			"option, which only the author can add.",
	},
	Run: func(c *lint.Ctx) {
		for _, cd := range conditionals(c) {
			if cd.ptype != "boolean" && cd.ptype != "select" {
				continue
			}
			for _, attr := range []string{"optional", "multiple"} {
				if v, ok := cd.param.Get(attr); ok && stringAsBool(v) {
					c.ReportAttr("ConditionalParamIncompatibleAttributes", cd.param, attr,
						fmt.Sprintf("Conditional [%s] test parameter cannot be %s=\"true\"", cd.name, attr),
						fmt.Sprintf("Remove %s=\"%s\" from the test param; add an option for the empty case instead if one is needed.", attr, v))
				}
			}
		}
	},
}
