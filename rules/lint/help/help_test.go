package help

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

func TestHelpMissing(t *testing.T) {
	for _, tc := range []struct {
		name, tool, want string
	}{
		{"missing", `<tool id="t" name="t" version="1"><command>x</command></tool>`, "HelpMissing"},
		{"empty", `<tool id="t" name="t" version="1"><help/></tool>`, "HelpEmpty"},
		{"blank CDATA", "<tool id=\"t\" name=\"t\" version=\"1\"><help><![CDATA[\n  \u00a0\n]]></help></tool>", "HelpEmpty"},
		{"text only after a child", `<tool id="t" name="t" version="1"><help><b/>Counts lines.</help></tool>`, "HelpEmpty"},
		{"present", `<tool id="t" name="t" version="1"><help>Counts lines.</help></tool>`, ""},
		{"data source tool", `<tool id="t" name="t" version="1" tool_type="data_source"/>`, ""},
		{"behind an unexpandable macro", `<tool id="t" name="t" version="1"><macros><import>absent.xml</import></macros><expand macro="help"/></tool>`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := linters(runCheck(t, HelpMissing, tc.tool, nil)); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestHelpEmptyInMacroFile(t *testing.T) {
	const lib = "<macros>\n  <xml name=\"help\">\n    <help>   </help>\n  </xml>\n</macros>\n"
	tool := "<tool id=\"t\" name=\"t\" version=\"1\">\n  <macros><import>macros.xml</import></macros>\n  <expand macro=\"help\"/>\n</tool>\n"
	fs := runCheck(t, HelpMissing, tool, map[string]string{"macros.xml": lib})
	if len(fs) != 1 {
		t.Fatalf("got %d findings, want 1", len(fs))
	}
	if f := fs[0]; filepath.Base(f.Loc.File) != "macros.xml" || f.Pos.Line != 3 || f.Linter != "HelpEmpty" {
		t.Errorf("got %s at %s:%d, want HelpEmpty at macros.xml:3", f.Linter, f.Loc.File, f.Pos.Line)
	}
}
