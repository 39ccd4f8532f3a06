package refs

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// corpusTools returns the absolute paths of the corpus tools MANIFEST.tsv
// lists, or skips.
func corpusTools(t *testing.T) []string {
	t.Helper()
	for _, d := range []string{os.Getenv("GTR_SHARED"), "../../../shared"} {
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

// TestCorpusIndex indexes every corpus tool that expands: every reference
// located exactly covers bytes that spell its name, in the file it names,
// every other one points into a file the expansion read, and Mentions
// sees the names. It prints
// the counts by kind and how many are located exactly.
func TestCorpusIndex(t *testing.T) {
	start := time.Now()
	cache := macros.NewCache()
	kinds := map[Kind]int{}
	tools, exact, inexact, inMacro, tokens := 0, 0, 0, 0, 0
	for _, path := range corpusTools(t) {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		res, err := macros.Expand(path, src, macros.Options{Cache: cache})
		if err != nil || res.Root.Tag != "tool" {
			continue
		}
		tools++
		x := Build(res)
		checked := map[string]bool{}
		for _, r := range x.Refs {
			// Mentions finds every name the index finds (a few names a
			// tool, for time).
			if !checked[r.Name] && len(checked) < 5 {
				checked[r.Name] = true
				if !Mentions(res, r.Name) {
					t.Fatalf("%s: Mentions misses %s, which %s %q names", path, r.Name, r.Section, r.Reference)
				}
			}
			kinds[r.Kind]++
			tr := res.Tree(r.Loc.File)
			if tr == nil || r.Loc.Span.End > len(tr.Source()) {
				t.Fatalf("%s: %s %q located in %s %v, which the expansion did not read", path, r.Section, r.Reference, r.Loc.File, r.Loc.Span)
			}
			if r.Loc.File != path {
				inMacro++
			}
			if r.Token != "" {
				tokens++
			}
			if !r.Exact {
				inexact++
				continue
			}
			exact++
			if got := string(tr.Source()[r.Loc.Span.Start:r.Loc.Span.End]); got != r.Name {
				t.Fatalf("%s: %s %q: the bytes at %s %v are %q, not %q", path, r.Section, r.Reference, r.Loc.File, r.Loc.Span, got, r.Name)
			}
		}
	}
	var ks []string
	for k := Kind(1); k <= KindTest; k++ {
		ks = append(ks, fmt.Sprintf("%s %d", k, kinds[k]))
	}
	t.Logf("%d tools in %v: %s; %d located exactly, %d not (supplied by tokens %d, in macro files %d)",
		tools, time.Since(start).Round(time.Millisecond), strings.Join(ks, ", "), exact, inexact, tokens, inMacro)
}
