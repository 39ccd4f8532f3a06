package params

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

func TestChecks(t *testing.T) {
	for _, tc := range []struct {
		name   string
		check  *lint.Check
		inputs string
		want   []string
	}{
		{"options on a select", ChildElements, `<param name="s" type="select"><options from_data_table="x"><column name="value" index="0"/></options></param>`, nil},
		{"options on an integer", ChildElements, `<param name="n" type="integer" value="1"><options from_data_table="x"/></param>`, []string{"InputsTypeChildCombination"}},
		{"option in options of a select", ChildElements, `<param name="s" type="select"><options><option value="a"/></options></param>`, []string{"InputsTypeChildCombination"}},
		{"option in options of a drill_down", ChildElements, `<param name="s" type="drill_down"><options><option value="a"/></options></param>`, nil},
		{"column in options of a drill_down", ChildElements, `<param name="s" type="drill_down"><options><column name="a" index="0"/></options></param>`, []string{"InputsTypeChildCombination"}},
		{"param named by argument", ChildElements, `<param argument="--n" type="integer"><options/></param>`, []string{"InputsTypeChildCombination"}},
		{"untyped param is skipped", ChildElements, `<param name="n"><options/></param>`, nil},
		{"data options ok", DataOptions, `<param name="d" type="data" format="txt"><options><filter type="data_meta" ref="i" key="dbkey"/></options></param>`, nil},
		{"data options twice", DataOptions, `<param name="d" type="data" format="txt"><options/><options/></param>`, []string{"InputsDataOptionsMultiple"}},
		{"data options attributes", DataOptions, `<param name="d" type="data" format="txt"><options from_parameter="x" options_filter_attribute="m"/></param>`, []string{"InputsDataOptionsAttrib"}},
		{"filter attribute filter type", DataOptions, `<param name="d" type="data" format="txt"><options options_filter_attribute="m"><filter type="add_value" value="x"/></options></param>`,
			[]string{"InputsDataOptionsFilterAttribFiltersType", "InputsDataOptionsFiltersRef"}},
		{"filter attribute data_meta", DataOptions, `<param name="d" type="data" format="txt"><options options_filter_attribute="m"><filter type="data_meta" ref="i" key="other"/></options></param>`, nil},
		{"dbkey filter needed", DataOptions, `<param name="d" type="data" format="txt"><options><filter type="data_meta" ref="i" key="other"/></options></param>`, []string{"InputsDataOptionsFiltersType"}},
		{"select options not checked", DataOptions, `<param name="s" type="select"><options from_parameter="x"><filter type="add_value" value="x"/></options></param>`, nil},
		{"boolean default values", BooleanValues, `<param name="b" type="boolean"/>`, nil},
		{"boolean equal values", BooleanValues, `<param name="b" type="boolean" truevalue="" falsevalue=""/>`, []string{"InputsBoolDistinctValues"}},
		{"boolean equal to default", BooleanValues, `<param name="b" type="boolean" falsevalue="true"/>`, []string{"InputsBoolDistinctValues", "InputsBoolProblematic"}},
		{"boolean swapped", BooleanValues, `<param name="b" type="boolean" truevalue="FALSE" falsevalue="True"/>`, []string{"InputsBoolProblematic", "InputsBoolProblematic"}},
		{"checkboxes multiple optional", SelectDisplay, `<param name="s" type="select" display="checkboxes" multiple="true"/>`, nil},
		{"checkboxes single", SelectDisplay, `<param name="s" type="select" display="checkboxes" optional="true"/>`, []string{"InputsSelectSingleCheckboxes"}},
		{"checkboxes single mandatory", SelectDisplay, `<param name="s" type="data_column" display="checkboxes"/>`, []string{"InputsSelectSingleCheckboxes", "InputsSelectMandatoryCheckboxes"}},
		{"checkboxes multiple mandatory", SelectDisplay, `<param name="s" type="select" display="checkboxes" multiple="true" optional="false"/>`, []string{"InputsSelectMandatoryCheckboxes"}},
		{"radio single", SelectDisplay, `<param name="s" type="select" display="radio"/>`, nil},
		{"radio multiple", SelectDisplay, `<param name="s" type="drill_down" display="radio" multiple="yes"/>`, []string{"InputsSelectMultipleRadio", "InputsSelectOptionalRadio"}},
		{"radio optional", SelectDisplay, `<param name="s" type="select" display="radio" optional="1"/>`, []string{"InputsSelectOptionalRadio"}},
		{"display on text ignored", SelectDisplay, `<param name="s" type="text" display="radio" optional="true"/>`, nil},
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
	fs, _ := run(t, ChildElements, tool(`<param name="n" type="text"><options/></param>`), "")
	want := "Parameter [n] './options' tags are only allowed for parameters of type ['data', 'select', 'drill_down']"
	if len(fs) != 1 || fs[0].Message != want {
		t.Fatalf("got %+v, want %q", fs, want)
	}
	fs, _ = run(t, DataOptions, tool(`<param name="d" type="data" format="txt"><options><filter ref="x"/></options></param>`), "")
	want = `Data parameter [d] for filters only type="data_meta" and key="dbkey" are allowed, found type="None" and key="None"`
	if len(fs) != 1 || fs[0].Message != want {
		t.Fatalf("got %+v, want %q", fs, want)
	}
}

// TestInMacroFile checks that findings on params brought by a macro are
// located in the macro file, at the attribute to edit.
func TestInMacroFile(t *testing.T) {
	macros := "<macros>\n  <xml name=\"p\">\n" +
		"    <param name=\"s\" type=\"select\"\n      display=\"radio\" optional=\"true\"/>\n" +
		"    <param name=\"b\" type=\"boolean\" truevalue=\"False\" falsevalue=\"no\"/>\n" +
		"    <param name=\"n\" type=\"integer\" value=\"1\">\n      <options/>\n    </param>\n" +
		"    <param name=\"d\" type=\"data\" format=\"txt\">\n      <options>\n        <filter type=\"data_meta\" key=\"dbkey\"/>\n      </options>\n    </param>\n" +
		"  </xml>\n</macros>\n"
	src := "<tool id=\"t\" name=\"t\" version=\"1\">\n<macros><import>macros.xml</import></macros>\n<inputs>\n<expand macro=\"p\"/>\n</inputs>\n</tool>\n"
	for _, tc := range []struct {
		check *lint.Check
		line  int
	}{{SelectDisplay, 4}, {BooleanValues, 5}, {ChildElements, 6}, {DataOptions, 11}} {
		fs, dir := run(t, tc.check, src, macros)
		if len(fs) != 1 {
			t.Fatalf("%s: got %d findings (%v), want 1", tc.check.Code, len(fs), linters(fs))
		}
		if fs[0].Loc.File != filepath.Join(dir, "macros.xml") || fs[0].Pos.Line != tc.line {
			t.Errorf("%s: at %s:%d, want macros.xml:%d", tc.check.Code, fs[0].Loc.File, fs[0].Pos.Line, tc.line)
		}
	}
}
