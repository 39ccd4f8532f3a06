package upgrade

import "github.com/galaxy-gtr/gtr/rules/testcase"

// detectTestCaseValidation decides 24_2_fix_test_case_validation: from
// profile 24.2 Galaxy validates each test of a tool against the tool's
// parameter model and refuses to load a test that fails (Galaxy's
// ProfileMigration24_2 advises on exactly this). It fires when a test
// fails package testcase's model of that validation, and wherever gtr
// cannot decide: the tool does not expand (Galaxy cannot load it), Galaxy's
// validator raises, or the tool holds a construct the model leaves out.
func detectTestCaseValidation(d *Doc) bool {
	// Without Galaxy's view nothing can be validated.
	if d.View == nil || d.Root == nil {
		return true
	}
	results, err := testcase.Check(d.Root)
	// Galaxy raises, or gtr does not model the tool: count it as failing.
	if err != nil {
		return true
	}
	for _, r := range results {
		if r.Fails() {
			return true
		}
	}
	return false
}
