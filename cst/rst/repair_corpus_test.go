package rst

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestCorpusRepair repairs every corpus help Galaxy rendered and checks
// the gate on each result from scratch: fewer serious messages, no new
// kind, the same HTML, the insertions making the repaired text, and a
// second repair making no change. It prints how many helps each kind of
// message was repaired in, and how many stay invalid.
func TestCorpusRepair(t *testing.T) {
	helps := loadOracle(t)
	invalid, repaired, valid, residual, violations := 0, 0, 0, 0, 0
	byKind := map[string]int{}
	for _, h := range helps {
		r := RepairText(h.text)
		if r.Before.Invalid() == nil {
			continue
		}
		invalid++
		if r.Residual() != nil {
			residual++
		}
		if len(r.Repairs) == 0 {
			if r.Text != h.text || len(r.Insertions) > 0 {
				t.Errorf("%s: no repair, yet the text changed", h.path)
			}
			continue
		}
		repaired++
		if r.After.Invalid() == nil {
			valid++
		}
		var bad []string
		if !improves(r.Before, r.After) {
			bad = append(bad, "serious messages not fewer, or a new kind")
		}
		if HTML(r.After) != HTML(r.Before) {
			bad = append(bad, "the HTML differs")
		}
		if got := (candidate{edits: r.Insertions}).apply(h.text); got != r.Text {
			bad = append(bad, "the insertions do not make the repaired text")
		}
		if again := RepairText(r.Text); len(again.Repairs) > 0 {
			bad = append(bad, "a second repair changes the text: "+strings.Join(again.Repairs, "; "))
		}
		if len(bad) > 0 {
			violations++
			t.Errorf("%s: %s", h.path, strings.Join(bad, "; "))
		}
		before, after := seriousKinds(r.Before), seriousKinds(r.After)
		for k, n := range before {
			if after[k] < n {
				byKind[k]++
			}
		}
	}
	kinds := make([]string, 0, len(byKind))
	for k := range byKind {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	var b strings.Builder
	for _, k := range kinds {
		fmt.Fprintf(&b, "\n\t%3d  %s", byKind[k], k)
	}
	t.Logf("%d invalid helps: %d repaired (%d of them valid after), %d still invalid; %d gate violations; helps repaired per kind:%s",
		invalid, repaired, valid, residual, violations, b.String())
}
