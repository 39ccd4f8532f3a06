package schema

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
)

// writtenAndConverted returns the Written view of src's root and the
// Expanded view of its canonical tree (macros.FromTree), which for a file
// without <macros> is Galaxy's expanded view.
func writtenAndConverted(t *testing.T, name string, src []byte) (Element, Element) {
	t.Helper()
	tree := cst.Parse(name, src)
	root, err := macros.FromTree(tree)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return Written(tree.RootElement()), Expanded(&macros.Result{Root: root})
}

// errorList returns the errors of a validation, without their positions,
// in order, one a line.
func errorList(errs []Error) string {
	var b strings.Builder
	for _, e := range errs {
		b.WriteString(e.Error())
		b.WriteString(" [" + strings.Join(e.Expected, " ") + "]\n")
	}
	return b.String()
}

func TestWrittenReadsAsParserDoes(t *testing.T) {
	src := "<tool id=\"t\" name=\"a &amp; b\" version=\"1\r\n\t2\">\r\n" +
		"  <!-- c --><description>x &lt; <![CDATA[y\r\n]]>z</description>\n" +
		"  <?pi data?>\n  <command>&#32;</command>\n</tool>"
	w, c := writtenAndConverted(t, "t.xml", []byte(src))
	var walk func(w, c Element, path string)
	walk = func(w, c Element, path string) {
		if w.Name() != c.Name() {
			t.Fatalf("%s: name %q, converted %q", path, w.Name(), c.Name())
		}
		if w.NumAttrs() != c.NumAttrs() {
			t.Fatalf("%s: %d attributes, converted %d", path, w.NumAttrs(), c.NumAttrs())
		}
		for i := range w.NumAttrs() {
			wn, wv := w.Attr(i)
			cn, cv := c.Attr(i)
			if wn != cn || wv != cv {
				t.Errorf("%s: attribute %q=%q, converted %q=%q", path, wn, wv, cn, cv)
			}
		}
		if w.Text() != c.Text() {
			t.Errorf("%s: text %q, converted %q", path, w.Text(), c.Text())
		}
		if w.NumChildren() != c.NumChildren() {
			t.Fatalf("%s: %d children, converted %d", path, w.NumChildren(), c.NumChildren())
		}
		checkListings(t, w, path)
		for i := range w.NumChildren() {
			walk(w.Child(i), c.Child(i), path+"/"+w.Child(i).Name())
		}
	}
	walk(w, c, "tool")
}

// TestWrittenZeroNode checks that the view of no element, which has no
// tree, validates as an element without a name rather than panicking.
func TestWrittenZeroNode(t *testing.T) {
	errs := Validate(Written(cst.Node{}), Profiles()[0])
	if len(errs) != 1 || errs[0].Kind != KindNoDeclaration || errs[0].Pos != (cst.Node{}) {
		t.Errorf("got %v", errs)
	}
	if w := Written(cst.Node{}); w.Text() != "" || w.NumAttrs() != 0 || w.NumChildren() != 0 {
		t.Errorf("zero view: text %q, %d attributes, %d children", w.Text(), w.NumAttrs(), w.NumChildren())
	}
}

// checkListings checks that the validator's one-walk listings of e and of
// every element below it (attrsOf, childrenOf, contentOf) say what the
// Element methods say one call at a time.
func checkListings(t *testing.T, e Element, path string) {
	t.Helper()
	var v validator
	attrs := v.attrsOf(e)
	if len(attrs) != e.NumAttrs() {
		t.Fatalf("%s: attrsOf lists %d attributes, NumAttrs %d", path, len(attrs), e.NumAttrs())
	}
	for i, a := range attrs {
		if name, value := e.Attr(i); a.name != name || a.value != value {
			t.Errorf("%s: attrsOf %q=%q, Attr(%d) %q=%q", path, a.name, a.value, i, name, value)
		}
	}
	if w, ok := e.(writtenElem); ok && w.Text() != cst.AllContent(w.n.Node).Text {
		t.Errorf("%s: Text %q, cst.AllContent %q", path, w.Text(), cst.AllContent(w.n.Node).Text)
	}
	kids, _ := v.childrenOf(e)
	content, _, blank := v.contentOf(e)
	if blank != isBlank(e.Text()) {
		t.Errorf("%s: contentOf blank %v, text %q", path, blank, e.Text())
	}
	if len(kids) != e.NumChildren() || len(content) != e.NumChildren() {
		t.Fatalf("%s: childrenOf lists %d, contentOf %d, NumChildren %d", path, len(kids), len(content), e.NumChildren())
	}
	for i := range kids {
		c := e.Child(i)
		if kids[i].Pos() != c.Pos() || content[i].Pos() != c.Pos() {
			t.Errorf("%s: childrenOf, contentOf and Child disagree at %d", path, i)
		}
		checkListings(t, c, path+"/"+c.Name())
	}
}

// TestWrittenAgreesOnCorpus validates every well-formed corpus tool
// without <macros> both as written and as converted by macros.FromTree
// (its expanded view): the errors must be the same, in the same order, at
// every profile.
func TestWrittenAgreesOnCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the corpus in short mode")
	}
	dir := filepath.Join(sharedDir(t, "corpus"), "corpus")
	profiles := Profiles()
	tools, invalid := 0, 0
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".xml") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		tree := cst.Parse(path, src)
		if len(tree.Errors()) > 0 || tree.RootElement().Name() != "tool" || tree.RootElement().Element("macros").IsValid() {
			return nil
		}
		tools++
		w, c := writtenAndConverted(t, path, src)
		checkListings(t, w, path)
		checkListings(t, c, path)
		for _, p := range profiles {
			got, want := errorList(Validate(w, p)), errorList(Validate(c, p))
			if got != want {
				t.Errorf("%s at %s: as written:\n%s\nconverted:\n%s", path, p, got, want)
			}
			if p == profiles[len(profiles)-1] && want != "" {
				invalid++
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d tools without <macros> agree at %d profiles (%d invalid at the newest)", tools, len(profiles), invalid)
	if tools < 1000 {
		t.Errorf("only %d tools without <macros> in the corpus", tools)
	}
}
