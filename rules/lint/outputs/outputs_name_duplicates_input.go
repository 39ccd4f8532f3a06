package outputs

import (
	"fmt"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// OutputsNameDuplicatesInput is GTR057: an output named like an input.
var OutputsNameDuplicatesInput = &lint.Check{
	Code:    "GTR057",
	Name:    "outputs-name-duplicates-input",
	Summary: "An output name must not duplicate an input parameter name.",
	Linters: []string{"InputsNameDuplicateOutput"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-outputs-data",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a child of <outputs> whose name equals the path of an input <param> — its name (or " +
			"the name its argument implies), prefixed by the names of its sections, conditionals and " +
			"repeats and the values of its <when> branches, joined with dots, as Galaxy's " +
			"InputsNameDuplicateOutput linter computes it. So only a top-level input clashes with an output.",
		Why: "Inputs and outputs share one namespace in the command template and the job: $name can only " +
			"mean one of them. Galaxy reports an error.",
		Example:   "<param name=\"out\" type=\"data\"/> … <data name=\"out\" format=\"txt\"/>\n→\n<param name=\"input\" type=\"data\"/> … <data name=\"out\" format=\"txt\"/>",
		FixSafety: "Advisory only: renaming either side changes the command, the tests and the workflows that use the tool.",
	},
	Run: func(c *lint.Ctx) {
		names := map[string]bool{}
		for _, o := range lint.Children(c.Root, "outputs") {
			for out := range o.Elements() {
				if name, ok := out.Get("name"); ok {
					names[name] = true
				}
			}
		}
		// No named output, nothing an input can clash with.
		if len(names) == 0 {
			return
		}
		inputs := inputPaths(c, names)
		for _, o := range lint.Children(c.Root, "outputs") {
			for out := range o.Elements() {
				name, ok := out.Get("name")
				if !ok || !inputs[name] {
					continue
				}
				c.ReportAttr("InputsNameDuplicateOutput", out, "name",
					fmt.Sprintf("Tool defines an output with a name equal to the name of an input: '%s'", name),
					"Rename the output or the input so that the two differ, and update the command and tests that refer to it.")
			}
		}
	},
}

// inputPaths returns the names of among that are paths Galaxy's inputs
// linters give the <param> elements below every <inputs>: the param's
// name, after the names of its enclosing elements up to <inputs> (the
// value of a <when>), joined with dots; a missing attribute reads "None",
// as Python's str(None).
func inputPaths(c *lint.Ctx, among map[string]bool) map[string]bool {
	out := map[string]bool{}
	// The path of a param inside a section, conditional or repeat has a
	// dot; output names seldom have one, and then only the top-level
	// params, whose path is their name, need be looked at.
	dotted := false
	for name := range among {
		if strings.Contains(name, ".") {
			dotted = true
			break
		}
	}
	for _, p := range c.InputParams() {
		name, ok := paramName(p)
		if !ok {
			continue
		}
		if parent := p.Parent(); parent == nil || parent.Tag == "inputs" {
			if among[name] {
				out[name] = true
			}
			continue
		}
		if !dotted {
			continue
		}
		path := []string{name}
		for e := p.Parent(); e != nil && e.Tag != "inputs"; e = e.Parent() {
			attr := "name"
			if e.Tag == "when" {
				attr = "value"
			}
			v, ok := e.Get(attr)
			if !ok {
				v = "None"
			}
			path = append(path, v)
		}
		slices.Reverse(path)
		if p := strings.Join(path, "."); among[p] {
			out[p] = true
		}
	}
	return out
}

// paramName returns a param's name as Galaxy's _parse_name does: its name
// attribute when present, else its argument without leading dashes and
// with dashes made underscores; false when it has neither (Galaxy skips
// such a param, or fails on an empty argument).
func paramName(p *macros.Element) (string, bool) {
	if name, ok := p.Get("name"); ok {
		return name, true
	}
	arg, ok := p.Get("argument")
	if !ok || arg == "" {
		return "", false
	}
	return lint.NameFromArgument(arg), true
}
