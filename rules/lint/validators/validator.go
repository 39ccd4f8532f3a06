// Package validators holds the advisory checks of the <validator>
// elements of input params: that the validator type suits the param type
// and its attributes, carries text when it needs it, and that its
// expression or regular expression is valid (Galaxy's Validator*
// linters).
package validators

import (
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// validator is a typed <validator> child of a typed input param.
type validator struct {
	el        *macros.Element
	param     string // the param's name as Galaxy gives it
	paramType string
	vtype     string
}

// validators returns the ./validator[@type] children of the
// ./inputs//param[@type] elements that have a name or a non-empty
// argument, in document order (the linters' _iter_param_validator),
// listed once per file for the six checks that read them.
func validators(c *lint.Ctx) []validator {
	return lint.Memo(c, "validators.validators", func() []validator { return listValidators(c) })
}

func listValidators(c *lint.Ctx) []validator {
	var out []validator
	for _, p := range c.InputParams() {
		ptype, ok := p.Get("type")
		if !ok {
			continue
		}
		name, ok := p.Get("name")
		if !ok {
			arg, _ := p.Get("argument")
			if arg == "" {
				continue // Galaxy's _parse_name raises ValueError
			}
			name = lint.NameFromArgument(arg)
		}
		for _, v := range lint.Children(p, "validator") {
			if vt, ok := v.Get("type"); ok {
				out = append(out, validator{el: v, param: name, paramType: ptype, vtype: vt})
			}
		}
	}
	return out
}

// has reports whether el has the attribute name.
func has(el *macros.Element, name string) bool { return el.Attr(name) != nil }

// needsText reports whether validators of type t read their text.
func needsText(t string) bool { return t == "expression" || t == "regex" }

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
