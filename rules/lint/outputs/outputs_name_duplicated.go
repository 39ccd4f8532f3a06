package outputs

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// OutputsNameDuplicated is GTR040: two outputs with one name.
var OutputsNameDuplicated = &lint.Check{
	Code:    "GTR040",
	Name:    "outputs-name-duplicated",
	Summary: "Output <data>/<collection> names must be unique.",
	Linters: []string{"OutputsNameDuplicated"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-outputs-data",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports every <data> or <collection> under <outputs> whose name an earlier output already " +
			"uses (all <data> are read before all <collection>, as Galaxy's OutputsNameDuplicated does).",
		Why: "The name is the output's key in the job, the command template and the tests: with two, one " +
			"shadows the other. Galaxy reports an error.",
		Example:   "<data name=\"out\" format=\"txt\"/>\n<data name=\"out\" format=\"tabular\"/>\n→\n<data name=\"out\" format=\"txt\"/>\n<data name=\"out_table\" format=\"tabular\"/>",
		FixSafety: "Advisory only: renaming an output changes the command, the tests and the workflows that connect to it.",
	},
	Run: func(c *lint.Ctx) {
		if !toolTypeOK(c) {
			return
		}
		seen := map[string]bool{}
		for _, out := range named(outputs(c)) {
			name := lint.Get(out, "name")
			if seen[name] {
				c.ReportAttr("OutputsNameDuplicated", out, "name", fmt.Sprintf("Tool output [%s] has duplicated name", name),
					"Give this output a name no other output of the tool uses, and update the command and tests that refer to it.")
			}
			seen[name] = true
		}
	},
}
