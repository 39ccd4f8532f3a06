package help

import (
	"strings"
	"unicode"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// HelpMissing is GTR028: a tool without a <help>, or with one that holds
// only whitespace.
var HelpMissing = &lint.Check{
	Code:    "GTR028",
	Name:    "help-missing",
	Summary: "Tool should provide non-empty <help>.",
	Linters: []string{"HelpMissing", "HelpEmpty"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-help",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a tool (default and manage_data types, as Galaxy's help linters) whose expanded view has " +
			"no <help> child (HelpMissing), or whose first <help> has only whitespace before its first child " +
			"(HelpEmpty).",
		Why: "The help is what a Galaxy user reads under the tool form: what the tool does, its inputs and " +
			"outputs, whom to cite. planemo lint warns when it is missing or empty.",
		Example:   "<tool id=\"t\" ...>\n  …\n  <help></help>\n</tool>\n→\n<tool id=\"t\" ...>\n  …\n  <help><![CDATA[\n**What it does**\n\nCounts the lines of a dataset.\n]]></help>\n</tool>",
		FixSafety: "Advisory only: the help describes the tool, which only its author can do.",
	},
	Run: func(c *lint.Ctx) {
		// Galaxy's help module lints the default and manage_data types only.
		if !c.ToolTypeIn(lint.DefaultTypes...) {
			return
		}
		help := lint.Child(c.Root, "help")
		if help == nil {
			// A tool that did not expand may get its <help> from a macro.
			if c.Partial() {
				return
			}
			c.Report("HelpMissing", c.Root, "No help section found, consider adding a help section to your tool.",
				"Add a <help> section (reStructuredText in CDATA) saying what the tool does and how to use it.")
			return
		}
		// Python's str.strip removes Unicode whitespace, not just ASCII.
		if strings.TrimFunc(help.Text, unicode.IsSpace) == "" {
			c.Report("HelpEmpty", help, "Help section appears to be empty.",
				"Write the help inside <help>: what the tool does, its inputs and outputs.")
		}
	},
}
