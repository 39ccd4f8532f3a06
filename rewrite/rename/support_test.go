package rename

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
	for _, d := range []string{os.Getenv("GTR_SHARED"), "../../../shared", "../../../../shared"} {
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

// corpusTools returns the absolute paths of every corpus file MANIFEST.tsv
// lists as a tool, in its order.
func corpusTools(tb testing.TB) []string {
	tb.Helper()
	root, err := filepath.Abs(filepath.Join(sharedDir(tb), "corpus"))
	if err != nil {
		tb.Fatal(err)
	}
	f, err := os.Open(filepath.Join(root, "MANIFEST.tsv"))
	if err != nil {
		tb.Skip("skipping: no corpus MANIFEST.tsv:", err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 3 || cols[2] != "tool" {
			continue
		}
		out = append(out, filepath.Join(root, cols[0], cols[1]))
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// sample returns every n-th of paths.
func sample(paths []string, n int) []string {
	var out []string
	for i := 0; i < len(paths); i += n {
		out = append(out, paths[i])
	}
	return out
}
