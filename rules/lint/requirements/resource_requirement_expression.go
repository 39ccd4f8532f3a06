package requirements

import (
	"regexp"
	"strings"
	"sync"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// pyFloat is what Python's float() accepts once stripped: decimal numbers
// with digit-separating underscores and an optional exponent, or inf,
// infinity and nan in any case, each with an optional sign. Compiled on
// first use (see dockerImage).
var pyFloat = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[+-]?(?:(?:[0-9](?:_?[0-9])*(?:\.(?:[0-9](?:_?[0-9])*)?)?|\.[0-9](?:_?[0-9])*)(?:[eE][+-]?[0-9](?:_?[0-9])*)?|(?i:inf|infinity|nan))$`)
})

// ResourceRequirementExpression is GTR110: a <resource> whose value is not
// a number.
var ResourceRequirementExpression = &lint.Check{
	Code:    "GTR110",
	Name:    "resource-requirement-expression",
	Summary: "A <resource> requirement should be a number: expressions are not supported yet.",
	Linters: []string{"ResourceRequirementExpression"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-requirements-resource",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a <resource> in <requirements> whose text (stripped) Python's float() does not " +
			"accept — an expression, a unit such as 8G, or nothing — as Galaxy's " +
			"ResourceRequirementExpression linter does.",
		Why: "Galaxy reads a resource requirement that is not a number as a runtime expression, which it " +
			"cannot evaluate yet: asking the job for its value raises an error instead of sizing the job.",
		Example:   "<resource type=\"cores_min\">$(inputs.threads)</resource>\n→\n<resource type=\"cores_min\">4</resource>",
		FixSafety: "Advisory only: the number the job needs is the author's estimate.",
	},
	Run: func(c *lint.Ctx) {
		for _, el := range lint.Path(lint.Child(c.Root, "requirements"), "resource") {
			v := xmlText(el)
			// A token that did not expand may well be a number.
			if pyFloat().MatchString(v) || (c.Partial() && strings.Contains(v, "@")) {
				continue
			}
			c.ReportText("ResourceRequirementExpression", el, "Expressions in resource requirement not supported yet",
				"Write the resource as a plain number (cores, or MB for ram_min/ram_max, for example <resource type=\"cores_min\">4</resource>); Galaxy cannot evaluate expressions here yet.")
		}
	},
}
