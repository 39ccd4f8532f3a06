package rewrite

import (
	"fmt"
	"slices"
	"strings"
)

// Applicability says how safe it is to apply a fix, ordered from least to
// most safe as in ruff.
type Applicability uint8

const (
	// DisplayOnly fixes are shown but never applied.
	DisplayOnly Applicability = iota
	// Unsafe fixes may change what Galaxy does; applied only on request.
	Unsafe
	// Safe fixes keep the tool's behaviour and are applied by default.
	Safe
)

func (a Applicability) String() string {
	switch a {
	case DisplayOnly:
		return "display-only"
	case Unsafe:
		return "unsafe"
	case Safe:
		return "safe"
	}
	return fmt.Sprintf("Applicability(%d)", a)
}

// Fix is one rule's change for one finding: edits to apply together or not
// at all.
type Fix struct {
	Code          string // the rule code, e.g. "GTR001"
	Message       string // what the fix does, for people
	Edits         []Edit
	Applicability Applicability
}

func (f Fix) start() int {
	s := -1
	for _, e := range f.Edits {
		if s < 0 || e.Start < s {
			s = e.Start
		}
	}
	return s
}

// Merge combines fixes computed against one baseline into one edit list.
// Fixes are taken in a deterministic order (first edit offset, then code);
// an edit identical to one already taken coalesces with it; a fix with an
// edit that conflicts with one already taken is dropped whole, so the next
// iteration of the loop can retry it on the new text. Merge returns the
// merged edits, the fixes taken and the fixes dropped.
//
// It runs in O(n log n) for n edits when conflicts are rare: every edit is
// sorted once, conflicting pairs are found by one sweep, and the fixes are
// then taken greedily in order.
func Merge(fixes []Fix) (edits []Edit, taken, dropped []Fix) {
	order := make([]int, len(fixes))
	starts := make([]int, len(fixes))
	for i := range fixes {
		order[i] = i
		starts[i] = fixes[i].start()
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if starts[a] != starts[b] {
			return starts[a] - starts[b]
		}
		if c := strings.Compare(fixes[a].Code, fixes[b].Code); c != 0 {
			return c
		}
		return strings.Compare(fmt.Sprint(fixes[a].Edits), fmt.Sprint(fixes[b].Edits))
	})
	rank := make([]int, len(fixes)) // position of each fix in merge order
	for r, i := range order {
		rank[i] = r
	}
	// Every edit, tagged with its fix, in source order.
	type tagged struct {
		Edit
		fix int
	}
	var all []tagged
	selfConflict := make([]bool, len(fixes))
	for i, f := range fixes {
		own := append([]Edit(nil), f.Edits...)
		SortEdits(own)
		if check(own, maxEnd(own)) != nil {
			selfConflict[i] = true
		}
		for _, e := range f.Edits {
			all = append(all, tagged{e, i})
		}
	}
	slices.SortStableFunc(all, func(a, b tagged) int {
		if c := compareEdits(a.Edit, b.Edit); c != 0 {
			return c
		}
		return rank[a.fix] - rank[b.fix]
	})
	// Conflicting pairs between different fixes. Sorted by start, an edit
	// can only conflict with the edits that start before it ends.
	clash := map[int][]int{}
	for i := range all {
		for j := i + 1; j < len(all); j++ {
			a, b := all[i], all[j]
			if b.Start > a.Start && b.Start >= a.End {
				break
			}
			if a.fix != b.fix && a.Edit != b.Edit && conflicts(a.Edit, b.Edit) {
				clash[a.fix] = append(clash[a.fix], b.fix)
				clash[b.fix] = append(clash[b.fix], a.fix)
			}
		}
	}
	took := make([]bool, len(fixes))
	for _, i := range order {
		ok := !selfConflict[i]
		for _, other := range clash[i] {
			if took[other] {
				ok = false
				break
			}
		}
		if !ok {
			dropped = append(dropped, fixes[i])
			continue
		}
		took[i] = true
		taken = append(taken, fixes[i])
	}
	for k, t := range all {
		if !took[t.fix] || k > 0 && len(edits) > 0 && edits[len(edits)-1] == t.Edit {
			continue
		}
		edits = append(edits, t.Edit)
	}
	return edits, taken, dropped
}

// conflicts reports whether two distinct edits cannot both be applied.
func conflicts(a, b Edit) bool {
	if a.Start > b.Start {
		a, b = b, a
	}
	if a.Start == b.Start {
		// Two insertions at one point would make their order depend on the
		// merge order, and two replacements share bytes: both conflict. An
		// insertion before a replacement does not.
		return (a.End == a.Start) == (b.End == b.Start)
	}
	return b.Start < a.End
}

func maxEnd(edits []Edit) int {
	m := 0
	for _, e := range edits {
		if e.End > m {
			m = e.End
		}
	}
	return m
}
