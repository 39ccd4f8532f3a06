package upgrade

import "testing"

func TestDetect24_0(t *testing.T) {
	runDetectCases(t, "24_0_consider_python_environment", []detectCase{
		{"async data source", xmlTool(` tool_type="data_source_async"`, ``), nil, true},
		{"data source", xmlTool(` tool_type="data_source"`, ``), nil, false},
		{"default tool", xmlTool("", `<command>x</command>`), nil, false},
		{"type from a macro file", `<tool id="t" name="T" version="1" tool_type="@TYPE@"><macros><import>macros.xml</import></macros></tool>`, macrosFile(`<token name="@TYPE@">data_source_async</token>`), true},
		{"import missing, literal type", xmlTool(` tool_type="data_source"`, missingImport), nil, false},
	})
	runDetectCases(t, "24_0_request_cleaning", []detectCase{
		{"data source", xmlTool(` tool_type="data_source"`, `<request_param_translation/>`), nil, true},
		{"async data source", xmlTool(` tool_type="data_source_async"`, ``), nil, true},
		{"data manager", xmlTool(` tool_type="manage_data"`, ``), nil, false},
		{"default tool", xmlTool("", `<command>x</command>`), nil, false},
		{"type from a macro file", `<tool id="t" name="T" version="1" tool_type="@TYPE@"><macros><import>macros.xml</import></macros></tool>`, macrosFile(`<token name="@TYPE@">data_source</token>`), true},
		{"unexpanded, token type", `<tool id="t" name="T" version="1" tool_type="@TYPE@"><macros><token name="@TYPE@">x</token></macros><expand macro="nowhere"/></tool>`, nil, true},
	})
}
