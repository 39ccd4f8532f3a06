package rules

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// This file is compiled into package rules for tests only; its exported
// names serve the external rules_test package too, so that every corpus test
// of the package locates and reads the corpus the same way.

// SharedDirForTest locates ../shared (or $GTR_SHARED) and skips the test when
// it is absent.
func SharedDirForTest(tb testing.TB) string {
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

// CorpusFileForTest is one corpus file: its path relative to the corpus root
// and its bytes.
type CorpusFileForTest struct {
	Rel string
	Src []byte
}

// CorpusForTest reads every *.xml file of the shared corpus, sorted by path.
func CorpusForTest(tb testing.TB) []CorpusFileForTest {
	tb.Helper()
	root := filepath.Join(SharedDirForTest(tb), "corpus")
	var files []CorpusFileForTest
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".xml") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		files = append(files, CorpusFileForTest{rel, src})
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Rel < files[j].Rel })
	return files
}
