package conditionals

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

func TestChecks(t *testing.T) {
	sel := func(attrs, options string) string {
		return "<param name=\"sel\" type=\"select\"" + attrs + ">" + options + "</param>"
	}
	ab := "<option value=\"a\"/><option value=\"b\"/>"
	for _, tc := range []struct {
		name   string
		check  *lint.Check
		inputs string
		want   []string
	}{
		{"select test param", TestParamType, "<conditional name=\"c\">" + sel("", ab) + "<when value=\"a\"/><when value=\"b\"/></conditional>", nil},
		{"boolean test param", TestParamType, "<conditional name=\"c\"><param name=\"b\" type=\"boolean\"/><when value=\"true\"/><when value=\"false\"/></conditional>", []string{"ConditionalParamTypeBool"}},
		{"text test param", TestParamType, "<conditional name=\"c\"><param name=\"b\" type=\"text\"/></conditional>", []string{"ConditionalParamType"}},
		{"untyped test param", TestParamType, "<conditional name=\"c\"><param name=\"b\"/></conditional>", []string{"ConditionalParamType"}},
		{"value_from conditional", TestParamType, "<conditional name=\"c\" value_from=\"x\"><param name=\"b\" type=\"text\"/></conditional>", nil},
		{"conditional outside inputs is not linted", TestParamType, "</inputs><outputs><conditional name=\"c\"><param name=\"b\" type=\"text\"/></conditional></outputs><inputs>", nil},
		{"optional test param", TestParamAttributes, "<conditional name=\"c\">" + sel(" optional=\"True\"", ab) + "</conditional>", []string{"ConditionalParamIncompatibleAttributes"}},
		{"optional and multiple", TestParamAttributes, "<conditional name=\"c\">" + sel(" optional=\"yes\" multiple=\"1\"", ab) + "</conditional>", []string{"ConditionalParamIncompatibleAttributes", "ConditionalParamIncompatibleAttributes"}},
		{"optional false", TestParamAttributes, "<conditional name=\"c\">" + sel(" optional=\"false\"", ab) + "</conditional>", nil},
		{"optional text param is another check's", TestParamAttributes, "<conditional name=\"c\"><param name=\"b\" type=\"text\" optional=\"true\"/></conditional>", nil},
		{"branches match", Branches, "<conditional name=\"c\">" + sel("", ab) + "<when value=\"b\"/><when value=\"a\"/></conditional>", nil},
		{"when missing", Branches, "<conditional name=\"c\">" + sel("", ab) + "<when value=\"a\"/></conditional>", []string{"ConditionalWhenMissing"}},
		{"option missing", Branches, "<conditional name=\"c\">" + sel("", ab) + "<when value=\"a\"/><when value=\"b\"/><when value=\"z\"/></conditional>", []string{"ConditionalOptionMissing"}},
		{"option without value is no option", Branches, "<conditional name=\"c\">" + sel("", "<option>x</option>") + "</conditional>", nil},
		{"boolean defaults", Branches, "<conditional name=\"c\"><param name=\"b\" type=\"boolean\"/><when value=\"true\"/><when value=\"false\"/></conditional>", nil},
		{"boolean custom values", Branches, "<conditional name=\"c\"><param name=\"b\" type=\"boolean\" truevalue=\"yes\" falsevalue=\"no\"/><when value=\"yes\"/><when value=\"true\"/></conditional>",
			[]string{"ConditionalWhenMissing", "ConditionalOptionMissingBoolean"}},
		{"boolean empty when ignored", Branches, "<conditional name=\"c\"><param name=\"b\" type=\"boolean\" truevalue=\"x\" falsevalue=\"\"/><when value=\"x\"/><when value=\"\"/></conditional>", nil},
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
	fs, _ := run(t, Branches, tool("<conditional><param name=\"s\" type=\"select\"><option value=\"a\"/></param></conditional>"), "")
	if len(fs) != 1 || fs[0].Message != "Conditional [None] no <when /> block found for select option 'a'" {
		t.Fatalf("got %+v", fs)
	}
}

// TestInMacroFile checks that a finding on a conditional brought by a
// macro is located in the macro file, where the author edits it.
func TestInMacroFile(t *testing.T) {
	macros := "<macros>\n  <xml name=\"cond\">\n    <conditional name=\"c\">\n" +
		"      <param name=\"b\" type=\"boolean\" optional=\"true\"/>\n" +
		"      <when value=\"true\"/>\n    </conditional>\n  </xml>\n</macros>\n"
	src := "<tool id=\"t\" name=\"t\" version=\"1\">\n<macros><import>macros.xml</import></macros>\n<inputs>\n<expand macro=\"cond\"/>\n</inputs>\n</tool>\n"
	for _, tc := range []struct {
		check *lint.Check
		line  int
	}{{TestParamType, 4}, {TestParamAttributes, 4}, {Branches, 3}} {
		fs, dir := run(t, tc.check, src, macros)
		if len(fs) != 1 {
			t.Fatalf("%s: got %d findings, want 1", tc.check.Code, len(fs))
		}
		if fs[0].Loc.File != filepath.Join(dir, "macros.xml") || fs[0].Pos.Line != tc.line {
			t.Errorf("%s: at %s:%d, want macros.xml:%d", tc.check.Code, fs[0].Loc.File, fs[0].Pos.Line, tc.line)
		}
		if !strings.Contains(fs[0].Message, "[c]") {
			t.Errorf("%s: message %q does not name the conditional", tc.check.Code, fs[0].Message)
		}
	}
}
