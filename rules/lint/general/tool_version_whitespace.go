package general

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// ToolVersionWhitespace is GTR047: a tool version with leading or
// trailing whitespace.
var ToolVersionWhitespace = &lint.Check{
	Code:    "GTR047",
	Name:    "tool-version-whitespace",
	Summary: "Tool version should not be wrapped in whitespace.",
	Linters: []string{"ToolVersionWhitespace"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a tool version (after macro expansion, so whitespace inside a @TOOL_VERSION@ token " +
			"counts) that Python's strip() would change, as Galaxy's ToolVersionWhitespace linter does.",
		Why: "Galaxy keeps the version as written: \" 1.0\" and \"1.0\" are different versions of the " +
			"tool to the Tool Shed, to workflows and to the job's recorded provenance.",
		Example: "<tool id=\"t\" name=\"T\" version=\"1.0 \">\n→\n<tool id=\"t\" name=\"T\" version=\"1.0\">",
		FixSafety: "Advisory only, by design: the version is the tool's identity, and trimming it makes a " +
			"different tool version of every installed copy.",
	},
	Run: func(c *lint.Ctx) {
		v, _ := attr(c, "version")
		// Equal to its strip() means no whitespace around it.
		if v == pyStrip(v) {
			return
		}
		c.ReportAttr("ToolVersionWhitespace", c.Root, "version",
			fmt.Sprintf("Tool version is pre/suffixed by whitespace, this may cause errors: [%s].", v),
			"Remove the whitespace around the version (in its token definition when it comes from one).")
	},
}
