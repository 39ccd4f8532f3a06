package cst_test

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/galaxy-gtr/gtr/cst"
)

func TestSpan(t *testing.T) {
	s := cst.Span{Start: 2, End: 5}
	if s.Len() != 3 || s.String() != "[2,5)" {
		t.Errorf("Len %d String %s", s.Len(), s)
	}
	for off, want := range map[int]bool{1: false, 2: true, 4: true, 5: false} {
		if s.Contains(off) != want {
			t.Errorf("Contains(%d) = %v", off, !want)
		}
	}
	for o, want := range map[cst.Span]bool{
		{Start: 2, End: 5}: true, {Start: 3, End: 4}: true, {Start: 5, End: 5}: true,
		{Start: 1, End: 3}: false, {Start: 4, End: 6}: false,
	} {
		if s.Covers(o) != want {
			t.Errorf("Covers(%v) = %v", o, !want)
		}
	}
	if (cst.Span{Start: 3, End: 3}).Contains(3) {
		t.Errorf("an empty span contains its start")
	}
}

func TestPositionString(t *testing.T) {
	for _, c := range []struct {
		p    cst.Position
		want string
	}{
		{cst.Position{File: "a.xml", Line: 3, Column: 7}, "a.xml:3:7"},
		{cst.Position{Line: 3, Column: 7}, "3:7"},
		{cst.Position{File: "a.xml"}, "a.xml"},
		{cst.Position{}, "-"},
	} {
		if got := c.p.String(); got != c.want {
			t.Errorf("%#v prints %q, want %q", c.p, got, c.want)
		}
		if c.p.IsValid() != (c.p.Line > 0) {
			t.Errorf("%#v: IsValid %v", c.p, c.p.IsValid())
		}
	}
}

// TestLineIndex checks line ends "\n", "\r\n" and a lone "\r", as XML
// counts them.
func TestLineIndex(t *testing.T) {
	src := []byte("ab\ncd\r\nef\rg")
	x := cst.NewLineIndex(src)
	if x.Lines() != 4 {
		t.Fatalf("%d lines, want 4", x.Lines())
	}
	starts := []int{0, 3, 7, 10}
	for i, want := range starts {
		if got := x.LineStart(i + 1); got != want {
			t.Errorf("LineStart(%d) = %d, want %d", i+1, got, want)
		}
	}
	if x.LineStart(0) != 0 || x.LineStart(9) != len(src) {
		t.Errorf("LineStart out of range: %d %d", x.LineStart(0), x.LineStart(9))
	}
	for _, c := range []struct{ off, line, col int }{
		{0, 1, 1}, {2, 1, 3}, {3, 2, 1}, {5, 2, 3}, {6, 2, 4}, {7, 3, 1}, {9, 3, 3}, {10, 4, 1}, {11, 4, 2},
		{-5, 1, 1}, {99, 4, 2},
	} {
		line, col := x.LineCol(c.off)
		if line != c.line || col != c.col {
			t.Errorf("LineCol(%d) = %d:%d, want %d:%d", c.off, line, col, c.line, c.col)
		}
	}
	if x.Offset(2, 2) != 4 || x.Offset(0, 0) != 0 || x.Offset(4, 50) != len(src) {
		t.Errorf("Offset: %d %d %d", x.Offset(2, 2), x.Offset(0, 0), x.Offset(4, 50))
	}
	empty := cst.NewLineIndex(nil)
	if line, col := empty.LineCol(0); empty.Lines() != 1 || line != 1 || col != 1 {
		t.Errorf("empty index: %d lines, 0 at %d:%d", empty.Lines(), line, col)
	}
}

// TestLineIndexProperty checks LineCol and Offset against a direct count on
// text made of line-end characters and letters.
func TestLineIndexProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		src := []byte(rapid.StringMatching(`[ab\r\n]{0,40}`).Draw(t, "src"))
		x := cst.NewLineIndex(src)
		line, col := 1, 1
		for off := 0; off <= len(src); off++ {
			gl, gc := x.LineCol(off)
			if gl != line || gc != col {
				t.Fatalf("LineCol(%d) = %d:%d, want %d:%d in %q", off, gl, gc, line, col, src)
			}
			if got := x.Offset(line, col); got != off {
				t.Fatalf("Offset(%d, %d) = %d, want %d", line, col, got, off)
			}
			if off == len(src) {
				break
			}
			switch {
			case src[off] == '\n', src[off] == '\r' && (off+1 == len(src) || src[off+1] != '\n'):
				line, col = line+1, 1
			default:
				col++
			}
		}
		if x.Lines() != line {
			t.Fatalf("Lines() = %d, want %d for %q", x.Lines(), line, src)
		}
	})
}

func TestTreePosition(t *testing.T) {
	tree := cst.Parse("p.xml", []byte("<a>\r\n<b/></a>"))
	b := tree.RootElement().Element("b")
	if got := b.Pos().String(); got != "p.xml:2:1" {
		t.Errorf("b at %s", got)
	}
	if got := tree.Position(5); got.Offset != 5 || got.Line != 2 || got.Column != 1 || got.File != "p.xml" {
		t.Errorf("Position(5) = %#v", got)
	}
	if tree.File() != "p.xml" || string(tree.Source()) != "<a>\r\n<b/></a>" {
		t.Errorf("File %q Source %q", tree.File(), tree.Source())
	}
}
