package rewrite

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
)

// corpusDir locates ../shared/corpus (or $GTR_SHARED/corpus) and skips the
// test when it is absent.
func corpusDir(tb testing.TB) string {
	tb.Helper()
	for _, d := range []string{os.Getenv("GTR_SHARED"), "../../shared", "../../../shared"} {
		if d == "" {
			continue
		}
		if st, err := os.Stat(filepath.Join(d, "corpus")); err == nil && st.IsDir() {
			return filepath.Join(d, "corpus")
		}
	}
	tb.Skip("skipping: ../shared/corpus not found (set GTR_SHARED to the shared folder to run corpus tests)")
	return ""
}

// TestUnchangedReadsAsFromTree checks, over every well-formed corpus file,
// that the shortcut of the expansion-equality gate reads texts, tails,
// attribute values and processing instruction targets from the parse as
// [macros.FromTree] does.
func TestUnchangedReadsAsFromTree(t *testing.T) {
	root := corpusDir(t)
	files := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".xml") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		tr := cst.Parse(path, src)
		if !tr.WellFormed() || hasDoctype(tr) {
			return nil
		}
		el, err := macros.FromTree(tr)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			return nil
		}
		files++
		sameAsFromTree(t, path, tr.RootElement(), el)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d files", files)
}

func sameAsFromTree(t *testing.T, path string, n cst.Node, e *macros.Element) {
	t.Helper()
	i := 0
	for a := range n.Attrs() {
		if i >= len(e.Attrs) || a.Name() != e.Attrs[i].Name || a.Value() != e.Attrs[i].Value {
			t.Errorf("%s: %s: attribute %d reads differently", path, n.Pos(), i)
			return
		}
		i++
	}
	r, k := textRun(content(n))
	if s, ok := appendText(nil, r); !ok || string(s) != e.Text {
		t.Errorf("%s: %s: text %q, FromTree %q", path, n.Pos(), s, e.Text)
	}
	i = 0
	for ; isItem(k); i++ {
		if i >= len(e.Children) {
			t.Errorf("%s: %s: more children than FromTree's", path, n.Pos())
			return
		}
		c := e.Children[i]
		if k.Kind() == cst.KindPI {
			if !c.PI || piTarget(k) != c.Tag {
				t.Errorf("%s: %s: processing instruction %q, FromTree %q", path, k.Pos(), piTarget(k), c.Tag)
			}
		} else {
			sameAsFromTree(t, path, k, c)
		}
		r, k = textRun(k.NextSibling())
		if s, ok := appendText(nil, r); !ok || string(s) != c.Tail {
			t.Errorf("%s: %s: tail %q, FromTree %q", path, k.Pos(), s, c.Tail)
		}
	}
	if i != len(e.Children) {
		t.Errorf("%s: %s: %d children, FromTree %d", path, n.Pos(), i, len(e.Children))
	}
}
