package params

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// DataOptions is GTR074: the <options> of a data param, which can only
// filter the datasets offered by their metadata.
var DataOptions = &lint.Check{
	Code:    "GTR074",
	Name:    "data-param-options",
	Summary: "A data param's <options> (metadata filtering) must be valid.",
	Linters: []string{"InputsDataOptionsAttrib", "InputsDataOptionsFilterAttribFiltersType",
		"InputsDataOptionsFiltersRef", "InputsDataOptionsFiltersType", "InputsDataOptionsMultiple"},
	Cite:  "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-inputs-param-options",
	Since: "0.6.0",
	Doc: lint.Doc{
		What: "For a data param, reports as Galaxy's linters do: a second <options> " +
			"(InputsDataOptionsMultiple), any <options> attribute but options_filter_attribute " +
			"(InputsDataOptionsAttrib), a filter that is not type=\"data_meta\" when options_filter_attribute " +
			"is set (InputsDataOptionsFilterAttribFiltersType) or not type=\"data_meta\" key=\"dbkey\" when it " +
			"is not (InputsDataOptionsFiltersType), and a filter without a ref (InputsDataOptionsFiltersRef).",
		Why: "A data param's options only narrow the datasets offered, by a metadata value of another " +
			"input: Galaxy ignores the other attributes and filters of dynamic select options there, so the " +
			"filtering the author meant does not happen.",
		Example: "<param name=\"index\" type=\"data\" format=\"fasta\">\n  <options from_parameter=\"x\">\n" +
			"    <filter type=\"add_value\" value=\"hg19\"/>\n  </options>\n</param>\n→\n" +
			"<param name=\"index\" type=\"data\" format=\"fasta\">\n  <options>\n" +
			"    <filter type=\"data_meta\" ref=\"input\" key=\"dbkey\"/>\n  </options>\n</param>",
		FixSafety: "Advisory only: which datasets the param should offer is the author's decision.",
	},
	Run: func(c *lint.Ctx) {
		for _, p := range inputParams(c, true) {
			if p.ptype != "data" {
				continue
			}
			options := lint.Children(p.el, "options")
			if len(options) == 0 {
				continue
			}
			if len(options) > 1 {
				c.Report("InputsDataOptionsMultiple", options[1],
					fmt.Sprintf("Data parameter [%s] contains multiple options elements.", p.name),
					"Merge the <options> elements of the data param into one.")
			}
			for _, a := range options[0].Attrs {
				if a.Name != "options_filter_attribute" {
					c.ReportAttrName("InputsDataOptionsAttrib", options[0], a.Name,
						fmt.Sprintf("Data parameter [%s] uses invalid attribute: %s", p.name, a.Name),
						fmt.Sprintf("Remove %s from the data param's <options>: only options_filter_attribute applies there.", a.Name))
				}
			}
			_, byAttribute := options[0].Get("options_filter_attribute")
			for _, f := range lint.Path(p.el, "options/filter") {
				ftype, key := pyStr(f, "type"), pyStr(f, "key")
				switch {
				case byAttribute && ftype != "data_meta":
					c.ReportAttr("InputsDataOptionsFilterAttribFiltersType", f, "type",
						fmt.Sprintf("Data parameter [%s] for filters only type=\"data_meta\" is allowed, found type=\"%s\"", p.name, ftype),
						"Use a type=\"data_meta\" filter, or remove this one.")
				case !byAttribute && (ftype != "data_meta" || key != "dbkey"):
					c.ReportAttr("InputsDataOptionsFiltersType", f, "type",
						fmt.Sprintf("Data parameter [%s] for filters only type=\"data_meta\" and key=\"dbkey\" are allowed, found type=\"%s\" and key=\"%s\"", p.name, ftype, key),
						"Use a filter type=\"data_meta\" key=\"dbkey\", or set options_filter_attribute on the <options> to filter by another attribute.")
				}
				if v, _ := f.Get("ref"); v == "" {
					c.Report("InputsDataOptionsFiltersRef", f,
						fmt.Sprintf("Data parameter [%s] filter needs to define a ref attribute", p.name),
						"Set ref to the name of the input whose metadata the filter compares with.")
				}
			}
		}
	},
}
