package cst_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
)

// xmllintMalformed runs `xmllint --noout` over paths in batches and returns
// the set of paths for which libxml2 reported a parser (fatal) error.
// Namespace errors and warnings do not make a file malformed: xmllint exits
// 0 for them.
func xmllintMalformed(tb testing.TB, paths []string) map[string]bool {
	tb.Helper()
	bad := map[string]bool{}
	re := regexp.MustCompile(`(?m)^(.+?):\d+: parser error :`)
	for start := 0; start < len(paths); start += 400 {
		batch := paths[start:min(len(paths), start+400)]
		cmd := exec.Command("xmllint", append([]string{"--noout", "--nonet"}, batch...)...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		_ = cmd.Run() // a non-zero exit is expected when a file is malformed
		for _, m := range re.FindAllSubmatch(stderr.Bytes(), -1) {
			bad[string(m[1])] = true
		}
	}
	return bad
}

// wellFormedExceptions lists files on which gtr's verdict deliberately
// differs from libxml2's, with the reason.
var wellFormedExceptions = map[string]string{}

func TestCorpusWellFormedAgreesWithXmllint(t *testing.T) {
	if _, err := exec.LookPath("xmllint"); err != nil {
		t.Skip("skipping: xmllint not installed (apt-get install libxml2-utils)")
	}
	files := corpusFiles(t)
	root := filepath.Join(sharedDir(t), "corpus")
	paths := make([]string, len(files))
	for i, f := range files {
		paths[i] = filepath.Join(root, f.rel)
	}
	bad := xmllintMalformed(t, paths)
	agree, malformed := 0, 0
	for i, f := range files {
		tree := cst.Parse(f.rel, f.src)
		ours := !tree.WellFormed()
		theirs := bad[paths[i]]
		if theirs {
			malformed++
		}
		if ours == theirs {
			agree++
			continue
		}
		if why, ok := wellFormedExceptions[f.rel]; ok {
			t.Logf("%s: known difference: %s", f.rel, why)
			continue
		}
		t.Errorf("%s: gtr malformed=%v, xmllint malformed=%v; gtr errors: %v", f.rel, ours, theirs, tree.Errors())
	}
	t.Logf("%d files: %d agree with xmllint (%d malformed per xmllint)", len(files), agree, malformed)
	_ = os.Stderr
}
