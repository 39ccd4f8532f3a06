package rewrite

import (
	"fmt"
	"slices"

	"github.com/galaxy-gtr/gtr/cst"
)

// Edit replaces the source bytes [Start, End) with New. Start == End is an
// insertion; New == "" is a deletion.
type Edit struct {
	Start, End int
	New        string
}

// Span returns the source range the edit replaces.
func (e Edit) Span() cst.Span { return cst.Span{Start: e.Start, End: e.End} }

func (e Edit) String() string { return fmt.Sprintf("[%d,%d)→%q", e.Start, e.End, e.New) }

// SortEdits orders edits by start offset, insertions before replacements at
// one offset, keeping the given order otherwise (a stable sort).
func SortEdits(edits []Edit) {
	slices.SortStableFunc(edits, compareEdits)
}

// sortedEdits returns edits sorted as [SortEdits] sorts them: edits itself
// when it is in order already (as [Merge] returns them), else a sorted copy.
func sortedEdits(edits []Edit) []Edit {
	if slices.IsSortedFunc(edits, compareEdits) {
		return edits
	}
	sorted := append([]Edit(nil), edits...)
	SortEdits(sorted)
	return sorted
}

func compareEdits(a, b Edit) int {
	if a.Start != b.Start {
		return a.Start - b.Start
	}
	ai, bi := a.End == a.Start, b.End == b.Start
	switch {
	case ai && !bi:
		return -1
	case bi && !ai:
		return 1
	}
	return 0
}

// OverlapError reports two edits that touch the same bytes.
type OverlapError struct{ A, B Edit }

func (e *OverlapError) Error() string {
	return fmt.Sprintf("overlapping edits %v and %v", e.A, e.B)
}

// BoundsError reports an edit outside the source.
type BoundsError struct {
	Edit Edit
	Size int
}

func (e *BoundsError) Error() string {
	return fmt.Sprintf("edit %v out of bounds for %d bytes", e.Edit, e.Size)
}

// check validates sorted edits against a source of size n.
func check(edits []Edit, n int) error {
	for i, e := range edits {
		if e.Start < 0 || e.End < e.Start || e.End > n {
			return &BoundsError{e, n}
		}
		if i > 0 {
			p := edits[i-1]
			// Two insertions at one offset are allowed and keep their order;
			// anything else that shares bytes overlaps.
			if e.Start < p.End || e.Start == p.Start && p.End > p.Start && e.End > e.Start {
				return &OverlapError{p, e}
			}
		}
	}
	return nil
}

// Apply returns src with edits applied. Edits are sorted stably first;
// overlapping or out-of-bounds edits are an error and src is not changed.
func Apply(src []byte, edits []Edit) ([]byte, error) {
	sorted := sortedEdits(edits)
	if err := check(sorted, len(src)); err != nil {
		return nil, err
	}
	size := len(src)
	for _, e := range sorted {
		size += len(e.New) - (e.End - e.Start)
	}
	out := make([]byte, 0, size)
	last := 0
	for _, e := range sorted {
		out = append(out, src[last:e.Start]...)
		out = append(out, e.New...)
		last = e.End
	}
	out = append(out, src[last:]...)
	if len(out) != size {
		return nil, fmt.Errorf("apply: result has %d bytes, expected %d", len(out), size)
	}
	return out, nil
}

// Unmoved reports whether every byte of src outside the edits appears
// unchanged and in order in out, as applying the edits to src must give. It
// is the independent check behind the "nothing outside the edits moved"
// gate.
func Unmoved(src, out []byte, edits []Edit) bool {
	sorted := sortedEdits(edits)
	if check(sorted, len(src)) != nil {
		return false
	}
	o, last := 0, 0
	for _, e := range sorted {
		keep := src[last:e.Start]
		if o+len(keep) > len(out) || string(out[o:o+len(keep)]) != string(keep) {
			return false
		}
		o += len(keep)
		if o+len(e.New) > len(out) || string(out[o:o+len(e.New)]) != e.New {
			return false
		}
		o += len(e.New)
		last = e.End
	}
	return string(out[o:]) == string(src[last:])
}
