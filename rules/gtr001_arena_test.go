package rules

import (
	"testing"

	"github.com/galaxy-gtr/gtr/rewrite"
)

// TestIndentArena checks that the arena's edit lists and fixes are each
// their own: filling one list to its room, and appending past it, leaves
// the others as they were.
func TestIndentArena(t *testing.T) {
	var a indentArena
	var lists [][]rewrite.Edit
	var fixes []*rewrite.Fix
	for i := range 300 {
		n := 1 + i%37
		l := a.editList(n)
		if len(l) != 0 || cap(l) != n {
			t.Fatalf("list %d: len %d cap %d, want 0 and %d", i, len(l), cap(l), n)
		}
		for j := range n {
			l = append(l, rewrite.Edit{Start: i, End: j})
		}
		lists = append(lists, l)
		f := a.fix()
		if f.Code != "" || f.Edits != nil {
			t.Fatalf("fix %d is not zero: %+v", i, *f)
		}
		f.Code, f.Edits = "GTR001", l
		fixes = append(fixes, f)
	}
	// An append past a list's room must not write into the next.
	_ = append(lists[0], rewrite.Edit{Start: -1})
	for i, l := range lists {
		for j, e := range l {
			if e.Start != i || e.End != j {
				t.Fatalf("list %d edit %d is %+v", i, j, e)
			}
		}
		if fixes[i].Code != "GTR001" || len(fixes[i].Edits) != len(l) || &fixes[i].Edits[0] != &l[0] {
			t.Fatalf("fix %d changed", i)
		}
		for k := range i {
			if fixes[k] == fixes[i] {
				t.Fatalf("fixes %d and %d are one", k, i)
			}
		}
	}
}

// TestIndentMsgTails checks the table of message ends against the
// function that the levels past it use.
func TestIndentMsgTails(t *testing.T) {
	for d, tail := range indentMsgTails {
		if want := indentMsgTail(d); tail != want {
			t.Errorf("level %d: %q, want %q", d, tail, want)
		}
	}
	if got, want := indentMsgTail(16), "> should be indented by 68 spaces (4 per level), one per line"; got != want {
		t.Errorf("level 16: %q, want %q", got, want)
	}
}
