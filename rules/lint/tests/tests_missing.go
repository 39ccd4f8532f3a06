package tests

import "github.com/galaxy-gtr/gtr/rules/lint"

// TestsMissing is GTR021: a tool without a functional test.
var TestsMissing = &lint.Check{
	Code:    "GTR021",
	Name:    "tests-missing",
	Summary: "Tool should ship at least one functional <test>.",
	Linters: []string{"TestsMissing"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-tests",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a tool with no <test> inside <tests> (data source tools excepted, as in Galaxy's " +
			"TestsMissing linter, which they fail differently).",
		Why: "Without a test, neither the IUC's CI nor planemo test can tell that the tool runs, and a " +
			"change to its command goes out unchecked; planemo lint warns.",
		Example:   "<tool id=\"t\" ...>\n  <command>…</command>\n</tool>\n→ add\n  <tests>\n    <test>\n      <param name=\"input\" value=\"in.txt\"/>\n      <output name=\"out\" file=\"out.txt\"/>\n    </test>\n  </tests>",
		FixSafety: "Advisory only: a test needs real inputs and outputs, which only the author has.",
	},
	Run: func(c *lint.Ctx) {
		if !c.ToolTypeIn(lint.TestsTypes...) || c.ToolType() == "data_source" {
			return
		}
		if len(testCases(c)) > 0 || c.Partial() {
			return
		}
		at := lint.Child(c.Root, "tests")
		if at == nil {
			at = c.Root
		}
		c.Report("TestsMissing", at, "No tests found, most tools should define test cases.",
			"Add a <tests> section with at least one <test> that runs the tool on small inputs and checks its outputs.")
	},
}
