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
	{"16_04_fix_interpreter", usesInterpreter},
	{"16_04_ready_interpreter", readyInterpreter},
	{"16_04_consider_implicit_extra_file_collection", implicitOutputs},
	{"16_04_fix_output_format", formatInput},
	{"16_04_exit_code", stderrErrors},
	{"17_09_consider_provided_metadata_style", metadataStyle},
	{"18_01_consider_home_directory", sharedHome},
	{"18_09_consider_python_environment", dataManagerEnv},
	{"20_05_consider_inputs_as_json_changes", inputsJSON},
	{"20_09_consider_output_collection_order", collectionOrder},
	{"20_09_consider_set_e", setE},
	{"21_09_fix_from_work_dir_whitespace", workDirSpace},
	{"21_09_consider_python_environment", dataSourceEnv},
	{"23_0_consider_optional_text", inferredOptionalText},
	{"24_0_consider_python_environment", asyncSourceEnv},
	{"24_0_request_cleaning", requestCleaning},
	{"24_2_fix_test_case_validation", detectTestCaseValidation},
	{"26_0_fix_unqualified_structured_like", unqualifiedStructuredLike},
}

// Applies reports whether Galaxy's behaviour code applies to the tool. A
// code without a detector applies: nothing rules it out.
func Applies(code string, d *Doc) bool {
	if v, ok := d.applies[code]; ok {
		return v
	}
	v := true
	for _, det := range detectors {
		if det.code == code {
			v = det.applies(d)
			break
		}
	}
	if d.applies == nil {
		d.applies = map[string]bool{}
	}
	d.applies[code] = v
	return v
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
