// Package citations holds the checks of a tool's <citations> (Galaxy's
// linters/citations.py).
package citations

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// CitationsMissing is GTR038: a tool with no citation to give, or an
// empty one.
var CitationsMissing = &lint.Check{
	Code:    "GTR038",
	Name:    "citations-missing",
	Summary: "Tool should declare a non-empty <citation> (doi/bibtex).",
	Linters: []string{"CitationsMissing", "CitationsNoText", "CitationsNoValid"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-citations",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports, after macro expansion and as Galaxy's citation linters do: a tool with no " +
			"<citations> (CitationsMissing), a <citations> with no child at all (CitationsNoValid), and " +
			"a doi or bibtex <citation> whose text is blank (CitationsNoText). Galaxy lints citations " +
			"of default and manage_data tools only.",
		Why: "Galaxy shows a tool's citations on every dataset it made and exports them for the " +
			"methods section of a paper: without them, the people who wrote the software go uncredited " +
			"in the work it enabled.",
		Example:   "<tool id=\"t\" …>\n  …\n</tool>\n→\n<tool id=\"t\" …>\n  …\n  <citations>\n    <citation type=\"doi\">10.1093/bioinformatics/btp352</citation>\n  </citations>\n</tool>",
		FixSafety: "Advisory only: the right reference is the software's paper, which only its author can pick.",
	},
	Run: func(c *lint.Ctx) {
		if !c.ToolTypeIn(lint.DefaultTypes...) {
			return
		}
		all := lint.Children(c.Root, "citations")
		// Absent citations may be in a macro of a tool that did not expand.
		if len(all) == 0 {
			if !c.Partial() {
				c.Report("CitationsMissing", c.Root, "No citations found, consider adding citations to your tool.",
					"Add <citations> with a <citation type=\"doi\"> (or type=\"bibtex\") for the paper of the software the tool wraps.")
			}
			return
		}
		// Galaxy reads the first <citations> for empty citations and counts
		// the children of the only one for none at all.
		for _, k := range all[0].Children {
			t, _ := k.Get("type")
			if k.PI || (t != "doi" && t != "bibtex") || strings.TrimFunc(k.Text, pySpace) != "" {
				continue
			}
			c.ReportText("CitationsNoText", k, fmt.Sprintf("Empty %s citation.", t),
				fmt.Sprintf("Write the %s inside the <citation>, or remove the empty element.", map[string]string{"doi": "DOI (10.xxxx/…)", "bibtex": "BibTeX entry"}[t]))
		}
		if len(all) == 1 && len(all[0].Children) == 0 {
			c.Report("CitationsNoValid", all[0], "Found no valid citations.",
				"Add a <citation type=\"doi\"> (or type=\"bibtex\") inside <citations>, or remove the empty <citations>.")
		}
	},
}

// pySpace reports whether r is whitespace to Python's str.strip().
func pySpace(r rune) bool { return unicode.IsSpace(r) || (r >= 0x1c && r <= 0x1f) }
