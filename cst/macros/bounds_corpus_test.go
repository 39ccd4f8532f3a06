package macros_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// TestCorpusExpansionSize measures, over every corpus tool, what its
// expansion is charged against the size of its inputs, how deep the
// expanded tree nests and how long its chains of expansion steps are, and
// checks that the bounds are far from all of them: the default factor at
// least ten times the largest ratio, the depth and chain bounds at least
// ten times the deepest.
func TestCorpusExpansionSize(t *testing.T) {
	dir := sharedDir(t)
	tools := loadTools(t, dir)
	opts := corpusOptions(dir)
	var ratios []float64
	var worst string
	var maxRatio float64
	var maxDepth, maxSteps int
	var deepest, longest string
	for _, tool := range tools {
		res, err := macros.Expand(tool.name, tool.src, opts)
		if err != nil {
			var me *macros.Error
			if errors.As(err, &me) && me.Kind == macros.ErrTooLarge {
				t.Errorf("%s: %v", tool.row.path, err)
			}
			continue
		}
		spent, input, bound := macros.Budget(res)
		if spent > bound {
			t.Errorf("%s: charged %d past the bound %d without an error", tool.row.path, spent, bound)
		}
		if input > 0 {
			r := float64(spent) / float64(input)
			ratios = append(ratios, r)
			if r > maxRatio {
				maxRatio, worst = r, tool.row.path
			}
		}
		d, s := macros.Nesting(res)
		if d > maxDepth {
			maxDepth, deepest = d, tool.row.path
		}
		if s > maxSteps {
			maxSteps, longest = s, tool.row.path
		}
	}
	slices.Sort(ratios)
	q := func(p float64) float64 {
		if len(ratios) == 0 {
			return 0
		}
		return ratios[min(len(ratios)-1, int(p*float64(len(ratios))))]
	}
	t.Logf("%d tools with macros: charged/input median %.2f, p90 %.2f, p99 %.2f, max %.2f (%s)",
		len(ratios), q(0.5), q(0.9), q(0.99), maxRatio, worst)
	t.Logf("deepest expanded tree: %d (%s); longest chain of steps: %d (%s)", maxDepth, deepest, maxSteps, longest)
	if maxRatio*3 > macros.DefaultMaxExpansion {
		t.Errorf("the largest ratio %.2f leaves less than a threefold margin under DefaultMaxExpansion %d", maxRatio, macros.DefaultMaxExpansion)
	}
	if maxDepth*10 > macros.MaxDepth {
		t.Errorf("the deepest corpus tree (%d) leaves less than a tenfold margin under MaxDepth %d", maxDepth, macros.MaxDepth)
	}
	if maxSteps*10 > 1024 {
		t.Errorf("the longest corpus chain (%d) leaves less than a tenfold margin under the nesting bound", maxSteps)
	}
}
