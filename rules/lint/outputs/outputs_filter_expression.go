package outputs

import (
	"fmt"
	"strings"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// OutputsFilterExpression is GTR052: an output <filter> that is not a
// Python expression.
var OutputsFilterExpression = &lint.Check{
	Code:    "GTR052",
	Name:    "outputs-filter-expression",
	Summary: "An output <filter> should be a valid Python expression.",
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-outputs-data-filter",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a <filter> of an output (./outputs/*/filter) whose text, stripped, is empty or is " +
			"not a Python expression: an unclosed string or bracket, a statement keyword, an assignment, " +
			"a character Python has no token for (such as a Cheetah $), or an operator without an " +
			"operand. The check works on tokens, so it never rejects a valid expression but may miss " +
			"an invalid one a full parser would catch. Galaxy 24.2's linters do not check filters; newer " +
			"Galaxy's OutputsFilterExpression parses them with ast.parse.",
		Why: "Galaxy evaluates the filter when the job is created: one that does not parse fails the job, " +
			"or hides the output, only when a user runs the tool.",
		Example:   "<filter>$options['out'] == 'yes'</filter>\n→\n<filter>options['out'] == 'yes'</filter>",
		FixSafety: "Advisory only: what the filter should say cannot be told from a broken one.",
	},
	Run: func(c *lint.Ctx) {
		if !toolTypeOK(c) {
			return
		}
		for _, o := range lint.Children(c.Root, "outputs") {
			for out := range o.Elements() {
				for _, f := range lint.Children(out, "filter") {
					why := pyExprError(strings.TrimSpace(f.Text))
					if why == "" {
						continue
					}
					c.ReportText("", f, fmt.Sprintf("Filter '%s' is no valid expression: %s", f.Text, why),
						"Write the filter as a Python expression over the tool's parameters, without Cheetah's $ (for example: options['out'] == 'yes').")
				}
			}
		}
	},
}
