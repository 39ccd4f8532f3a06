package requirements

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// RequirementVersionMissing is GTR033: a package requirement without a
// version.
var RequirementVersionMissing = &lint.Check{
	Code:    "GTR033",
	Name:    "requirement-version-missing",
	Summary: "Package <requirement>s should pin a version.",
	Linters: []string{"RequirementVersionMissing"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-requirements-requirement",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a <requirement> of type package (the default) whose version attribute is missing " +
			"or empty after macro expansion, as Galaxy's RequirementVersionMissing linter does.",
		Why: "Without a version, Conda and the container resolvers install whatever is newest on the " +
			"day the tool is installed: two Galaxy servers run different software under one tool " +
			"version, and the tool's tests stop saying anything about either.",
		Example:   "<requirement type=\"package\">samtools</requirement>\n→\n<requirement type=\"package\" version=\"1.21\">samtools</requirement>",
		FixSafety: "Advisory only: the version to pin is the one the wrapper was written and tested against, which only the author knows.",
	},
	Run: func(c *lint.Ctx) {
		for _, r := range packages(c) {
			if r.version != "" {
				continue
			}
			c.ReportAttr("RequirementVersionMissing", r.el, "version",
				fmt.Sprintf("Requirement %s defines no version", r.name),
				"Pin the version the tool was tested with: version=\"X.Y\" on the <requirement> (a @TOOL_VERSION@ token when the tool version follows it).")
		}
	},
}
