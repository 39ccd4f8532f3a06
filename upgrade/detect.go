package upgrade

// detector decides whether one of Galaxy's behaviour codes applies to a
// tool: whether the behaviour that changes at the code's profile is one
// the tool relies on or meets.
type detector struct {
	code    string
	applies func(d *Doc) bool
}

// detectors lists a detector for every code of the catalogue, in its
// order (TestEveryCodeDetected). Each reads d.Root: Galaxy's expanded
// view, or the tool's own tree when it does not expand, and then it must
// not under-report: what it cannot see (an element from a macro that did
// not expand) counts as present.
var detectors = []detector{
	{"24_2_fix_test_case_validation", detectTestCaseValidation},
}

// Applies reports whether Galaxy's behaviour code applies to the tool. A
// code without a detector applies: nothing rules it out.
func Applies(code string, d *Doc) bool {
	for _, det := range detectors {
		if det.code == code {
			return det.applies(d)
		}
	}
	return true
}

// Tripped returns the names of the catalogue's codes that apply to the
// tool, in catalogue order.
func Tripped(d *Doc) []string {
	var out []string
	for _, c := range catalogue {
		if Applies(c.Name, d) {
			out = append(out, c.Name)
		}
	}
	return out
}
