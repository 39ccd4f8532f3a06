package inputs

import (
	"path/filepath"
	"testing"

	"github.com/galaxy-gtr/gtr/rules/lint/linttest"
)

// TestNameRedundantArgument covers GTR037.2: what GTR037.1 leaves (tokens,
// macros, tool-level expands) fires, what it drops and what is not
// redundant does not.
func TestNameRedundantArgument(t *testing.T) {
	runCases(t, NameRedundantArgument, []checkCase{
		{"dropped by GTR037.1", tool(`<param name="min_length" argument="--min-length" type="integer" value="0"/>`), nil},
		{"name differs", tool(`<param name="minlen" argument="--min-length" type="integer" value="0"/>`), nil},
		{"argument only", tool(`<param argument="--min-length" type="integer" value="0"/>`), nil},
		{"dash kept in the name", tool(`<param name="min-length" argument="--min-length" type="integer"/>`), nil},
		{"token in both", tool(`<param name="@N@" argument="@N@" type="integer"/>`), []finding{{"InputsNameRedundantArgument", 4}}},
		{"empty derived name", tool(`<param name="" argument="--" type="integer"/>`), []finding{{"InputsNameRedundantArgument", 4}}},
		{"tool macro yielded into inputs",
			"<tool id=\"t\" name=\"t\" version=\"1\">\n<macros><xml name=\"m\"><inputs><yield/></inputs></xml></macros>\n<command>x</command>\n<expand macro=\"m\">\n<param name=\"k\" argument=\"-k\" type=\"integer\"/>\n</expand>\n</tool>\n",
			[]finding{{"InputsNameRedundantArgument", 5}}},
		{"outside inputs", "<tool id=\"t\" name=\"t\" version=\"1\">\n<command>x</command>\n<inputs/>\n<tests><test><param name=\"k\" argument=\"-k\" value=\"1\"/></test></tests>\n</tool>\n", nil},
	})
}

// TestNameRedundantArgumentInMacroFile checks that a param an imported
// macro file brings is reported at its name in the macro file.
func TestNameRedundantArgumentInMacroFile(t *testing.T) {
	got, dir := linttest.Expanded(t, NameRedundantArgument,
		"tool.xml", "<tool id=\"t\" name=\"t\" version=\"1\">\n<macros><import>macros.xml</import></macros>\n<command>x</command>\n<inputs><expand macro=\"opts\"/></inputs>\n</tool>\n",
		"macros.xml", "<macros>\n<xml name=\"opts\">\n<param name=\"seed\" argument=\"--seed\" type=\"integer\" value=\"1\"/>\n</xml>\n</macros>\n")
	if len(got) != 1 {
		t.Fatalf("got %d findings %v, want 1", len(got), got)
	}
	f := got[0]
	if f.Loc.File != filepath.Join(dir, "macros.xml") || f.Pos.Line != 3 || f.Code != "GTR037.2" || f.Fix == "" {
		t.Errorf("finding at %s:%d (%s, fix %q), want macros.xml:3 GTR037.2 with a fix", f.Loc.File, f.Pos.Line, f.Code, f.Fix)
	}
}
