package command

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/rules/lint"
	"github.com/galaxy-gtr/gtr/rules/lint/linttest"
)

// runCheck writes tool as tool.xml (and files beside it) into a temporary
// directory, builds Galaxy's view of it as gtr's runner does, and runs ch.
func runCheck(t *testing.T, ch *lint.Check, tool string, files map[string]string) []lint.Finding {
	t.Helper()
	got, _ := linttest.RunBeside(t, ch, tool, files)
	return got
}

// linters lists the Galaxy linter of each finding, in order.
func linters(fs []lint.Finding) string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Linter)
	}
	return strings.Join(out, " ")
}

func TestCommandChecks(t *testing.T) {
	for _, tc := range []struct {
		name string
		ch   *lint.Check
		tool string
		want string // linters reported, space-separated
	}{
		{"missing", CommandMissing, `<tool id="t" name="t" version="1"><inputs/></tool>`, "CommandMissing"},
		{"present", CommandMissing, `<tool id="t" name="t" version="1"><command>cat</command></tool>`, ""},
		{"empty", CommandMissing, `<tool id="t" name="t" version="1"><command/></tool>`, "CommandEmpty"},
		{"whitespace is not empty to Galaxy", CommandMissing, `<tool id="t" name="t" version="1"><command> </command></tool>`, ""},
		{"missing in a data source tool", CommandMissing, `<tool id="t" name="t" version="1" tool_type="data_source"/>`, ""},
		{"missing behind an unexpandable macro", CommandMissing, `<tool id="t" name="t" version="1"><macros><import>absent.xml</import></macros><expand macro="cmd"/></tool>`, ""},
		{"interpreter", CommandInterpreterDeprecated, `<tool id="t" name="t" version="1"><command interpreter="python">s.py</command></tool>`, "CommandInterpreterDeprecated"},
		{"empty interpreter", CommandInterpreterDeprecated, `<tool id="t" name="t" version="1"><command interpreter="">s.py</command></tool>`, "CommandInterpreterDeprecated"},
		{"no interpreter", CommandInterpreterDeprecated, `<tool id="t" name="t" version="1"><command>python s.py</command></tool>`, ""},
		{"interpreter on a second command", CommandInterpreterDeprecated, `<tool id="t" name="t" version="1"><command>a</command><command interpreter="sh">b</command></tool>`, ""},
		{"todo in command and help", TodoText, `<tool id="t" name="t" version="1"><command>cat # TODO</command><help>TODO</help></tool>`, "CommandTODO HelpTODO"},
		{"todo is case-sensitive", TodoText, `<tool id="t" name="t" version="1"><command>cat # todo</command><help>Todo</help></tool>`, ""},
		{"todo after a child is not the text", TodoText, `<tool id="t" name="t" version="1"><help>a<b/>TODO</help></tool>`, ""},
		{"todo in an expression tool", TodoText, `<tool id="t" name="t" version="1" tool_type="expression"><command>TODO</command></tool>`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := linters(runCheck(t, tc.ch, tc.tool, nil)); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestCommandFindingsInMacroFile(t *testing.T) {
	const lib = `<macros>
  <xml name="cmd">
    <command interpreter="python"><![CDATA[
s.py '$input' # TODO: quote
]]></command>
  </xml>
</macros>
`
	tool := `<tool id="t" name="t" version="1">
  <macros><import>macros.xml</import></macros>
  <expand macro="cmd"/>
</tool>
`
	for _, tc := range []struct {
		ch        *lint.Check
		line, col int
	}{
		{CommandInterpreterDeprecated, 3, 14},
		// A text that is one CDATA section maps byte for byte: the word.
		{TodoText, 4, 17},
	} {
		fs := runCheck(t, tc.ch, tool, map[string]string{"macros.xml": lib})
		if len(fs) != 1 {
			t.Fatalf("%s: got %d findings, want 1", tc.ch.Code, len(fs))
		}
		f := fs[0]
		if filepath.Base(f.Loc.File) != "macros.xml" || f.Pos.Line != tc.line || f.Pos.Column != tc.col {
			t.Errorf("%s: at %s:%d:%d, want macros.xml:%d:%d", tc.ch.Code, f.Loc.File, f.Pos.Line, f.Pos.Column, tc.line, tc.col)
		}
	}
}

func TestTodoLocatedAtTheWord(t *testing.T) {
	tool := "<tool id=\"t\" name=\"t\" version=\"1\">\n  <command>cat\n  # TODO quote</command>\n</tool>\n"
	fs := runCheck(t, TodoText, tool, nil)
	if len(fs) != 1 || fs[0].Pos.Line != 3 || fs[0].Pos.Column != 5 || fs[0].Loc.Span.End-fs[0].Loc.Span.Start != 4 {
		t.Fatalf("got %+v, want the word TODO at 3:5", fs)
	}
}
