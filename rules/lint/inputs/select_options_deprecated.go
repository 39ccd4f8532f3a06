package inputs

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// SelectOptionsDeprecated is GTR064: a select that defines its options by
// a mechanism Galaxy has deprecated.
var SelectOptionsDeprecated = &lint.Check{
	Code:    "GTR064",
	Name:    "select-options-deprecated",
	Summary: "A select should not use a deprecated options mechanism.",
	Linters: []string{"InputsSelectDynamicOptions", "InputsSelectOptionsDeprecatedAttr"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-inputs-param-options",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports an input <param type=\"select\"> with a dynamic_options attribute " +
			"(InputsSelectDynamicOptions), and each of from_file, from_parameter, " +
			"options_filter_attribute and transform_lines set on its first <options> child " +
			"(InputsSelectOptionsDeprecatedAttr), as Galaxy's linters do.",
		Why: "dynamic_options runs Python code from the tool's <code> file inside Galaxy, and the " +
			"deprecated <options> attributes read server files or other parameters in ways that " +
			"data tables, from_dataset and filters now cover safely; Galaxy may drop them. planemo lint " +
			"warns.",
		Example: "<param name=\"db\" type=\"select\" dynamic_options=\"get_dbs()\"/>\n→\n" +
			"<param name=\"db\" type=\"select\">\n  <options from_data_table=\"dbs\"/>\n</param>",
		FixSafety: "Advisory only: a replacement needs a data table or a filter that reproduces the old options, which only the author can set up.",
	},
	Run: func(c *lint.Ctx) {
		for _, p := range selects(c) {
			if p.el.Attr("dynamic_options") != nil {
				c.ReportAttrName("InputsSelectDynamicOptions", p.el, "dynamic_options",
					fmt.Sprintf("Select parameter [%s] uses deprecated 'dynamic_options' attribute.", p.name),
					"Replace dynamic_options with an <options> element reading a data table (from_data_table) or a dataset (from_dataset).")
			}
			opts := p.firstOptions()
			if opts == nil {
				continue
			}
			for _, attr := range []string{"from_file", "from_parameter", "options_filter_attribute", "transform_lines"} {
				if opts.Attr(attr) == nil {
					continue
				}
				c.ReportAttrName("InputsSelectOptionsDeprecatedAttr", opts, attr,
					fmt.Sprintf("Select parameter [%s] options uses deprecated '%s' attribute.", p.name, attr),
					"Replace "+attr+" with a data table (from_data_table) or from_dataset and filters that give the same options.")
			}
		}
	},
}
