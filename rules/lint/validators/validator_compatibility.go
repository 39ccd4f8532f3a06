package validators

import (
	"fmt"
	"strings"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// attribValidators lists, for each validator attribute, the validator
// types that read it (Galaxy's ATTRIB_VALIDATOR_COMPATIBILITY), in
// Galaxy's order.
var attribValidators = []struct {
	attr  string
	types []string
}{
	{"check", []string{"metadata"}},
	{"expression", []string{"substitute_value_in_message"}},
	{"table_name", []string{"dataset_metadata_in_data_table", "dataset_metadata_not_in_data_table", "value_in_data_table", "value_not_in_data_table"}},
	{"filename", []string{"dataset_metadata_in_file"}},
	{"metadata_name", []string{"dataset_metadata_equal", "dataset_metadata_in_data_table", "dataset_metadata_not_in_data_table", "dataset_metadata_in_file", "dataset_metadata_in_range"}},
	{"metadata_column", []string{"dataset_metadata_in_data_table", "dataset_metadata_not_in_data_table", "value_in_data_table", "value_not_in_data_table", "dataset_metadata_in_file"}},
	{"line_startswith", []string{"dataset_metadata_in_file"}},
	{"min", []string{"in_range", "length", "dataset_metadata_in_range"}},
	{"max", []string{"in_range", "length", "dataset_metadata_in_range"}},
	{"exclude_min", []string{"in_range", "dataset_metadata_in_range"}},
	{"exclude_max", []string{"in_range", "dataset_metadata_in_range"}},
	{"split", []string{"dataset_metadata_in_file"}},
	{"skip", []string{"metadata"}},
	{"value", []string{"dataset_metadata_equal"}},
	{"value_json", []string{"dataset_metadata_equal"}},
}

// datasetValidators are the validator types a data or data_collection
// param takes.
var datasetValidators = []string{"metadata", "no_options", "unspecified_build", "dataset_ok_validator",
	"dataset_metadata_equal", "dataset_metadata_in_range", "dataset_metadata_in_file",
	"dataset_metadata_in_data_table", "dataset_metadata_not_in_data_table", "expression"}

// paramValidators lists the validator types each param type takes
// (Galaxy's PARAMETER_VALIDATOR_TYPE_COMPATIBILITY); params of other
// types are not checked.
var paramValidators = map[string][]string{
	"integer":         {"in_range", "expression"},
	"float":           {"in_range", "expression"},
	"data":            datasetValidators,
	"data_collection": datasetValidators,
	"text":            {"regex", "length", "empty_field", "value_in_data_table", "value_not_in_data_table", "expression"},
	"select":          {"in_range", "no_options", "regex", "length", "empty_field", "value_in_data_table", "value_not_in_data_table", "expression"},
	"drill_down":      {"no_options", "regex", "length", "empty_field", "value_in_data_table", "value_not_in_data_table", "expression"},
	"data_column":     {"no_options", "regex", "length", "empty_field", "value_in_data_table", "value_not_in_data_table", "expression"},
}

// Compatibility is GTR065: a validator its param type or its own type
// does not support.
var Compatibility = &lint.Check{
	Code:    "GTR065",
	Name:    "validator-compatibility",
	Summary: "A <validator> must be compatible with its param type and attributes.",
	Linters: []string{"ValidatorAttribIncompatible", "ValidatorParamIncompatible"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-inputs-param-validator",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a <validator> of an input param whose type the param's type does not take (for " +
			"example empty_field on a data param; Galaxy's ValidatorParamIncompatible), and each attribute " +
			"of a validator that its type does not read (min on a regex validator; " +
			"ValidatorAttribIncompatible), with Galaxy's tables of both.",
		Why: "Galaxy builds the validator for the param regardless: an incompatible one either fails " +
			"when the tool loads or never rejects anything, and an unread attribute is a constraint the " +
			"author believes in but Galaxy does not apply.",
		Example: "<param name=\"input\" type=\"data\" format=\"tabular\">\n  <validator type=\"empty_field\"/>\n" +
			"</param>\n→\n<param name=\"input\" type=\"data\" format=\"tabular\">\n" +
			"  <validator type=\"dataset_ok_validator\"/>\n</param>",
		FixSafety: "Advisory only: the right validator depends on what the author meant to check.",
	},
	Run: func(c *lint.Ctx) {
		for _, v := range validators(c) {
			if types, ok := paramValidators[v.paramType]; ok && !contains(types, v.vtype) {
				c.ReportAttr("ValidatorParamIncompatible", v.el, "type",
					fmt.Sprintf("Parameter [%s]: validator with an incompatible type '%s'", v.param, v.vtype),
					fmt.Sprintf("Use one of the validator types a %s param takes (%s), or remove the validator.", v.paramType, strings.Join(types, ", ")))
			}
		}
		for _, v := range validators(c) {
			for _, av := range attribValidators {
				if has(v.el, av.attr) && !contains(av.types, v.vtype) {
					c.ReportAttrName("ValidatorAttribIncompatible", v.el, av.attr,
						fmt.Sprintf("Parameter [%s]: attribute '%s' is incompatible with validator of type '%s'", v.param, av.attr, v.vtype),
						fmt.Sprintf("Remove %s, which only validators of type %s read, or change the validator's type.", av.attr, strings.Join(av.types, ", ")))
				}
			}
		}
	},
}
