package upgrade

import (
	"strings"

	"github.com/galaxy-gtr/gtr/rules"
)

// steps lists every upgrade step in code order.
var steps = []*Step{
	GTR007,
	GTR008,
	GTR009,
	GTR010,
	GTR011,
	GTR012,
	GTR014,
	GTR015,
	GTR016,
	GTR093,
	GTR096,
	GTR097,
}

// Steps returns every upgrade step in code order.
func Steps() []*Step { return append([]*Step(nil), steps...) }

// LookupStep returns the step with the given code (case-insensitive), or
// nil.
func LookupStep(code string) *Step {
	for _, s := range steps {
		if strings.EqualFold(s.Code, code) {
			return s
		}
	}
	return nil
}

// runtimeFixesCrossed returns the runtime fixes whose profile a move from
// baseline to reached crosses (baseline < From <= reached), in code
// order.
func runtimeFixesCrossed(baseline, reached string) []*Step {
	var out []*Step
	for _, s := range steps {
		if s.Kind == KindRuntimeFix && less(baseline, s.From) && !less(reached, s.From) {
			out = append(out, s)
		}
	}
	return out
}

// FamilyUpgrade is the family of the upgrade steps in rule listings.
const FamilyUpgrade rules.Family = "upgrade"

// Rule returns s as a rule description, for listings and "gtr explain":
// family upgrade, fixable, in no ruleset. It is not a rule that runs.
func (s *Step) Rule() *rules.Rule {
	return &rules.Rule{Code: s.Code, Name: s.Name, Summary: s.Summary, Family: FamilyUpgrade, Fix: rules.FixSometimes,
		Planemo: s.Planemo, Since: s.Since, Cite: s.Cite, Doc: s.Doc, Changes: s.Changes}
}

// FixedBy returns the runtime fix that clears the behaviour code called
// name, or nil.
func FixedBy(name string) *Step {
	for _, s := range steps {
		if s.Kind == KindRuntimeFix && s.Clears == name {
			return s
		}
	}
	return nil
}
