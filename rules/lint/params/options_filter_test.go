package params

import (
	"path/filepath"
	"testing"

	"github.com/galaxy-gtr/gtr/rules/lint"
	"github.com/galaxy-gtr/gtr/rules/lint/linttest"
)

// selectWith is a tool with a data input named input and a select whose
// <options> (attributes opts) hold filters.
func selectWith(opts, filters string) string {
	return tool("<param name=\"input\" type=\"data\" format=\"vcf\"/>\n<param name=\"s\" type=\"select\">\n<options " + opts + ">\n" +
		filters + "\n</options>\n</param>")
}

// gcase is a golden case: its name, its files (name then content) and
// the findings it wants ([linttest.Golden]).
type gcase struct {
	name  string
	files []string
	want  []string
}

func goldens(cs []gcase) []linttest.Golden {
	out := make([]linttest.Golden, len(cs))
	for i, c := range cs {
		out[i] = linttest.Golden{Name: c.name, Files: c.files, Want: c.want}
	}
	return out
}

func TestOptionsFilterAttributes(t *testing.T) {
	table := `from_data_table="all_fasta"`
	linttest.Check(t, OptionsFilterAttributes, goldens([]gcase{
		{"static_value complete", []string{"tool.xml", selectWith(table, `<filter type="static_value" column="1" value="hg19" keep="false"/>`)}, nil},
		{"static_value without column", []string{"tool.xml", selectWith(table, `<filter type="static_value" value="hg19"/>`)},
			[]string{"InputsOptionsFiltersRequiredAttributes|Parameter [s]: the static_value filter has no column attribute"}},
		{"regexp without value or column", []string{"tool.xml", selectWith(table, `<filter type="regexp"/>`)},
			[]string{"InputsOptionsFiltersRequiredAttributes|Parameter [s]: the regexp filter has no value",
				"InputsOptionsFiltersRequiredAttributes|Parameter [s]: the regexp filter has no column"}},
		{"data_table needs three", []string{"tool.xml", selectWith(table, `<filter type="data_table" column="0" table_name="t"/>`)},
			[]string{"InputsOptionsFiltersRequiredAttributes|Parameter [s]: the data_table filter has no data_table_column"}},
		{"type is stripped", []string{"tool.xml", selectWith(table, `<filter type=" add_value " name="x"/>`)},
			[]string{"InputsOptionsFiltersRequiredAttributes|Parameter [s]: the add_value filter has no value"}},
		{"empty value is a value", []string{"tool.xml", selectWith(table, `<filter type="add_value" value=""/>`)}, nil},
		{"unknown type left to the schema", []string{"tool.xml", selectWith(table, `<filter type="no_such" foo="1"/>`)}, nil},
		{"no type left to the schema", []string{"tool.xml", selectWith(table, `<filter value="1"/>`)}, nil},
		{"data_meta from a table needs no column", []string{"tool.xml", selectWith(table, `<filter type="data_meta" ref="input" key="dbkey"/>`)}, nil},
		{"data_meta from a dataset needs a column", []string{"tool.xml", selectWith(`from_dataset="input"`, `<filter type="data_meta" ref="input" key="dbkey"/>`)},
			[]string{"InputsOptionsFiltersRequiredAttributes|Parameter [s]: the data_meta filter has no column attribute, which Galaxy requires when"}},
		{"data_meta from a file needs a column", []string{"tool.xml", selectWith(`from_file="x.loc"`, `<filter type="data_meta" ref="input" key="dbkey"/>`)},
			[]string{"InputsOptionsFiltersRequiredAttributes|Parameter [s]: the data_meta filter has no column attribute, which Galaxy requires when"}},
		{"data_meta alone adds values", []string{"tool.xml", selectWith("", `<filter type="data_meta" ref="input" key="dbkey"/>`)}, nil},
		{"remove_value by value", []string{"tool.xml", selectWith(table, `<filter type="remove_value" value="?"/>`)}, nil},
		{"remove_value by ref", []string{"tool.xml", selectWith(table, `<filter type="remove_value" ref="input" multiple="true" separator=";"/>`)}, nil},
		{"remove_value by meta_ref and key", []string{"tool.xml", selectWith(table, `<filter type="remove_value" meta_ref="input" key="dbkey"/>`)}, nil},
		{"remove_value meta_ref without key", []string{"tool.xml", selectWith(table, `<filter type="remove_value" meta_ref="input"/>`)},
			[]string{"InputsOptionsRemoveValueFilterRequiredAttributes|Parameter [s]: the remove_value filter has neither value, nor ref"}},
		{"remove_value with nothing", []string{"tool.xml", selectWith(table, `<filter type="remove_value"/>`)},
			[]string{"InputsOptionsRemoveValueFilterRequiredAttributes|"}},
		{"attribute not read", []string{"tool.xml", selectWith(table, `<filter type="sort_by" column="1" reverse="true"/>`)},
			[]string{"InputsOptionsFiltersAllowedAttributes|Parameter [s]: the sort_by filter does not read the attribute reverse"}},
		{"keep is not read by unique_value", []string{"tool.xml", selectWith(table, `<filter type="unique_value" column="1" keep="false"/>`)},
			[]string{"InputsOptionsFiltersAllowedAttributes|Parameter [s]: the unique_value filter does not read the attribute keep"}},
		{"every optional attribute", []string{"tool.xml", selectWith(table, `<filter type="param_value" ref="input" column="0" keep="false" ref_attribute="ext"/>`+
			`<filter type="attribute_value_splitter" column="1" pair_separator="," name_val_separator=" "/><filter type="add_value" value="a" name="A" index="0"/>`+
			`<filter type="multiple_splitter" column="1,2" separator=";"/><filter type="data_meta" ref="input" key="dbkey" column="1" multiple="true" separator=","/>`)}, nil},
		{"column and validator are not filters", []string{"tool.xml", selectWith(`from_file="x.loc"`, `<column name="value" index="0"/><validator type="no_options"/>`)}, nil},
		{"data param filters are GTR074's", []string{"tool.xml", tool(`<param name="d" type="data" format="txt"><options><filter type="data_meta"/><filter type="add_value"/></options></param>`)}, nil},
		{"data param from_dataset is GTR074's", []string{"tool.xml", tool(`<param name="d" type="data" format="txt"><options from_dataset="x"><filter type="data_meta" ref="i" key="dbkey"/></options></param>`)}, nil},
		{"data param with options_filter_attribute needs a key", []string{"tool.xml",
			tool(`<param name="d" type="data" format="txt"><options options_filter_attribute="metadata.x"><filter type="data_meta" ref="i" keep="1"/></options></param>`)},
			[]string{"InputsOptionsFiltersRequiredAttributes|Parameter [d]: the data_meta filter has no key",
				"InputsOptionsFiltersAllowedAttributes|Parameter [d]: the data_meta filter does not read the attribute keep"}},
	}))
}

