package inputs

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// SelectOptionsMultiple is GTR061: a select with more than one <options>
// element.
var SelectOptionsMultiple = &lint.Check{
	Code:    "GTR061",
	Name:    "select-options-multiple",
	Summary: "A select may have at most one <options> element.",
	Linters: []string{"InputsSelectOptionsMultiple"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-inputs-param-options",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports an input <param type=\"select\"> with several <options> children, at the second, " +
			"as Galaxy's InputsSelectOptionsMultiple linter does.",
		Why: "Galaxy builds a select's dynamic options from its first <options> element and ignores the " +
			"others, so their sources and filters silently do nothing. planemo lint reports an error.",
		Example: "<options from_data_table=\"a\"/>\n<options from_data_table=\"b\"/>\n→\n" +
			"<options from_data_table=\"a\"/>",
		FixSafety: "Advisory only: which source the select should use is the author's choice; removing either changes the options offered.",
	},
	Run: func(c *lint.Ctx) {
		for _, p := range selects(c) {
			if opts := p.options; len(opts) > 1 {
				c.Report("InputsSelectOptionsMultiple", opts[1],
					fmt.Sprintf("Select parameter [%s] contains multiple options elements.", p.name),
					"Keep one <options> element per select and merge the filters you need into it.")
			}
		}
	},
}
