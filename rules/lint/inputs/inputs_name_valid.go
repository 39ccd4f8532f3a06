package inputs

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// InputsNameValid is GTR055: an input <param> whose name is empty or not a
// valid Cheetah placeholder.
var InputsNameValid = &lint.Check{
	Code:    "GTR055",
	Name:    "inputs-name-valid",
	Summary: "An input <param> name must be a valid Cheetah placeholder.",
	Linters: []string{"InputsNameEmpty", "InputsNameValid"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-inputs-param",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports an input <param> whose name (its name attribute, else the name Galaxy derives from " +
			"its argument) is blank (InputsNameEmpty) or does not match ^[a-zA-Z_]\\w*$ " +
			"(InputsNameValid), as Galaxy's two linters do.",
		Why: "The command reads a parameter as the Cheetah placeholder $name: a name with a dash, a dot " +
			"or a leading digit cannot be written as one ($fe-min is $fe followed by \"-min\"), and an " +
			"empty name cannot be referred to at all. planemo lint warns (empty: an error).",
		Example:   "<param name=\"fe-min\" type=\"integer\" value=\"0\"/>\n→\n<param name=\"fe_min\" type=\"integer\" value=\"0\"/>",
		FixSafety: "Advisory only: renaming a parameter changes every reference to it in the command, the tests, filters and workflows that use the tool.",
	},
	Run: func(c *lint.Ctx) {
		for p := range namedParams(c) {
			if pyBlank(p.name) {
				reportName(c, "InputsNameEmpty", p, "Param input with empty name.",
					"Give the parameter a name of letters, digits and underscores, starting with a letter or underscore.")
			}
			// Galaxy tests the placeholder only for a name that is not empty.
			if p.name != "" && !validPlaceholder(p.name) {
				reportName(c, "InputsNameValid", p,
					fmt.Sprintf("Param input [%s] is not a valid Cheetah placeholder.", p.name),
					"Rename the parameter to letters, digits and underscores, starting with a letter or underscore, and update its references in the command and tests.")
			}
		}
	},
}
