package upgrade

import "strings"

// workDirSpace: 21_09_fix_from_work_dir_whitespace. From 21.09 Galaxy
// quotes an output's from_work_dir path instead of stripping it first, so
// white space around it becomes part of the file name the job looks for
// (_parse_output). It applies when an output dataset (a <data> anywhere,
// where Galaxy's advisor looks, or an <output type="data">) has a
// from_work_dir= with leading or trailing white space; without the
// expanded view also when one is made by a token or may come from a
// macro file. Galaxy's advisor never gives this advice: it adds a code
// with an empty name instead, which raises.
func workDirSpace(d *Doc) bool {
	// Outputs from a macro file may have one.
	if hidden(d) {
		return true
	}
	for e := range d.Root.Descendants() {
		if !isDataOutput(d, e) || !has(e, "from_work_dir") {
			continue
		}
		v, known := value(d, e, "from_work_dir")
		if !known || v != strings.TrimSpace(v) {
			return true
		}
	}
	return false
}

// dataSourceEnv: 21_09_consider_python_environment. From 21.09 a data
// source tool (tool_type="data_source") runs without Galaxy's virtual
// environment, so it must require galaxy-util itself. It applies to data
// source tools, as Galaxy's advisor says; without the expanded view a
// tool_type made by a token may read "data_source".
func dataSourceEnv(d *Doc) bool { return toolType(d, "data_source") }
