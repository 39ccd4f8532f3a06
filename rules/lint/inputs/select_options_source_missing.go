package inputs

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// SelectOptionsSourceMissing is GTR062: a select's <options> element that
// names no source its options could come from.
var SelectOptionsSourceMissing = &lint.Check{
	Code:    "GTR062",
	Name:    "select-options-source-missing",
	Summary: "A dynamic <options> element must define an option source.",
	Linters: []string{"InputsSelectOptionsDefinesOptions"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-inputs-param-options",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports the first <options> child of an input <param type=\"select\"> when it has none of " +
			"from_dataset, from_data_table, from_url, from_file and from_parameter, and no <filter> of " +
			"the select's <options> adds values (type add_value or data_meta), as Galaxy's " +
			"InputsSelectOptionsDefinesOptions linter does. Unlike Galaxy's linter of October " +
			"2024 (the one gtr is compared with), from_url counts as a source: Galaxy has read options from a URL since profile " +
			"23.1, and newer Galaxy's linter accepts it too.",
		Why: "Options without a source give the select nothing to offer, and a required select then " +
			"cannot be filled in. planemo lint reports an error.",
		Example: "<options>\n  <filter type=\"sort_by\" column=\"0\"/>\n</options>\n→\n" +
			"<options from_data_table=\"all_fasta\">\n  <filter type=\"sort_by\" column=\"0\"/>\n</options>",
		FixSafety: "Advisory only: where a select's options come from (a data table, a dataset, a URL) is the author's design.",
	},
	Run: func(c *lint.Ctx) {
		// Without expansion, the filter a macro would bring is missing.
		if c.Partial() {
			return
		}
		for _, p := range selects(c) {
			opts := p.firstOptions()
			if opts == nil {
				continue
			}
			if hasAnyAttr(opts, "from_file", "from_parameter", "from_dataset", "from_data_table", "from_url") {
				continue
			}
			if filterAddsOptions(p) {
				continue
			}
			c.Report("InputsSelectOptionsDefinesOptions", opts,
				fmt.Sprintf("Select parameter [%s] options tag defines no options. Use 'from_dataset', 'from_data_table', or a filter that adds values.", p.name),
				"Give the <options> element a source: from_data_table, from_dataset or from_url, or a filter of type add_value.")
		}
	},
}

// filterAddsOptions reports whether a <filter> of any of p's <options>
// children (Galaxy's findall("./options/filter")) adds values.
func filterAddsOptions(p selectParam) bool {
	for _, o := range p.options {
		for _, f := range lint.Children(o, "filter") {
			if t, ok := f.Get("type"); ok && (t == "add_value" || t == "data_meta") {
				return true
			}
		}
	}
	return false
}

// hasAnyAttr reports whether el has one of the attributes names, of any
// value.
func hasAnyAttr(el *macros.Element, names ...string) bool {
	for _, n := range names {
		if _, ok := el.Get(n); ok {
			return true
		}
	}
	return false
}
