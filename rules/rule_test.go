package rules

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rewrite"
)

func TestFixEditIsFixSpan(t *testing.T) {
	tree := cst.Parse("t.xml", []byte(`<tool id="t" name="T" version="1"/>`))
	span := cst.Span{Start: 5, End: 11}
	edit := rewrite.Edit{Start: 5, End: 11, New: `id="u"`}
	a := &Pass{Tree: tree, Kind: TargetTool, Rule: GTR203}
	b := &Pass{Tree: tree, Kind: TargetTool, Rule: GTR203}
	a.FixSpan(span, "msg", edit)
	b.fixEdit(span, "msg", edit)
	if !reflect.DeepEqual(a.diags, b.diags) {
		t.Fatalf("fixEdit gives %+v, FixSpan %+v", b.diags, a.diags)
	}
}

// wantToolElements is collectToolElements spelled out the slow way: each
// list by its own walk, as the rules found them before they shared one.
func wantToolElements(root cst.Node) *toolElements {
	e := &toolElements{}
	for n := range root.Descendants() {
		if n.Is("param") {
			e.params = append(e.params, n)
		}
		if n.Is("requirement") && n.Parent().Is("requirements") {
			e.requirements = append(e.requirements, n)
		}
	}
	if inputs := root.Element("inputs"); inputs.IsValid() {
		for n := range inputs.Descendants() {
			if n.Is("param") {
				e.inputParams = append(e.inputParams, n)
			}
		}
	}
	return e
}

func checkToolElements(t *testing.T, tree *cst.Tree) {
	t.Helper()
	got, want := collectToolElements(tree.RootElement()), wantToolElements(tree.RootElement())
	for _, l := range []struct {
		what      string
		got, want []cst.Node
	}{
		{"params", got.params, want.params},
		{"input params", got.inputParams, want.inputParams},
		{"requirements", got.requirements, want.requirements},
	} {
		if len(l.got) != len(l.want) || len(l.got) > 0 && !reflect.DeepEqual(l.got, l.want) {
			t.Errorf("%s: %s at %v, want %v", tree.File(), l.what, starts(l.got), starts(l.want))
		}
	}
}

func starts(ns []cst.Node) []int {
	var s []int
	for _, n := range ns {
		s = append(s, n.Span().Start)
	}
	return s
}

func TestToolElements(t *testing.T) {
	for name, src := range map[string]string{
		"no inputs": `<tool><tests><test><param name="a"/></test></tests></tool>`,
		"inputs last": `<tool><command/><inputs><param name="a"/><conditional name="c">` +
			`<param name="b"/><when value="x"><param name="c"/></when></conditional></inputs></tool>`,
		"inputs last, text after": `<tool><inputs><param name="a"/></inputs>
</tool>`,
		"params around inputs": `<tool><macros><xml name="m"><param name="m"/></xml></macros>` +
			`<inputs><param name="a"/><param name="b"/></inputs><outputs/>` +
			`<tests><test><param name="t"/></test></tests></tool>`,
		"two inputs": `<tool><inputs><param name="a"/></inputs><inputs><param name="b"/></inputs></tool>`,
		"nested inputs first": `<tool><macros><xml name="m"><inputs><param name="m"/></inputs></xml></macros>` +
			`<inputs><param name="a"/></inputs><tests><param name="t"/></tests></tool>`,
		"empty inputs":     `<tool><inputs/><tests><test><param name="t"/></test></tests></tool>`,
		"no params inside": `<tool><param name="x"/><inputs><data name="d"/></inputs><param name="y"/></tool>`,
		"unclosed inputs":  `<tool><inputs><param name="a"/><tests><param name="t"/></tests></tool>`,
		"param in param":   `<tool><inputs><param name="a"><param name="b"/></param></inputs><param name="c"/></tool>`,
		"requirements": `<tool><macros><xml name="r"><requirements><requirement type="package">a</requirement>` +
			`</requirements></xml></macros><requirement>b</requirement><requirements>` +
			`<container>c</container><requirement version=" 1">d</requirement></requirements></tool>`,
	} {
		t.Run(name, func(t *testing.T) {
			checkToolElements(t, cst.Parse(name, []byte(src)))
		})
	}
}

func TestToolElementsCorpus(t *testing.T) {
	for _, f := range CorpusForTest(t) {
		tree := cst.Parse(f.Rel, f.Src)
		if Classify(tree) == TargetTool {
			checkToolElements(t, tree)
		}
	}
}

// TestSortDiagnostics checks sortedDiagnostics, which sorts keys and then
// copies each finding once, against the stable sort it replaces, on lists
// with many equal positions and codes (and marked so that a reordering of
// equals shows).
func TestSortDiagnostics(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 150).Draw(t, "n")
		// Mostly the packed keys' lists; sometimes findings in another
		// file, offsets past what a packed key holds, or more codes than
		// fit a small buffer, which sort the other way.
		files := []string{""}
		if rapid.IntRange(0, 3).Draw(t, "other file") == 0 {
			files = append(files, "macros.xml", "a.xml")
		}
		maxStart := 20
		if rapid.IntRange(0, 3).Draw(t, "far") == 0 {
			maxStart = 1<<packedStartBits + 5
		}
		codes := []string{"GTR001", "GTR020.1", "GTR020.2", "GTR203", "GTR020", "GTR0201", "GTR020.10", ""}
		for i := range rapid.IntRange(0, 20).Draw(t, "more codes") {
			codes = append(codes, "X"+strconv.Itoa(i))
		}
		ds := make([]Diagnostic, n)
		for i := range ds {
			start := rapid.IntRange(0, 20).Draw(t, "start")
			if maxStart > 20 && rapid.Bool().Draw(t, "far start") {
				start = rapid.IntRange(1<<packedStartBits-5, maxStart).Draw(t, "start")
			}
			ds[i] = Diagnostic{
				Code:    rapid.SampledFrom(codes).Draw(t, "code"),
				File:    rapid.SampledFrom(files).Draw(t, "file"),
				Span:    cst.Span{Start: start},
				Message: strconv.Itoa(i),
			}
		}
		want := slices.Clone(ds)
		slices.SortStableFunc(want, func(a, b Diagnostic) int {
			if a.File != b.File {
				return strings.Compare(a.File, b.File)
			}
			if a.Span.Start != b.Span.Start {
				return a.Span.Start - b.Span.Start
			}
			return strings.Compare(a.Code, b.Code)
		})
		orig := slices.Clone(ds)
		if got := sortedDiagnostics(ds, nil); len(ds) > 0 && !reflect.DeepEqual(got, want) || len(ds) == 0 && got != nil {
			t.Fatalf("sortedDiagnostics gives\n%v\nthe stable sort\n%v", got, want)
		}
		if !reflect.DeepEqual(ds, orig) {
			t.Fatalf("sortedDiagnostics changed its input")
		}
	})
}

// TestInOrder checks that inOrder sorts like sortByOrder whatever lists it
// saw before.
func TestInOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		for range 3 {
			rs := rapid.SliceOfDistinct(rapid.SampledFrom(All), func(r *Rule) *Rule { return r }).Draw(t, "rules")
			want := slices.Clone(rs)
			sortByOrder(want)
			if got := inOrder(rs); !slices.Equal(got, want) {
				t.Fatalf("inOrder(%v) = %v, want %v", codesOf(rs), codesOf(got), codesOf(want))
			}
		}
	})
}
