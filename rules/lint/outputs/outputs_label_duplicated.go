package outputs

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// defaultLabel is the label Galaxy gives an output that declares none.
const defaultLabel = "${tool.name} on ${on_string}"

// OutputsLabelDuplicated is GTR050: two outputs that would show one label
// in the history.
var OutputsLabelDuplicated = &lint.Check{
	Code:    "GTR050",
	Name:    "outputs-label-duplicated",
	Summary: "Outputs should not share a label.",
	Linters: []string{"OutputsLabelDuplicatedFilter", "OutputsLabelDuplicatedNoFilter"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-outputs-data",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a <data> or <collection> output whose label (Galaxy's default \"${tool.name} on " +
			"${on_string}\" when it declares none) an earlier output already has. An output with a " +
			"<filter> is reported as Galaxy's OutputsLabelDuplicatedFilter (the filters may make the two " +
			"disjoint), one without as OutputsLabelDuplicatedNoFilter (unnamed outputs are left to the " +
			"former, as in Galaxy).",
		Why: "Two datasets with one name in the history cannot be told apart by the user; planemo lint warns.",
		Example: "<data name=\"log\" format=\"txt\"/>\n<data name=\"report\" format=\"html\"/>\n→\n" +
			"<data name=\"log\" format=\"txt\" label=\"${tool.name} on ${on_string}: log\"/>\n" +
			"<data name=\"report\" format=\"html\" label=\"${tool.name} on ${on_string}: report\"/>",
		FixSafety: "Advisory only: a label is user-facing text the author chooses.",
	},
	Run: func(c *lint.Ctx) {
		if !toolTypeOK(c) {
			return
		}
		all := outputs(c)
		// Galaxy's two linters walk different lists (the no-filter one only
		// named outputs), so each keeps its own set of labels seen.
		seen := map[string]bool{}
		for _, out := range all {
			label := labelOf(out)
			if seen[label] && lint.Child(out, "filter") != nil {
				c.ReportAttr("OutputsLabelDuplicatedFilter", out, "label",
					fmt.Sprintf("Tool output [%s] uses duplicated label '%s', double check if filters imply disjoint cases", lint.Get(out, "name"), label),
					"Check that the filters of the outputs sharing this label never hold together, or give this output its own label.")
			}
			seen[label] = true
		}
		seen = map[string]bool{}
		for _, out := range named(all) {
			label := labelOf(out)
			if seen[label] && lint.Child(out, "filter") == nil {
				c.ReportAttr("OutputsLabelDuplicatedNoFilter", out, "label",
					fmt.Sprintf("Tool output [%s] uses duplicated label '%s'", lint.Get(out, "name"), label),
					"Give this output a label of its own, for example \"${tool.name} on ${on_string}: "+lint.Get(out, "name")+"\".")
			}
			seen[label] = true
		}
	},
}

// labelOf returns the output's label, Galaxy's default when it has none.
func labelOf(out *macros.Element) string {
	if v, ok := out.Get("label"); ok {
		return v
	}
	return defaultLabel
}
