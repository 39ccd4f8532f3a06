package macros

import (
	"strings"
	"testing"
)

// TestScans checks the byte scans that skip work, short and long inputs
// alike (they switch between a loop and a vectorised search), against
// plain definitions.
func TestScans(t *testing.T) {
	var tt tokenTable
	tt.set(tokenDef{name: "@X@"})
	var multi tokenTable
	multi.set(tokenDef{name: "@X@"})
	multi.set(tokenDef{name: "$Y"})
	for n := range 40 {
		for _, c := range []byte{'a', '&', '\r', '\n', '\t', '@', '$'} {
			for _, at := range []int{0, n / 2, n - 1} {
				if n == 0 {
					at = -1
				}
				b := []byte(strings.Repeat("a", n))
				if at >= 0 {
					b[at] = c
				}
				s := string(b)
				if got, want := isPlain(b, false), !strings.ContainsAny(s, "\r&"); got != want {
					t.Errorf("isPlain(%q, false) = %v", s, got)
				}
				if got, want := isPlain(b, true), !strings.ContainsAny(s, "\r"); got != want {
					t.Errorf("isPlain(%q, true) = %v", s, got)
				}
				if got, want := needsDecoding(s), strings.ContainsAny(s, "&\t\n\r"); got != want {
					t.Errorf("needsDecoding(%q) = %v", s, got)
				}
				if got, want := tt.mayHold(s), strings.Contains(s, "@"); got != want {
					t.Errorf("mayHold(%q) = %v", s, got)
				}
				if got, want := multi.mayHold(s), strings.ContainsAny(s, "@$"); got != want {
					t.Errorf("mayHold(%q) with two first bytes = %v", s, got)
				}
			}
		}
	}
}
