package cst

import (
	"fmt"
	"testing"
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
