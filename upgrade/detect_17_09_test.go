package upgrade

import "testing"

func TestDetect17_09(t *testing.T) {
	runDetectCases(t, "17_09_consider_provided_metadata_style", []detectCase{
		{"outputs without a style", xmlTool("", `<outputs><data name="o"/></outputs>`), nil, true},
		{"no outputs", xmlTool("", `<command>x</command>`), nil, true},
		{"legacy style", xmlTool("", `<outputs provided_metadata_style="legacy"><data name="o"/></outputs>`), nil, false},
		{"default style", xmlTool("", `<outputs provided_metadata_style="default"/>`), nil, false},
		{"style from a macro file", importing(`<expand macro="outputs"/>`), macrosFile(`<xml name="outputs"><outputs provided_metadata_style="legacy"/></xml>`), false},
		{"no style from a macro file", importing(`<expand macro="outputs"/>`), macrosFile(`<xml name="outputs"><outputs/></xml>`), true},
		{"import missing", xmlTool("", missingImport), nil, true},
		{"import missing, style in place", xmlTool("", `<outputs provided_metadata_style="legacy"/>`+missingImport), nil, false},
		{"unexpanded, outputs after an expand", unexpanded("", "", `<outputs provided_metadata_style="legacy"/>`), nil, true},
	})
}
