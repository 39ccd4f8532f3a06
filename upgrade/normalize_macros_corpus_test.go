package upgrade

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// TestCorpusNormalizeMacros runs the macro-library normalization on every
// corpus macro file, with the corpus tools of its directory as the
// importers that tell how its values read and whose views check the
// change: each file is normalized, left as it is, or refused with a
// reason; a normalized file normalizes to itself again (idempotence). It
// logs the counts.
func TestCorpusNormalizeMacros(t *testing.T) {
	root := filepath.Join(sharedDir(t), "corpus")
	f, err := os.Open(filepath.Join(root, "MANIFEST.tsv"))
	if err != nil {
		t.Skip("skipping: no corpus MANIFEST.tsv:", err)
	}
	defer f.Close()
	var libs []string
	tools := map[string][]string{} // directory → tool paths
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 3 {
			continue
		}
		path := filepath.Join(root, cols[0], cols[1])
		switch cols[2] {
		case "macros":
			libs = append(libs, path)
		case "tool":
			tools[filepath.Dir(path)] = append(tools[filepath.Dir(path)], path)
		}
	}
	mo := macros.Options{Cache: macros.NewCache()}
	docs := map[string][]*Doc{}
	docsOf := func(dir string) []*Doc {
		if d, ok := docs[dir]; ok {
			return d
		}
		var out []*Doc
		for _, p := range tools[dir] {
			src, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, NewDoc(p, src, mo))
		}
		docs[dir] = out
		return out
	}
	var normalized, unchanged, refused, malformed, elements, checked, unused int
	for _, lib := range libs {
		src, err := os.ReadFile(lib)
		if err != nil {
			t.Fatal(err)
		}
		ds := docsOf(filepath.Dir(lib))
		res, err := NormalizeMacroFormats(lib, src, ds)
		if err != nil {
			malformed++
			continue
		}
		if len(res.Checked) == 0 {
			unused++
		}
		switch {
		case res.Data != nil:
			normalized++
			elements += res.Elements
			checked += len(res.Checked)
			again, err := NormalizeMacroFormats(lib, res.Data, ds)
			if err != nil || again.Data != nil {
				t.Errorf("%s: normalizing the result again changes it (%v)", lib, err)
			}
			t.Logf("normalized %s (%d element(s), checked through %d importer(s))", strings.TrimPrefix(lib, root+"/"), res.Elements, len(res.Checked))
		case len(res.Refused) > 0:
			refused++
			t.Logf("refused %s: %s", strings.TrimPrefix(lib, root+"/"), strings.Join(res.Refused, "; "))
		default:
			unchanged++
		}
		for _, why := range res.Refused {
			if res.Data != nil {
				t.Logf("  left: %s", why)
			}
		}
	}
	t.Logf("normalize-macros over %d corpus macro files: %d normalized (%d elements, checked through %d importers), %d unchanged, %d refused, %d malformed; %d imported by no tool of their directory",
		len(libs), normalized, elements, checked, unchanged, refused, malformed, unused)
	if normalized == 0 {
		t.Error("no corpus macro file normalized")
	}
}
