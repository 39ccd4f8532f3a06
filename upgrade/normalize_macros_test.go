package upgrade

import (
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// TestNormalizeMacroFormats covers the cases of the macro-library
// normalization that must change a value and those that must not: how a
// value reads comes from the importer's view where it uses the element,
// from the tag where no importer does.
func TestNormalizeMacroFormats(t *testing.T) {
	const tool = `<tool id="t" name="T" version="1.0">
    <macros>
        <import>macros.xml</import>
    </macros>
    <command>t</command>
    <inputs>
        <expand macro="inputs"/>
    </inputs>
    <outputs>
        <expand macro="outputs"/>
    </outputs>
    <tests>
        <test>
            <expand macro="test_params"/>
        </test>
    </tests>
</tool>
`
	wrap := func(body string) string {
		return "<macros>\n" + body + `    <xml name="inputs"/>
    <xml name="outputs"/>
    <xml name="test_params"/>
</macros>
`
	}
	for _, tc := range []struct {
		name, macros string
		want         string // the new macro file, "" when it does not change
		elements     int
		refused      string // part of a refusal, when one is expected
	}{{
		name:     "input list, through the importer",
		macros:   "<macros>\n    <xml name=\"inputs\"><param name=\"i\" type=\"data\" format=\"Tabular, TXT\"/></xml>\n    <xml name=\"outputs\"/>\n    <xml name=\"test_params\"/>\n</macros>\n",
		want:     "<macros>\n    <xml name=\"inputs\"><param name=\"i\" type=\"data\" format=\"tabular,txt\"/></xml>\n    <xml name=\"outputs\"/>\n    <xml name=\"test_params\"/>\n</macros>\n",
		elements: 1,
	}, {
		name:     "unused output, by its tag",
		macros:   wrap("    <xml name=\"unused\"><data name=\"o\" format=\"GTiff\"/></xml>\n"),
		want:     wrap("    <xml name=\"unused\"><data name=\"o\" format=\"gtiff\"/></xml>\n"),
		elements: 1,
	}, {
		name:     "empty output format dropped",
		macros:   "<macros>\n    <xml name=\"inputs\"/>\n    <xml name=\"outputs\"><data name=\"o\" format=\" \" label=\"x\"/></xml>\n    <xml name=\"test_params\"/>\n</macros>\n",
		want:     "<macros>\n    <xml name=\"inputs\"/>\n    <xml name=\"outputs\"><data name=\"o\" label=\"x\"/></xml>\n    <xml name=\"test_params\"/>\n</macros>\n",
		elements: 1,
	}, {
		name:   "a token is each importer's",
		macros: wrap("    <token name=\"@FMT@\">Tabular</token>\n    <xml name=\"x\"><data name=\"o\" format=\"@FMT@\"/></xml>\n"),
	}, {
		name:   "a macro parameter is not a datatype name",
		macros: wrap("    <xml name=\"x\"><expand macro=\"y\" format=\"TXT\"/></xml>\n"),
	}, {
		name:   "canonical already",
		macros: wrap("    <xml name=\"x\"><data name=\"o\" format=\"txt\"/></xml>\n"),
	}, {
		name:    "a required format left empty",
		macros:  wrap("    <xml name=\"x\"><change_format><when input=\"i\" value=\"a\" format=\" \"/></change_format></xml>\n"),
		refused: "requires format",
	}, {
		name:    "read as a list and as no datatype",
		macros:  "<macros>\n    <xml name=\"p\"><param name=\"i\" format=\"A, B\"/></xml>\n    <xml name=\"inputs\"><expand macro=\"p\"/></xml>\n    <xml name=\"outputs\"/>\n    <xml name=\"test_params\"><expand macro=\"p\"/></xml>\n</macros>\n",
		refused: "read in two ways",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string][]byte{"macros.xml": []byte(tc.macros)}
			d := NewDoc("tool.xml", []byte(tool), macros.Options{Files: files, NoDisk: true})
			if d.View == nil {
				t.Fatalf("the tool does not expand: %v", d.Err)
			}
			res, err := NormalizeMacroFormats("macros.xml", []byte(tc.macros), []*Doc{d})
			if err != nil {
				t.Fatal(err)
			}
			if string(res.Data) != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", res.Data, tc.want)
			}
			if res.Elements != tc.elements {
				t.Errorf("%d elements, want %d", res.Elements, tc.elements)
			}
			if got := strings.Join(res.Refused, "; "); tc.refused == "" && got != "" || !strings.Contains(got, tc.refused) {
				t.Errorf("refused %q, want %q", got, tc.refused)
			}
			if len(res.Checked) != 1 {
				t.Errorf("checked through %v, want tool.xml", res.Checked)
			}
		})
	}
}
