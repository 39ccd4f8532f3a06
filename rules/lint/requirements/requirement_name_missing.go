package requirements

import "github.com/galaxy-gtr/gtr/rules/lint"

// RequirementNameMissing is GTR046: a package requirement that names no
// package.
var RequirementNameMissing = &lint.Check{
	Code:    "GTR046",
	Name:    "requirement-name-missing",
	Summary: "A package <requirement> must name its package.",
	Linters: []string{"RequirementNameMissing"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-requirements-requirement",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a <requirement> of type package (the default) whose text, the package name, is " +
			"empty after macro expansion, as Galaxy's RequirementNameMissing linter does.",
		Why: "A requirement without a name resolves to nothing: Conda and the container resolvers skip " +
			"or fail on it, and the tool runs without the software it needs.",
		Example:   "<requirement type=\"package\" version=\"1.21\"/>\n→\n<requirement type=\"package\" version=\"1.21\">samtools</requirement>",
		FixSafety: "Advisory only: which package the tool needs is the author's to say.",
	},
	Run: func(c *lint.Ctx) {
		for _, r := range packages(c) {
			if r.name != "" {
				continue
			}
			c.ReportText("RequirementNameMissing", r.el, "Requirement without name found",
				"Write the package's name (its Bioconda or conda-forge name) as the <requirement>'s text, or remove the requirement.")
		}
	},
}
