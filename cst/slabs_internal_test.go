package cst

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"unsafe"
)

// TestSlabsReuse checks that a parse fills the arrays of a released tree
// large enough for it, and allocates when none is.
func TestSlabsReuse(t *testing.T) {
	var s Slabs
	big := s.Parse("a.xml", []byte(`<tool id="a" name="b"><command>x &amp; y</command><inputs/></tool>`))
	toks, nodes := &big.toks[:1][0], &big.nodes[:1][0]
	s.Release(big)
	small := s.Parse("b.xml", []byte(`<tool/>`))
	if &small.toks[0] != toks || &small.nodes[0] != nodes {
		t.Error("the released arrays were not reused")
	}
	huge := s.Parse("c.xml", []byte(`<tool><a/><b/><c/><d/><e/><f/><g/><h/><i/><j/><k/></tool>`))
	if len(huge.toks) == 0 || &huge.toks[0] == toks {
		t.Error("an array was lent twice")
	}
}

// TestSlabsNameTableBound checks that a Slabs starts a new name table once
// its table holds maxSharedNames names, and keeps it until then.
func TestSlabsNameTableBound(t *testing.T) {
	var s Slabs
	s.Parse("a.xml", []byte(`<tool id="a"/>`))
	nt := s.names
	s.Parse("b.xml", []byte(`<tool name="b"/>`))
	if s.names != nt {
		t.Fatal("the name table was replaced before it was full")
	}
	for len(nt.list) < maxSharedNames {
		nt.intern(fmt.Appendf(nil, "n%d", len(nt.list)))
	}
	tr := s.Parse("c.xml", []byte(`<tool id="c"/>`))
	if s.names == nt {
		t.Fatal("a full name table was kept")
	}
	if got := tr.RootElement().Name(); got != "tool" {
		t.Errorf("root name %q, want tool", got)
	}
}

// TestSlabsKeep checks that a kept tree reads the same with arrays of its
// own, exactly its size, while the arrays it was parsed into go back to
// the slabs and are filled again by the next parse.
func TestSlabsKeep(t *testing.T) {
	var s Slabs
	big := s.Parse("big.xml", []byte("<r>"+strings.Repeat(`<a b="c">d</a>`, 500)+"</r>"))
	s.Release(big)
	small := s.Parse("small.xml", []byte(`<macros><token name="@X@">1</token></macros>`))
	want := len(small.toks)
	parsedInto := &small.toks[:1][0]
	s.Keep(small)
	if cap(small.toks) > want+8 || cap(small.nodes) > len(small.nodes)+8 {
		t.Errorf("kept arrays have room for %d tokens and %d nodes, the tree uses %d and %d",
			cap(small.toks), cap(small.nodes), len(small.toks), len(small.nodes))
	}
	// The next parse fills the arrays the kept tree gave back.
	next := s.Parse("next.xml", []byte(`<tool id="t"><command>x</command></tool>`))
	if &next.toks[:1][0] != parsedInto {
		t.Errorf("the next parse did not reuse the arrays the kept tree gave back")
	}
	if got := small.RootElement().Name(); got != "macros" {
		t.Errorf("kept tree's root is %q after the next parse, want macros", got)
	}
	var b strings.Builder
	if err := Fprint(&b, small); err != nil {
		t.Fatal(err)
	}
	var w strings.Builder
	if err := Fprint(&w, Parse("small.xml", []byte(`<macros><token name="@X@">1</token></macros>`))); err != nil {
		t.Fatal(err)
	}
	if b.String() != w.String() {
		t.Errorf("kept tree reads\n%s\nwant\n%s", b.String(), w.String())
	}
	var nilSlabs *Slabs
	nilSlabs.Keep(small) // a nil Slabs keeps nothing to give back
}

// TestSlabsLarge checks that the arrays of a tree over maxSlabBytes are
// not kept for good: a parse before the next collection fills them again,
// and the collection frees them.
func TestSlabsLarge(t *testing.T) {
	src := []byte("<r>" + strings.Repeat(`<a b="c">d</a>`, 20000) + "</r>")
	if ntok, _ := estimateSize(src); ntok*int(unsafe.Sizeof(token{})) <= maxSlabBytes {
		t.Fatalf("the test file needs %d tokens, within maxSlabBytes", ntok)
	}
	defer debug.SetGCPercent(debug.SetGCPercent(-1)) // no collection until asked
	var s Slabs
	tr := s.Parse("big.xml", src)
	toks := &tr.toks[:1][0]
	s.Release(tr)
	if len(s.toks) != 0 || len(s.bigToks) != 1 {
		t.Fatalf("after release: %d kept, %d large token arrays; want 0 and 1", len(s.toks), len(s.bigToks))
	}
	again := s.Parse("big.xml", src)
	if &again.toks[:1][0] != toks {
		t.Error("a parse before the next collection did not fill the large array again")
	}
	s.Release(again)
	runtime.GC()
	if p := s.bigToks[0].first.Value(); p != nil {
		t.Error("the collection did not free the large array")
	}
	if small := s.Parse("small.xml", []byte(`<tool/>`)); len(s.bigToks) != 0 || small.RootElement().Name() != "tool" {
		t.Errorf("the freed array is still listed (%d) or the next parse failed", len(s.bigToks))
	}
}
