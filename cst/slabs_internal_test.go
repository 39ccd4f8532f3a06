package cst

import "testing"

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
