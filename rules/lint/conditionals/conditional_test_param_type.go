package conditionals

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// TestParamType is GTR069: a conditional whose test param is not a
// select.
var TestParamType = &lint.Check{
	Code:    "GTR069",
	Name:    "conditional-test-param-type",
	Summary: "A conditional's first <param> should be a select.",
	Linters: []string{"ConditionalParamType", "ConditionalParamTypeBool"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-inputs-conditional",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports the first <param> child of a <conditional> (below <inputs>, value_from conditionals " +
			"excepted) when its type is boolean (Galaxy's ConditionalParamTypeBool warning) or anything " +
			"else but select (ConditionalParamType error).",
		Why: "Galaxy picks the <when> branch by the test param's value: a select lists the branches by " +
			"name, while a boolean's branches depend on its truevalue/falsevalue, which are easy to get " +
			"out of step with the <when> values, and other types cannot select a branch at all.",
		Example: "<conditional name=\"adv\">\n  <param name=\"show\" type=\"boolean\" label=\"Advanced\"/>\n" +
			"  <when value=\"true\">…</when>\n  <when value=\"false\"/>\n</conditional>\n→\n" +
			"<conditional name=\"adv\">\n  <param name=\"show\" type=\"select\" label=\"Advanced\">\n" +
			"    <option value=\"no\">No</option>\n    <option value=\"yes\">Yes</option>\n  </param>\n" +
			"  <when value=\"yes\">…</when>\n  <when value=\"no\"/>\n</conditional>",
		FixSafety: "Advisory only: changing the param's type changes its values, and so the command " +
			"template and the tests that read them.",
	},
	Run: func(c *lint.Ctx) {
		for _, cd := range conditionals(c) {
			switch {
			case cd.typed && cd.ptype == "boolean":
				c.ReportAttr("ConditionalParamTypeBool", cd.param, "type",
					fmt.Sprintf("Conditional [%s] first param of type=\"boolean\" is discouraged, use a select", cd.name),
					"Make the test param a select with one <option> per <when> value.")
			case !cd.typed || cd.ptype != "select":
				c.ReportAttr("ConditionalParamType", cd.param, "type",
					fmt.Sprintf("Conditional [%s] first param should have type=\"select\"", cd.name),
					"Make the first <param> of the conditional a select whose options name the <when> branches.")
			}
		}
	},
}
