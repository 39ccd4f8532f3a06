package params

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// corpusTools returns the paths of the corpus tools, skipping the test
// when the corpus is absent.
func corpusTools(t *testing.T) []string {
	t.Helper()
	for _, d := range []string{os.Getenv("GTR_SHARED"), "../../../../shared"} {
		if d == "" {
			continue
		}
		root, _ := filepath.Abs(filepath.Join(d, "corpus"))
		f, err := os.Open(filepath.Join(root, "MANIFEST.tsv"))
		if err != nil {
			continue
		}
		defer f.Close()
		var out []string
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if c := strings.Split(sc.Text(), "\t"); len(c) > 2 && c[2] == "tool" {
				out = append(out, filepath.Join(root, c[0], c[1]))
			}
		}
		return out
	}
	t.Skip("skipping: ../shared/corpus not found (set GTR_SHARED)")
	return nil
}

// TestOptionsFiltersCorpus runs the filter checks over every corpus tool
// that expands and prints on how many tools each linter fires, with the
// findings, and checks that the number stays what was reviewed: each
// finding listed in the log was read against its tool.
func TestOptionsFiltersCorpus(t *testing.T) {
	paths := corpusTools(t)
	checks := []*lint.Check{OptionsFilterAttributes, OptionsFilterRegex, OptionsFilterReferences}
	tools := map[string]map[string]bool{} // linter → tools
	var lines []string
	filters := 0
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		// Only a tool with a filter can have a finding; the others are
		// not expanded.
		if !strings.Contains(string(src), "<filter") && !strings.Contains(string(src), "<expand") {
			continue
		}
		tree := cst.Parse(path, src)
		res, err := macros.ExpandTree(tree, macros.Options{})
		if err != nil {
			continue
		}
		c := &lint.Ctx{File: tree, Tool: true, Root: res.Root, Result: res}
		filters += len(optionFilters(c))
		for _, ch := range checks {
			for _, f := range lint.Run(ch, c) {
				if tools[f.Linter] == nil {
					tools[f.Linter] = map[string]bool{}
				}
				tools[f.Linter][corpusRel(path)] = true
				lines = append(lines, fmt.Sprintf("%s %s:%d %s", f.Code, corpusRel(f.Loc.File), f.Pos.Line, f.Message))
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d filters of known types in %d corpus tools\n", filters, len(paths))
	counts := map[string]int{}
	for _, ch := range checks {
		for _, l := range ch.Linters {
			counts[l] = len(tools[l])
			fmt.Fprintf(&b, "%-50s %s %4d tools\n", l, ch.Code, len(tools[l]))
		}
	}
	slices.Sort(lines)
	t.Logf("%s%s", b.String(), strings.Join(lines, "\n"))
	// The counts reviewed, finding by finding, when the checks were
	// written: a change is a change of the checks (or of the corpus) to
	// look at.
	want := map[string]int{
		"InputsOptionsFiltersRequiredAttributes":           0,
		"InputsOptionsRemoveValueFilterRequiredAttributes": 0,
		"InputsOptionsFiltersAllowedAttributes":            14,
		"InputsOptionsRegexFilterExpression":               0,
		"InputsOptionsFiltersCheckReferences":              1,
	}
	for l, n := range want {
		if counts[l] != n {
			t.Errorf("%s fires on %d corpus tools, reviewed %d", l, counts[l], n)
		}
	}
}

// corpusRel is path below the corpus directory.
func corpusRel(path string) string {
	if i := strings.Index(path, "/corpus/"); i >= 0 {
		return path[i+len("/corpus/"):]
	}
	return path
}
