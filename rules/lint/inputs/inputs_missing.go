package inputs

import "github.com/galaxy-gtr/gtr/rules/lint"

// InputsMissing is GTR072: a tool without a single input parameter.
var InputsMissing = &lint.Check{
	Code:    "GTR072",
	Name:    "inputs-missing",
	Summary: "Most tools should define input parameters.",
	// InputsMissingDataSource is the info-level note Galaxy gives data
	// source tools instead, which have nothing to fix.
	Linters: []string{"InputsMissing", "InputsMissingDataSource"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-inputs",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a tool with no <param> below <inputs> (after macro expansion), as Galaxy's " +
			"InputsMissing linter does. Data source tools (tool_type=\"data_source\") are exempt: they " +
			"take their data from a remote site, and Galaxy only notes it (InputsMissingDataSource).",
		Why: "A tool without parameters offers the user nothing to choose and runs on no dataset; " +
			"when that is not meant, the inputs are missing, for instance from a macro that was never " +
			"expanded here. planemo lint warns.",
		Example: "<inputs/>\n→\n<inputs>\n  <param name=\"input\" type=\"data\" format=\"tabular\" label=\"Input table\"/>\n</inputs>",
		FixSafety: "Advisory only: which inputs a tool takes is its interface, which only the author can define; " +
			"a tool that really needs none (a data manager fetching a fixed resource) can keep it so.",
	},
	Run: func(c *lint.Ctx) {
		// Without expansion, the params a macro would bring are missing.
		if c.Partial() {
			return
		}
		if t, _ := c.Root.Get("tool_type"); t == "data_source" {
			return
		}
		for range inputParams(c) {
			return
		}
		at := lint.Child(c.Root, "inputs")
		if at == nil {
			at = c.Root
		}
		c.Report("InputsMissing", at, "Found no input parameters.",
			"Add the <param> elements the tool takes inside <inputs>, or check that the macro meant to provide them is expanded here.")
	},
}
