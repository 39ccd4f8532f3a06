package upgrade

import "testing"

func TestDetect20(t *testing.T) {
	runDetectCases(t, "20_05_consider_inputs_as_json_changes", []detectCase{
		{"inputs config file", xmlTool("", `<configfiles><inputs name="inputs"/></configfiles>`), nil, true},
		{"template config file", xmlTool("", `<configfiles><configfile name="c">x</configfile></configfiles>`), nil, false},
		{"no config files", xmlTool("", `<command>x</command>`), nil, false},
		{"from a macro file", importing(`<configfiles><expand macro="json"/></configfiles>`), macrosFile(`<xml name="json"><inputs name="inputs" data_style="paths"/></xml>`), true},
		{"import missing", xmlTool("", missingImport), nil, true},
		{"unexpanded, in a macro", unexpanded(`<xml name="c"><configfiles><inputs name="i"/></configfiles></xml>`, "", ""), nil, true},
		{"unexpanded, none", unexpanded("", `<configfiles><configfile name="c">x</configfile></configfiles>`, ""), nil, false},
	})
	elements := `<tests><test><output_collection name="c" type="list"><element name="a" file="a.txt"/><element name="b" file="b.txt"/></output_collection></test></tests>`
	runDetectCases(t, "20_09_consider_output_collection_order", []detectCase{
		{"element tests", xmlTool("", elements), nil, true},
		{"collection without element tests", xmlTool("", `<tests><test><output_collection name="c" type="list" count="2"/></test></tests>`), nil, false},
		{"no tests", xmlTool("", `<command>x</command>`), nil, false},
		{"from a macro file", importing(`<tests><test><output_collection name="c" type="list"><expand macro="els"/></output_collection></test></tests>`),
			macrosFile(`<xml name="els"><element name="a" file="a.txt"/></xml>`), true},
		{"misplaced output_collection", xmlTool("", `<outputs><output_collection name="c"><element name="a"/></output_collection></outputs>`), nil, false},
		{"import missing", xmlTool("", missingImport), nil, true},
		{"unexpanded, in a macro", unexpanded(`<xml name="t">`+elements+`</xml>`, "", ""), nil, true},
		{"unexpanded, none", unexpanded("", `<tests><test><output name="o" file="o.txt"/></test></tests>`, ""), nil, false},
	})
	runDetectCases(t, "20_09_consider_set_e", []detectCase{
		{"command", xmlTool("", `<command>x</command>`), nil, true},
		{"strict", xmlTool("", `<command strict="true">x</command>`), nil, false},
		{"not strict", xmlTool("", `<command strict="false">x</command>`), nil, false},
		{"no command", xmlTool("", `<inputs/>`), nil, false},
		{"from a macro file", importing(`<expand macro="cmd"/>`), macrosFile(`<xml name="cmd"><command>x</command></xml>`), true},
		{"strict from a macro file", importing(`<expand macro="cmd"/>`), macrosFile(`<xml name="cmd"><command strict="false">x</command></xml>`), false},
		{"import missing", xmlTool("", missingImport), nil, true},
		{"unexpanded, strict in place", unexpanded("", `<command strict="false">x</command>`, ""), nil, false},
	})
}
