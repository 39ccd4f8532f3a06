// Package linttest runs advisory checks on files written for a test, for
// the golden tests of the rules/lint packages.
package linttest

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// Run writes files, name then content, to a temporary directory and runs
// ch on the first: on its macro-expanded view when it is a tool that
// expands, on the file as written otherwise (a macro file, or a tool
// whose imports are missing). It returns the findings and the directory.
func Run(t testing.TB, ch *lint.Check, files ...string) ([]lint.Finding, string) {
	t.Helper()
	return run(t, ch, false, files)
}

// RunBeside is [Run] on a tool written as tool.xml with the files of
// beside (name to content) next to it.
func RunBeside(t testing.TB, ch *lint.Check, tool string, beside map[string]string) ([]lint.Finding, string) {
	t.Helper()
	files := []string{"tool.xml", tool}
	for _, name := range slices.Sorted(maps.Keys(beside)) {
		files = append(files, name, beside[name])
	}
	return Run(t, ch, files...)
}

// Expanded is [Run] for a tool that must expand: the test fails when it
// does not.
func Expanded(t testing.TB, ch *lint.Check, files ...string) ([]lint.Finding, string) {
	t.Helper()
	return run(t, ch, true, files)
}

// Linters returns the Galaxy linter of each finding, in order.
func Linters(fs []lint.Finding) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Linter
	}
	return out
}

func run(t testing.TB, ch *lint.Check, mustExpand bool, files []string) ([]lint.Finding, string) {
	t.Helper()
	dir := t.TempDir()
	var first string
	for i := 0; i+1 < len(files); i += 2 {
		p := filepath.Join(dir, files[i])
		if err := os.WriteFile(p, []byte(files[i+1]), 0o644); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = p
		}
	}
	src, err := os.ReadFile(first)
	if err != nil {
		t.Fatal(err)
	}
	tree := cst.Parse(first, src)
	c := &lint.Ctx{File: tree, Tool: tree.RootElement().Name() == "tool", Dir: dir}
	if c.Tool {
		res, err := macros.ExpandTree(tree, macros.Options{})
		switch {
		case err == nil:
			c.Result, c.Root = res, res.Root
		case mustExpand:
			t.Fatalf("expand: %v", err)
		}
	}
	if c.Root == nil {
		if c.Root, err = macros.FromTree(tree); err != nil {
			t.Fatal(err)
		}
	}
	return lint.Run(ch, c), dir
}

// Golden is one case of a check's golden test: files as for [Run], and
// the findings expected, each "LINTER|message prefix", in order; none
// for a case that must not fire.
type Golden struct {
	Name  string
	Files []string
	Want  []string
}

// Check runs ch on every case and compares its findings with the case's,
// and that each finding has the check's code and says what to do.
func Check(t *testing.T, ch *lint.Check, cases []Golden) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			got, _ := Run(t, ch, tc.Files...)
			if len(got) != len(tc.Want) {
				t.Fatalf("got %d findings %v, want %d %v", len(got), got, len(tc.Want), tc.Want)
			}
			for i, w := range tc.Want {
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

// Tool returns a tool file with root attributes attrs and body inside.
func Tool(attrs, body string) string {
	return "<tool " + attrs + ">\n" + body + "\n</tool>\n"
}
