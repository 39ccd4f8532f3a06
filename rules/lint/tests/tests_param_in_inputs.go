package tests

import (
	"fmt"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// TestsParamInInputs is GTR085: a test <param> that names no tool input.
var TestsParamInInputs = &lint.Check{
	Code:    "GTR085",
	Name:    "tests-param-in-inputs",
	Summary: "A test <param> must name a tool input.",
	Linters: []string{"TestsParamInInputs"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-tests-test-param",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a <param> directly inside a <test> whose name (its last |-separated part) is neither " +
			"the name nor the argument (with - or -- in front, and with - for _) of a <param> in the tool's " +
			"<inputs>, as Galaxy's TestsParamInInputs does.",
		Why: "Galaxy ignores a test value for no input, so the test runs with the default instead of what " +
			"the author wrote, usually after an input was renamed; planemo lint reports an error.",
		Example:   "<inputs><param name=\"input1\" type=\"data\"/></inputs>\n<test><param name=\"input\" value=\"a.txt\"/>…\n→\n<test><param name=\"input1\" value=\"a.txt\"/>…",
		FixSafety: "Advisory only: the test may name a renamed input or one that was removed; the author decides.",
	},
	Run: func(c *lint.Ctx) {
		if !c.ToolTypeIn(lint.TestsTypes...) || c.Partial() {
			return
		}
		tests := testCases(c)
		if len(tests) == 0 {
			return
		}
		// The <param>s of the tool's <inputs> children, which the run
		// lists once for every check, name most test parameters; the
		// <param>s below any <inputs>, which hold them, are listed only
		// for a name they do not.
		top := inputNames(c.InputParams())
		var all *names
		for i, test := range tests {
			for _, p := range lint.Children(test, "param") {
				full := lint.Get(p, "name")
				if full == "" {
					continue
				}
				name := full[strings.LastIndex(full, "|")+1:]
				if top.match(name) {
					continue
				}
				if all == nil {
					n := inputNames(allInputParams(c))
					all = &n
				}
				if all.match(name) {
					continue
				}
				c.ReportAttr("TestsParamInInputs", p, "name",
					fmt.Sprintf("Test %d: Test param %s not found in the inputs", i+1, name),
					"Use the name of a tool input (cond|param for one in a conditional), or remove the <param>.")
			}
		}
	},
}

// names are the names and the arguments of some input <param>s.
type names struct {
	names, args map[string]bool
}

// match reports whether a test parameter's name (its last |-separated
// part) is one of the names, or one of the arguments with - or -- in
// front, with - for _ or not.
func (n names) match(name string) bool {
	if n.names[name] || n.args[name] || n.args["-"+name] || n.args["--"+name] {
		return true
	}
	dashed := strings.ReplaceAll(name, "_", "-")
	return dashed != name && (n.args["-"+dashed] || n.args["--"+dashed])
}

// inputNames returns the names and the arguments of params.
func inputNames(params []*macros.Element) names {
	n := names{map[string]bool{}, map[string]bool{}}
	for _, p := range params {
		if v, ok := p.Get("name"); ok {
			n.names[v] = true
		}
		if v, ok := p.Get("argument"); ok {
			n.args[v] = true
		}
	}
	return n
}

// allInputParams returns every <param> below any <inputs> of the tool
// (Galaxy's .//inputs//param), of which [lint.Ctx.InputParams] lists
// those below the tool's own <inputs> children.
func allInputParams(c *lint.Ctx) []*macros.Element {
	var out []*macros.Element
	for _, in := range c.FindAll("inputs") {
		for _, p := range lint.FindAll(in, "param") {
			if p != in {
				out = append(out, p)
			}
		}
	}
	return out
}
