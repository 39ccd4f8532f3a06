package command

import "github.com/galaxy-gtr/gtr/rules/lint"

// CommandInterpreterDeprecated is GTR111: a <command> with the deprecated
// interpreter attribute.
var CommandInterpreterDeprecated = &lint.Check{
	Code:    "GTR111",
	Name:    "command-interpreter-deprecated",
	Summary: "A <command> should not use the deprecated 'interpreter' attribute.",
	Linters: []string{"CommandInterpreterDeprecated"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-command",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports the interpreter attribute on a tool's first <command> (any value, empty included, as " +
			"Galaxy's CommandInterpreterDeprecated linter), for the default and manage_data tool types.",
		Why: "Galaxy prepends the interpreter to the command and resolves the script against the tool " +
			"directory, a behaviour deprecated since profile 16.04; writing the interpreter and " +
			"$__tool_directory__ in the command says the same thing explicitly, and planemo lint warns.",
		Example: "<command interpreter=\"python\">script.py '$input'</command>\n→\n<command>python '$__tool_directory__/script.py' '$input'</command>",
		FixSafety: "Advisory only: the rewrite must find the script's path inside a Cheetah template, which the " +
			"command may build conditionally; a wrong guess would change what the job runs.",
	},
	Run: func(c *lint.Ctx) {
		// Galaxy's command module lints the default and manage_data types only.
		if !c.ToolTypeIn(lint.DefaultTypes...) {
			return
		}
		cmd := lint.Child(c.Root, "command")
		if cmd == nil {
			return
		}
		// Galaxy tests the attribute for presence (not None), so an empty
		// value counts.
		if _, ok := cmd.Get("interpreter"); !ok {
			return
		}
		c.ReportAttrName("CommandInterpreterDeprecated", cmd, "interpreter", "Command uses deprecated 'interpreter' attribute.",
			"Remove the interpreter attribute and start the command with the interpreter and the script's path, "+
				"e.g. python '$__tool_directory__/script.py'.")
	},
}
