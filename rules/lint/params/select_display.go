package params

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// SelectDisplay is GTR076: a select's display that contradicts how many
// values it takes.
var SelectDisplay = &lint.Check{
	Code:    "GTR076",
	Name:    "select-display",
	Summary: "A select's display must agree with multiple/optional.",
	Linters: []string{"InputsSelectMandatoryCheckboxes", "InputsSelectMultipleRadio",
		"InputsSelectOptionalRadio", "InputsSelectSingleCheckboxes"},
	Cite:  "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-inputs-param",
	Since: "0.6.0",
	Doc: lint.Doc{
		What: "For an input param of type select, data_column or drill_down, reports display=\"checkboxes\" " +
			"when multiple is not true (Galaxy's InputsSelectSingleCheckboxes) or optional is not true " +
			"(InputsSelectMandatoryCheckboxes), and display=\"radio\" when multiple is true " +
			"(InputsSelectMultipleRadio) or optional is true (InputsSelectOptionalRadio); optional defaults " +
			"to the value of multiple, as in Galaxy.",
		Why: "Checkboxes let the user tick several values or none, radio buttons exactly one: a widget " +
			"that offers what the param rejects leads to submissions the server refuses, or hides the " +
			"choice the param allows.",
		Example: "<param name=\"mode\" type=\"select\" display=\"radio\" optional=\"true\">…</param>\n→\n" +
			"<param name=\"mode\" type=\"select\" optional=\"true\">…</param>",
		FixSafety: "Advisory only here. The checkboxes cases are what the fixable GTR106 " +
			"(select-checkboxes-display) removes where the attributes are written in the tool itself; " +
			"this check reports them too, so the advisory view and planemo agree, including for params " +
			"in macro files and with token values, which GTR106 leaves alone. Whether a radio select " +
			"should stop being optional or multiple, or lose its display, is the author's decision.",
	},
	Run: func(c *lint.Ctx) {
		for _, p := range inputParams(c, true) {
			if p.ptype != "select" && p.ptype != "data_column" && p.ptype != "drill_down" {
				continue
			}
			multiple := stringAsBool(getDefault(p.el, "multiple", "false"))
			optional := multiple
			if v, ok := p.el.Get("optional"); ok {
				optional = stringAsBool(v)
			}
			switch display, _ := p.el.Get("display"); display {
			case "checkboxes":
				if !multiple {
					c.ReportAttr("InputsSelectSingleCheckboxes", p.el, "display",
						fmt.Sprintf("Select [%s] `display=\"checkboxes\"` is incompatible with `multiple=\"false\"`, remove the `display` attribute", p.name),
						"Remove display=\"checkboxes\", or set multiple=\"true\" if several values are meant.")
				}
				if !optional {
					c.ReportAttr("InputsSelectMandatoryCheckboxes", p.el, "display",
						fmt.Sprintf("Select [%s] `display=\"checkboxes\"` is incompatible with `optional=\"false\"`, remove the `display` attribute", p.name),
						"Remove display=\"checkboxes\", or set optional=\"true\" if no value is acceptable.")
				}
			case "radio":
				if multiple {
					c.ReportAttr("InputsSelectMultipleRadio", p.el, "display",
						fmt.Sprintf("Select [%s] display=\"radio\" is incompatible with multiple=\"true\"", p.name),
						"Remove display=\"radio\" (or use checkboxes), or drop multiple=\"true\".")
				}
				if optional {
					c.ReportAttr("InputsSelectOptionalRadio", p.el, "display",
						fmt.Sprintf("Select [%s] display=\"radio\" is incompatible with optional=\"true\"", p.name),
						"Remove display=\"radio\", or drop optional=\"true\" so that exactly one button is selected.")
				}
			}
		}
	},
}
