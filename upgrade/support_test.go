package upgrade

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sharedDir returns the shared folder (../shared, or $GTR_SHARED), or
// skips the test when it has no corpus.
func sharedDir(tb testing.TB) string {
	tb.Helper()
	for _, d := range []string{os.Getenv("GTR_SHARED"), "../../shared", "../../../shared"} {
		if d == "" {
			continue
		}
		if st, err := os.Stat(filepath.Join(d, "corpus")); err == nil && st.IsDir() {
			return d
		}
	}
	tb.Skip("skipping: ../shared/corpus not found (set GTR_SHARED to the shared folder to run corpus tests)")
	return ""
}

// corpusTools returns the paths, relative to the corpus root, of every
// corpus file MANIFEST.tsv lists as a tool, in its order, and the corpus
// root.
func corpusTools(tb testing.TB) (root string, rels []string) {
	tb.Helper()
	root = filepath.Join(sharedDir(tb), "corpus")
	f, err := os.Open(filepath.Join(root, "MANIFEST.tsv"))
	if err != nil {
		tb.Skip("skipping: no corpus MANIFEST.tsv:", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 3 || cols[2] != "tool" {
			continue
		}
		rels = append(rels, filepath.Join(cols[0], cols[1]))
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return root, rels
}
