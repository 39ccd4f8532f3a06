package inputs

import (
	"fmt"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// TestFirstRepeatAsPairs checks firstRepeat, on lists of options short
// and long (past its map threshold), against comparing every option with
// each one before it. Values and selected attributes come from small
// alphabets so that repeats, and strings repeated with another selected,
// are common.
func TestFirstRepeatAsPairs(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 60).Draw(t, "n")
		opts := make([]*macros.Element, n)
		for i := range opts {
			o := &macros.Element{Tag: "option"}
			o.Attrs = append(o.Attrs, macros.Attr{Name: "value", Value: rapid.SampledFrom([]string{"a", "b", "c", "d", "e", "f", "g", "h"}).Draw(t, "value") + rapid.StringMatching(`[0-9]{0,2}`).Draw(t, "suffix")})
			if sel := rapid.SampledFrom([]string{"", "true", "false", "True"}).Draw(t, "selected"); sel != "" {
				o.Attrs = append(o.Attrs, macros.Attr{Name: "selected", Value: sel})
			}
			opts[i] = o
		}
		want := -1
	search:
		for i, o := range opts {
			for _, before := range opts[:i] {
				if keyOf(before, optionValue) == keyOf(o, optionValue) {
					want = i
					break search
				}
			}
		}
		if got := firstRepeat(opts, optionValue); got != want {
			t.Fatalf("firstRepeat = %d, want %d", got, want)
		}
	})
}

// TestSelectsAsChildren checks the selects list against the searches
// the checks made for themselves: every named select of InputParams, its
// <option> and <options> children as lint.Children finds them, and its
// first <options> as lint.Child does, on selects whose children are
// options, option lists, other elements and processing instructions in
// any order.
func TestSelectsAsChildren(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		inputs := &macros.Element{Tag: "inputs"}
		for i := range rapid.IntRange(0, 6).Draw(t, "params") {
			p := &macros.Element{Tag: "param", Attrs: []macros.Attr{{Name: "name", Value: fmt.Sprint("p", i)},
				{Name: "type", Value: rapid.SampledFrom([]string{"select", "text", ""}).Draw(t, "type")}}}
			for range rapid.IntRange(0, 40).Draw(t, "children") {
				k := &macros.Element{Tag: rapid.SampledFrom([]string{"option", "options", "validator", "sanitizer"}).Draw(t, "tag"),
					PI: rapid.IntRange(0, 9).Draw(t, "pi") == 0}
				p.Children = append(p.Children, k)
			}
			inputs.Children = append(inputs.Children, p)
		}
		c := &lint.Ctx{Root: &macros.Element{Tag: "tool", Children: []*macros.Element{inputs}}}
		var want []param
		for p := range typedParams(c, "select") {
			want = append(want, p)
		}
		got := selects(c)
		if len(got) != len(want) {
			t.Fatalf("selects lists %d params, typedParams %d", len(got), len(want))
		}
		for i, s := range got {
			if s.param != want[i] {
				t.Fatalf("select %d is %v, want %v", i, s.param, want[i])
			}
			if w := lint.Children(s.el, "option"); !slices.Equal(s.option, w) {
				t.Fatalf("select %s: %d option children, want %d", s.name, len(s.option), len(w))
			}
			if w := lint.Children(s.el, "options"); !slices.Equal(s.options, w) {
				t.Fatalf("select %s: %d options children, want %d", s.name, len(s.options), len(w))
			}
			if s.firstOptions() != lint.Child(s.el, "options") {
				t.Fatalf("select %s: firstOptions is not Child(options)", s.name)
			}
		}
	})
}

// TestRepeatsAsFirstRepeat checks repeats, whose long lists share their
// answers, against firstRepeat on lists drawn from few options, so that
// lists of one length and ends that differ inside, or in a selected
// attribute, follow one another.
func TestRepeatsAsFirstRepeat(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 24).Draw(t, "n")
		opts := make([]*macros.Element, n)
		for i := range opts {
			o := &macros.Element{Tag: "option", Text: rapid.SampledFrom([]string{"", "A", "b"}).Draw(t, "text")}
			o.Attrs = append(o.Attrs, macros.Attr{Name: "value", Value: rapid.SampledFrom([]string{"a", "b", "c"}).Draw(t, "value")})
			if rapid.Bool().Draw(t, "selected") {
				o.Attrs = append(o.Attrs, macros.Attr{Name: "selected", Value: "true"})
			}
			opts[i] = o
		}
		value, text := repeats(opts)
		if want := firstRepeat(opts, optionValue); value != want {
			t.Fatalf("repeats' value repeat = %d, want %d", value, want)
		}
		if want := firstRepeat(opts, optionText); text != want {
			t.Fatalf("repeats' text repeat = %d, want %d", text, want)
		}
	})
}
