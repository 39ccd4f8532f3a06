package rules_test

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/cst/rst"
	"github.com/galaxy-gtr/gtr/rules"
)

// TestCorpusHelpRepair checks GTR089 over the corpus, imports read from
// disk: it formats every tool with GTR089.1 and the expansion-equality
// gate, which must refuse no rewrite; every repaired help must be valid
// reStructuredText after, or have fewer serious messages; a second run
// must change nothing. It logs how many tools GTR089.1 repairs, per kind
// of message repaired, and how many GTR089.2 reports.
func TestCorpusHelpRepair(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the corpus sweep in -short mode")
	}
	fix := []*rules.Rule{rules.GTR089_1}
	both := []*rules.Rule{rules.GTR089_1, rules.Lookup("GTR089.2")}
	mo := &macros.Options{Cache: macros.NewCache()}
	tools, _ := wellFormedCorpus(t)
	found, repaired, valid, residual, violations := 0, 0, 0, 0, 0
	byKind := map[string]int{}
	for _, f := range tools {
		tree := cst.Parse(f.path, f.src)
		codes := map[string]bool{}
		for _, d := range rules.CheckWith(tree, both, mo) {
			codes[d.Code] = true
		}
		if codes["GTR089.2"] {
			residual++
		}
		if !codes["GTR089.1"] {
			continue
		}
		found++
		res, err := rules.FormatWith(f.path, f.src, fix, rules.FormatOptions{Macros: mo, ExpansionGate: true})
		if err != nil {
			violations++
			t.Errorf("%s: %v", f.rel, err)
			continue
		}
		if bytes.Equal(res.Output, f.src) {
			continue
		}
		repaired++
		before := rst.Parse(helpText(tree))
		after := rst.Parse(helpText(cst.Parse(f.path, res.Output)))
		kb, ka := serious(before), serious(after)
		switch {
		case after.Invalid() == nil:
			valid++
		case total(ka) >= total(kb):
			t.Errorf("%s: the repaired help has %d serious messages, %d before", f.rel, total(ka), total(kb))
		}
		for k, n := range kb {
			if ka[k] < n {
				byKind[k]++
			}
		}
		again, err := rules.FormatWith(f.path, res.Output, fix, rules.FormatOptions{Macros: mo, ExpansionGate: true})
		if err != nil || !bytes.Equal(again.Output, res.Output) {
			t.Errorf("%s: a second run changes the output again (err %v)", f.rel, err)
		}
	}
	kinds := slices.Sorted(func(yield func(string) bool) {
		for k := range byKind {
			if !yield(k) {
				return
			}
		}
	})
	var b strings.Builder
	for _, k := range kinds {
		fmt.Fprintf(&b, "\n\t%3d  %s", byKind[k], k)
	}
	t.Logf("GTR089.1 finds repairs in %d of %d corpus tools and repairs %d (%d of them valid after); "+
		"GTR089.2 reports %d; %d gate violations; tools repaired per kind of message:%s",
		found, len(tools), repaired, valid, residual, violations, b.String())
}

// helpText returns the text of the tool's first <help>, "" without one.
func helpText(t *cst.Tree) string {
	for n := range t.RootElement().ElementsNamed("help") {
		return cst.Content(n).Text
	}
	return ""
}

// serious counts the messages of level 2 or more of d by level and text.
func serious(d *rst.Document) map[string]int {
	out := map[string]int{}
	for _, m := range d.Messages {
		if m.Level >= rst.LevelWarning {
			out[m.Type()+" "+m.Text]++
		}
	}
	return out
}

func total(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}
