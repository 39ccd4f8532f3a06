// Package params holds the advisory checks of single input params: the
// child elements a type allows, a data param's <options>, boolean values,
// a select's display, and the filters of dynamic options (Galaxy's
// InputsTypeChildCombination, InputsDataOptions*, InputsBool*,
// InputsSelect*Checkboxes/*Radio and InputsOptions* linters).
package params

import (
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// param is an input <param> with the name Galaxy gives it.
type param struct {
	el    *macros.Element
	name  string
	ptype string // "" when the param has no type attribute
}

// inputParams returns the <param> elements below <inputs>
// (./inputs//param) that have a name or an argument, in document order,
// with Galaxy's name for each (_parse_name: the name, else the argument
// without leading dashes and with dashes made underscores). With typed,
// only those with a non-empty type (the linters' _iter_param_type). The
// lists are made once per file for the checks that share them.
func inputParams(c *lint.Ctx, typed bool) []param {
	key := "params.inputParams"
	if typed {
		key = "params.inputParams typed"
	}
	return lint.Memo(c, key, func() []param { return listInputParams(c, typed) })
}

// listInputParams makes inputParams's list.
func listInputParams(c *lint.Ctx, typed bool) []param {
	out := make([]param, 0, len(c.InputParams()))
	for _, el := range c.InputParams() {
		name, ok := el.Get("name")
		if !ok {
			arg, _ := el.Get("argument")
			if arg == "" {
				continue
			}
			name = lint.NameFromArgument(arg)
		}
		ptype, _ := el.Get("type")
		if typed && ptype == "" {
			continue
		}
		out = append(out, param{el: el, name: name, ptype: ptype})
	}
	return out
}

// pyStr returns el's attribute name as a Python f-string formats
// el.get(name): "None" when the attribute is absent.
func pyStr(el *macros.Element, name string) string {
	if v, ok := el.Get(name); ok {
		return v
	}
	return "None"
}

// getDefault returns el's attribute name, def when absent (Python's
// el.get(name, def)).
func getDefault(el *macros.Element, name, def string) string {
	if v, ok := el.Get(name); ok {
		return v
	}
	return def
}

// stringAsBool is Galaxy's string_as_bool: "true", "yes", "on" and "1",
// in any case, are true.
func stringAsBool(v string) bool {
	switch strings.ToLower(v) {
	case "true", "yes", "on", "1":
		return true
	}
	return false
}
