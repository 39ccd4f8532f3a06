package stdio

import (
	"fmt"
	"strings"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// DetectErrorsNotAggressive is GTR109: a detect_errors that checks less
// than "aggressive", or that Galaxy rejects.
var DetectErrorsNotAggressive = &lint.Check{
	Code:    "GTR109",
	Name:    "detect-errors-not-aggressive",
	Summary: "detect_errors should be \"aggressive\": exit_code misses errors reported on stderr, default adds nothing.",
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-command",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a <command detect_errors> (after macro expansion) that is not \"aggressive\": " +
			"\"exit_code\" (unless the tool's <stdio> has a <regex> of its own on stderr), \"default\" " +
			"(which is the same as leaving it out), and any other value, which Galaxy rejects when it " +
			"loads the tool. Galaxy has no linter for it; a missing detect_errors is GTR026's.",
		Why: "\"exit_code\" fails a job on a non-zero exit code only; \"aggressive\" also fails it on " +
			"\"Exception:\" or \"Error:\" on stderr and on out-of-memory messages, " +
			"the signs of programs that fail but exit 0. Galaxy's parse_stdio raises on an unknown " +
			"value, so a tool with detect_errors=\"Aggressive\" does not load at all.",
		Example:   "<command detect_errors=\"exit_code\">…</command>\n→\n<command detect_errors=\"aggressive\">…</command>",
		FixSafety: "Advisory only: aggressive detection fails jobs whose program prints such lines in normal runs; only the author knows whether it does.",
	},
	Run: func(c *lint.Ctx) {
		if !c.ToolTypeIn(lint.DefaultTypes...) {
			return
		}
		d := detectErrors(c)
		// Absent is GTR026's; aggressive is the aim; a token is unknown.
		if d == "" || d == "aggressive" || (c.Partial() && strings.Contains(d, "@")) {
			return
		}
		cmd := lint.Child(c.Root, "command")
		switch d {
		case "exit_code":
			if stderrRegex(c) {
				return
			}
			c.ReportAttr("", cmd, "detect_errors",
				"detect_errors=\"exit_code\" fails a job on its exit code only: errors the program reports on stderr while exiting 0 pass as success.",
				"Use detect_errors=\"aggressive\", which also fails the job on Error:/Exception: lines and out-of-memory messages on stderr, unless the program prints those in normal runs.")
		case "default":
			c.ReportAttr("", cmd, "detect_errors",
				"detect_errors=\"default\" adds nothing: it is the same as leaving the attribute out, and the profile decides.",
				"Use detect_errors=\"aggressive\" (or \"exit_code\") to say how the tool fails, or remove the attribute.")
		default:
			c.ReportAttr("", cmd, "detect_errors",
				fmt.Sprintf("detect_errors=%q is not a value Galaxy knows (default, exit_code, aggressive): the tool will not load.", d),
				"Write one of Galaxy's values, in lowercase: detect_errors=\"aggressive\" or \"exit_code\".")
		}
	},
}

// stderrRegex reports whether the tool's <stdio> holds a <regex> that reads
// stderr (Galaxy's default source is both streams).
func stderrRegex(c *lint.Ctx) bool {
	for _, r := range lint.Path(c.Root, "stdio/regex") {
		s := lint.Get(r, "source")
		if s == "" || strings.Contains(s, "stderr") || s == "both" {
			return true
		}
	}
	return false
}
