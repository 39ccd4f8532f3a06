package rules_test

import (
	"bytes"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules"
)

// TestCorpusQualifyTestParams formats every corpus tool with GTR096 alone
// and the expansion-equality gate, imports read from disk: the gate must
// refuse no rewrite (the renames change only what the rule declares), a
// second run must change nothing, and it logs how many tools change.
func TestCorpusQualifyTestParams(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the corpus sweep in -short mode")
	}
	rs := []*rules.Rule{rules.GTR096}
	mo := &macros.Options{Cache: macros.NewCache()}
	tools, _ := wellFormedCorpus(t)
	changed := 0
	for _, f := range tools {
		opts := rules.FormatOptions{Macros: mo, ExpansionGate: true}
		res, err := rules.FormatWith(f.path, f.src, rs, opts)
		if err != nil {
			t.Errorf("%s: %v", f.rel, err)
			continue
		}
		if bytes.Equal(res.Output, f.src) {
			continue
		}
		changed++
		again, err := rules.FormatWith(f.path, res.Output, rs, opts)
		if err != nil || !bytes.Equal(again.Output, res.Output) {
			t.Errorf("%s: a second run changes the output again (err %v)", f.rel, err)
		}
	}
	t.Logf("GTR096 qualifies test parameters in %d of %d corpus tools", changed, len(tools))
}
