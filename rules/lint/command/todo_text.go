package command

import (
	"strings"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// TodoText is GTR039: 'TODO' left in a tool's <command> or <help>.
var TodoText = &lint.Check{
	Code:    "GTR039",
	Name:    "todo-text",
	Summary: "<command>/<help> should not contain 'TODO' placeholder text.",
	Linters: []string{"CommandTODO", "HelpTODO"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-command",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports the text of a tool's first <command> (CommandTODO) or first <help> (HelpTODO) when it " +
			"contains the letters TODO (case-sensitive, anywhere, as Galaxy's linters test it), for the " +
			"default and manage_data tool types. Only the text before the element's first child counts, as " +
			"in Galaxy.",
		Why: "A TODO in the command or the help marks a tool that was published unfinished; planemo lint warns " +
			"on it.",
		Example:   "<help>TODO: describe the options</help>\n→\n<help><![CDATA[\n**What it does**\n\nFilters reads by quality.\n]]></help>",
		FixSafety: "Advisory only: what replaces the placeholder is the author's to write.",
	},
	Run: func(c *lint.Ctx) {
		// Galaxy's command and help modules lint these tool types only.
		if !c.ToolTypeIn(lint.DefaultTypes...) {
			return
		}
		if cmd := lint.Child(c.Root, "command"); cmd != nil && strings.Contains(cmd.Text, "TODO") {
			at := strings.Index(cmd.Text, "TODO")
			c.ReportIn("CommandTODO", cmd, at, at+len("TODO"), "Command template contains TODO text.",
				"Finish what the TODO marks in the command template and remove the TODO.")
		}
		if help := lint.Child(c.Root, "help"); help != nil && strings.Contains(help.Text, "TODO") {
			at := strings.Index(help.Text, "TODO")
			c.ReportIn("HelpTODO", help, at, at+len("TODO"), "Help contains TODO text.",
				"Write the help the TODO stands for and remove the TODO.")
		}
	},
}
