package rules_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/fuzz"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
	"pgregory.net/rapid"
)

// formatProperty formats a generated document with every fixable rule and
// checks the contract of gtr format: malformed input is refused and left
// alone; otherwise the output is well-formed, a second run changes nothing,
// and every byte that changed lies inside an edit some rule asked for (the
// diagnostics' own fixes reproduce the first iteration exactly).
func formatProperty(t *rapid.T) {
	src := fuzz.PlausibleDocument().Draw(t, "doc")
	seen.docs++
	tree := cst.Parse("gen.xml", src)
	if rules.Classify(tree) == 0 {
		t.Skip("root is neither <tool> nor <macros>")
	}
	rs := rules.All
	res, err := rules.Format("gen.xml", src, rs)
	if !tree.WellFormed() {
		seen.malformed++
		var me *rewrite.MalformedError
		if !errors.As(err, &me) || !bytes.Equal(res.Output, src) {
			t.Fatalf("malformed input not refused untouched: err %v", err)
		}
		return
	}
	var ce *rewrite.ConvergenceError
	if errors.As(err, &ce) {
		t.Fatalf("format did not converge: %v", err)
	}
	if err != nil {
		// A gate refusal is allowed (it keeps the input) but must say why.
		if !bytes.Equal(res.Output, src) || err.Error() == "" {
			t.Fatalf("refused rewrite changed the output: %v", err)
		}
		return
	}
	if res.Changed {
		seen.changed++
	}
	out := cst.Parse("out.xml", res.Output)
	if !out.WellFormed() {
		t.Fatalf("output is not well-formed: %v\n%s", out.Errors(), res.Output)
	}
	again, err := rules.Format("out.xml", res.Output, rs)
	if err != nil || again.Changed {
		t.Fatalf("second pass changed the output (err %v, rules %v)", err, again.Codes())
	}
	// The first iteration's change is exactly the merged fixes of the
	// reported diagnostics: nothing moved that no rule asked for.
	var fixes []rewrite.Fix
	for _, d := range rules.Check(tree, rs) {
		if d.Fix != nil {
			fixes = append(fixes, *d.Fix)
		}
	}
	edits, _, _ := rewrite.Merge(fixes)
	step, err := rewrite.Apply(src, edits)
	if err != nil {
		t.Fatalf("merged fixes do not apply: %v", err)
	}
	if !rewrite.Unmoved(src, step, edits) {
		t.Fatalf("bytes outside the edits moved")
	}
}

// seen counts what the property exercised, so that a generator that stops
// producing tools (every case skipped) fails the test instead of passing
// vacuously.
var seen struct{ docs, malformed, changed int }

func TestFormatProperty(t *testing.T) {
	seen.docs, seen.malformed, seen.changed = 0, 0, 0
	rapid.Check(t, formatProperty)
	t.Logf("%d documents: %d malformed (refused), %d reformatted", seen.docs, seen.malformed, seen.changed)
	if seen.malformed == 0 || seen.changed == 0 {
		t.Errorf("the generator exercised too little: %+v", seen)
	}
}

// FuzzFormatRapid runs the same property under go test -fuzz.
func FuzzFormatRapid(f *testing.F) { f.Fuzz(rapid.MakeFuzz(formatProperty)) }
