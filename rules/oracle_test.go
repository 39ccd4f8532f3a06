package rules_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/rules"
)

// lxmlFixpoint is run by /usr/bin/python3: for each file it re-serialises
// the root element the way the predecessor's serializer does (lxml, CDATA
// and comments kept) and prints the files in which those bytes do not
// appear. What lies outside the root element is compared by GTR202 and
// GTR208's goldens instead: lxml writes top-level comments with no newline
// before the root element, gtr puts each on its own line.
const lxmlFixpoint = `
import os, sys
from lxml import etree
root = sys.argv[1]
for dp, _, fs in os.walk(root):
    for f in fs:
        p = os.path.join(dp, f)
        b = open(p, 'rb').read()
        t = etree.fromstring(b, etree.XMLParser(strip_cdata=False, resolve_entities=False))
        elem = etree.tostring(t, encoding='utf-8', with_tail=False)
        if elem not in b:
            print(os.path.relpath(p, root))
`

// TestCorpusFormatIsLxmlFixpoint checks that the default ruleset's output is
// already in the predecessor's canonical form: re-serialising it through
// lxml changes nothing (files with CRLF line ends are left out: gtr keeps
// CRLF, lxml writes LF). It also checks every output with xmllint.
func TestCorpusFormatIsLxmlFixpoint(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping corpus oracle in -short mode")
	}
	files := corpusFiles(t)
	if err := exec.Command("/usr/bin/python3", "-c", "import lxml").Run(); err != nil {
		t.Skip("skipping: /usr/bin/python3 with lxml not installed (apt-get install python3-lxml)")
	}
	rs, err := rules.Selection{}.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var written []string
	for _, f := range files {
		res, err := rules.Format(f.rel, f.src, rs)
		if err != nil || bytes.Contains(res.Output, []byte("\r\n")) {
			continue
		}
		dst := filepath.Join(dir, f.rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, res.Output, 0o644); err != nil {
			t.Fatal(err)
		}
		written = append(written, dst)
	}
	out, err := exec.Command("/usr/bin/python3", "-c", lxmlFixpoint, dir).CombinedOutput()
	if err != nil {
		t.Fatalf("lxml oracle failed: %v\n%s", err, out)
	}
	var differ []string
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if l != "" {
			differ = append(differ, l)
		}
	}
	for _, d := range differ {
		t.Errorf("%s: lxml would still change gtr's formatted output", d)
	}
	t.Logf("%d formatted files (LF): %d are lxml fixpoints", len(written), len(written)-len(differ))
	if _, err := exec.LookPath("xmllint"); err == nil {
		bad := 0
		for start := 0; start < len(written); start += 400 {
			cmd := exec.Command("xmllint", append([]string{"--noout"}, written[start:min(len(written), start+400)]...)...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			_ = cmd.Run()
			bad += bytes.Count(stderr.Bytes(), []byte(": parser error :"))
		}
		if bad > 0 {
			t.Errorf("xmllint reports %d parser errors in formatted output", bad)
		}
	}
}
