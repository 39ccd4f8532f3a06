package upgrade

import "testing"

func TestDetect16_04(t *testing.T) {
	interp := xmlTool("", `<command interpreter="python">run.py</command>`)
	plain := xmlTool("", `<command>python '$__tool_directory__/run.py'</command>`)
	fromMacro := importing(`<expand macro="cmd"/>`)
	cmdMacro := macrosFile(`<xml name="cmd"><command interpreter="python">run.py</command></xml>`)
	plainMacro := macrosFile(`<xml name="cmd"><command>run.py</command></xml>`)
	runDetectCases(t, "16_04_fix_interpreter", []detectCase{
		{"interpreter", interp, nil, true},
		{"no interpreter", plain, nil, false},
		{"empty interpreter", xmlTool("", `<command interpreter="">run.py</command>`), nil, false},
		{"no command", xmlTool("", `<inputs/>`), nil, false},
		{"from a macro file", fromMacro, cmdMacro, true},
		{"plain from a macro file", fromMacro, plainMacro, false},
		{"import missing", xmlTool("", missingImport), nil, true},
		{"unexpanded, written in a macro", unexpanded(`<xml name="cmd"><command interpreter="perl">x</command></xml>`, ``, ""), nil, true},
		{"unexpanded, plain command in place", unexpanded("", `<command>x</command>`, ""), nil, false},
	})
	runDetectCases(t, "16_04_ready_interpreter", []detectCase{
		{"interpreter", interp, nil, false},
		{"no interpreter", plain, nil, true},
		{"no command", xmlTool("", `<inputs/>`), nil, true},
		{"from a macro file", fromMacro, cmdMacro, false},
		{"plain from a macro file", fromMacro, plainMacro, true},
		{"import missing", xmlTool("", missingImport), nil, false},
	})

	discovered := `<outputs><data name="o" format="txt"><discover_datasets pattern="__name__" directory="out"/></data></outputs>`
	runDetectCases(t, "16_04_consider_implicit_extra_file_collection", []detectCase{
		{"data output", xmlTool("", `<outputs><data name="o" format="txt"/></outputs>`), nil, true},
		{"data in a collection", xmlTool("", `<outputs><collection name="c" type="paired"><data name="forward"/><data name="reverse"/></collection></outputs>`), nil, true},
		{"output type data", xmlTool("", `<outputs><output name="o" type="data"/></outputs>`), nil, true},
		{"discovered", xmlTool("", discovered), nil, false},
		{"collection only", xmlTool("", `<outputs><collection name="c" type="list"><discover_datasets pattern="__name__"/></collection></outputs>`), nil, false},
		{"no outputs", xmlTool("", `<command>true</command>`), nil, false},
		{"from a macro file", importing(`<outputs><expand macro="out"/></outputs>`), macrosFile(`<xml name="out"><data name="o"/></xml>`), true},
		{"discovered from a macro file", importing(`<expand macro="out"/>`), macrosFile(`<xml name="out">` + discovered + `</xml>`), false},
		{"import missing", xmlTool("", missingImport), nil, true},
		{"unexpanded, in a macro", unexpanded(`<xml name="o"><data name="o"/></xml>`, ``, ""), nil, true},
		{"unexpanded, all discovered", unexpanded("", discovered, ""), nil, false},
	})
	runDetectCases(t, "16_04_fix_output_format", []detectCase{
		{"format input", xmlTool("", `<outputs><data name="o" format="input"/></outputs>`), nil, true},
		{"format source", xmlTool("", `<outputs><data name="o" format_source="i"/></outputs>`), nil, false},
		{"collection format input", xmlTool("", `<outputs><collection name="c" type="paired" format="input"><data name="forward"/></collection></outputs>`), nil, true},
		{"output type data", xmlTool("", `<outputs><output name="o" type="data" format="input"/></outputs>`), nil, true},
		{"from a macro file", importing(`<outputs><expand macro="out"/></outputs>`), macrosFile(`<xml name="out"><data name="o" format="input"/></xml>`), true},
		{"token from a macro file", importing(`<outputs><data name="o" format="@FMT@"/></outputs>`), macrosFile(`<token name="@FMT@">input</token>`), true},
		{"other token from a macro file", importing(`<outputs><data name="o" format="@FMT@"/></outputs>`), macrosFile(`<token name="@FMT@">tabular</token>`), false},
		{"import missing", xmlTool("", missingImport), nil, true},
		{"unexpanded, token", unexpanded("", `<outputs><data name="o" format="@FMT@"/></outputs>`, ""), nil, true},
		{"unexpanded, literal", unexpanded("", `<outputs><data name="o" format="txt"/></outputs>`, ""), nil, false},
	})
	runDetectCases(t, "16_04_exit_code", []detectCase{
		{"nothing", xmlTool("", `<command>x</command>`), nil, true},
		{"no command", xmlTool("", `<inputs/>`), nil, true},
		{"stdio", xmlTool("", `<command>x</command><stdio><exit_code range="1:"/></stdio>`), nil, false},
		{"empty stdio", xmlTool("", `<command>x</command><stdio/>`), nil, false},
		{"exit_code", xmlTool("", `<command detect_errors="exit_code">x</command>`), nil, false},
		{"aggressive", xmlTool("", `<command detect_errors="aggressive">x</command>`), nil, false},
		{"default", xmlTool("", `<command detect_errors="default">x</command>`), nil, true},
		{"misplaced stdio", xmlTool("", `<command>x</command><outputs><stdio/></outputs>`), nil, true},
		{"stdio from a macro file", importing(`<command>x</command><expand macro="stdio"/>`), macrosFile(`<xml name="stdio"><stdio><exit_code range="1:"/></stdio></xml>`), false},
		{"detect_errors token from a macro file", importing(`<command detect_errors="@DE@">x</command>`), macrosFile(`<token name="@DE@">exit_code</token>`), false},
		{"import missing", xmlTool("", `<command>x</command>`+missingImport), nil, true},
		{"import missing, stdio in place", xmlTool("", `<command>x</command><stdio/>`+missingImport), nil, false},
		{"unexpanded, stdio in a macro", unexpanded(`<xml name="s"><stdio/></xml>`, `<command>x</command>`, ""), nil, true},
		{"unexpanded, detect_errors token", unexpanded("", `<command detect_errors="@DE@">x</command>`, ""), nil, true},
		{"unexpanded, command after an expand", unexpanded("", "", `<command detect_errors="exit_code">x</command>`), nil, true},
		{"unexpanded, detect_errors in place", unexpanded("", `<command detect_errors="exit_code">x</command>`, ""), nil, false},
	})
}
