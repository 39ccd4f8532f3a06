package rules_test

import (
	"bytes"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
)

// BenchmarkProved measures the shortcut of the expansion-equality gate
// alone on the version pairs a format run gates: every corpus tool is
// formatted once with the default ruleset, recording what reaches the
// gates, outside the timing; the parses and before's expansion come from
// caches, as in a format run, so one op is the proofs of the whole corpus.
func BenchmarkProved(b *testing.B) {
	rs, err := rules.Selection{}.Resolve()
	if err != nil {
		b.Fatal(err)
	}
	mo := macros.Options{Cache: macros.NewCache()}
	allow := rules.Declared(rs)
	root := filepath.Join(sharedDir(b), "corpus")
	type pair struct {
		x          *rewrite.Expansion
		before, at []byte
	}
	var pairs []pair
	for _, f := range corpusFiles(b) {
		tr := cst.Parse(f.rel, f.src)
		if !tr.WellFormed() || rules.Classify(tr) != rules.TargetTool {
			continue
		}
		path := filepath.Join(root, f.rel)
		var seen [][2][]byte
		record := func(before, after []byte) error {
			seen = append(seen, [2][]byte{before, after})
			return nil
		}
		_, _ = rules.FormatWith(path, f.src, rs, rules.FormatOptions{Macros: &mo, Gates: []rewrite.Gate{record}})
		var trees []*cst.Tree
		views := map[*cst.Tree]*macros.Result{}
		parse := func(src []byte) *cst.Tree { // as rules.viewCache.parse finds them
			for _, t := range trees {
				if bytes.Equal(t.Source(), src) {
					return t
				}
			}
			t := cst.Parse(path, src)
			trees = append(trees, t)
			return t
		}
		expand := func(t *cst.Tree, opts macros.Options) (*macros.Result, error) {
			if r, ok := views[t]; ok {
				return r, nil
			}
			r, err := macros.ExpandTree(t, opts)
			if err == nil {
				views[t] = r
			}
			return r, err
		}
		x := &rewrite.Expansion{File: path, Macros: mo, Data: rules.IsPayload, Allow: allow, Parse: parse, Expand: expand}
		for _, s := range seen {
			x.Proved(s[0], s[1]) // fill the caches
			pairs = append(pairs, pair{x, s[0], s[1]})
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	for b.Loop() {
		for _, p := range pairs {
			p.x.Proved(p.before, p.at)
		}
	}
	// CPU time is less disturbed than wall time by other work on the machine.
	b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(len(pairs))*float64(b.N)/b.Elapsed().Seconds(), "pairs/s")
}

// cpuTime returns the user and system CPU time of the process so far, in
// nanoseconds.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