func TestOptionsFilterRegex(t *testing.T) {
	table := `from_data_table="all_fasta"`
	linttest.Check(t, OptionsFilterRegex, goldens([]gcase{
		{"valid", []string{"tool.xml", selectWith(table, `<filter type="regexp" column="0" value="^(hg19|hg38)$"/>`)}, nil},
		{"python only syntax", []string{"tool.xml", selectWith(table, `<filter type="regexp" column="0" value="^(?!chrUn)(?P&lt;c&gt;chr\w+)(?&lt;=\d)$"/>`)}, nil},
		{"unbalanced", []string{"tool.xml", selectWith(table, `<filter type="regexp" column="0" value="^(hg19|hg38"/>`)},
			[]string{"InputsOptionsRegexFilterExpression|Parameter [s]: the regexp filter's value '^(hg19|hg38' is no valid regular expression: missing ), unterminated subpattern at position 1"}},
		{"nothing to repeat", []string{"tool.xml", selectWith(table, `<filter type="regexp" column="0" value="*.fa"/>`)},
			[]string{"InputsOptionsRegexFilterExpression|Parameter [s]: the regexp filter's value '*.fa' is no valid regular expression: nothing to repeat at position 0"}},
		{"bad escape", []string{"tool.xml", selectWith(table, `<filter type="regexp" column="0" value="\p{L}"/>`)},
			[]string{"InputsOptionsRegexFilterExpression|Parameter [s]: the regexp filter's value '\\p{L}' is no valid regular expression: bad escape \\p at position 0"}},
		{"global flag late", []string{"tool.xml", selectWith(table, `<filter type="regexp" column="0" value="x(?i)"/>`)},
			[]string{"InputsOptionsRegexFilterExpression|"}},
		{"future warning compiles", []string{"tool.xml", selectWith(table, `<filter type="regexp" column="0" value="[[a]"/>`)}, nil},
		{"no value is GTR077's", []string{"tool.xml", selectWith(table, `<filter type="regexp" column="0"/>`)}, nil},
		{"other types are not patterns", []string{"tool.xml", selectWith(table, `<filter type="static_value" column="0" value="(("/>`)}, nil},
	}))
}

