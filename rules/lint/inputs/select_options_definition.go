package inputs

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// SelectOptionsDefinition is GTR058: a select whose options are defined in
// none or several of the three ways, or, as a conditional's test, other
// than by <option> children.
var SelectOptionsDefinition = &lint.Check{
	Code:    "GTR058",
	Name:    "select-options-definition",
	Summary: "A select parameter must define its options exactly one valid way.",
	Linters: []string{"InputsSelectOptionsDef", "InputsSelectOptionsDefConditional"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-inputs-param-options",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports an input <param type=\"select\"> that defines its options by not exactly one of " +
			"<option> children, an <options> child and the dynamic_options attribute " +
			"(InputsSelectOptionsDef); and a select that is a <conditional>'s test parameter unless it " +
			"defines them by <option> children alone (InputsSelectOptionsDefConditional), as Galaxy's two " +
			"linters do.",
		Why: "A select with no options offers nothing to choose; one with several definitions uses one " +
			"of them and ignores the rest. A conditional needs its options written out, one for each " +
			"<when>. planemo lint reports an error.",
		Example: "<param name=\"mode\" type=\"select\" label=\"Mode\"/>\n→\n" +
			"<param name=\"mode\" type=\"select\" label=\"Mode\">\n  <option value=\"fast\">Fast</option>\n  <option value=\"exact\">Exact</option>\n</param>",
		FixSafety: "Advisory only: the choices a select offers, and which definition to keep, are the author's.",
	},
	Run: func(c *lint.Ctx) {
		for _, p := range selects(c) {
			dynamic := p.el.Attr("dynamic_options") != nil
			options := len(p.options) > 0
			static := len(p.option) > 0
			if par := p.el.Parent(); par != nil && par.Tag == "conditional" {
				// Without expansion, the options a macro would bring are missing.
				if !static && !dynamic && !options && c.Partial() {
					continue
				}
				if !static || dynamic || options {
					c.Report("InputsSelectOptionsDefConditional", p.el,
						fmt.Sprintf("Select parameter of a conditional [%s] options have to be defined by 'option' children elements.", p.name),
						"Write the conditional's choices as <option> children of the select, one for each <when>, and drop any <options> or dynamic_options.")
				}
				continue
			}
			n := count(dynamic) + count(options) + count(static)
			if n == 0 && c.Partial() {
				continue
			}
			if n != 1 {
				c.Report("InputsSelectOptionsDef", p.el,
					fmt.Sprintf("Select parameter [%s] options have to be defined by either 'option' children elements, a 'options' element or the 'dynamic_options' attribute.", p.name),
					"Define the select's choices one way: <option> children, or one <options> element, or (deprecated) dynamic_options.")
			}
		}
	},
}

// count is 1 for true, as Python adds booleans.
func count(b bool) int {
	if b {
		return 1
	}
	return 0
}
