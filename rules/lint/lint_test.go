package lint

import (
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// testTags are the tags of drawn trees: the ones Ctx.FindAll walks for
// together, and a few others.
var testTags = []string{"command", "configfile", "inputs", "param", "options", "option", "filter"}

// drawTree draws a small element tree whose tags come from testTags, some
// of its nodes processing instructions (which no search finds).
func drawTree(t *rapid.T, depth int) *macros.Element {
	el := &macros.Element{Tag: rapid.SampledFrom(testTags).Draw(t, "tag"), PI: rapid.IntRange(0, 9).Draw(t, "pi") == 0}
	if depth < 4 {
		for range rapid.IntRange(0, 5).Draw(t, "children") {
			el.Children = append(el.Children, drawTree(t, depth+1))
		}
	}
	return el
}

// naiveChildren is Children as its doc reads: every child element named
// tag, in order.
func naiveChildren(el *macros.Element, tag string) []*macros.Element {
	var out []*macros.Element
	for _, k := range el.Children {
		if !k.PI && k.Tag == tag {
			out = append(out, k)
		}
	}
	return out
}

// naivePath is Path as its doc reads: the children named the path's first
// tag, then, of each in order, the children named the next, and so on.
func naivePath(el *macros.Element, path string) []*macros.Element {
	cur := []*macros.Element{el}
	for tag := range strings.SplitSeq(path, "/") {
		var next []*macros.Element
		for _, e := range cur {
			next = append(next, naiveChildren(e, tag)...)
		}
		cur = next
	}
	return cur
}

// everyElement lists el and its descendants in document order.
func everyElement(el *macros.Element) []*macros.Element {
	out := []*macros.Element{el}
	for _, k := range el.Children {
		out = append(out, everyElement(k)...)
	}
	return out
}

// TestSearchesAsNaive checks Children, Path, HasPath and Ctx.FindAll
// against the plain searches they stand for: Children against a filter of
// the children, Path against the filter step by step, HasPath against
// Path finding something, and Ctx.FindAll (its
// tags asked in any order, so that the walk for three tags at once serves
// the first of them or a later one) against a filter of every element.
func TestSearchesAsNaive(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		root := drawTree(t, 0)
		for _, el := range everyElement(root) {
			for _, tag := range testTags {
				if got, want := Children(el, tag), naiveChildren(el, tag); !slices.Equal(got, want) {
					t.Fatalf("Children(%s, %s) = %d elements, want %d", el.Tag, tag, len(got), len(want))
				}
			}
		}
		var paths []string
		for _, a := range testTags {
			paths = append(paths, a)
			for _, b := range testTags {
				paths = append(paths, a+"/"+b, a+"/"+b+"/"+rapid.SampledFrom(testTags).Draw(t, "third"))
			}
		}
		for _, el := range everyElement(root) {
			for _, p := range paths {
				if got, want := Path(el, p), naivePath(el, p); !slices.Equal(got, want) {
					t.Fatalf("Path(%s, %s) = %d elements, want %d", el.Tag, p, len(got), len(want))
				}
				if got, want := HasPath(el, p), len(Path(el, p)) > 0; got != want {
					t.Fatalf("HasPath(%s, %s) = %v, Path found %d", el.Tag, p, got, len(Path(el, p)))
				}
			}
		}
		if Path(nil, "inputs/param") != nil {
			t.Fatal("Path(nil) found elements")
		}
		if HasPath(nil, "inputs") {
			t.Fatal("HasPath(nil) = true")
		}
		c := &Ctx{Root: root}
		order := rapid.Permutation(testTags).Draw(t, "order")
		for _, tag := range append(order, order...) {
			var want []*macros.Element
			for _, el := range everyElement(root) {
				if !el.PI && el.Tag == tag {
					want = append(want, el)
				}
			}
			if got := c.FindAll(tag); !slices.Equal(got, want) {
				t.Fatalf("Ctx.FindAll(%s) = %d elements, want %d (asked in the order %s)", tag, len(got), len(want), strings.Join(order, " "))
			}
		}
	})
}
