package testcase

import (
	"regexp"
	"testing"

	"pgregory.net/rapid"
)

// The grammars of int() and float() as regular expressions, which pyInt
// and pyFloat scan by hand.
var (
	pyIntRe   = regexp.MustCompile(`^[+-]?[0-9](_?[0-9])*$`)
	pyFloatRe = regexp.MustCompile(`^[+-]?(([0-9](_?[0-9])*(\.([0-9](_?[0-9])*)?)?|\.[0-9](_?[0-9])*)([eE][+-]?[0-9](_?[0-9])*)?|(?i:inf|infinity|nan))$`)
)

// TestPyNumbers checks that pyInt and pyFloat accept what the regular
// expressions of Python's grammar match.
func TestPyNumbers(t *testing.T) {
	pieces := []string{"0", "1", "9", "_", "__", "+", "-", ".", "e", "E", "inf", "INF", "Infinity", "nan", "NaN", "i", "n", "f", "x", " ", "\t", "\n", "٣", "K", "ſ", "ı"}
	for _, s := range []string{"", "1", "1_0", "1__0", "_1", "1_", "+.5", "-.", "1.", ".e1", "1e", "1e+", "1e+5", "1.5E-0_3", " -inf ", "+nan", "infinit", "infinityy", "0x1"} {
		checkPyNumber(t, s)
	}
	rapid.Check(t, func(t *rapid.T) {
		var s string
		for range rapid.IntRange(0, 8).Draw(t, "n") {
			s += rapid.SampledFrom(pieces).Draw(t, "piece")
		}
		checkPyNumber(t, s)
	})
}

func checkPyNumber(t interface{ Fatalf(string, ...any) }, s string) {
	if got, want := pyInt(s), pyIntRe.MatchString(pyStrip(s)); got != want {
		t.Fatalf("pyInt(%q) = %v, want %v", s, got, want)
	}
	if got, want := pyFloat(s), pyFloatRe.MatchString(pyStrip(s)); got != want {
		t.Fatalf("pyFloat(%q) = %v, want %v", s, got, want)
	}
}
