package validators

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// TestChecks runs each check on params with one or more validators.
func TestChecks(t *testing.T) {
	for _, tc := range []struct {
		name   string
		check  *lint.Check
		inputs string
		want   []string
	}{
		{"compatible", Compatibility, `<param name="n" type="integer"><validator type="in_range" min="0"/></param>`, nil},
		{"incompatible type", Compatibility, `<param name="d" type="data" format="txt"><validator type="empty_field"/></param>`, []string{"ValidatorParamIncompatible"}},
		{"unlisted param type", Compatibility, `<param name="h" type="hidden"><validator type="empty_field"/></param>`, nil},
		{"incompatible attribute", Compatibility, `<param name="t" type="text"><validator type="regex" min="1" skip="x">a</validator></param>`,
			[]string{"ValidatorAttribIncompatible", "ValidatorAttribIncompatible"}},
		{"untyped validator skipped", Compatibility, `<param name="d" type="data" format="txt"><validator min="1"/></param>`, nil},
		{"param without name skipped", Compatibility, `<param type="data" format="txt"><validator type="empty_field"/></param>`, nil},
		{"regex with text", Text, `<param name="t" type="text"><validator type="regex">^a$</validator></param>`, nil},
		{"regex without text", Text, `<param name="t" type="text"><validator type="regex"/></param>`, []string{"ValidatorHasText"}},
		{"expression without text", Text, `<param name="t" type="text"><validator type="expression"></validator></param>`, []string{"ValidatorHasText"}},
		{"length with text", Text, `<param name="t" type="text"><validator type="length" max="3">3</validator></param>`, []string{"ValidatorHasNoText"}},
		{"blank text counts", Text, `<param name="t" type="text"><validator type="length" max="3"> </validator></param>`, []string{"ValidatorHasNoText"}},
		{"in_range with min", RequiredAttributes, `<param name="n" type="integer"><validator type="in_range" min="0"/></param>`, nil},
		{"in_range without bounds", RequiredAttributes, `<param name="n" type="integer"><validator type="in_range"/></param>`, []string{"ValidatorMinMax"}},
		{"metadata equal without value", RequiredAttributes, `<param name="d" type="data" format="txt"><validator type="dataset_metadata_equal" metadata_name="x"/></param>`, []string{"ValidatorDatasetMetadataEqualValue"}},
		{"metadata equal with both", RequiredAttributes, `<param name="d" type="data" format="txt"><validator type="dataset_metadata_equal" metadata_name="x" value="1" value_json="1"/></param>`, []string{"ValidatorDatasetMetadataEqualValueOrJson"}},
		{"metadata without check", RequiredAttributes, `<param name="d" type="data" format="txt"><validator type="metadata"/></param>`, []string{"ValidatorMetadataCheckSkip"}},
		{"data table without table", RequiredAttributes, `<param name="t" type="text"><validator type="value_in_data_table"/></param>`, []string{"ValidatorTableName"}},
		{"metadata in data table without both", RequiredAttributes, `<param name="d" type="data" format="txt"><validator type="dataset_metadata_in_data_table"/></param>`, []string{"ValidatorTableName", "ValidatorMetadataName"}},
		{"metadata in file", RequiredAttributes, `<param name="d" type="data" format="txt"><validator type="dataset_metadata_in_file" metadata_name="dbkey" filename="x.loc"/></param>`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs, _ := run(t, tc.check, tool(tc.inputs), "")
			if got := linters(fs); !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestMessages(t *testing.T) {
	fs, _ := run(t, Text, tool(`<param argument="--max-len" type="text"><validator type="length" max="3">x</validator></param>`), "")
	want := "Parameter [max_len]: 'length' validators are not expected to contain text (found 'x')"
	if len(fs) != 1 || fs[0].Message != want {
		t.Fatalf("got %+v, want %q", fs, want)
	}
}

// TestInMacroFile checks that findings on validators brought by a macro
// are located in the macro file.
func TestInMacroFile(t *testing.T) {
	macros := "<macros>\n  <xml name=\"v\">\n" +
		"    <param name=\"d\" type=\"data\" format=\"txt\">\n" +
		"      <validator type=\"empty_field\"/>\n" +
		"      <validator type=\"in_range\">\n1</validator>\n" +
		"    </param>\n  </xml>\n</macros>\n"
	src := "<tool id=\"t\" name=\"t\" version=\"1\">\n<macros><import>macros.xml</import></macros>\n<inputs>\n<expand macro=\"v\"/>\n</inputs>\n</tool>\n"
	for _, tc := range []struct {
		check *lint.Check
		lines []int
	}{{Compatibility, []int{4, 5}}, {Text, []int{5}}, {RequiredAttributes, []int{5}}} {
		fs, dir := run(t, tc.check, src, macros)
		if len(fs) != len(tc.lines) {
			t.Fatalf("%s: got %v, want %d findings", tc.check.Code, linters(fs), len(tc.lines))
		}
		for i, f := range fs {
			if f.Loc.File != filepath.Join(dir, "macros.xml") || f.Pos.Line != tc.lines[i] {
				t.Errorf("%s: %s at %s:%d, want macros.xml:%d", tc.check.Code, f.Linter, f.Loc.File, f.Pos.Line, tc.lines[i])
			}
		}
	}
}
