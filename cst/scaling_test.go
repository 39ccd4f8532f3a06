package cst_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/galaxy-gtr/gtr/cst"
)

// scalingCases build inputs that grow along one dimension, n units of it:
// hostile shapes that a parser, printer or walk with a quadratic step, or
// one recursing once per level, would not survive at a million.
var scalingCases = []struct {
	name string
	doc  func(n int) string
}{
	{"depth", func(n int) string { return strings.Repeat("<a>", n) + strings.Repeat("</a>", n) }},
	{"depth, unclosed", func(n int) string { return strings.Repeat("<a>", n) }},
	{"depth, end tags naming none", func(n int) string { return strings.Repeat("<a>", n) + strings.Repeat("</b>", n) }},
	{"siblings", func(n int) string { return "<r>" + strings.Repeat("<a/>", n) + "</r>" }},
	{"attributes", func(n int) string {
		var b strings.Builder
		b.WriteString("<r")
		for i := range n {
			fmt.Fprintf(&b, " a%d=\"\"", i)
		}
		b.WriteString("/>")
		return b.String()
	}},
	{"duplicate attributes", func(n int) string { return "<r" + strings.Repeat(` a=""`, n) + "/>" }},
	{"entity references", func(n int) string { return "<r>" + strings.Repeat("&amp;", n) + "</r>" }},
	{"character references", func(n int) string { return "<r>" + strings.Repeat("&#x41;", n) + "</r>" }},
	{"CDATA bytes", func(n int) string { return "<r><![CDATA[" + strings.Repeat("x", n) + "]]></r>" }},
	{"name length", func(n int) string { return "<" + strings.Repeat("a", n) + "/>" }},
	{"attribute value length", func(n int) string { return `<r a="` + strings.Repeat("v", n) + `"/>` }},
	{"errors", func(n int) string { return "<r>" + strings.Repeat("\x01", n) + "</r>" }},
}

// scalingFactor is how much more time or memory per input byte the largest
// input of a case may take than its smallest. A quadratic step makes the
// ratio about a thousand at a million units, an n log n one about two.
// Linear work keeps it near 1 while the tree fits in the processor's
// caches, but a million-unit tree does not: a million distinct attribute
// names, for one, miss the cache at each lookup of the name table, which
// costs 3 to 7 times as much per byte as at a thousand. 10 leaves room for
// that and for a noisy shared machine.
const scalingFactor = 10

// TestScaling measures parse, print and a full walk on each scaling case
// from 10^3 to 10^6 units, and fails when time or allocation per input
// byte grows by more than scalingFactor. Run it with -v for the table.
func TestScaling(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping: -short")
	}
	sizes := []int{1_000, 10_000, 100_000, 1_000_000}
	t.Logf("%-28s %9s %9s %8s %9s", "case", "n", "bytes", "ns/byte", "alloc/byte")
	for _, c := range scalingCases {
		var first [2]float64
		for k, n := range sizes {
			src := []byte(c.doc(n))
			perByte, allocPerByte := measureScaling(t, src)
			t.Logf("%-28s %9d %9d %8.2f %9.2f", c.name, n, len(src), perByte, allocPerByte)
			if k == 0 {
				first = [2]float64{perByte, allocPerByte}
				continue
			}
			if k == len(sizes)-1 {
				if perByte > scalingFactor*first[0] {
					t.Errorf("%s: %.2f ns per byte at n=%d, %.2f at n=%d: more than %dx", c.name, perByte, n, first[0], sizes[0], scalingFactor)
				}
				if allocPerByte > scalingFactor*first[1] {
					t.Errorf("%s: %.2f bytes allocated per byte at n=%d, %.2f at n=%d: more than %dx", c.name, allocPerByte, n, first[1], sizes[0], scalingFactor)
				}
			}
		}
	}
}

// measureScaling returns the time and the bytes allocated, per input byte,
// of parsing src, printing the tree, walking every node and reading the
// errors. The time is the least of a few batches, each long enough for the
// clock, so that a burst of load elsewhere does not count.
func measureScaling(t *testing.T, src []byte) (nsPerByte, allocPerByte float64) {
	t.Helper()
	run := func() {
		tree := cst.Parse("t.xml", src)
		if len(tree.Bytes()) != len(src) {
			t.Fatal("printing the tree does not give the input back")
		}
		nodes := 0
		cst.Inspect(tree.Root(), func(cst.Node) bool { nodes++; return true })
		if nodes < 2 {
			t.Fatal("no nodes")
		}
		_ = tree.Errors().String()
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	run()
	runtime.ReadMemStats(&after)
	allocPerByte = float64(after.TotalAlloc-before.TotalAlloc) / float64(len(src))

	iters := 1
	best := time.Duration(1 << 62)
	for batch := 0; batch < 3; batch++ {
		start := time.Now()
		for range iters {
			run()
		}
		d := time.Since(start) / time.Duration(iters)
		best = min(best, d)
		if time.Since(start) < 2*time.Millisecond {
			iters *= 4 // too short for the clock: the next batch runs more
			batch--
		}
	}
	return float64(best.Nanoseconds()) / float64(len(src)), allocPerByte
}
