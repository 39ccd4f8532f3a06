package tests

import (
	"fmt"
	"strings"

	"github.com/galaxy-gtr/gtr/rules/lint"
	"github.com/galaxy-gtr/gtr/rules/testcase"
)

// TestsCaseValidation is GTR101: test parameters that Galaxy's test case
// validation cannot place among the tool's inputs.
var TestsCaseValidation = &lint.Check{
	Code:    "GTR101",
	Name:    "tests-case-validation",
	Summary: "Test-case parameters should validate against the tool's inputs on a modern profile.",
	Linters: []string{"TestsCaseValidation"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-tests-test-param",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a <param> of a <test> — directly inside it or inside its <conditional>, <section> " +
			"and <repeat> elements — whose name (its last |-separated part) is not the name of any " +
			"parameter, conditional, section or repeat of the tool's inputs (a parameter without a name " +
			"is named after its argument, as Galaxy names it: --min-len is min_len). Galaxy's test case " +
			"validation, which reads every test as the newest profile does, matches each test parameter " +
			"to a path of the tool's inputs ending in such a name and rejects the test with \"Invalid " +
			"parameter name found\" when there is none. gtr reports only this part of that validation, " +
			"where the answer depends on names alone, so that it never reports a test Galaxy accepts.",
		Why: "A test parameter Galaxy cannot place is dropped by older Galaxy releases (the test runs on " +
			"defaults) and makes the test fail to load on a modern profile; Galaxy's TestsCaseValidation " +
			"linter warns below profile 24.2 and reports an error from it.",
		Example:   "<inputs><param argument=\"--min-len\" type=\"integer\" value=\"1\"/></inputs>\n<test><param name=\"min-len\" value=\"5\"/>…\n→\n<test><param name=\"min_len\" value=\"5\"/>…",
		FixSafety: "Advisory only: the parameter may have been renamed, moved into a conditional or removed; the author decides which.",
	},
	Run: func(c *lint.Ctx) {
		if !c.ToolTypeIn(lint.TestsTypes...) || c.Partial() {
			return
		}
		tests := testCases(c)
		if len(tests) == 0 {
			return
		}
		known := toolInputNames(c)
		for i, test := range tests {
			for _, p := range testcase.Params(test) {
				full := lint.Get(p, "name")
				if full == "" {
					continue
				}
				leaf := full[strings.LastIndex(full, "|")+1:]
				if known[leaf] {
					continue
				}
				c.ReportAttr("", p, "name",
					fmt.Sprintf("Test %d: test parameter %s names no input of the tool, so Galaxy's test case validation rejects the test (Invalid parameter name found) and it won't run on a modern Galaxy tool profile version.", i+1, full),
					"Name a parameter of the tool's inputs, qualified with its conditionals, sections and repeats (cond|param), or remove the <param>.")
			}
		}
	},
}

// toolInputNames returns every name a path of the tool's inputs can end
// in: the names of the parameters, conditionals, sections and repeats
// anywhere below an <inputs>, and for a parameter its name after its
// argument too (leading dashes dropped, - as _), which Galaxy uses when
// the parameter has no name.
func toolInputNames(c *lint.Ctx) map[string]bool {
	known := map[string]bool{}
	for _, in := range c.FindAll("inputs") {
		for d := range in.Descendants() {
			if d == in || d.PI {
				continue
			}
			switch d.Tag {
			case "param", "conditional", "section", "repeat":
			default:
				continue
			}
			if name := lint.Get(d, "name"); name != "" {
				known[name] = true
			}
			if arg := lint.Get(d, "argument"); arg != "" {
				known[strings.ReplaceAll(strings.TrimLeft(arg, "-"), "-", "_")] = true
			}
		}
	}
	return known
}
