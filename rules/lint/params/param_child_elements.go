package params

import (
	"fmt"
	"strings"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// childCombinations are the param child elements (paths below the param)
// that only some param types accept, as Galaxy's
// PARAM_TYPE_CHILD_COMBINATIONS lists them, in its order.
var childCombinations = []struct {
	path  string
	types []string
}{
	{"options", []string{"data", "select", "drill_down"}},
	{"options/option", []string{"drill_down"}},
	{"options/column", []string{"data", "select"}},
}

// ChildElements is GTR073: a param child element its type does not use.
var ChildElements = &lint.Check{
	Code:    "GTR073",
	Name:    "param-child-elements",
	Summary: "A <param> child element must be valid for the param type.",
	Linters: []string{"InputsTypeChildCombination"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-inputs-param-options",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports an input param with an <options> child unless it is a data, select or drill_down " +
			"param, with <options>/<option> unless it is a drill_down, and with <options>/<column> unless " +
			"it is a data or select param, as Galaxy's InputsTypeChildCombination linter does.",
		Why: "Galaxy reads these elements only for the types that use them: on any other param they are " +
			"ignored, so the options the author meant to offer never appear.",
		Example: "<param name=\"n\" type=\"integer\" value=\"1\">\n  <options from_data_table=\"t\"/>\n</param>\n→\n" +
			"<param name=\"n\" type=\"select\">\n  <options from_data_table=\"t\"/>\n</param>",
		FixSafety: "Advisory only: either the type or the child is wrong, and only the author knows which.",
	},
	Run: func(c *lint.Ctx) {
		for _, p := range inputParams(c, true) {
			for _, cc := range childCombinations {
				if contains(cc.types, p.ptype) || !lint.HasPath(p.el, cc.path) {
					continue
				}
				c.ReportAttr("InputsTypeChildCombination", p.el, "type",
					fmt.Sprintf("Parameter [%s] './%s' tags are only allowed for parameters of type %s", p.name, cc.path, pyList(cc.types)),
					fmt.Sprintf("Remove the <%s> element, or make the param one of the types %s.", cc.path[strings.LastIndex(cc.path, "/")+1:], strings.Join(cc.types, ", ")))
			}
		}
	},
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// pyList formats a list of strings as Python's str() does.
func pyList(list []string) string {
	q := make([]string, len(list))
	for i, s := range list {
		q[i] = "'" + s + "'"
	}
	return "[" + strings.Join(q, ", ") + "]"
}
