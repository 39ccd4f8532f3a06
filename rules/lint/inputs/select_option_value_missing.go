package inputs

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// SelectOptionValueMissing is GTR059: a static select <option> without a
// value.
var SelectOptionValueMissing = &lint.Check{
	Code:    "GTR059",
	Name:    "select-option-value-missing",
	Summary: "A static select <option> must carry a value.",
	Linters: []string{"InputsSelectOptionValueMissing"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-inputs-param-option",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports an input <param type=\"select\"> with an <option> child that has no value " +
			"attribute, once per select, at its first such option, as Galaxy's " +
			"InputsSelectOptionValueMissing linter does.",
		Why: "The value is what the command receives when the option is chosen; without it Galaxy " +
			"cannot load the tool. planemo lint reports an error.",
		Example:   "<option>Fast</option>\n→\n<option value=\"fast\">Fast</option>",
		FixSafety: "Advisory only: the value is what the command sees, and only the author knows what it must be.",
	},
	Run: func(c *lint.Ctx) {
		for _, p := range selects(c) {
			for _, o := range p.option {
				if o.Attr("value") != nil {
					continue
				}
				c.Report("InputsSelectOptionValueMissing", o,
					fmt.Sprintf("Select parameter [%s] has option without value", p.name),
					"Add a value attribute to the <option>: the string the command receives when it is chosen.")
				break
			}
		}
	},
}
