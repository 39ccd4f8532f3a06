package recent

import "testing"

func TestMemo(t *testing.T) {
	m := New[string, int](2)
	calls := 0
	get := func(k string, v int) int {
		return m.Of(k, func() int { calls++; return v })
	}
	// The zero key is not remembered before it is asked about.
	if got := get("", 7); got != 7 || calls != 1 {
		t.Fatalf("first zero key: %d after %d calls, want 7 after 1", got, calls)
	}
	get("a", 1)
	if got := get("a", 9); got != 1 || calls != 2 {
		t.Fatalf("remembered key: %d after %d calls, want 1 after 2", got, calls)
	}
	// A third key forgets the oldest, "".
	get("b", 2)
	if got := get("", 8); got != 8 || calls != 4 {
		t.Fatalf("forgotten key: %d after %d calls, want 8 after 4", got, calls)
	}
}
