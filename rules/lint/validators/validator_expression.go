package validators

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// Expression is GTR067: an expression or regex validator whose text
// Python rejects, or accepts with a FutureWarning.
var Expression = &lint.Check{
	Code:    "GTR067",
	Name:    "validator-expression",
	Summary: "An expression/regex <validator> body must be valid.",
	Linters: []string{"ValidatorExpression", "ValidatorExpressionFuture"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-inputs-param-validator",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Checks the text of each regex validator as Python's re.compile does and of each expression " +
			"validator as ast.parse(text, mode=\"eval\") does (CPython 3.11, ported to Go). A syntax " +
			"error is Galaxy's ValidatorExpression error; a regex that compiles with a FutureWarning " +
			"(a set such as [[ or -- that a future Python will read as a nested set or a set " +
			"operation) is ValidatorExpressionFuture. Not checked, so accepted: the width of " +
			"look-behinds, \\N{…} character names, the inside of f-strings; the messages of expression " +
			"errors are less specific than CPython's.",
		Why: "Galaxy compiles the validator when a user submits the form: a text Python rejects fails " +
			"the submission with a server error rather than a message, and a FutureWarning pattern " +
			"will change meaning, or fail, under a future Python.",
		Example: "<validator type=\"regex\">^(?i)[a-z]+$</validator>\n→\n" +
			"<validator type=\"regex\">(?i)^[a-z]+$</validator>\n\n" +
			"<validator type=\"regex\">[[]A-Z]+</validator>\n→\n<validator type=\"regex\">[\\[A-Z]+</validator>",
		FixSafety: "Advisory only: a rewritten pattern may match differently, which only the author can judge.",
	},
	Run: func(c *lint.Ctx) {
		for _, v := range validators(c) {
			if !needsText(v.vtype) || v.el.Text == "" {
				continue
			}
			text := v.el.Text
			if v.vtype == "regex" {
				p := pyRegexProblem(text)
				switch {
				case p == nil:
				case p.future:
					c.ReportText("ValidatorExpressionFuture", v.el,
						fmt.Sprintf("Parameter [%s]: '%s' is marked as deprecated regex: %s", v.param, text, p.msg),
						"Escape the [ (or the doubled -, &, ~, |) inside the set, as \\[, so that it stays a literal under future Pythons.")
				default:
					c.ReportText("ValidatorExpression", v.el,
						fmt.Sprintf("Parameter [%s]: '%s' is no valid regex: %s", v.param, text, p.msg),
						"Correct the regular expression so that Python's re module compiles it.")
				}
				continue
			}
			if msg := pyExprProblem(text); msg != "" {
				c.ReportText("ValidatorExpression", v.el,
					fmt.Sprintf("Parameter [%s]: '%s' is no valid expression: %s", v.param, text, msg),
					"Correct the Python expression (value is the param's value); write it on one line, without indentation.")
			}
		}
	},
}
