package rewrite

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
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
		sameDefs(t, path, tr.RootElement())
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
	samePlainLayout(t, path, n, r)
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
		samePlainLayout(t, path, n, r)
	}
	if i != len(e.Children) {
		t.Errorf("%s: %s: %d children, FromTree %d", path, n.Pos(), i, len(e.Children))
	}
}

// samePlainLayout checks that plainLayout, when it knows, tells layout as
// decoding the run does.
func samePlainLayout(t *testing.T, path string, n cst.Node, r run) {
	t.Helper()
	l, known := plainLayout(r)
	if !known {
		return
	}
	s, ok := appendText(nil, r)
	if want := ok && isLayout(string(s)); l != want {
		t.Errorf("%s: %s: plainLayout says %v of %q, decoded %v", path, n.Pos(), l, r.bytes(), want)
	}
}

// sameDefs checks that addDefs reads the definitions of a <macros> element
// or macro file as the reference below, which asks each attribute of
// cst.Node, does.
func sameDefs(t *testing.T, path string, root cst.Node) {
	t.Helper()
	defs := root
	if root.Is("tool") {
		defs = root.Element("macros")
	}
	var got prover
	got.quoted = true
	got.addDefs(defs)
	want := prover{quoted: true}
	for d := range defs.Elements() {
		if (d.Is("xml") || d.Is("macro")) && d.Attr("token_quote").IsValid() {
			want.quoted = false
		}
		if d.Is("macro") {
			if typ, ok := d.AttrValue("type"); !ok || typ != "token" {
				continue
			}
		} else if !d.Is("token") {
			continue
		}
		name := d.Get("name")
		want.tokens = append(want.tokens, name)
		if isLayout(name) {
			want.spaceToken = true
		}
	}
	if !slices.Equal(got.tokens, want.tokens) || got.quoted != want.quoted || got.spaceToken != want.spaceToken {
		t.Errorf("%s: addDefs read tokens %q quoted %v space %v, want %q %v %v", path, got.tokens, got.quoted, got.spaceToken, want.tokens, want.quoted, want.spaceToken)
	}
}
