package command

import "github.com/galaxy-gtr/gtr/rules/lint"

// CommandMissing is GTR044: a tool without a <command>, or with one that
// holds no text.
var CommandMissing = &lint.Check{
	Code:    "GTR044",
	Name:    "command-missing",
	Summary: "Tool should define a non-empty <command>.",
	Linters: []string{"CommandMissing", "CommandEmpty"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-command",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a tool (default and manage_data types, as Galaxy's command linters) whose expanded view " +
			"has no <command> child (CommandMissing), or whose first <command> has no text before its first " +
			"child (CommandEmpty).",
		Why: "The command template is what Galaxy runs: without it the job has nothing to execute, and " +
			"planemo lint fails the tool with an error.",
		Example:   "<tool id=\"t\" ...>\n  <inputs>…</inputs>\n</tool>\n→\n<tool id=\"t\" ...>\n  <command><![CDATA[tool '$input' > '$output']]></command>\n  <inputs>…</inputs>\n</tool>",
		FixSafety: "Advisory only: the command line is the tool's behaviour, which only its author can write.",
	},
	Run: func(c *lint.Ctx) {
		// Galaxy's command module lints the default and manage_data types only.
		if !c.ToolTypeIn(lint.DefaultTypes...) {
			return
		}
		cmd := lint.Child(c.Root, "command")
		if cmd == nil {
			// A tool that did not expand may get its <command> from a macro.
			if c.Partial() {
				return
			}
			c.Report("CommandMissing", c.Root, "No command tag found, must specify a command template to execute.",
				"Add a <command> holding the command line template that runs the tool.")
			return
		}
		// Galaxy tests the element's text for None: whitespace is a command
		// to it, and so is text after a child element.
		if cmd.Text == "" {
			c.Report("CommandEmpty", cmd, "Command is empty.",
				"Write the command line template inside <command>, or remove the tool if it runs nothing.")
		}
	},
}
