package inputs

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/galaxy-gtr/gtr/cst/macros"
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
		var want *macros.Element
	search:
		for i, o := range opts {
			for _, before := range opts[:i] {
				if optionValue(before) == optionValue(o) {
					want = o
					break search
				}
			}
		}
		if got := firstRepeat(opts, optionValue); got != want {
			t.Fatalf("firstRepeat = %p, want %p", got, want)
		}
	})
}
