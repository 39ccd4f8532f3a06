package rules

import (
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/rules/lint/command"
	"github.com/galaxy-gtr/gtr/rules/lint/help"
	"github.com/galaxy-gtr/gtr/rules/lint/macros"
	"github.com/galaxy-gtr/gtr/rules/lint/tests"
)

// All lists every rule, sorted by code. It is the registry: a rule exists
// when it is listed here.
var All = []*Rule{
	GTR001,
	GTR002,
	GTR004,
	GTR005,
	GTR006,
	GTR013,
	GTR017,
	GTR018_1,
	GTR018_2,
	GTR019_1,
	GTR019_2,
	GTR020_1,
	GTR020_2,
	fromLint(tests.TestsMissing),
	fromLint(help.HelpMissing),
	fromLint(command.LoneAmpersand),
	fromLint(command.ParamUnused),
	GTR035_1,
	GTR035_2,
	GTR036,
	GTR037,
	fromLint(command.TodoText),
	fromLint(command.CommandMissing),
	fromLint(command.BooleanGatesOptions),
	fromLint(macros.XMLMacroCheetah),
	fromLint(command.OptionalDefaultBare),
	GTR106,
	fromLint(command.CommandInterpreterDeprecated),
	GTR201,
	GTR202,
	GTR203,
	GTR204,
	GTR205,
	GTR206,
	GTR207,
	GTR208,
}

// Lookup returns the rule with the given code (case-insensitive), or nil.
func Lookup(code string) *Rule {
	code = strings.ToUpper(strings.TrimSpace(code))
	for _, r := range All {
		if r.Code == code {
			return r
		}
	}
	return nil
}

// Children returns the partition halves of a parent code, in code order.
func Children(parent string) []*Rule {
	parent = strings.ToUpper(parent)
	var out []*Rule
	for _, r := range All {
		if r.Parent == parent {
			out = append(out, r)
		}
	}
	return out
}

// sortByOrder sorts rules by application order, then code.
func sortByOrder(rs []*Rule) {
	slices.SortStableFunc(rs, func(a, b *Rule) int {
		if a.Order != b.Order {
			return a.Order - b.Order
		}
		return strings.Compare(a.Code, b.Code)
	})
}
