package params

import (
	"fmt"
	"strings"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// OptionsFilterAttributes is GTR077: a <filter> of dynamic <options>
// without an attribute its type needs, or with one its type does not
// read.
var OptionsFilterAttributes = &lint.Check{
	Code:    "GTR077",
	Name:    "options-filter-attributes",
	Summary: "An <options>/<filter> must carry the attributes its type allows.",
	Linters: []string{"InputsOptionsFiltersRequiredAttributes", "InputsOptionsRemoveValueFilterRequiredAttributes",
		"InputsOptionsFiltersAllowedAttributes"},
	Cite:  dynamicOptionsURL,
	Since: "0.6.0",
	Doc: lint.Doc{
		What: "For each <filter> of an input param's <options>, of a type Galaxy knows, reports what the " +
			"filter's loader in Galaxy (lib/galaxy/tools/parameters/dynamic_options.py) would reject or " +
			"ignore: an attribute the type requires that is missing (InputsOptionsFiltersRequiredAttributes: " +
			"value and column for static_value and regexp, ref and key for data_meta, ref and column for " +
			"param_value, column for unique_value, multiple_splitter, attribute_value_splitter and sort_by, " +
			"value for add_value, table_name, column and data_table_column for data_table, and column for " +
			"data_meta when the options come from from_dataset, from_file or from_parameter); a remove_value " +
			"filter with neither value, nor ref, nor meta_ref and key " +
			"(InputsOptionsRemoveValueFilterRequiredAttributes); and an attribute the type's loader does " +
			"not read (InputsOptionsFiltersAllowedAttributes). What the types read is taken from Galaxy's " +
			"loader, because the linters' own source (Galaxy 26.0) is newer than every Galaxy source " +
			"stored here: so the messages are gtr's, and a remove_value filter may carry multiple and " +
			"separator, which its loader reads, and more than one of value, ref and meta_ref (the loader " +
			"then uses value, else ref). On a data param, the filter's type, its ref and (without " +
			"options_filter_attribute) its key are GTR074's findings and not repeated here.",
		Why: "Galaxy asserts the required attributes when it loads the tool: a filter without one makes " +
			"the tool fail to load, with an assertion message in the server log. An attribute the type " +
			"does not read is ignored, so the filtering it was meant to configure does not happen.",
		Example: "<options from_data_table=\"all_fasta\">\n  <filter type=\"static_value\" value=\"hg19\"/>\n" +
			"  <filter type=\"sort_by\" column=\"1\" reverse=\"true\"/>\n</options>\n→\n" +
			"<options from_data_table=\"all_fasta\">\n  <filter type=\"static_value\" column=\"dbkey\" value=\"hg19\"/>\n" +
			"  <filter type=\"sort_by\" column=\"1\" reverse_sort_order=\"true\"/>\n</options>",
		FixSafety: "None: advisory. Which column a filter compares, or what a misspelt attribute meant, is the author's decision.",
	},
	Run: func(c *lint.Ctx) {
		for _, f := range optionFilters(c) {
			// On a data param, GTR074 reports every filter that is not
			// data_meta.
			if f.param.ptype == "data" && f.ftype != "data_meta" {
				continue
			}
			for _, name := range f.spec.required {
				if has(f.el, name) || dataParamCovered(f, name) {
					continue
				}
				c.Report("InputsOptionsFiltersRequiredAttributes", f.el,
					fmt.Sprintf("Parameter [%s]: the %s filter has no %s attribute, which Galaxy requires to load the tool.", f.param.name, f.ftype, name),
					fmt.Sprintf("Add %s to the filter: %s.", name, attrMeaning(f.ftype, name)))
			}
			if dataMetaNeedsColumn(f) {
				c.Report("InputsOptionsFiltersRequiredAttributes", f.el,
					fmt.Sprintf("Parameter [%s]: the data_meta filter has no column attribute, which Galaxy requires when the options are read from a file, a dataset or a parameter.", f.param.name),
					"Add column to the filter: "+attrMeaning(f.ftype, "column")+".")
			}
			if f.ftype == "remove_value" && !removeValueSatisfied(f) {
				c.Report("InputsOptionsRemoveValueFilterRequiredAttributes", f.el,
					fmt.Sprintf("Parameter [%s]: the remove_value filter has neither value, nor ref, nor meta_ref and key, one of which Galaxy requires to load the tool.", f.param.name),
					"Set value to the option value to remove, ref to the param whose value to remove, or meta_ref and key to remove a metadata value of a dataset input.")
			}
			for _, a := range f.el.Attrs {
				if f.spec.reads(a.Name) {
					continue
				}
				c.ReportAttrName("InputsOptionsFiltersAllowedAttributes", f.el, a.Name,
					fmt.Sprintf("Parameter [%s]: the %s filter does not read the attribute %s, so Galaxy ignores it.", f.param.name, f.ftype, a.Name),
					fmt.Sprintf("Remove %s, or use what the %s filter reads: %s.", a.Name, f.ftype, readList(f.spec)))
			}
		}
	},
}

// dataParamCovered reports whether the missing attribute name of a data
// param's filter is GTR074's finding: the ref always, the key when the
// <options> has no options_filter_attribute (GTR074 then wants
// key="dbkey").
func dataParamCovered(f optionFilter, name string) bool {
	if f.param.ptype != "data" {
		return false
	}
	return name == "ref" || name == "key" && !has(f.el.Parent(), "options_filter_attribute")
}

// dataMetaNeedsColumn reports whether f is a data_meta filter without a
// column whose options are read from a file, a dataset or a parameter:
// its loader asserts a column unless the options have neither file
// fields nor a dataset (from_data_table wins over the three). A data
// param's <options> take none of the three: GTR074 reports them.
func dataMetaNeedsColumn(f optionFilter) bool {
	if f.ftype != "data_meta" || has(f.el, "column") || f.param.ptype == "data" {
		return false
	}
	opts := f.el.Parent()
	if v, _ := opts.Get("from_data_table"); v != "" {
		return false
	}
	return has(opts, "from_dataset") || has(opts, "from_file") || has(opts, "from_parameter")
}

// removeValueSatisfied reports whether a remove_value filter says what to
// remove as its loader asserts: a value, a ref, or a meta_ref and a key.
func removeValueSatisfied(f optionFilter) bool {
	return has(f.el, "value") || has(f.el, "ref") || has(f.el, "meta_ref") && has(f.el, "key")
}

// readList lists the attributes the filter type reads, for a fix.
func readList(s filterSpec) string {
	return strings.Join(append(append([]string{"type"}, s.required...), s.optional...), ", ")
}

// attrMeaning says what a required attribute of a filter type holds.
func attrMeaning(ftype, name string) string {
	switch name {
	case "ref":
		return "the name of the input param the filter takes its value from"
	case "key":
		return "the metadata key of the dataset to compare with"
	case "column":
		return "the index or name of the options column the filter reads"
	case "table_name":
		return "the name of the data table to compare with"
	case "data_table_column":
		return "the index or name of the data table's column to compare with"
	}
	switch ftype {
	case "regexp":
		return "the regular expression the column must match"
	case "add_value":
		return "the value of the option to add"
	}
	return "the value the column is compared with"
}
