package inputs

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// DataFormatMissing is GTR091: a data param that does not say which
// formats it accepts.
var DataFormatMissing = &lint.Check{
	Code:    "GTR091",
	Name:    "data-format-missing",
	Summary: "A data param should declare the format(s) it accepts.",
	Linters: []string{"InputsDataFormat"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-inputs-param",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports an input <param type=\"data\"> without a format attribute, as Galaxy's " +
			"InputsDataFormat linter does.",
		Why: "Without format Galaxy assumes \"data\", the root of all datatypes: the form offers every " +
			"dataset in the history, including ones the tool cannot read. planemo lint warns.",
		Example:   "<param name=\"input\" type=\"data\" label=\"Reads\"/>\n→\n<param name=\"input\" type=\"data\" format=\"fastqsanger,fastqsanger.gz\" label=\"Reads\"/>",
		FixSafety: "Advisory only: the formats a tool can read are a fact about the tool that only its author knows.",
	},
	Run: func(c *lint.Ctx) {
		for p := range typedParams(c, "data") {
			if p.el.Attr("format") != nil {
				continue
			}
			c.Report("InputsDataFormat", p.el,
				fmt.Sprintf("Param input [%s] with no format specified - 'data' format will be assumed.", p.name),
				"Add a format attribute listing the datatypes the tool accepts, comma-separated (format=\"data\" if it really reads any dataset).")
		}
	},
}
