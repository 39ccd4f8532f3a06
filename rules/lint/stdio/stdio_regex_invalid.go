package stdio

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// StdioRegexInvalid is GTR053: a <stdio> <regex> whose match Python cannot
// compile.
var StdioRegexInvalid = &lint.Check{
	Code:    "GTR053",
	Name:    "stdio-regex-invalid",
	Summary: "A <stdio> <regex match> should be a valid regular expression.",
	Linters: []string{"StdIORegex"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-stdio-regex",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a <regex> child of the tool's only <stdio> whose match attribute Python's " +
			"re.compile rejects, as Galaxy's StdIORegex linter does (which it skips when there are " +
			"several <stdio>). gtr reads Python's syntax itself and stays silent on the syntax whose " +
			"acceptance depends on the Python version (verbose mode, possessive quantifiers, atomic " +
			"groups, inline flags past the start).",
		Why: "Galaxy compiles the expressions when the job ends: an invalid one fails the job's " +
			"finishing, not the tool's loading, so a typo surfaces only on a server, on someone's data.",
		Example:   "<regex match=\"*error\" source=\"stderr\" level=\"fatal\"/>\n→\n<regex match=\".*error\" source=\"stderr\" level=\"fatal\"/>",
		FixSafety: "Advisory only: what the expression was meant to match is the author's to say.",
	},
	Run: func(c *lint.Ctx) {
		if !c.ToolTypeIn(lint.DefaultTypes...) {
			return
		}
		all := lint.Children(c.Root, "stdio")
		// With several <stdio>, Galaxy's behaviour is undefined and it skips these.
		if len(all) != 1 {
			return
		}
		for _, r := range lint.Children(all[0], "regex") {
			m := lint.Get(r, "match")
			if m == "" {
				continue
			}
			why := pyRegexError(m)
			if why == "" {
				continue
			}
			c.ReportAttr("StdIORegex", r, "match",
				fmt.Sprintf("Match '%s' is no valid regular expression: %s", m, why),
				"Correct the expression in Python's re syntax (escape a literal *, +, ?, ( or [ with a backslash).")
		}
	},
}
