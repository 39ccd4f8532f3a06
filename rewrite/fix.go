package rewrite

import (
	"fmt"
	"sort"
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
func Merge(fixes []Fix) (edits []Edit, taken, dropped []Fix) {
	order := append([]Fix(nil), fixes...)
	sort.SliceStable(order, func(i, j int) bool {
		si, sj := order[i].start(), order[j].start()
		if si != sj {
			return si < sj
		}
		if order[i].Code != order[j].Code {
			return order[i].Code < order[j].Code
		}
		return fmt.Sprint(order[i].Edits) < fmt.Sprint(order[j].Edits)
	})
	for _, f := range order {
		var fresh []Edit
		ok := true
		for _, e := range f.Edits {
			dup := false
			for _, have := range edits {
				if have == e {
					dup = true
					break
				}
				if conflicts(have, e) {
					ok = false
					break
				}
			}
			if !ok {
				break
			}
			if !dup {
				fresh = append(fresh, e)
			}
		}
		if ok {
			// Edits of one fix must not conflict with each other either.
			trial := append(append([]Edit(nil), edits...), fresh...)
			SortEdits(trial)
			if check(trial, maxEnd(trial)) != nil {
				ok = false
			}
		}
		if !ok {
			dropped = append(dropped, f)
			continue
		}
		edits = append(edits, fresh...)
		taken = append(taken, f)
	}
	SortEdits(edits)
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