func TestOptionsFilterReferences(t *testing.T) {
	table := `from_data_table="all_fasta"`
	nested := tool("<param name=\"top\" type=\"data\" format=\"vcf\"/>\n" +
		"<section name=\"sec\"><param name=\"insec\" type=\"text\"/></section>\n" +
		"<repeat name=\"rep\" title=\"R\"><param name=\"inrep\" type=\"text\"/>\n" +
		"<param name=\"r\" type=\"select\"><options from_data_table=\"t\"><filter type=\"param_value\" ref=\"inrep\" column=\"0\"/><filter type=\"data_meta\" ref=\"top\" key=\"dbkey\" column=\"1\"/></options></param></repeat>\n" +
		"<conditional name=\"c\"><param name=\"sel\" type=\"select\"><options from_data_table=\"t\"><filter type=\"param_value\" ref=\"inwhen\" column=\"0\"/></options></param>\n" +
		"<when value=\"a\"><param name=\"inwhen\" type=\"text\"/>\n" +
		"<param name=\"w\" type=\"select\"><options from_data_table=\"t\"><filter type=\"param_value\" ref=\"sel\" column=\"0\"/><filter type=\"param_value\" ref=\"insec\" column=\"0\"/><filter type=\"param_value\" ref=\"other\" column=\"0\"/></options></param></when>\n" +
		"<when value=\"b\"><param name=\"other\" type=\"text\"/></when></conditional>")
	linttest.Check(t, OptionsFilterReferences, goldens([]gcase{
		{"ref names an input", []string{"tool.xml", selectWith(table, `<filter type="data_meta" ref="input" key="dbkey" column="1"/>`)}, nil},
		{"ref names a later input", []string{"tool.xml", tool(`<param name="s" type="select"><options from_data_table="t"><filter type="param_value" ref="later" column="0"/></options></param><param name="later" type="text"/>`)}, nil},
		{"ref by argument name", []string{"tool.xml", tool(`<param argument="--min-len" type="integer" value="1"/><param name="s" type="select"><options from_data_table="t"><filter type="param_value" ref="min_len" column="0"/></options></param>`)}, nil},
		{"misspelt ref", []string{"tool.xml", selectWith(table, `<filter type="data_meta" ref="inptu" key="dbkey" column="1"/>`)},
			[]string{"InputsOptionsFiltersCheckReferences|Parameter [s]: the data_meta filter's ref 'inptu' names no input param of the tool."}},
		{"meta_ref", []string{"tool.xml", selectWith(table, `<filter type="remove_value" meta_ref="nope" key="dbkey"/><filter type="remove_value" ref="input"/>`)},
			[]string{"InputsOptionsFiltersCheckReferences|Parameter [s]: the remove_value filter's meta_ref 'nope' names no input param"}},
		{"path", []string{"tool.xml", tool(`<conditional name="c"><param name="x" type="select"><option value="a"/></param><when value="a"/></conditional><param name="s" type="select"><options from_data_table="t"><filter type="param_value" ref="c|x" column="0"/></options></param>`)},
			[]string{"InputsOptionsFiltersCheckReferences|Parameter [s]: the param_value filter's ref 'c|x' is a path"}},
		{"ref of a type that reads none is GTR077's", []string{"tool.xml", selectWith(table, `<filter type="static_value" ref="nope" column="0" value="x"/>`)}, nil},
		{"empty ref of a data param is GTR074's", []string{"tool.xml", tool(`<param name="d" type="data" format="txt"><options><filter type="data_meta" ref="" key="dbkey"/></options></param>`)}, nil},
		{"data param ref", []string{"tool.xml", tool(`<param name="d" type="data" format="txt"><options><filter type="data_meta" ref="nope" key="dbkey"/></options></param>`)},
			[]string{"InputsOptionsFiltersCheckReferences|Parameter [d]: the data_meta filter's ref 'nope' names no input param"}},
		{"scopes", []string{"tool.xml", nested}, []string{
			"InputsOptionsFiltersCheckReferences|Parameter [w]: the param_value filter's ref 'insec' names a param in the section 'sec', which Galaxy does not see",
			"InputsOptionsFiltersCheckReferences|Parameter [w]: the param_value filter's ref 'other' names a param in the branch 'b' of the conditional 'c', which Galaxy does not see",
		}},
	}))
}

