package mcpserver

import (
	"fmt"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
)

// xpathDirect is the XPath of the innermost element containing off,
// worked out afresh from the tree: the reference for xpaths.
func xpathDirect(t *cst.Tree, off int) string {
	n := t.TokenAt(off).Node()
	for n.IsValid() && n.Kind() != cst.KindElement {
		n = n.Parent()
	}
	var parts []string
	for ; n.IsValid() && n.Kind() == cst.KindElement; n = n.Parent() {
		name := n.Name()
		idx, count := 0, 0
		for s := range n.Parent().ElementsNamed(name) {
			count++
			if s == n {
				idx = count
			}
		}
		if count > 1 {
			name = fmt.Sprintf("%s[%d]", name, idx)
		}
		parts = append([]string{name}, parts...)
	}
	return "/" + strings.Join(parts, "/")
}

// TestXPathsAsDirect checks the memoized paths against the direct walk at
// every offset of a small tool with repeated names and at every 97th of
// the median and the largest corpus tool (the direct walk costs the
// siblings of every ancestor), asked in file order and backwards.
func TestXPathsAsDirect(t *testing.T) {
	srcs := []string{
		"<?xml version=\"1.0\"?>\n<tool id=\"t\" name=\"t\" version=\"1\"><inputs><param name=\"a\"/><param name=\"b\"><option/><option/></param><section name=\"s\"><param name=\"c\"/></section></inputs><outputs/></tool>\n",
		corpusTool(t, false),
		corpusTool(t, true),
	}
	for i, src := range srcs {
		tree := cst.Parse("tool.xml", []byte(src))
		forward, backward := newXPaths(tree), newXPaths(tree)
		step := 1
		if i > 0 {
			step = 97
		}
		for off := 0; off < len(src); off += step {
			want := xpathDirect(tree, off)
			if got := forward.at(off); got != want {
				t.Fatalf("tool %d, offset %d: %q, want %q", i, off, got, want)
			}
			back := len(src) - 1 - off
			if got, want := backward.at(back), xpathDirect(tree, back); got != want {
				t.Fatalf("tool %d, offset %d (backwards): %q, want %q", i, back, got, want)
			}
		}
	}
}
