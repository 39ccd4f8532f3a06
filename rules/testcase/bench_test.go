package testcase

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// corpusRoots returns the expanded views of the corpus tools that have
// tests, skipping when the shared corpus is absent.
func corpusRoots(tb testing.TB) []*macros.Element {
	tb.Helper()
	var dir string
	for _, d := range []string{os.Getenv("GTR_SHARED"), "../../../shared", "../../shared"} {
		if d == "" {
			continue
		}
		if st, err := os.Stat(filepath.Join(d, "corpus")); err == nil && st.IsDir() {
			dir = filepath.Join(d, "corpus")
			break
		}
	}
	if dir == "" {
		tb.Skip("skipping: corpus not found under ../../../shared (set GTR_SHARED to the shared folder)")
	}
	cache := macros.NewCache()
	var roots []*macros.Element
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".xml") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return nil
		}
		res, err := macros.Expand(path, src, macros.Options{Cache: cache})
		if err != nil || res.Root == nil || len(Tests(res.Root)) == 0 {
			return nil
		}
		roots = append(roots, res.Root)
		return nil
	})
	return roots
}

// BenchmarkCorpus plans GTR096 and validates the tests of every corpus
// tool with tests, as a strict check does: the memos hold a few views,
// so each tool's model is built anew in every iteration.
func BenchmarkCorpus(b *testing.B) {
	roots := corpusRoots(b)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for _, r := range roots {
			Qualify(r)
			Check(r)
		}
	}
	b.ReportMetric(float64(len(roots)*b.N)/b.Elapsed().Seconds(), "files/s")
}
