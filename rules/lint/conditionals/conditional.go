// Package conditionals holds the advisory checks of a tool's
// <conditional> blocks: the test param that selects a branch and the
// <when> branches it selects (Galaxy's Conditional* linters).
package conditionals

import (
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// conditional is one <conditional> that Galaxy's linters inspect: one
// with a test param and no value_from (the upload tool's conditionals
// have no children).
type conditional struct {
	el    *macros.Element
	name  string // as Python formats conditional.get("name"): "None" when absent
	param *macros.Element
	ptype string // the test param's type, "" when absent
	typed bool   // whether the test param has a type attribute
}

// conditionals returns the conditionals below the tool's <inputs>
// (./inputs//conditional) in document order. For a tool that did not
// expand it leaves out the conditionals that hold an <expand>, whose test
// param or branches gtr cannot see. The list is made once per file for
// the three checks that read it.
func conditionals(c *lint.Ctx) []conditional {
	return lint.Memo(c, "conditionals.conditionals", func() []conditional { return listConditionals(c) })
}

// listConditionals makes conditionals's list.
func listConditionals(c *lint.Ctx) []conditional {
	var out []conditional
	for _, inputs := range lint.Children(c.Root, "inputs") {
		for _, k := range inputs.Children {
			for _, el := range lint.FindAll(k, "conditional") {
				if v, _ := el.Get("value_from"); v != "" {
					continue
				}
				param := lint.Child(el, "param")
				if param == nil {
					continue
				}
				if c.Partial() && len(lint.FindAll(el, "expand")) > 0 {
					continue
				}
				cd := conditional{el: el, name: pyStr(el, "name"), param: param}
				cd.ptype, cd.typed = param.Get("type")
				out = append(out, cd)
			}
		}
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

// optionValues returns the values of the select's ./option[@value]
// children, in document order without repeats.
func optionValues(param *macros.Element) []string {
	var out []string
	for _, o := range lint.Children(param, "option") {
		if v, ok := o.Get("value"); ok {
			out = appendNew(out, v)
		}
	}
	return out
}

// booleanValues returns the boolean test param's truevalue and falsevalue
// ("true" and "false" by default), without repeats.
func booleanValues(param *macros.Element) []string {
	return appendNew([]string{getDefault(param, "truevalue", "true")}, getDefault(param, "falsevalue", "false"))
}

// whenValues returns the values of the conditional's ./when[@value]
// children, in document order without repeats; with nonEmpty, only the
// values that are not "" (ConditionalOptionMissingBoolean's test).
func whenValues(el *macros.Element, nonEmpty bool) []string {
	var out []string
	for _, w := range lint.Children(el, "when") {
		if v, ok := w.Get("value"); ok && (v != "" || !nonEmpty) {
			out = appendNew(out, v)
		}
	}
	return out
}

func appendNew(list []string, v string) []string {
	for _, x := range list {
		if x == v {
			return list
		}
	}
	return append(list, v)
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
