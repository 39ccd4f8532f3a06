package help

import (
	"strings"
	"unicode"

	"github.com/galaxy-gtr/gtr/cst/rst"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// HelpInvalidRST is GTR089.2: a <help> that is not valid
// reStructuredText as docutils reads it.
var HelpInvalidRST = &lint.Check{
	Code:    "GTR089.2",
	Name:    "help-invalid-rst",
	Summary: "Tool <help> should be valid reStructuredText.",
	Linters: []string{"HelpInvalidRST", "HelpValidRST"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-help",
	Since:   "0.7.0",
	Doc: lint.Doc{
		What: "Reads the text of the tool's <help> (Galaxy's expanded view, unless it is format=\"markdown\") as " +
			"docutils reads it when Galaxy renders the help (gtr's own reader, cst/rst, agrees with docutils 0.19 " +
			"on every corpus help) and reports the first system message of level WARNING or above — the one " +
			"Galaxy's HelpInvalidRST linter quotes, in docutils' words and with its line of the help — at that " +
			"line of the help.",
		Why: "Galaxy renders the help with docutils: a title underline too short, an indentation docutils did not " +
			"expect or unclosed inline markup garbles what users read under the tool form, and planemo lint warns.",
		Example:   "<help><![CDATA[\nUsage\n===\n]]></help>\n→\n<help><![CDATA[\nUsage\n=====\n]]></help>",
		FixSafety: "Advisory here; the deterministic repairs (GTR089.1) come with the help engine.",
	},
	Run: func(c *lint.Ctx) {
		// Galaxy's help module lints the default and manage_data types only.
		if !c.ToolTypeIn(lint.DefaultTypes...) {
			return
		}
		help := lint.Child(c.Root, "help")
		if help == nil || lint.Get(help, "format") == "markdown" {
			return
		}
		// An empty help is HelpEmpty's.
		if strings.TrimFunc(help.Text, unicode.IsSpace) == "" {
			return
		}
		m := rst.Parse(help.Text).Invalid()
		if m == nil {
			return
		}
		c.ReportIn("HelpInvalidRST", help, m.Span.Start, m.Span.End,
			"Invalid reStructuredText found in help - ["+m.String()+"\n].",
			"Fix the reStructuredText at this line of the help, as docutils' message says; `gtr check` reads it as Galaxy renders it.")
	},
}
