package general

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// ToolVersionPEP440 is GTR024: a tool version that PEP 440 does not
// accept.
var ToolVersionPEP440 = &lint.Check{
	Code:    "GTR024",
	Name:    "tool-version-pep440",
	Summary: "Tool version should be PEP 440 or a @...@ version macro.",
	Linters: []string{"ToolVersionPEP404"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a tool version (after macro expansion) that packaging.version.Version rejects, " +
			"as Galaxy's ToolVersionPEP404 linter does. A @TOKEN@ version of a tool that did not expand " +
			"is left alone.",
		Why: "Galaxy and the Tool Shed order tool versions with PEP 440: a version outside it is compared " +
			"as a legacy string, so the newest version of a tool may not be the one offered by default.",
		Example:   "<tool id=\"t\" name=\"T\" version=\"1.4.6.p5\">\n→\n<tool id=\"t\" name=\"T\" version=\"1.4.6.post5\">",
		FixSafety: "Advisory only: changing a version changes the tool's identity in every installed Galaxy.",
	},
	Run: func(c *lint.Ctx) {
		v, _ := attr(c, "version")
		// An empty version is GTR095's; a token that did not expand is unknown.
		if v == "" || unexpanded(c, v) {
			return
		}
		if isPEP440(v) {
			return
		}
		c.ReportAttr("ToolVersionPEP404", c.Root, "version",
			fmt.Sprintf("Tool version [%s] is not compliant with PEP 440.", v),
			"Write the version as PEP 440 allows: release numbers with optional a/b/rc, .postN, .devN and a +local suffix (1.4.6.p5 → 1.4.6.post5, 2.1.6.g0 → 2.1.6+g0).")
	},
}
