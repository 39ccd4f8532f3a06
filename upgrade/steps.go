package upgrade

import "strings"

// steps lists every upgrade step in code order.
var steps = []*Step{
	GTR007,
	GTR096,
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

// codemodFrom returns the step codemod that advances a tool past profile
// p, or nil.
func codemodFrom(p string) *Step {
	for _, s := range steps {
		if s.Kind == KindCodemod && s.From == p {
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
