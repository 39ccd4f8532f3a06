package outputs

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// OutputsNameInvalidCheetah is GTR041: an output name that the command
// template cannot refer to.
var OutputsNameInvalidCheetah = &lint.Check{
	Code:    "GTR041",
	Name:    "outputs-name-invalid-cheetah",
	Summary: "Output name should be a valid Cheetah placeholder.",
	Linters: []string{"OutputsNameInvalidCheetah"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-outputs-data",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a <data> or <collection> output whose name is not a letter or underscore followed " +
			"by word characters (Galaxy's ^[a-zA-Z_]\\w*$).",
		Why: "The command reaches an output as $name: a name with a dash, a dot or a leading digit cannot " +
			"be written as a Cheetah placeholder. planemo lint warns.",
		Example:   "<data name=\"out-file\" format=\"txt\"/>\n→\n<data name=\"out_file\" format=\"txt\"/>",
		FixSafety: "Advisory only: renaming an output changes the command, the tests and the workflows that connect to it.",
	},
	Run: func(c *lint.Ctx) {
		if !toolTypeOK(c) {
			return
		}
		for _, out := range named(outputs(c)) {
			name := lint.Get(out, "name")
			if validCheetahPlaceholder(name) {
				continue
			}
			c.ReportAttr("OutputsNameInvalidCheetah", out, "name",
				fmt.Sprintf("Tool output name [%s] is not a valid Cheetah placeholder.", name),
				"Rename the output to letters, digits and underscores, not starting with a digit, and update the command and tests.")
		}
	},
}
