package conditionals

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// Branches is GTR071: test param values without a <when>, and <when>
// values the test param cannot take.
var Branches = &lint.Check{
	Code:    "GTR071",
	Name:    "conditional-branches",
	Summary: "A conditional's <when> blocks must match the test-param options.",
	Linters: []string{"ConditionalOptionMissing", "ConditionalOptionMissingBoolean", "ConditionalWhenMissing"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-inputs-conditional-when",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Compares the values a conditional's select or boolean test param can take (its " +
			"option[@value] values, or its truevalue and falsevalue, \"true\" and \"false\" by default) " +
			"with the value attributes of its <when> children. It reports each value without a <when> " +
			"(Galaxy's ConditionalWhenMissing), each <when> value no option has (ConditionalOptionMissing) " +
			"and each non-empty <when> value a boolean cannot take (ConditionalOptionMissingBoolean).",
		Why: "A value without a <when> gives the conditional no branch for it, so the params of another " +
			"branch may be missing when the command reads them; a <when> no value selects is dead code " +
			"and usually a typo of the value meant.",
		Example: "<param name=\"mode\" type=\"select\">\n  <option value=\"fast\"/>\n  <option value=\"full\"/>\n" +
			"</param>\n<when value=\"fast\"/>\n→ add\n<when value=\"full\"/>",
		FixSafety: "Advisory only: whether a value needs a branch of params or the <when> value is a " +
			"typo is the author's decision.",
	},
	Run: func(c *lint.Ctx) {
		// Unexpanded macros may hold options or branches.
		if c.Partial() {
			return
		}
		for _, cd := range conditionals(c) {
			var values []string
			switch cd.ptype {
			case "select":
				values = optionValues(cd.param)
			case "boolean":
				values = booleanValues(cd.param)
			default:
				continue
			}
			whens := whenValues(cd.el, false)
			for _, v := range values {
				if !contains(whens, v) {
					c.Report("ConditionalWhenMissing", cd.el,
						fmt.Sprintf("Conditional [%s] no <when /> block found for %s option '%s'", cd.name, cd.ptype, v),
						fmt.Sprintf("Add <when value=\"%s\"/> to the conditional (empty if the value needs no params).", v))
				}
			}
			if cd.ptype == "select" {
				for _, w := range whens {
					if !contains(values, w) {
						c.Report("ConditionalOptionMissing", cd.el,
							fmt.Sprintf("Conditional [%s] no <option /> found for when block '%s'", cd.name, w),
							fmt.Sprintf("Add <option value=\"%s\"> to the test param, or correct or remove the <when value=\"%s\">.", w, w))
					}
				}
				continue
			}
			for _, w := range whenValues(cd.el, true) {
				if !contains(values, w) {
					c.Report("ConditionalOptionMissingBoolean", cd.el,
						fmt.Sprintf("Conditional [%s] no truevalue/falsevalue found for when block '%s'", cd.name, w),
						fmt.Sprintf("Set the boolean's truevalue or falsevalue to \"%s\", or change the <when value=\"%s\"> to one of them.", w, w))
				}
			}
		}
	},
}
