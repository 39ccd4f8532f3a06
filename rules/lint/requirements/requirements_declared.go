package requirements

import "github.com/galaxy-gtr/gtr/rules/lint"

// RequirementsDeclared is GTR025: a tool that says nothing of the software
// it runs.
var RequirementsDeclared = &lint.Check{
	Code:    "GTR025",
	Name:    "requirements-declared",
	Summary: "Tool should declare <requirements> (a requirement or a container).",
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-requirements",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a tool of a type that runs a command (default and manage_data) whose expanded " +
			"<requirements> holds no <requirement> and no <container>. Galaxy has no linter for it.",
		Why: "Without requirements, the tool runs whatever its Galaxy server happens to have on the " +
			"PATH: Conda, Docker and Singularity resolution have nothing to resolve, and the tool's " +
			"results depend on the server.",
		Example:   "<tool id=\"t\" …>\n  <command>samtools sort …</command>\n→\n<tool id=\"t\" …>\n  <requirements>\n    <requirement type=\"package\" version=\"1.21\">samtools</requirement>\n  </requirements>\n  <command>samtools sort …</command>",
		FixSafety: "Advisory only: the packages and versions a tool needs are known to its author, not to gtr.",
	},
	Run: func(c *lint.Ctx) {
		// Data sources and the other special types run no command of their own.
		if !c.ToolTypeIn(lint.DefaultTypes...) || c.Partial() {
			return
		}
		reqs := lint.Child(c.Root, "requirements")
		if lint.Child(reqs, "requirement") != nil || lint.Child(reqs, "container") != nil {
			return
		}
		at := reqs
		if at == nil {
			at = c.Root
		}
		c.Report("", at, "Tool declares no requirement and no container.",
			"Add <requirements> with a <requirement type=\"package\" version=\"…\"> for each program the command runs (or a <container>).")
	},
}
