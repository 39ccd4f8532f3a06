package cst_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
)

func dump(t *testing.T, tr *cst.Tree) string {
	t.Helper()
	var b strings.Builder
	if err := cst.Fprint(&b, tr); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestSlabsParse checks that parses into the arrays of released trees,
// larger or smaller ones, give the trees Parse gives.
func TestSlabsParse(t *testing.T) {
	var s cst.Slabs
	var prev *cst.Tree
	for _, c := range tokenCases {
		t.Run(c.name, func(t *testing.T) {
			got := s.Parse("x.xml", []byte(c.src))
			want := cst.Parse("x.xml", []byte(c.src))
			if g, w := dump(t, got), dump(t, want); g != w {
				t.Errorf("Slabs.Parse:\n%s\nParse:\n%s", g, w)
			}
			if got.Errors().Error() != want.Errors().Error() {
				t.Errorf("errors %q, want %q", got.Errors(), want.Errors())
			}
			if prev != nil {
				s.Release(prev)
			}
			prev = got
		})
	}
}

// TestSlabsReleased checks that a released tree fails loudly: reading its
// nodes, or releasing it again, panics.
func TestSlabsReleased(t *testing.T) {
	var s cst.Slabs
	tr := s.Parse("x.xml", []byte(`<tool id="a"><command/></tool>`))
	root := tr.Root()
	s.Release(tr)
	mustPanic(t, "Kind", func() { _ = root.Kind() })
	mustPanic(t, "Span", func() { _ = root.Span() })
	mustPanic(t, "Release", func() { s.Release(tr) })
	if got := string(tr.Source()); got != `<tool id="a"><command/></tool>` {
		t.Errorf("Source after release = %q", got)
	}
}

func mustPanic(t *testing.T, what string, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Errorf("%s on a released tree did not panic", what)
		}
	}()
	f()
}

// TestSlabsNil checks that a nil *Slabs parses as Parse does.
func TestSlabsNil(t *testing.T) {
	var s *cst.Slabs
	src := []byte(`<tool id="a"/>`)
	tr := s.Parse("x.xml", src)
	if dump(t, tr) != dump(t, cst.Parse("x.xml", src)) {
		t.Error("nil Slabs parses differently")
	}
	s.Release(tr)
	_ = tr.Root().Kind() // not released
}

// TestCorpusSlabs parses the corpus files in turn into the arrays of the
// trees before them, as a format run's worker does, and checks each tree
// against Parse's.
func TestCorpusSlabs(t *testing.T) {
	files := corpusFiles(t)
	if testing.Short() {
		files = files[:len(files)/10]
	}
	var s cst.Slabs
	var held []*cst.Tree
	for i, f := range files {
		got := s.Parse(f.rel, f.src)
		if g, w := dump(t, got), dump(t, cst.Parse(f.rel, f.src)); g != w {
			t.Fatalf("%s: Slabs.Parse differs from Parse", f.rel)
		}
		held = append(held, got)
		// Release a varying number of trees at a time, so that arrays of
		// all sizes meet files of all sizes.
		if i%3 == 2 {
			for _, h := range held {
				s.Release(h)
			}
			held = held[:0]
		}
	}
}

// TestSlabsSharedNames checks that the trees of one Slabs, which share a
// name table, keep their names while later parses add names and the table
// is replaced when full, and that duplicate attributes are found in each
// start tag, not across trees.
func TestSlabsSharedNames(t *testing.T) {
	var s cst.Slabs
	first := s.Parse("a.xml", []byte(`<tool id="a" name="b"><inputs/></tool>`))
	names := func(tr *cst.Tree) string {
		var b strings.Builder
		for n := range tr.Root().Descendants() {
			if name := n.Name(); name != "" {
				b.WriteString(name + " ")
			}
		}
		return b.String()
	}
	want := names(first)
	// More distinct names than a shared table holds.
	for i := range 1 << 15 / 64 {
		var src strings.Builder
		src.WriteString("<r>")
		for j := range 64 {
			fmt.Fprintf(&src, `<e%d a%d="1" b="2"/>`, i*64+j, i*64+j)
		}
		src.WriteString("</r>")
		tr := s.Parse("b.xml", []byte(src.String()))
		if !tr.WellFormed() {
			t.Fatalf("file %d: %v", i, tr.Errors())
		}
		if got, want := names(tr), names(cst.Parse("b.xml", []byte(src.String()))); got != want {
			t.Fatalf("file %d: names %q, want %q", i, got, want)
		}
		s.Release(tr)
	}
	if got := names(first); got != want {
		t.Errorf("first tree's names became %q, want %q", got, want)
	}
	dup := s.Parse("c.xml", []byte(`<tool id="a" name="b" id="c"/>`))
	if got := dup.Errors().Error(); !strings.Contains(got, "duplicate attribute id") || len(dup.Errors()) != 1 {
		t.Errorf("errors %q, want one duplicate attribute", got)
	}
}
