package params

import (
	"fmt"
	"strings"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// BooleanValues is GTR075: a boolean param whose truevalue and falsevalue
// cannot be told apart or say the opposite of what they stand for.
var BooleanValues = &lint.Check{
	Code:    "GTR075",
	Name:    "boolean-param-values",
	Summary: "A boolean param's truevalue/falsevalue must be distinct and sane.",
	Linters: []string{"InputsBoolDistinctValues", "InputsBoolProblematic"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-inputs-param",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a boolean input param whose truevalue equals its falsevalue (they default to " +
			"\"true\" and \"false\"; Galaxy's InputsBoolDistinctValues), and one whose truevalue is \"false\" " +
			"or whose falsevalue is \"true\", in any case (InputsBoolProblematic). Galaxy warns for tools " +
			"of profile below 23.1 and reports an error from 23.1 on.",
		Why: "With equal values the command cannot tell whether the box was ticked; with swapped ones " +
			"it reads the opposite of what the user chose, and Galaxy 23.1 rejects such booleans.",
		Example: "<param name=\"fast\" type=\"boolean\" truevalue=\"\" falsevalue=\"\"/>\n→\n" +
			"<param name=\"fast\" type=\"boolean\" truevalue=\"--fast\" falsevalue=\"\"/>",
		FixSafety: "Advisory only: the values are what the command line receives; changing them changes " +
			"the command the tool runs.",
	},
	Run: func(c *lint.Ctx) {
		for _, p := range inputParams(c, true) {
			if p.ptype != "boolean" {
				continue
			}
			tv, fv := getDefault(p.el, "truevalue", "true"), getDefault(p.el, "falsevalue", "false")
			if tv == fv {
				c.Report("InputsBoolDistinctValues", p.el,
					fmt.Sprintf("Boolean parameter [%s] needs distinct 'truevalue' and 'falsevalue' values.", p.name),
					"Give truevalue and falsevalue different values, so the command can tell them apart.")
			}
			if strings.ToLower(tv) == "false" {
				c.ReportAttr("InputsBoolProblematic", p.el, "truevalue",
					fmt.Sprintf("Boolean parameter [%s] has invalid truevalue [%s].", p.name, tv),
					"Swap truevalue and falsevalue, or rename the param so that ticking it means what truevalue says.")
			}
			if strings.ToLower(fv) == "true" {
				c.ReportAttr("InputsBoolProblematic", p.el, "falsevalue",
					fmt.Sprintf("Boolean parameter [%s] has invalid falsevalue [%s].", p.name, fv),
					"Swap truevalue and falsevalue, or rename the param so that leaving it unticked means what falsevalue says.")
			}
		}
	},
}
