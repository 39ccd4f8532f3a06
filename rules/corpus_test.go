package rules_test

import (
	"bytes"
	"sort"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rules"
)

func sharedDir(tb testing.TB) string { return rules.SharedDirForTest(tb) }

type corpusFile struct {
	rel string
	src []byte
}

func corpusFiles(tb testing.TB) []corpusFile {
	var files []corpusFile
	for _, f := range rules.CorpusForTest(tb) {
		files = append(files, corpusFile{f.Rel, f.Src})
	}
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
