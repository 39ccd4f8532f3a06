package general

import "github.com/galaxy-gtr/gtr/rules/lint"

// ToolDescription is GTR029: a tool without a description.
var ToolDescription = &lint.Check{
	Code:    "GTR029",
	Name:    "tool-description",
	Summary: "Tool should provide a non-empty <description>.",
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-description",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a tool (after macro expansion) with no <description>, or whose <description> " +
			"text is blank. Galaxy has no linter for it.",
		Why: "The tool panel shows the description after the name, and the tool search indexes it: " +
			"without one, users see \"Filter\" among many filters and cannot tell what this one does.",
		Example:   "<tool id=\"t\" name=\"Filter\" version=\"1.0\">\n  <command>…\n→\n<tool id=\"t\" name=\"Filter\" version=\"1.0\">\n  <description>rows of a table by a condition</description>\n  <command>…",
		FixSafety: "Advisory only: what the tool does in a few words is for its author to write.",
	},
	Run: func(c *lint.Ctx) {
		// The description may come from a macro that did not expand.
		if c.Partial() {
			return
		}
		if firstWithText(c.Root, "description") != nil {
			return
		}
		at := lint.Child(c.Root, "description")
		if at == nil {
			at = c.Root
		}
		c.Report("", at, "Tool has no description, or an empty one.",
			"Add <description>a few words on what the tool does</description> after the <tool> start tag; the tool panel shows it after the name.")
	},
}
