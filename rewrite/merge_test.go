package rewrite

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// mergeReference is Merge as it was first written: it prints edit lists
// to break ties and copies every fix's edits. The faster Merge must give
// exactly its results.
func mergeReference(fixes []Fix) (edits []Edit, taken, dropped []Fix) {
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
	rank := make([]int, len(fixes))
	for r, i := range order {
		rank[i] = r
	}
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

// anyEdit draws edits over a few offsets, so that ties, overlaps,
// duplicates and out-of-order edits are common; offsets may be negative
// and texts hold quotes, backslashes, control and non-ASCII characters.
var anyEdit = rapid.Custom(func(t *rapid.T) Edit {
	start := rapid.IntRange(-2, 12).Draw(t, "start")
	end := start + rapid.IntRange(-1, 3).Draw(t, "len")
	return Edit{start, end, rapid.SampledFrom([]string{"", "x", "y", "xy", "'", "\"", "\\", "\n", "\t", "é", "\xff", " ", "!", "~", "\u2028"}).Draw(t, "new")}
})

func TestCompareEditListsIsPrintedOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := rapid.SliceOfN(anyEdit, 0, 3).Draw(t, "a")
		b := rapid.SliceOfN(anyEdit, 0, 3).Draw(t, "b")
		if rapid.Bool().Draw(t, "shared prefix") {
			b = append(slices.Clone(a[:rapid.IntRange(0, len(a)).Draw(t, "k")]), b...)
		}
		want := strings.Compare(fmt.Sprint(a), fmt.Sprint(b))
		if got := compareEditLists(a, b); sign(got) != want {
			t.Fatalf("compareEditLists(%v, %v) = %d, printed forms compare %d", a, b, got, want)
		}
	})
}

func TestCompareEditTextIsPrintedOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := Edit{rapid.Int().Draw(t, "as"), rapid.Int().Draw(t, "ae"), rapid.String().Draw(t, "an")}
		b := Edit{rapid.Int().Draw(t, "bs"), rapid.Int().Draw(t, "be"), rapid.String().Draw(t, "bn")}
		if rapid.Bool().Draw(t, "same span") {
			b.Start, b.End = a.Start, a.End
		}
		want := strings.Compare(a.String(), b.String())
		if got := compareEditText(a, b); sign(got) != want {
			t.Fatalf("compareEditText(%v, %v) = %d, printed forms compare %d", a, b, got, want)
		}
	})
}

func TestMergeMatchesReference(t *testing.T) {
	codes := rapid.SampledFrom([]string{"GTR001", "GTR002", "GTR020.1"})
	rapid.Check(t, func(t *rapid.T) {
		var fixes []Fix
		for range rapid.IntRange(0, 8).Draw(t, "fixes") {
			fixes = append(fixes, Fix{
				Code:          codes.Draw(t, "code"),
				Edits:         rapid.SliceOfN(anyEdit, 0, 4).Draw(t, "edits"),
				Applicability: Safe,
			})
		}
		if len(fixes) > 0 && rapid.Bool().Draw(t, "twin") {
			fixes = append(fixes, fixes[rapid.IntRange(0, len(fixes)-1).Draw(t, "of")])
		}
		before := cloneFixes(fixes)
		edits, taken, dropped := Merge(fixes)
		wantEdits, wantTaken, wantDropped := mergeReference(fixes)
		if !reflect.DeepEqual(fixes, before) {
			t.Fatalf("Merge changed its input")
		}
		if !slices.Equal(edits, wantEdits) {
			t.Fatalf("edits %v, reference %v", edits, wantEdits)
		}
		if !sameFixes(taken, wantTaken) || !sameFixes(dropped, wantDropped) {
			t.Fatalf("taken %v dropped %v, reference %v %v", taken, dropped, wantTaken, wantDropped)
		}
	})
}

func sign(c int) int {
	switch {
	case c < 0:
		return -1
	case c > 0:
		return 1
	}
	return 0
}

func cloneFixes(fixes []Fix) []Fix {
	out := slices.Clone(fixes)
	for i := range out {
		out[i].Edits = slices.Clone(out[i].Edits)
	}
	return out
}

func sameFixes(a, b []Fix) bool {
	return len(a) == len(b) && slices.EqualFunc(a, b, func(x, y Fix) bool {
		return x.Code == y.Code && x.Message == y.Message && x.Applicability == y.Applicability && slices.Equal(x.Edits, y.Edits)
	})
}
