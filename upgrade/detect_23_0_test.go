package upgrade

import "testing"

func TestDetect23_0(t *testing.T) {
	text := func(attrs, validators string) string {
		return xmlTool("", `<inputs><param name="p" type="text"`+attrs+`>`+validators+`</param></inputs>`)
	}
	runDetectCases(t, "23_0_consider_optional_text", []detectCase{
		{"no validator", text("", ""), nil, true},
		{"optional set", text(` optional="false"`, ""), nil, false},
		{"optional true", text(` optional="true"`, ""), nil, false},
		{"not text", xmlTool("", `<inputs><param name="p" type="integer" value="1"/></inputs>`), nil, false},
		{"nested in a conditional", xmlTool("", `<inputs><conditional name="c"><param name="s" type="select"><option value="a">A</option></param>`+
			`<when value="a"><param name="p" type="text"/></when></conditional></inputs>`), nil, true},
		{"empty_field", text("", `<validator type="empty_field"/>`), nil, false},
		{"empty_field negated", text("", `<validator type="empty_field" negate="true"/>`), nil, true},
		{"empty_field, negate false", text("", `<validator type="empty_field" negate="false"/>`), nil, false},
		{"length min 1", text("", `<validator type="length" min="1"/>`), nil, false},
		{"length max only", text("", `<validator type="length" max="10"/>`), nil, true},
		{"regex rejecting empty", text("", `<validator type="regex">^[A-Za-z]+$</validator>`), nil, false},
		{"regex with a repeat", text("", `<validator type="regex">^[0-9]{3}$</validator>`), nil, false},
		{"regex matching empty", text("", `<validator type="regex">^[A-Za-z]*$</validator>`), nil, true},
		{"regex Python reads as optional", text("", `<validator type="regex">^x{,3}$</validator>`), nil, true},
		{"regex Go cannot read", text("", `<validator type="regex">^(?=a)a+$</validator>`), nil, true},
		{"expression", text("", `<validator type="expression">value != ''</validator>`), nil, true},
		{"in_range", text("", `<validator type="in_range" min="1"/>`), nil, true},
		{"one of several rejects", text("", `<validator type="regex">.*</validator><validator type="empty_field"/>`), nil, false},
		{"from a macro file", importing(`<inputs><expand macro="p"/></inputs>`), macrosFile(`<xml name="p"><param name="p" type="text"/></xml>`), true},
		{"validated from a macro file", importing(`<inputs><param name="p" type="text"><expand macro="v"/></param></inputs>`),
			macrosFile(`<xml name="v"><validator type="empty_field"/></xml>`), false},
		{"a test parameter", xmlTool("", `<inputs><param name="p" type="integer" value="1"/></inputs><tests><test><param name="q" type="text"/></test></tests>`), nil, false},
		{"import missing", xmlTool("", missingImport), nil, true},
		{"unexpanded, in a macro", unexpanded(`<xml name="p"><param name="p" type="text"/></xml>`, "", ""), nil, true},
		{"unexpanded, token type", unexpanded("", `<inputs><param name="p" type="@T@"/></inputs>`, ""), nil, true},
		{"unexpanded, token regex", unexpanded("", `<inputs><param name="p" type="text"><validator type="regex">@RE@</validator></param></inputs>`, ""), nil, true},
		{"unexpanded, validated", unexpanded("", `<inputs><param name="p" type="text"><validator type="empty_field"/></param></inputs>`, ""), nil, false},
	})
}
