package rst

import (
	"strconv"

	"github.com/galaxy-gtr/gtr/cst"
)

// romanTable pairs roman numerals with their values, largest first.
var romanTable = []struct {
	s string
	v int
}{{"M", 1000}, {"CM", 900}, {"D", 500}, {"CD", 400}, {"C", 100}, {"XC", 90},
	{"L", 50}, {"XL", 40}, {"X", 10}, {"IX", 9}, {"V", 5}, {"IV", 4}, {"I", 1}}

// toRoman writes n as an upper-case roman numeral; docutils' roman module
// takes 1 to 4999.
func toRoman(n int) (string, bool) {
	if n <= 0 || n >= 5000 {
		return "", false
	}
	var b []byte
	for _, r := range romanTable {
		for n >= r.v {
			b = append(b, r.s...)
			n -= r.v
		}
	}
	return string(b), true
}

// fromRoman reads an upper-case roman numeral, returning -1 when s is not
// one in the canonical form docutils' roman module accepts.
func fromRoman(s string) int {
	n, i := 0, 0
	for _, r := range romanTable {
		for i+len(r.s) <= len(s) && s[i:i+len(r.s)] == r.s {
			n += r.v
			i += len(r.s)
		}
	}
	if i != len(s) || s == "" {
		return -1
	}
	if back, ok := toRoman(n); !ok || back != s {
		return -1
	}
	return n
}

// itoa formats n in decimal.
func itoa(n int) string { return strconv.Itoa(n) }

// cstSpan returns the span [start, end).
func cstSpan(start, end int) cst.Span {
	if end < start {
		end = start
	}
	return cst.Span{Start: start, End: end}
}

type cstSpanT = cst.Span
