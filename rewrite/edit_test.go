package rewrite

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func TestApply(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		edits []Edit
		want  string
		err   string
	}{
		{"none", "abc", nil, "abc", ""},
		{"replace", "abc", []Edit{{1, 2, "X"}}, "aXc", ""},
		{"delete", "abc", []Edit{{0, 1, ""}}, "bc", ""},
		{"insert", "abc", []Edit{{3, 3, "!"}}, "abc!", ""},
		{"unsorted", "abcdef", []Edit{{4, 5, "E"}, {0, 1, "A"}}, "AbcdEf", ""},
		{"insert before replace at one offset", "abc", []Edit{{1, 2, "X"}, {1, 1, "+"}}, "a+Xc", ""},
		{"two inserts keep order", "ab", []Edit{{1, 1, "1"}, {1, 1, "2"}}, "a12b", ""},
		{"adjacent", "abc", []Edit{{0, 1, "A"}, {1, 2, "B"}}, "ABc", ""},
		{"overlap", "abc", []Edit{{0, 2, "A"}, {1, 3, "B"}}, "", "overlapping"},
		{"same start replacements", "abc", []Edit{{0, 1, "A"}, {0, 2, "B"}}, "", "overlapping"},
		{"out of bounds", "abc", []Edit{{2, 5, ""}}, "", "out of bounds"},
		{"negative", "abc", []Edit{{-1, 1, ""}}, "", "out of bounds"},
		{"reversed", "abc", []Edit{{2, 1, ""}}, "", "out of bounds"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Apply([]byte(tt.src), tt.edits)
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(got))
			assert.True(t, Unmoved([]byte(tt.src), got, tt.edits))
		})
	}
}

func TestUnmovedDetectsStrayChange(t *testing.T) {
	src := []byte("<a> <b/> </a>")
	edits := []Edit{{3, 4, ""}}
	out, err := Apply(src, edits)
	require.NoError(t, err)
	assert.True(t, Unmoved(src, out, edits))
	bad := append([]byte(nil), out...)
	bad[len(bad)-2] = 'X'
	assert.False(t, Unmoved(src, bad, edits))
	assert.False(t, Unmoved(src, out[:len(out)-1], edits))
}

// genEdits draws non-overlapping edits over a source of n bytes, with no two
// insertions at one offset.
func genEdits(t *rapid.T, n int) []Edit {
	var edits []Edit
	pos := 0
	for pos <= n && rapid.Bool().Draw(t, "more") {
		start := rapid.IntRange(pos, n).Draw(t, "start")
		end := rapid.IntRange(start, n).Draw(t, "end")
		edits = append(edits, Edit{start, end, rapid.StringMatching(`[a-z<>/ ]{0,4}`).Draw(t, "new")})
		pos = end + 1
	}
	return edits
}

func TestApplyProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		src := []byte(rapid.StringMatching(`[a-z<>/ \n]{0,40}`).Draw(t, "src"))
		edits := genEdits(t, len(src))
		out, err := Apply(src, edits)
		if err != nil {
			t.Fatalf("non-overlapping edits refused: %v", err)
		}
		if !Unmoved(src, out, edits) {
			t.Fatalf("bytes outside edits moved")
		}
		// Order does not matter.
		perm := rapid.Permutation(edits).Draw(t, "perm")
		out2, err := Apply(src, perm)
		if err != nil || string(out2) != string(out) {
			t.Fatalf("permuted edits give %q, want %q (err %v)", out2, out, err)
		}
		// Applying one at a time from the right gives the same result.
		step := append([]byte(nil), src...)
		for i := len(edits) - 1; i >= 0; i-- {
			step, err = Apply(step, edits[i:i+1])
			if err != nil {
				t.Fatal(err)
			}
		}
		if string(step) != string(out) {
			t.Fatalf("one at a time gives %q, want %q", step, out)
		}
		// The size is what the edits say.
		size := len(src)
		for _, e := range edits {
			size += len(e.New) - (e.End - e.Start)
		}
		if len(out) != size {
			t.Fatalf("size %d, want %d", len(out), size)
		}
	})
}

func TestMergeProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 30).Draw(t, "n")
		src := make([]byte, n)
		for i := range src {
			src[i] = 'a' + byte(i%26)
		}
		var fixes []Fix
		for i := range rapid.IntRange(0, 5).Draw(t, "fixes") {
			fixes = append(fixes, Fix{
				Code:          "GTR00" + string(rune('0'+i)),
				Edits:         genEdits(t, n),
				Applicability: Safe,
			})
		}
		edits, taken, dropped := Merge(fixes)
		if len(taken)+len(dropped) != len(fixes) {
			t.Fatalf("%d taken + %d dropped != %d fixes", len(taken), len(dropped), len(fixes))
		}
		if _, err := Apply(src, edits); err != nil {
			t.Fatalf("merged edits do not apply: %v", err)
		}
		for _, f := range taken {
			for _, e := range f.Edits {
				if !containsEdit(edits, e) {
					t.Fatalf("edit %v of taken fix %s missing from merge", e, f.Code)
				}
			}
		}
		for _, f := range dropped {
			if !conflictsWithAny(f, edits) {
				t.Fatalf("fix %s dropped without a conflict", f.Code)
			}
		}
		// Merging is independent of the input order.
		perm := rapid.Permutation(fixes).Draw(t, "perm")
		edits2, _, _ := Merge(perm)
		if len(edits2) != len(edits) {
			t.Fatalf("merge depends on input order: %v vs %v", edits, edits2)
		}
		for i := range edits {
			if edits[i] != edits2[i] {
				t.Fatalf("merge depends on input order: %v vs %v", edits, edits2)
			}
		}
	})
}

func containsEdit(edits []Edit, e Edit) bool {
	for _, x := range edits {
		if x == e {
			return true
		}
	}
	return false
}

func conflictsWithAny(f Fix, edits []Edit) bool {
	for _, e := range f.Edits {
		for _, x := range edits {
			if x != e && conflicts(x, e) {
				return true
			}
		}
	}
	// A fix whose own edits conflict with each other is dropped too.
	trial := append([]Edit(nil), f.Edits...)
	SortEdits(trial)
	return check(trial, maxEnd(trial)) != nil
}

func TestMergeCoalescesIdenticalEdits(t *testing.T) {
	a := Fix{Code: "GTR001", Edits: []Edit{{1, 2, "x"}}}
	b := Fix{Code: "GTR004", Edits: []Edit{{1, 2, "x"}, {5, 6, ""}}}
	edits, taken, dropped := Merge([]Fix{b, a})
	assert.Equal(t, []Edit{{1, 2, "x"}, {5, 6, ""}}, edits)
	assert.Len(t, taken, 2)
	assert.Empty(t, dropped)
}

func TestMergeDropsWholeFixOnConflict(t *testing.T) {
	a := Fix{Code: "GTR001", Edits: []Edit{{0, 3, "x"}}}
	b := Fix{Code: "GTR002", Edits: []Edit{{10, 11, "y"}, {2, 4, "z"}}}
	edits, taken, dropped := Merge([]Fix{b, a})
	assert.Equal(t, []Edit{{0, 3, "x"}}, edits)
	require.Len(t, taken, 1)
	assert.Equal(t, "GTR001", taken[0].Code)
	require.Len(t, dropped, 1)
	assert.Equal(t, "GTR002", dropped[0].Code)
}

func TestErrorsAreTyped(t *testing.T) {
	_, err := Apply([]byte("ab"), []Edit{{0, 2, ""}, {1, 2, ""}})
	var oe *OverlapError
	assert.True(t, errors.As(err, &oe))
	_, err = Apply([]byte("ab"), []Edit{{0, 9, ""}})
	var be *BoundsError
	assert.True(t, errors.As(err, &be))
}
