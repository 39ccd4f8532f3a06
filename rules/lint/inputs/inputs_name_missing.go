package inputs

import "github.com/galaxy-gtr/gtr/rules/lint"

// InputsNameMissing is GTR054: an input <param> with neither a name nor an
// argument.
var InputsNameMissing = &lint.Check{
	Code:    "GTR054",
	Name:    "inputs-name-missing",
	Summary: "An input <param> must declare a name or argument.",
	Linters: []string{"InputsName"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-inputs-param",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports an input <param> (./inputs//param, after macro expansion) that has neither a name " +
			"nor an argument attribute, as Galaxy's InputsName linter does.",
		Why: "Galaxy names a parameter after its name, or derives the name from its argument; with " +
			"neither, the tool fails to load (\"parameter must specify a 'name' or 'argument'\"), and the " +
			"command and tests cannot refer to the value. planemo lint reports an error.",
		Example:   "<param type=\"integer\" value=\"1\" label=\"Threads\"/>\n→\n<param argument=\"--threads\" type=\"integer\" value=\"1\" label=\"Threads\"/>",
		FixSafety: "Advisory only: the name is the parameter's identity in the command, the tests and workflows, so only the author can choose it.",
	},
	Run: func(c *lint.Ctx) {
		for el := range inputParams(c) {
			// A param with either attribute has a name.
			if el.Attr("name") != nil || el.Attr("argument") != nil {
				continue
			}
			c.Report("InputsName", el, "Found param input with no name specified.",
				"Add a name attribute (or an argument, from which Galaxy derives the name) that the command can refer to.")
		}
	},
}
