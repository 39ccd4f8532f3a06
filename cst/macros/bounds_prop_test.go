package macros_test

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// allocBound is what expanding an input of size bytes under factor may
// allocate: the bound on what expansion builds (which it is charged
// before allocating), a quarter more for what grows with the view
// without being charged exactly (children slices doubling as they fill),
// and the parse of the input.
func allocBound(size, factor int) uint64 {
	bound := uint64(factor)*uint64(size) + macros.ExpansionFloor
	return bound + bound/4 + 300*uint64(size) + 4<<20
}

// checkBudget expands tool and checks that it answers, with a result or
// an error of this package, within allocBound.
func checkBudget(t interface {
	Fatalf(string, ...any)
}, tool string, factor int) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	res, err := macros.Expand("tool.xml", []byte(tool), macros.Options{NoDisk: true, MaxExpansion: factor})
	runtime.ReadMemStats(&after)
	if err != nil {
		var me *macros.Error
		if !errors.As(err, &me) {
			t.Fatalf("error %v is not a *macros.Error", err)
		}
	} else if res == nil || res.Root == nil {
		t.Fatalf("no error and no result")
	}
	if got, limit := after.TotalAlloc-before.TotalAlloc, allocBound(len(tool), factor); got > limit {
		t.Fatalf("allocated %d bytes, over %d for %d bytes of input at factor %d (error: %v)", got, limit, len(tool), factor, err)
	}
}

// macroSet draws a tool with a few xml macros, each body made of elements,
// <expand>s of earlier macros (at the top level, or nested in an element,
// once or many times) and yields, and tokens that hold earlier tokens
// several times: every way of multiplying the view this package knows.
var macroSet = rapid.Custom(func(t *rapid.T) string {
	var b strings.Builder
	b.WriteString("<tool><macros>\n")
	n := rapid.IntRange(1, 30).Draw(t, "macros")
	// Most references go to the macro or token just before, so that long
	// chains multiply.
	prev := func(i int, label string) int { return max(0, i-1-rapid.IntRange(0, 2).Draw(t, label)) }
	for i := range n {
		fmt.Fprintf(&b, "<token name=\"@T%d@\">", i)
		if i == 0 {
			b.WriteString("ab")
		} else {
			for range rapid.IntRange(1, 3).Draw(t, "copies") {
				fmt.Fprintf(&b, "@T%d@", prev(i, "tok"))
			}
		}
		b.WriteString("</token>\n")
		fmt.Fprintf(&b, "<xml name=\"m%d\">", i)
		for range rapid.IntRange(1, 3).Draw(t, "items") {
			j := prev(i, "callee")
			switch k := rapid.IntRange(0, 4).Draw(t, "item"); {
			case k == 0 || i == 0:
				fmt.Fprintf(&b, "<p a=\"@T%d@\"/>", rapid.IntRange(0, i).Draw(t, "attrTok"))
			case k == 1:
				fmt.Fprintf(&b, "<expand macro=\"m%d\"/>", j)
			case k == 2:
				fmt.Fprintf(&b, "<w>%s</w>", strings.Repeat(fmt.Sprintf("<expand macro=\"m%d\"/>", j), rapid.IntRange(1, 4).Draw(t, "times")))
			case k == 3:
				b.WriteString("<yield/>")
			default:
				fmt.Fprintf(&b, "<expand macro=\"m%d\"><q/><yield/></expand>", j)
			}
		}
		b.WriteString("</xml>\n")
	}
	fmt.Fprintf(&b, "</macros>\n<description>@T%d@</description>\n<inputs><expand macro=\"m%d\"><c/></expand></inputs>\n</tool>\n", n-1, n-1)
	return b.String()
})

// TestPropExpansionBudget: whatever the macros multiply, expansion
// answers within the allocation its bound allows.
func TestPropExpansionBudget(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		checkBudget(t, macroSet.Draw(t, "tool"), rapid.SampledFrom([]int{1, 10, macros.DefaultMaxExpansion}).Draw(t, "factor"))
	})
}

// FuzzExpansionBudget is the property of TestPropExpansionBudget over any
// input, seeded with the bombs of bounds_test.go at sizes that stay under
// the bound: a bomb that reaches it takes a tenth of a second, ten under
// the fuzzer's instrumentation, and the fuzzer then hardly runs (the full
// bombs are TestTokenBomb and TestMacroBomb).
func FuzzExpansionBudget(f *testing.F) {
	for _, s := range []string{tokenBomb(12), macroBomb(12), tokenBomb(3), macroBomb(3)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, tool string) { checkBudget(t, tool, macros.DefaultMaxExpansion) })
}
