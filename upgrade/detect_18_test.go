package upgrade

import "testing"

func TestDetect18(t *testing.T) {
	runDetectCases(t, "18_01_consider_home_directory", []detectCase{
		{"command", xmlTool("", `<command>x</command>`), nil, true},
		{"shared home", xmlTool("", `<command use_shared_home="true">x</command>`), nil, false},
		{"job home", xmlTool("", `<command use_shared_home="false">x</command>`), nil, false},
		{"no command", xmlTool("", `<inputs/>`), nil, false},
		{"from a macro file", importing(`<expand macro="cmd"/>`), macrosFile(`<xml name="cmd"><command>x</command></xml>`), true},
		{"shared home from a macro file", importing(`<expand macro="cmd"/>`), macrosFile(`<xml name="cmd"><command use_shared_home="true">x</command></xml>`), false},
		{"import missing", xmlTool("", missingImport), nil, true},
		{"import missing, set in place", xmlTool("", `<command use_shared_home="true">x</command>`+missingImport), nil, false},
		{"unexpanded, in a macro", unexpanded(`<xml name="c"><command>x</command></xml>`, "", ""), nil, true},
		{"unexpanded, no command anywhere", unexpanded("", `<inputs/>`, ""), nil, false},
	})
	runDetectCases(t, "18_09_consider_python_environment", []detectCase{
		{"data manager", xmlTool(` tool_type="manage_data"`, `<command>x</command>`), nil, true},
		{"default tool", xmlTool("", `<command>x</command>`), nil, false},
		{"data source", xmlTool(` tool_type="data_source"`, `<command>x</command>`), nil, false},
		{"type from a macro file", `<tool id="t" name="T" version="1" tool_type="@TYPE@"><macros><import>macros.xml</import></macros></tool>`, macrosFile(`<token name="@TYPE@">manage_data</token>`), true},
		{"import missing, literal type", xmlTool("", missingImport), nil, false},
		{"unexpanded, token type", `<tool id="t" name="T" version="1" tool_type="@TYPE@"><macros><token name="@TYPE@">x</token></macros><expand macro="nowhere"/></tool>`, nil, true},
	})
}
