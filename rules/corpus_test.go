package rules_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rules"
)

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

type corpusFile struct {
	rel string
	src []byte
}

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

// TestCorpusFormat formats every corpus file twice with the default
// ruleset: no failure, the second pass changes nothing, every output is
// well-formed, and malformed inputs come back untouched.
func TestCorpusFormat(t *testing.T) {
	files := corpusFiles(t)
	rs, err := rules.Selection{}.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	touched := map[string]int{}
	edits := map[string]int{}
	changed, malformed := 0, 0
	for _, f := range files {
		res, err := rules.Format(f.rel, f.src, rs)
		if err != nil {
			if !cst.Parse(f.rel, f.src).WellFormed() {
				malformed++
				if !bytes.Equal(res.Output, f.src) {
					t.Errorf("%s: malformed input was changed", f.rel)
				}
				continue
			}
			t.Errorf("%s: %v", f.rel, err)
			continue
		}
		if res.Changed {
			changed++
		}
		seen := map[string]bool{}
		for _, a := range res.Applied {
			edits[a.Code] += a.Edits
			if !seen[a.Code] {
				seen[a.Code] = true
				touched[a.Code]++
			}
		}
		again, err := rules.Format(f.rel, res.Output, rs)
		if err != nil || again.Changed {
			t.Errorf("%s: second format pass changed the file (err %v, rules %v)", f.rel, err, again.Codes())
		}
	}
	codes := make([]string, 0, len(touched))
	for c := range touched {
		codes = append(codes, c)
	}
	sort.Strings(codes)
	t.Logf("%d files: %d changed, %d malformed left untouched", len(files), changed, malformed)
	for _, c := range codes {
		t.Logf("  %s  files touched %5d  edits %7d", c, touched[c], edits[c])
	}
}
