package general

import "github.com/galaxy-gtr/gtr/rules/lint"

// ToolIdentityMissing is GTR095: a tool without an id, a name or a
// version, each reported as Galaxy's own linter for it does.
var ToolIdentityMissing = &lint.Check{
	Code:    "GTR095",
	Name:    "tool-identity-missing",
	Summary: "Tool must declare a non-empty id, name, and version.",
	Linters: []string{"ToolIDMissing", "ToolNameMissing", "ToolVersionMissing"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a <tool> whose id, name or version attribute is missing or empty after macro " +
			"expansion. The name falls back to the id, as Galaxy's parse_name does, so a tool with an id " +
			"and no name is not reported for its name.",
		Why: "Galaxy keys a tool by its id and version: without them the tool cannot be installed next to " +
			"another version, referenced from a workflow or tested; planemo lint reports an error.",
		Example:   "<tool id=\"seqtk_seq\" name=\"Convert FASTQ\">\n→\n<tool id=\"seqtk_seq\" name=\"Convert FASTQ\" version=\"1.4+galaxy0\">",
		FixSafety: "Advisory only: the id and version are the tool's identity; only the author can choose them.",
	},
	Run: func(c *lint.Ctx) {
		// An attribute can come from a token of a tool that did not
		// expand: its absence then says nothing.
		if c.Partial() {
			return
		}
		id := lint.Get(c.Root, "id")
		if id == "" {
			c.Report("ToolIDMissing", c.Root, "Tool does not define an id attribute.",
				"Add an id attribute to <tool>: lowercase letters, digits and _.+- (for example id=\"seqtk_seq\").")
		}
		// Galaxy's parse_name: the name attribute, else the id.
		if lint.Get(c.Root, "name") == "" && id == "" {
			c.Report("ToolNameMissing", c.Root, "Tool name is missing or empty.",
				"Add a name attribute to <tool>: the short title users see in the tool panel.")
		}
		if lint.Get(c.Root, "version") == "" {
			c.ReportAttr("ToolVersionMissing", c.Root, "version", "Tool version is missing or empty.",
				"Add a version attribute to <tool>, the wrapped software's version and a wrapper suffix (for example version=\"1.4+galaxy0\").")
		}
	},
}
