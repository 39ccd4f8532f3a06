package cst_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// sharedDir locates ../shared (or $GTR_SHARED) and skips the test when it is
// absent.
func sharedDir(tb testing.TB) string {
	tb.Helper()
	dirs := []string{os.Getenv("GTR_SHARED"), "../../shared", "../../../shared"}
	for _, d := range dirs {
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

type corpusFile struct {
	rel string
	src []byte
}

// corpusFiles reads every *.xml file of the shared corpus, sorted by path.
func corpusFiles(tb testing.TB) []corpusFile {
	tb.Helper()
	root := filepath.Join(sharedDir(tb), "corpus")
	var files []corpusFile
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".xml") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		files = append(files, corpusFile{rel, src})
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	sort.Slice(files, func(i, j int) bool { return files[i].rel < files[j].rel })
	return files
}

// visible shows whitespace so that differences can be seen in test output.
func visible(b []byte) string {
	r := strings.NewReplacer(" ", "·", "\t", "→", "\n", "↵\n", "\r", "␍")
	return r.Replace(string(b))
}

// firstDiff describes where a and b first differ.
func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-20)
	return "at byte " + strconv.Itoa(i) + ": want " + visible(a[lo:min(len(a), i+20)]) + " got " + visible(b[lo:min(len(b), i+20)])
}
