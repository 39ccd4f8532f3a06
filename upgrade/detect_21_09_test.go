package upgrade

import "testing"

func TestDetect21_09(t *testing.T) {
	runDetectCases(t, "21_09_fix_from_work_dir_whitespace", []detectCase{
		{"trailing space", xmlTool("", `<outputs><data name="o" from_work_dir="out.txt "/></outputs>`), nil, true},
		{"leading tab", xmlTool("", "<outputs><data name=\"o\" from_work_dir=\"&#9;out.txt\"/></outputs>"), nil, true},
		{"output type data", xmlTool("", `<outputs><output name="o" type="data" from_work_dir=" out.txt"/></outputs>`), nil, true},
		{"clean", xmlTool("", `<outputs><data name="o" from_work_dir="out dir/out.txt"/></outputs>`), nil, false},
		{"no from_work_dir", xmlTool("", `<outputs><data name="o"/></outputs>`), nil, false},
		{"token from a macro file", importing(`<outputs><data name="o" from_work_dir="@OUT@"/></outputs>`), macrosFile(`<token name="@OUT@">out.txt </token>`), true},
		{"clean token from a macro file", importing(`<outputs><data name="o" from_work_dir="@OUT@"/></outputs>`), macrosFile(`<token name="@OUT@">out.txt</token>`), false},
		{"import missing", xmlTool("", missingImport), nil, true},
		{"unexpanded, token", unexpanded("", `<outputs><data name="o" from_work_dir="@OUT@"/></outputs>`, ""), nil, true},
		{"unexpanded, clean", unexpanded("", `<outputs><data name="o" from_work_dir="out.txt"/></outputs>`, ""), nil, false},
	})
	runDetectCases(t, "21_09_consider_python_environment", []detectCase{
		{"data source", xmlTool(` tool_type="data_source"`, `<inputs action="https://example.org"/>`), nil, true},
		{"async data source", xmlTool(` tool_type="data_source_async"`, ``), nil, false},
		{"default tool", xmlTool("", `<command>x</command>`), nil, false},
		{"unexpanded, token type", `<tool id="t" name="T" version="1" tool_type="@TYPE@"><macros><token name="@TYPE@">x</token></macros><expand macro="nowhere"/></tool>`, nil, true},
	})
}
