package main

import "testing"

// TestFindingLists: a reported list comes back for a later file, cleared,
// when it has room; lists too large are not kept; a nil findingLists
// recycles nothing and still hands out lists.
func TestFindingLists(t *testing.T) {
	l := make(findingLists, 2)
	a := l.get(3)
	if len(a) != 3 || cap(a) < 64 {
		t.Fatalf("get(3): len %d cap %d, want 3 and room for the usual file", len(a), cap(a))
	}
	a[0].message, a[2].code = "kept alive?", "GTR001"
	l.put(a)
	b := l.get(5)
	if &b[0] != &a[0] {
		t.Fatal("get after put: a fresh list, not the one handed back")
	}
	for i := range b {
		if b[i] != (finding{}) {
			t.Fatalf("recycled finding %d not cleared: %+v", i, b[i])
		}
	}
	l.put(b)
	if c := l.get(200); &c[0] == &b[0] {
		t.Fatal("get(200) returned a list of cap 64")
	}
	big := make([]finding, 1, maxRecycledFindings+1)
	l.put(big)
	if d := l.get(1); &d[0] == &big[0] {
		t.Fatal("a list over maxRecycledFindings was kept")
	}
	var none findingLists
	none.put(make([]finding, 1))
	if e := none.get(2); len(e) != 2 {
		t.Fatalf("nil findingLists: get(2) has len %d", len(e))
	}
}
