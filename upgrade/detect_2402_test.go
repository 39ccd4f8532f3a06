package upgrade

import (
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

func TestDetectTestCaseValidation(t *testing.T) {
	const inputs = `<inputs>
    <section name="adv" title="Advanced"><param name="seed" type="integer" value="1"/></section>
  </inputs>`
	cases := []struct {
		name  string
		tool  string
		files map[string]string
		want  bool
	}{
		{"no tests", `<tool id="t" name="t" version="1">` + inputs + `</tool>`, nil, false},
		{"qualified names", `<tool id="t" name="t" version="1">` + inputs +
			`<tests><test><param name="adv|seed" value="2"/></test></tests></tool>`, nil, false},
		{"a flat name of a nested input", `<tool id="t" name="t" version="1">` + inputs +
			`<tests><test><param name="seed" value="2"/></test></tests></tool>`, nil, true},
		{"a flat name in a test from a macro file", `<tool id="t" name="t" version="1"><macros><import>m.xml</import></macros>` + inputs +
			`<tests><expand macro="t"/></tests></tool>`,
			map[string]string{"m.xml": `<macros><xml name="t"><test><param name="seed" value="2"/></test></xml></macros>`}, true},
		{"Galaxy raises: a float without value", `<tool id="t" name="t" version="1"><inputs><param name="f" type="float"/></inputs></tool>`, nil, true},
		{"the tool does not expand", `<tool id="t" name="t" version="1"><macros><import>missing.xml</import></macros>` + inputs + `</tool>`, nil, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string][]byte{}
			for n, s := range tc.files {
				files[n] = []byte(s)
			}
			d := NewDoc("tool.xml", []byte(tc.tool), macros.Options{Files: files, NoDisk: true})
			if got := detectTestCaseValidation(d); got != tc.want {
				t.Errorf("fires %v, want %v", got, tc.want)
			}
		})
	}
}
