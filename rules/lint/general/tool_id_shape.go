package general

import (
	"fmt"
	"regexp"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// idShape is the id the IUC asks for: lowercase ASCII letters, digits and
// _.+- only.
var idShape = regexp.MustCompile(`^[a-z0-9_.+-]+$`)

// ToolIDShape is GTR023: a tool id with whitespace (Galaxy's
// ToolIDWhitespace) or, without whitespace, characters outside
// [a-z0-9_.+-].
var ToolIDShape = &lint.Check{
	Code:    "GTR023",
	Name:    "tool-id-shape",
	Summary: "Tool id should use lowercase letters, digits, and '_.+-' ([a-z0-9_.+-]+).",
	Linters: []string{"ToolIDValid", "ToolIDWhitespace"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a tool id (after macro expansion) that holds whitespace, as Galaxy's " +
			"ToolIDWhitespace linter does, and otherwise an id with characters other than lowercase " +
			"letters, digits and _.+- (a gtr finding: Galaxy accepts it).",
		Why: "The id is part of the tool's GUID in the Tool Shed and of URLs, job records and workflow " +
			"steps; whitespace breaks some of them, and uppercase or other punctuation make ids that " +
			"differ only in case, which the IUC's guidelines rule out.",
		Example: "<tool id=\"Codon count\" name=\"Codon count\" version=\"1.0\">\n→\n<tool id=\"codon_count\" name=\"Codon count\" version=\"1.0\">",
		FixSafety: "Advisory only: renaming a tool's id makes it a new tool; installed copies, workflows and " +
			"histories keep the old one.",
	},
	Run: func(c *lint.Ctx) {
		id, _ := attr(c, "id")
		// An empty id is GTR095's; a token that did not expand is unknown.
		if id == "" || unexpanded(c, id) {
			return
		}
		if hasPySpace(id) {
			c.ReportAttr("ToolIDWhitespace", c.Root, "id",
				fmt.Sprintf("Tool ID contains whitespace - this is discouraged: [%s].", id),
				"Replace the whitespace in the id with underscores, and keep it lowercase (for example id=\"codon_count\").")
			return
		}
		if idShape.MatchString(id) {
			return
		}
		c.ReportAttr("", c.Root, "id",
			fmt.Sprintf("Tool id [%s] has characters other than lowercase letters, digits and '_.+-'.", id),
			"Write the id in lowercase ASCII letters, digits and _.+- only (for example Basicplot → basicplot).")
	},
}
