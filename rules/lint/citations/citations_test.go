package citations

import (
	"path/filepath"
	"testing"

	"github.com/galaxy-gtr/gtr/rules/lint"
	"github.com/galaxy-gtr/gtr/rules/lint/linttest"
)

// The golden tests share linttest's runner.
type golden = linttest.Golden

func run(t *testing.T, ch *lint.Check, files ...string) []lint.Finding {
	t.Helper()
	got, _ := linttest.Run(t, ch, files...)
	return got
}

func tool(attrs, body string) string { return linttest.Tool(attrs, body) }

func check(t *testing.T, ch *lint.Check, cases []golden) { t.Helper(); linttest.Check(t, ch, cases) }

func TestCitationsMissing(t *testing.T) {
	check(t, CitationsMissing, []golden{
		{Name: "doi", Files: []string{"t.xml", tool(`id="a"`, `<citations><citation type="doi">10.1/x</citation></citations>`)}},
		{Name: "none", Files: []string{"t.xml", tool(`id="a"`, ``)},
			Want: []string{"CitationsMissing|No citations found, consider adding citations to your tool."}},
		{Name: "empty section", Files: []string{"t.xml", tool(`id="a"`, `<citations>
		</citations>`)},
			Want: []string{"CitationsNoValid|Found no valid citations."}},
		{Name: "empty citations", Files: []string{"t.xml", tool(`id="a"`, `<citations><citation type="doi"> </citation><citation type="bibtex"/><citation type="url"/></citations>`)},
			Want: []string{"CitationsNoText|Empty doi citation.", "CitationsNoText|Empty bibtex citation."}},
		{Name: "data source", Files: []string{"t.xml", tool(`id="a" tool_type="data_source"`, ``)}},
	})
}

// TestFindingInMacroFile checks that an empty citation brought by a macro
// is reported in the macro file, on its line.
func TestFindingInMacroFile(t *testing.T) {
	macrosXML := "<macros>\n  <xml name=\"citations\">\n    <citations>\n" +
		"      <citation type=\"doi\"></citation>\n    </citations>\n  </xml>\n</macros>\n"
	got := run(t, CitationsMissing,
		"tool.xml", tool(`id="a" name="A" version="1"`, "<macros><import>macros.xml</import></macros>\n<expand macro=\"citations\"/>"),
		"macros.xml", macrosXML)
	if len(got) != 1 || got[0].Linter != "CitationsNoText" {
		t.Fatalf("got %v, want one CitationsNoText finding", got)
	}
	if filepath.Base(got[0].Loc.File) != "macros.xml" || got[0].Pos.Line != 4 {
		t.Errorf("finding at %s:%d, want macros.xml:4", got[0].Loc.File, got[0].Pos.Line)
	}
}
