package upgrade

import "testing"

func TestDetect26_0(t *testing.T) {
	nested := `<inputs><conditional name="cond"><param name="sel" type="select"><option value="a">A</option></param>` +
		`<when value="a"><param name="input1" type="data_collection" collection_type="paired"/></when></conditional></inputs>`
	top := `<inputs><param name="input1" type="data_collection" collection_type="list"/></inputs>`
	like := func(name string) string {
		return `<outputs><collection name="out" type="list" structured_like="` + name + `"/></outputs>`
	}
	runDetectCases(t, "26_0_fix_unqualified_structured_like", []detectCase{
		{"bare name of a nested input", xmlTool("", nested+like("input1")), nil, true},
		{"qualified name", xmlTool("", nested+like("cond|input1")), nil, false},
		{"top-level input", xmlTool("", top+like("input1")), nil, false},
		{"top-level input named by argument", xmlTool("", `<inputs><param argument="--input-1" type="data_collection"/></inputs>`+like("input_1")), nil, false},
		{"in a section", xmlTool("", `<inputs><section name="s"><param name="input1" type="data_collection"/></section></inputs>`+like("input1")), nil, true},
		{"top-level and nested", xmlTool("", `<inputs><param name="input1" type="data_collection"/><section name="s"><param name="input1" type="data"/></section></inputs>`+like("input1")), nil, true},
		{"names no input", xmlTool("", top+like("other")), nil, true},
		{"no structured_like", xmlTool("", nested+`<outputs><collection name="out" type="list"/></outputs>`), nil, false},
		{"output type collection", xmlTool("", nested+`<outputs><output name="out" type="collection" structured_like="input1"/></outputs>`), nil, true},
		{"a test's param of that name", xmlTool("", top+like("input1")+`<tests><test><param name="input1"/></test></tests>`), nil, false},
		{"nested from a macro file", importing(`<inputs><expand macro="in"/></inputs>` + like("input1")),
			macrosFile(`<xml name="in"><conditional name="cond"><param name="sel" type="select"><option value="a">A</option></param><when value="a"><param name="input1" type="data_collection"/></when></conditional></xml>`), true},
		{"top-level from a macro file", importing(`<inputs><expand macro="in"/></inputs>` + like("input1")),
			macrosFile(`<xml name="in"><param name="input1" type="data_collection"/></xml>`), false},
		{"import missing", xmlTool("", missingImport), nil, true},
		{"unexpanded, token name", unexpanded("", top+like("@IN@"), ""), nil, true},
		{"unexpanded, top-level in place", unexpanded("", top+like("input1"), ""), nil, false},
		{"unexpanded, input in a macro", unexpanded(`<xml name="in"><param name="input1" type="data_collection"/></xml>`, `<inputs><expand macro="in"/></inputs>`+like("input1"), ""), nil, true},
	})
}
