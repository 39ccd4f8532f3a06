package tests

import (
	"slices"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
	"pgregory.net/rapid"
)

// assertionsByMap is the first assertions: every container found in a
// walk of the whole test, its descendants appended once each by a set.
func assertionsByMap(test *macros.Element) []*macros.Element {
	var out []*macros.Element
	seen := map[*macros.Element]bool{}
	for d := range test.Descendants() {
		if d == test || d.PI || !assertContainers[d.Tag] {
			continue
		}
		for a := range d.Descendants() {
			if a != d && !a.PI && !seen[a] {
				seen[a] = true
				out = append(out, a)
			}
		}
	}
	return out
}

// drawTree draws a small tree of containers (nested in one another too),
// assertions and processing instructions, some of them with children.
func drawTree(t *rapid.T, tag string, depth int) *macros.Element {
	el := &macros.Element{Tag: tag}
	if depth == 0 {
		return el
	}
	n := rapid.IntRange(0, 3).Draw(t, "n")
	for range n {
		k := drawTree(t, rapid.SampledFrom([]string{"assert_contents", "assert_stdout", "output", "has_text", "has_size", "element"}).Draw(t, "tag"), depth-1)
		k.PI = rapid.IntRange(0, 5).Draw(t, "pi") == 0
		el.Children = append(el.Children, k)
	}
	return el
}

// TestAssertionsOneWalk checks that the one walk of assertions finds what
// the walk with a set found, in the same order, and that
// hasAssertionContainer tells whether assertionScope is empty.
func TestAssertionsOneWalk(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		root := &macros.Element{Tag: "tool"}
		tests := &macros.Element{Tag: "tests"}
		root.Children = []*macros.Element{tests}
		for range rapid.IntRange(0, 3).Draw(t, "tests") {
			tests.Children = append(tests.Children, drawTree(t, "test", 4))
		}
		for _, test := range tests.Children {
			if got, want := assertions(test), assertionsByMap(test); !slices.Equal(got, want) {
				t.Fatalf("assertions: %d elements, want %d", len(got), len(want))
			}
		}
		c := &lint.Ctx{Root: root}
		if got, want := hasAssertionContainer(c), len(assertionScope(c)) > 0; got != want {
			t.Fatalf("hasAssertionContainer = %v, assertionScope non-empty = %v", got, want)
		}
	})
}
