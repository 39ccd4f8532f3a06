package params

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
	"github.com/galaxy-gtr/gtr/rules/lint/validators"
)

// OptionsFilterRegex is GTR078: a regexp <filter> of dynamic <options>
// whose value Python's re module does not compile.
var OptionsFilterRegex = &lint.Check{
	Code:    "GTR078",
	Name:    "options-filter-regex",
	Summary: "A regexp <options>/<filter> value must be a valid regular expression.",
	Linters: []string{"InputsOptionsRegexFilterExpression"},
	Cite:    dynamicOptionsURL,
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Checks the value of each <filter type=\"regexp\"> of an input param's <options> as Python's " +
			"re.compile does (CPython 3.11's syntax, ported to Go, the same reader as GTR067's regex " +
			"validators) and reports the error Python raises, with its position (planemo's " +
			"InputsOptionsRegexFilterExpression). Python's syntax is not " +
			"Go's: Python accepts backreferences, lookarounds and atomic groups and rejects a misplaced " +
			"(?i) or an unknown escape such as \\q. A pattern Python compiles with a FutureWarning is " +
			"accepted, as Galaxy accepts it. The value is checked as written: Galaxy first substitutes the " +
			"user's details ($__user_email__, $__user_name__, $__user_id__ and the like) with Python's " +
			"string.Template, which leaves every other $ alone and makes $$ a $: a pattern's validity does " +
			"not depend on it unless a detail holds regex syntax. The semantics " +
			"follow Galaxy's loader (dynamic_options.py, RegexpFilter), since the linter's own source " +
			"(Galaxy 26.0) is newer than every Galaxy source stored here; the message is gtr's.",
		Why: "Galaxy compiles the pattern each time it builds the select's options: a pattern Python " +
			"rejects raises re.error there, and the tool form fails to load its options for every user.",
		Example: "<filter type=\"regexp\" column=\"0\" value=\"^(hg19|hg38\"/>\n→\n" +
			"<filter type=\"regexp\" column=\"0\" value=\"^(hg19|hg38)\"/>",
		FixSafety: "None: advisory. A corrected pattern may match other options, which only the author can judge.",
	},
	Run: func(c *lint.Ctx) {
		for _, f := range optionFilters(c) {
			if f.ftype != "regexp" {
				continue
			}
			// A regexp filter without a value is GTR077's finding.
			value, ok := f.el.Get("value")
			if !ok {
				continue
			}
			msg := validators.PyRegexError(value)
			if msg == "" {
				continue
			}
			c.ReportAttr("InputsOptionsRegexFilterExpression", f.el, "value",
				fmt.Sprintf("Parameter [%s]: the regexp filter's value '%s' is no valid regular expression: %s", f.param.name, value, msg),
				"Correct the pattern so that Python's re module compiles it (Python's syntax, not Go's or POSIX's).")
		}
	},
}
