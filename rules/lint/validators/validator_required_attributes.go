package validators

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// RequiredAttributes is GTR068: a validator without the attributes its
// type needs.
var RequiredAttributes = &lint.Check{
	Code:    "GTR068",
	Name:    "validator-required-attributes",
	Summary: "A <validator> must carry the attributes its type requires.",
	Linters: []string{"ValidatorDatasetMetadataEqualValue", "ValidatorDatasetMetadataEqualValueOrJson",
		"ValidatorMetadataCheckSkip", "ValidatorMetadataName", "ValidatorMinMax", "ValidatorTableName"},
	Cite:  "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-inputs-param-validator",
	Since: "0.6.0",
	Doc: lint.Doc{
		What: "Reports, as Galaxy's linters do: an in_range, length or dataset_metadata_in_range " +
			"validator with neither min nor max (ValidatorMinMax); a dataset_metadata_equal validator " +
			"without metadata_name or without value/value_json (ValidatorDatasetMetadataEqualValue), or " +
			"with both value and value_json (ValidatorDatasetMetadataEqualValueOrJson); a metadata " +
			"validator with neither check nor skip (ValidatorMetadataCheckSkip); a data table validator " +
			"without table_name (ValidatorTableName); and a dataset_metadata_in_* validator without " +
			"metadata_name (ValidatorMetadataName).",
		Why: "These attributes are the validator's test: without them Galaxy fails to load the " +
			"validator or accepts every value, so the constraint the author wrote is not enforced.",
		Example: "<validator type=\"in_range\" message=\"must be positive\"/>\n→\n" +
			"<validator type=\"in_range\" min=\"0\" message=\"must be positive\"/>",
		FixSafety: "Advisory only: the bounds, table or metadata to test are the author's to choose.",
	},
	Run: func(c *lint.Ctx) {
		for _, v := range validators(c) {
			el, t := v.el, v.vtype
			switch t {
			case "in_range", "length", "dataset_metadata_in_range":
				if !has(el, "min") && !has(el, "max") {
					c.ReportAttr("ValidatorMinMax", el, "type",
						fmt.Sprintf("Parameter [%s]: '%s' validators need to define the 'min' or 'max' attribute(s)", v.param, t),
						"Add the min or max bound (or both) the value must respect.")
				}
			}
			if t == "dataset_metadata_equal" {
				if !(has(el, "value") || has(el, "value_json")) || !has(el, "metadata_name") {
					c.ReportAttr("ValidatorDatasetMetadataEqualValue", el, "type",
						fmt.Sprintf("Parameter [%s]: '%s' validators need to define the 'value'/'value_json' and 'metadata_name' attributes", v.param, t),
						"Name the metadata with metadata_name and the expected value with value (or value_json).")
				}
				if has(el, "value") && has(el, "value_json") {
					c.ReportAttrName("ValidatorDatasetMetadataEqualValueOrJson", el, "value_json",
						fmt.Sprintf("Parameter [%s]: '%s' validators must not define the 'value' and the 'value_json' attributes", v.param, t),
						"Keep either value or value_json, not both.")
				}
			}
			if t == "metadata" && !has(el, "check") && !has(el, "skip") {
				c.ReportAttr("ValidatorMetadataCheckSkip", el, "type",
					fmt.Sprintf("Parameter [%s]: '%s' validators need to define the 'check' or 'skip' attribute(s)", v.param, t),
					"Add check (the metadata to require) or skip (the metadata not to check).")
			}
			switch t {
			case "value_in_data_table", "value_not_in_data_table", "dataset_metadata_in_data_table", "dataset_metadata_not_in_data_table":
				if !has(el, "table_name") {
					c.ReportAttr("ValidatorTableName", el, "type",
						fmt.Sprintf("Parameter [%s]: '%s' validators need to define the 'table_name' attribute", v.param, t),
						"Add table_name, the data table whose values are allowed or excluded.")
				}
			}
			switch t {
			case "dataset_metadata_in_data_table", "dataset_metadata_not_in_data_table", "dataset_metadata_in_file", "dataset_metadata_in_range":
				if !has(el, "metadata_name") {
					c.ReportAttr("ValidatorMetadataName", el, "type",
						fmt.Sprintf("Parameter [%s]: '%s' validators need to define the 'metadata_name' attribute", v.param, t),
						"Add metadata_name, the metadata of the dataset the validator tests.")
				}
			}
		}
	},
}
