package rules

import (
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/rules/lint/conditionals"
	"github.com/galaxy-gtr/gtr/rules/lint/params"
	"github.com/galaxy-gtr/gtr/rules/lint/tests"
	"github.com/galaxy-gtr/gtr/rules/lint/validators"
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
	GTR035_1,
	GTR035_2,
	GTR036,
	GTR037,
	fromLint(validators.Compatibility),
	fromLint(validators.Text),
	fromLint(validators.Expression),
	fromLint(validators.RequiredAttributes),
	fromLint(conditionals.TestParamType),
	fromLint(conditionals.TestParamAttributes),
	fromLint(conditionals.Branches),
	fromLint(params.ChildElements),
	fromLint(params.DataOptions),
	fromLint(params.BooleanValues),
	fromLint(params.SelectDisplay),
	GTR106,
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
