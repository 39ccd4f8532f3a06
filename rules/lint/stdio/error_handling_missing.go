package stdio

import "github.com/galaxy-gtr/gtr/rules/lint"

// ErrorHandlingMissing is GTR026: a tool that leaves Galaxy's default
// error detection implicit.
var ErrorHandlingMissing = &lint.Check{
	Code:    "GTR026",
	Name:    "error-handling-missing",
	Summary: "Tool should declare error handling (detect_errors or <stdio>).",
	Linters: []string{"StdIOAbsence", "StdIOAbsenceLegacy"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-stdio",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a default or manage_data tool with no <stdio> and no detect_errors on <command>, " +
			"the case Galaxy's StdIOAbsence and StdIOAbsenceLegacy linters note at info level. Galaxy " +
			"does not count it as a problem; gtr reports it as advice, saying which default the " +
			"tool's profile gives.",
		Why: "Without either, whether a job fails depends on the profile: up to 16.01 any line on stderr " +
			"fails it (many programs log there), from 16.04 only a non-zero exit code does (so an error " +
			"message on stderr with exit code 0 passes as success). Saying which one the tool wants " +
			"makes its behaviour independent of the profile.",
		Example:   "<command><![CDATA[samtools sort …]]></command>\n→\n<command detect_errors=\"aggressive\"><![CDATA[samtools sort …]]></command>",
		FixSafety: "Advisory only: whether stderr output means failure is a property of the wrapped program, which gtr cannot know.",
	},
	Run: func(c *lint.Ctx) {
		if !c.ToolTypeIn(lint.DefaultTypes...) || c.Partial() {
			return
		}
		if lint.Child(c.Root, "stdio") != nil || detectErrors(c) != "" {
			return
		}
		legacy, ok := legacyProfile(c)
		if !ok {
			return
		}
		msg := "No stdio definition found, tool indicates error conditions with non-zero exit codes."
		if legacy {
			msg = "No stdio definition found, tool indicates error conditions with output written to stderr."
		}
		at := lint.Child(c.Root, "command")
		if at == nil {
			at = c.Root
		}
		c.Report("", at, msg,
			"Say how the tool fails: detect_errors=\"aggressive\" (or \"exit_code\") on <command>, or a <stdio> with the <exit_code> and <regex> rules the program needs.")
	},
}
