package outputs

import "github.com/galaxy-gtr/gtr/rules/lint"

// OutputsMissing is GTR048: a tool without an <outputs> section.
var OutputsMissing = &lint.Check{
	Code:    "GTR048",
	Name:    "outputs-missing",
	Summary: "Tool should define an <outputs> section.",
	Linters: []string{"OutputsMissing"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-outputs",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a tool that has no <outputs> element, as Galaxy's OutputsMissing linter does (an " +
			"empty <outputs/> passes).",
		Why: "A tool that produces nothing in the history is almost always a mistake; planemo lint warns.",
		Example: "<tool id=\"t\" ...>\n  <command>sort $input > $out</command>\n</tool>\n→ add\n  <outputs>\n" +
			"    <data name=\"out\" format=\"txt\"/>\n  </outputs>",
		FixSafety: "Advisory only: what the tool produces, and in which format, only the author knows.",
	},
	Run: func(c *lint.Ctx) {
		// Galaxy's output module lints default and manage_data tools only.
		if !toolTypeOK(c) {
			return
		}
		// An unexpanded macro may be what brings the <outputs>.
		if c.Partial() || lint.Child(c.Root, "outputs") != nil {
			return
		}
		c.Report("OutputsMissing", c.Root, "Tool contains no outputs section, most tools should produce outputs.",
			"Add an <outputs> section declaring each dataset or collection the tool writes.")
	},
}
