package outputs

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// OutputsFormatSourceIncompatible is GTR043: an output (or a child of one)
// that sets both format_source and format or ext.
var OutputsFormatSourceIncompatible = &lint.Check{
	Code:    "GTR043",
	Name:    "outputs-format-source-incompatible",
	Summary: "An output should not set both format_source and format/ext.",
	Linters: []string{"OutputsFormatSourceIncomp"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-outputs-data",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a <data> or <collection> output, or a direct child of one, that carries format_source " +
			"together with format or ext.",
		Why: "The two say different things about the output's datatype and only one wins; a reader cannot " +
			"tell which was meant. planemo lint warns.",
		Example:   "<data name=\"out\" format=\"txt\" format_source=\"input\"/>\n→\n<data name=\"out\" format_source=\"input\"/>",
		FixSafety: "Advisory only: which of the two the author meant is a decision about the output's datatype.",
	},
	Run: func(c *lint.Ctx) {
		if !toolTypeOK(c) {
			return
		}
		for _, out := range outputs(c) {
			reportFormatSourceIncompatible(c, out)
			for sub := range out.Elements() {
				reportFormatSourceIncompatible(c, sub)
			}
		}
	},
}

func reportFormatSourceIncompatible(c *lint.Ctx, el *macros.Element) {
	// Only the combination is a problem.
	if !has(el, "format_source") || !has(el, "ext") && !has(el, "format") {
		return
	}
	c.ReportAttr("OutputsFormatSourceIncomp", el, "format_source",
		fmt.Sprintf("Tool %s output '%s' should use either format_source or format/ext", el.Tag, nameOr(el, "with missing name")),
		"Keep format_source to inherit the input's datatype, or format to fix one, and remove the other.")
}
