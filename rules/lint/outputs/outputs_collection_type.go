package outputs

import "github.com/galaxy-gtr/gtr/rules/lint"

// OutputsCollectionType is GTR042: a collection output without a type.
var OutputsCollectionType = &lint.Check{
	Code:    "GTR042",
	Name:    "outputs-collection-type",
	Summary: "Output <collection> should declare a structure 'type'.",
	Linters: []string{"OutputsCollectionType"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-outputs-collection",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports an <outputs>/<collection> without a type attribute (list, paired, list:paired, …).",
		Why: "Galaxy needs the collection's structure to build it and to connect it in workflows; planemo " +
			"lint warns.",
		Example:   "<collection name=\"split\">\n→\n<collection name=\"split\" type=\"list\">",
		FixSafety: "Advisory only: the structure depends on what the tool writes, which gtr cannot see.",
	},
	Run: func(c *lint.Ctx) {
		if !toolTypeOK(c) {
			return
		}
		for _, out := range collections(c) {
			if has(out, "type") {
				continue
			}
			c.Report("OutputsCollectionType", out, "Collection output with undefined 'type' found.",
				"Add a type attribute giving the collection's structure, for example type=\"list\" or type=\"paired\".")
		}
	},
}
