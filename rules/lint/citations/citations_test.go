package citations

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// run writes files (the first is the tool) to a temporary directory, runs
// ch on the tool's expanded view (the file as written when it does not
// expand) and returns the findings.
func run(t *testing.T, ch *lint.Check, files ...string) []lint.Finding {
	t.Helper()
	dir := t.TempDir()
	var tool string
	for i := 0; i+1 < len(files); i += 2 {
		p := filepath.Join(dir, files[i])
		if err := os.WriteFile(p, []byte(files[i+1]), 0o644); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			tool = p
		}
	}
	src, err := os.ReadFile(tool)
	if err != nil {
		t.Fatal(err)
	}
	tree := cst.Parse(tool, src)
	c := &lint.Ctx{File: tree, Tool: true}
	if res, err := macros.ExpandTree(tree, macros.Options{}); err == nil {
		c.Result, c.Root = res, res.Root
	} else if c.Root, err = macros.FromTree(tree); err != nil {
		t.Fatal(err)
	}
	return lint.Run(ch, c)
}

// tool is a tool file with root attributes attrs and body inside.
func tool(attrs, body string) string {
	return "<tool " + attrs + ">\n" + body + "\n</tool>\n"
}

type golden struct {
	name        string
	files       []string
	want        []string // "linter|message prefix" of each finding, in order
	wantNothing bool
}

func check(t *testing.T, ch *lint.Check, cases []golden) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := run(t, ch, tc.files...)
			if len(got) != len(tc.want) {
				t.Fatalf("got %d findings %v, want %d %v", len(got), got, len(tc.want), tc.want)
			}
			for i, w := range tc.want {
				linter, msg, _ := strings.Cut(w, "|")
				if got[i].Linter != linter || !strings.HasPrefix(got[i].Message, msg) {
					t.Errorf("finding %d = %s %q, want %s %q", i, got[i].Linter, got[i].Message, linter, msg)
				}
				if got[i].Code != ch.Code || got[i].Fix == "" {
					t.Errorf("finding %d has code %s, fix %q", i, got[i].Code, got[i].Fix)
				}
			}
		})
	}
}

func TestCitationsMissing(t *testing.T) {
	check(t, CitationsMissing, []golden{
		{name: "doi", files: []string{"t.xml", tool(`id="a"`, `<citations><citation type="doi">10.1/x</citation></citations>`)}},
		{name: "none", files: []string{"t.xml", tool(`id="a"`, ``)},
			want: []string{"CitationsMissing|No citations found, consider adding citations to your tool."}},
		{name: "empty section", files: []string{"t.xml", tool(`id="a"`, `<citations>
		</citations>`)},
			want: []string{"CitationsNoValid|Found no valid citations."}},
		{name: "empty citations", files: []string{"t.xml", tool(`id="a"`, `<citations><citation type="doi"> </citation><citation type="bibtex"/><citation type="url"/></citations>`)},
			want: []string{"CitationsNoText|Empty doi citation.", "CitationsNoText|Empty bibtex citation."}},
		{name: "data source", files: []string{"t.xml", tool(`id="a" tool_type="data_source"`, ``)}},
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
