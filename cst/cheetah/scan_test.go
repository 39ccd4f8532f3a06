package cheetah

import (
	"strings"
	"testing"
)

// TestScanTables checks the tables the scanner reads against the
// definitions they stand for.
func TestScanTables(t *testing.T) {
	for c := range 256 {
		b := byte(c)
		start := 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || b == '_'
		if isIdentStart(b) != start || isIdentChar(b) != (start || '0' <= b && b <= '9') {
			t.Errorf("identifier class of %q", b)
		}
	}
	for name := range directiveNames {
		id, ok := lookupDirective(name)
		if !ok || nodeNames[id] != name || nameID(name) != id {
			t.Errorf("lookupDirective(%q) = %d, %v", name, id, ok)
		}
	}
	for _, name := range []string{"", "ifx", "i", "En", "end ", "@@", "\xff", "foo"} {
		if id, ok := lookupDirective(name); ok || nameID(name) != 0 {
			t.Errorf("lookupDirective(%q) = %d, %v", name, id, ok)
		}
	}
	for _, s := range []string{"", "a", "a\nb", "a\rb", "a\r\nb", "ab\n\r", "\n", "\r", "abc"} {
		for i := 0; i <= len(s); i++ {
			want := len(s)
			if j := strings.IndexAny(s[i:], "\r\n"); j >= 0 {
				want = i + j
			}
			if got := lineEnd(s, i); got != want {
				t.Errorf("lineEnd(%q, %d) = %d, want %d", s, i, got, want)
			}
		}
	}
}

func TestFirstField(t *testing.T) {
	for _, s := range []string{"", " ", "a", " a b", "\u00a0x\u2003y", "\t\n", "\xffa b", "a\u0085b", " \xc2"} {
		got, ok := firstField(s)
		f := strings.Fields(s)
		if ok != (len(f) > 0) || ok && got != f[0] {
			t.Errorf("firstField(%q) = %q, %v; strings.Fields gives %q", s, got, ok, f)
		}
	}
}