// TestOptionsFiltersInMacroFile checks that findings about filters a macro
// file brings are located in that file, at the filter's line there.
func TestOptionsFiltersInMacroFile(t *testing.T) {
	macrosXML := "<macros>\n  <xml name=\"opts\">\n    <options from_data_table=\"all_fasta\">\n" +
		"      <filter type=\"sort_by\" col=\"1\"/>\n" +
		"      <filter type=\"regexp\" column=\"0\" value=\"(\"/>\n" +
		"      <filter type=\"param_value\" ref=\"nope\" column=\"0\"/>\n" +
		"    </options>\n  </xml>\n</macros>\n"
	toolXML := "<tool id=\"t\" name=\"t\" version=\"1\">\n<macros><import>macros.xml</import></macros>\n<inputs>\n" +
		"<param name=\"s\" type=\"select\"><expand macro=\"opts\"/></param>\n</inputs>\n</tool>\n"
	for _, tc := range []struct {
		check   *lint.Check
		lines   []int
		linters []string
	}{
		{OptionsFilterAttributes, []int{4, 4}, []string{"InputsOptionsFiltersRequiredAttributes", "InputsOptionsFiltersAllowedAttributes"}},
		{OptionsFilterRegex, []int{5}, []string{"InputsOptionsRegexFilterExpression"}},
		{OptionsFilterReferences, []int{6}, []string{"InputsOptionsFiltersCheckReferences"}},
	} {
		got, _ := run(t, tc.check, toolXML, macrosXML)
		if len(got) != len(tc.lines) {
			t.Fatalf("%s: got %v, want %d findings", tc.check.Code, got, len(tc.lines))
		}
		for i, f := range got {
			if filepath.Base(f.Loc.File) != "macros.xml" || f.Pos.Line != tc.lines[i] || f.Linter != tc.linters[i] {
				t.Errorf("%s: %s at %s:%d, want %s at macros.xml:%d", tc.check.Code, f.Linter, f.Loc.File, f.Pos.Line, tc.linters[i], tc.lines[i])
			}
			if len(f.Via) == 0 {
				t.Errorf("%s: finding has no expansion frames", tc.check.Code)
			}
		}
	}
}
