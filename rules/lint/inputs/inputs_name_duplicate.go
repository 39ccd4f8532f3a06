package inputs

import (
	"fmt"
	"strings"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// InputsNameDuplicate is GTR056: two input params with the same name in
// the same scope.
var InputsNameDuplicate = &lint.Check{
	Code:    "GTR056",
	Name:    "inputs-name-duplicate",
	Summary: "Input <param> names must be unique within their scope.",
	Linters: []string{"InputsNameDuplicate"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-inputs-param",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports an input <param> whose path — its name, prefixed with the names of the sections, " +
			"repeats and conditionals around it and, inside a <when>, the when's value — is the path of an " +
			"earlier param, as Galaxy's InputsNameDuplicate linter computes it. Params of the same name " +
			"in different <when> branches of a conditional are allowed.",
		Why: "Galaxy keeps one value per path: the second parameter hides the first, in the form, the " +
			"command and the tests. planemo lint reports an error.",
		Example: "<param name=\"gate\" type=\"integer\" value=\"1\"/>\n<param name=\"gate\" type=\"text\"/>\n→\n" +
			"<param name=\"gate\" type=\"integer\" value=\"1\"/>\n<param name=\"gate_label\" type=\"text\"/>",
		FixSafety: "Advisory only: which of the two parameters to rename, and how the command then refers to each, is the author's decision.",
	},
	Run: func(c *lint.Ctx) {
		// Sized up front: growing a map of a million names would rescan
		// the whole expanded tree at every collection it triggers.
		n := 0
		for range namedParams(c) {
			n++
		}
		seen := make(map[string]bool, n)
		for p := range namedParams(c) {
			path := paramPath(p)
			if seen[path] {
				reportName(c, "InputsNameDuplicate", p,
					fmt.Sprintf("Tool defines multiple parameters with the same name: '%s'", path),
					"Rename one of the parameters (and its references in the command and tests), or move it into a section, repeat or conditional branch of its own.")
			}
			seen[path] = true
		}
	},
}

// paramPath is Galaxy's _param_path: p's name after the name of each
// enclosing element up to <inputs> (for a <when>, its value), dot-joined.
// An absent attribute reads as Python's str(None), "None".
func paramPath(p param) string {
	// Most params stand right in <inputs>: their path is their name.
	if par := p.el.Parent(); par == nil || par.Tag == "inputs" {
		return p.name
	}
	// The names above p, innermost first (on the stack at usual depths),
	// then written out outermost first into a string of their length:
	// one allocation, where a list of them reversed and joined made three.
	var buf [8]string
	above := buf[:0]
	n := len(p.name)
	for el := p.el.Parent(); el != nil && el.Tag != "inputs"; el = el.Parent() {
		attr := "name"
		if el.Tag == "when" {
			attr = "value"
		}
		v, ok := el.Get(attr)
		if !ok {
			v = "None"
		}
		above = append(above, v)
		n += len(v) + 1
	}
	var b strings.Builder
	b.Grow(n)
	for i := len(above) - 1; i >= 0; i-- {
		b.WriteString(above[i])
		b.WriteByte('.')
	}
	b.WriteString(p.name)
	return b.String()
}
