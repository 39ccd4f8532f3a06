package rules_test

import (
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rules"
)

// benchRules returns the strict ruleset without the rules that expand
// macros (GTR006, GTR017): their cost is the expansion's, measured in
// cst/macros.
func benchRules(tb testing.TB) []*rules.Rule {
	rs, err := rules.Selection{Rulesets: []string{"strict"}, Ignore: []string{"GTR006", "GTR017"}}.Resolve()
	if err != nil {
		tb.Fatal(err)
	}
	return rs
}

// benchTrees parses every corpus file once and returns the trees with the
// total size of their sources.
func benchTrees(b *testing.B) ([]*cst.Tree, int64) {
	var trees []*cst.Tree
	var size int64
	for _, f := range corpusFiles(b) {
		trees = append(trees, cst.Parse(f.rel, f.src))
		size += int64(len(f.src))
	}
	return trees, size
}

// BenchmarkCheck runs the strict rules (without macro expansion) over every
// parsed corpus file; parsing is outside the timer.
func BenchmarkCheck(b *testing.B) {
	trees, size := benchTrees(b)
	rs := benchRules(b)
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, t := range trees {
			rules.Check(t, rs)
		}
	}
	b.ReportMetric(float64(len(trees))*float64(b.N)/b.Elapsed().Seconds(), "files/s")
}

// BenchmarkCheckRule is [BenchmarkCheck] one rule at a time, to see where
// the time goes. The halves of a partition each pay for their shared
// analysis here, which a full run computes once.
func BenchmarkCheckRule(b *testing.B) {
	trees, size := benchTrees(b)
	for _, r := range benchRules(b) {
		b.Run(r.Code, func(b *testing.B) {
			rs := []*rules.Rule{r}
			b.SetBytes(size)
			b.ReportAllocs()
			for b.Loop() {
				for _, t := range trees {
					rules.Check(t, rs)
				}
			}
		})
	}
}
