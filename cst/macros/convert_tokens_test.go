package macros

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"pgregory.net/rapid"
)

// sameTree reports the first difference between the trees a and b, every
// field compared (provenance included), or "" when they are equal.
func sameTree(a, b *Element, path string) string {
	switch {
	case a.Tag != b.Tag || a.PI != b.PI:
		return fmt.Sprintf("%s: tag %q (PI %v), want %q (PI %v)", path, a.Tag, a.PI, b.Tag, b.PI)
	case a.Text != b.Text || a.text != b.text:
		return fmt.Sprintf("%s: text %q %v, want %q %v", path, a.Text, a.text, b.Text, b.text)
	case a.Tail != b.Tail || a.tail != b.tail:
		return fmt.Sprintf("%s: tail %q %v, want %q %v", path, a.Tail, a.tail, b.Tail, b.tail)
	case a.Loc != b.Loc || a.Via != b.Via || a.touched != b.touched:
		return fmt.Sprintf("%s: loc %v via %v touched %v, want %v %v %v", path, a.Loc, a.Via, a.touched, b.Loc, b.Via, b.touched)
	case len(a.Attrs) != len(b.Attrs) || (a.Attrs == nil) != (b.Attrs == nil):
		return fmt.Sprintf("%s: attributes %v, want %v", path, a.Attrs, b.Attrs)
	case len(a.Children) != len(b.Children) || (a.Children == nil) != (b.Children == nil):
		return fmt.Sprintf("%s: %d children, want %d", path, len(a.Children), len(b.Children))
	case (a.parent == nil) != (b.parent == nil):
		return fmt.Sprintf("%s: parent %v, want %v", path, a.parent != nil, b.parent != nil)
	}
	for i := range a.Attrs {
		if a.Attrs[i] != b.Attrs[i] {
			return fmt.Sprintf("%s: attribute %d %+v, want %+v", path, i, a.Attrs[i], b.Attrs[i])
		}
	}
	for i, c := range a.Children {
		if c.parent != a {
			return fmt.Sprintf("%s: child %d has another parent", path, i)
		}
		if d := sameTree(c, b.Children[i], fmt.Sprintf("%s/%d:%s", path, i, c.Tag)); d != "" {
			return d
		}
	}
	return ""
}

// compareConversions converts src with FromTree, with and without an
// arena, and with the node walk the token walk replaced (refFromTree),
// and reports the first difference.
func compareConversions(name string, src []byte, mem *Arena) string {
	t := cst.Parse(name, src)
	want, wantErr := refFromTree(t)
	for _, m := range []*Arena{nil, mem} {
		got, err := fromTree(t, m)
		if m != nil {
			defer m.Reset()
		}
		if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
			return fmt.Sprintf("%s: error %v, want %v", name, err, wantErr)
		}
		if err != nil {
			continue
		}
		if got.parent != nil {
			return name + ": the root has a parent"
		}
		if d := sameTree(got, want, name+":"+got.Tag); d != "" {
			return d
		}
	}
	return ""
}

// TestTokenWalkCorpus checks that FromTree's walk of the token list
// converts every XML file of the corpus as the node walk did.
func TestTokenWalkCorpus(t *testing.T) {
	dir := filepath.Join(sharedDirInternal(t), "corpus")
	var mem Arena
	n := 0
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".xml") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		n++
		if diff := compareConversions(path, src, &mem); diff != "" {
			t.Error(diff)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("no XML files in the corpus")
	}
}

func sharedDirInternal(t *testing.T) string {
	dir := os.Getenv("GTR_SHARED")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared")
	}
	if _, err := os.Stat(filepath.Join(dir, "corpus")); err != nil {
		t.Skipf("shared corpus not found at %s (set GTR_SHARED to the shared folder): %v", dir, err)
	}
	return dir
}

// convertPieces are the pieces the documents of TestPropTokenWalk are
// written with: markup of every kind the content of an element may hold,
// and text needing every kind of decoding.
var convertPieces = []string{
	"a", "é", " ", "\t", "\n", "\r", "\r\n", "&amp;", "&lt;", "&#65;", "&#x1F600;", "&#13;", "&e;",
	"<!-- c -->", "<!---->", "<![CDATA[x]]>", "<![CDATA[\r\n]]>", "<![CDATA[]]>", "<?pi data?>", "<?pi?>", "<?pi  d\n?>",
}

// genContent writes the content of an element, d deep.
func genContent(t *rapid.T, b *strings.Builder, d int) {
	for range rapid.IntRange(0, 4).Draw(t, "items") {
		if d < 4 && rapid.IntRange(0, 2).Draw(t, "child") == 0 {
			genElement(t, b, d+1)
			continue
		}
		b.WriteString(rapid.SampledFrom(convertPieces).Draw(t, "piece"))
	}
}

var attrPieces = []string{"v", " ", "\t", "\n", "\r", "\r\n", "&amp;", "&quot;", "&#10;", "&#9;", "é", "'"}

// genElement writes an element with attributes and, unless empty, content.
func genElement(t *rapid.T, b *strings.Builder, d int) {
	name := rapid.SampledFrom([]string{"a", "b", "macro", "x:y"}).Draw(t, "name")
	b.WriteString("<" + name)
	for i := range rapid.IntRange(0, 3).Draw(t, "attrs") {
		b.WriteString(rapid.SampledFrom([]string{" ", "\n  ", "\t"}).Draw(t, "sep"))
		b.WriteString(fmt.Sprintf("n%d", i))
		b.WriteString(rapid.SampledFrom([]string{"=", " = ", "\n=\t"}).Draw(t, "eq"))
		q := rapid.SampledFrom([]string{`"`, "'"}).Draw(t, "quote")
		b.WriteString(q)
		for range rapid.IntRange(0, 4).Draw(t, "value") {
			p := rapid.SampledFrom(attrPieces).Draw(t, "vpiece")
			if p == q || p == "'" {
				p = "&apos;"
			}
			b.WriteString(p)
		}
		b.WriteString(q)
	}
	b.WriteString(rapid.SampledFrom([]string{"", " ", "\n"}).Draw(t, "end-space"))
	if rapid.IntRange(0, 3).Draw(t, "empty") == 0 {
		b.WriteString("/>")
		return
	}
	b.WriteString(">")
	genContent(t, b, d)
	b.WriteString("</" + name + rapid.SampledFrom([]string{"", " ", "\n"}).Draw(t, "close-space") + ">")
}

// TestPropTokenWalk checks that FromTree's walk of the token list
// converts generated documents as the node walk did: every kind of
// content, decoding and spacing inside tags, with and without an arena
// reused from document to document.
func TestPropTokenWalk(t *testing.T) {
	var mem Arena
	rapid.Check(t, func(t *rapid.T) {
		var b strings.Builder
		b.WriteString(rapid.SampledFrom([]string{"", "<?xml version=\"1.0\"?>\n", "<!DOCTYPE a [<!ENTITY e \"x\">]>", "<!-- c -->\n<?pi x?>"}).Draw(t, "prolog"))
		genElement(t, &b, 0)
		b.WriteString(rapid.SampledFrom([]string{"", "\n", "<!-- c -->", "<?pi x?>\n"}).Draw(t, "epilog"))
		if d := compareConversions("gen.xml", []byte(b.String()), &mem); d != "" {
			t.Fatalf("%s\nsource: %q", d, b.String())
		}
	})
}
