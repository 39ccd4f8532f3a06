package cst

import "testing"

// TestInternPrefixes checks that every prefix of names, read as the parser
// reads them (slices of a larger buffer, with bytes after them) and read
// again, interns to one index holding exactly its bytes: whatever the
// bytes after a short name, and whether it is read by its words from the
// recent cache or hashed whole.
func TestInternPrefixes(t *testing.T) {
	buf := []byte("abcdefghijklmnopqrstuvwxyz0123456789-abcdefghijklmnopqrstuvwxyz")
	var nt nameTable
	ids := map[string]int32{}
	for round := range 2 {
		for start := range len(buf) {
			for end := start + 1; end <= len(buf); end++ {
				name := buf[start:end]
				id := nt.intern(name)
				if got := nt.list[id]; got != string(name) {
					t.Fatalf("intern(%q) = %d, which is %q", name, id, got)
				}
				if prev, ok := ids[string(name)]; ok && prev != id {
					t.Fatalf("round %d: intern(%q) = %d, earlier %d", round, name, id, prev)
				}
				ids[string(name)] = id
			}
		}
	}
}
