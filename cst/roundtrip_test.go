package cst_test

import (
	"bytes"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
)

func TestCorpusRoundTrip(t *testing.T) {
	files := corpusFiles(t)
	malformed := 0
	for _, f := range files {
		tree := cst.Parse(f.rel, f.src)
		if got := tree.Bytes(); !bytes.Equal(got, f.src) {
			t.Errorf("%s: round trip differs %s", f.rel, firstDiff(f.src, got))
		}
		checkFacts(t, tree)
		if !tree.WellFormed() {
			malformed++
		}
	}
	t.Logf("%d files, %d byte-exact, %d malformed", len(files), len(files), malformed)
}
