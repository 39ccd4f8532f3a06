package upgrade

import (
	"math"
	"regexp"
	"strconv"
	"strings"
)

// This file reads the byte sizes of test assertions (has_size value=,
// has_n_lines n=, …) as Galaxy does, for GTR093.

// byteSuffixes are the suffixes Galaxy's parse_bytesize
// (galaxy.util.bytesize) recognises, in the order it tries them on the
// upper-cased value, with their multipliers.
var byteSuffixes = []struct {
	upper string
	mult  uint64
}{
	{"KI", 1 << 10}, {"MI", 1 << 20}, {"GI", 1 << 30}, {"TI", 1 << 40}, {"PI", 1 << 50}, {"EI", 1 << 60},
	{"K", 1e3}, {"M", 1e6}, {"G", 1e9}, {"T", 1e12}, {"P", 1e15}, {"E", 1e18},
}

// bytesPattern is the 22.01 schema's Bytes type.
var bytesPattern = regexp.MustCompile(`^[1-9][0-9]*([kKMGTPE]i?)?$`)

var (
	// pyInt is what Python's int() accepts of a str, without underscores.
	pyInt = regexp.MustCompile(`^[ \t\n\r\f\v]*[+-]?[0-9]+[ \t\n\r\f\v]*$`)
	// pyFloat is what Python's float() accepts of a decimal str, without
	// underscores, infinities or NaN.
	pyFloat = regexp.MustCompile(`^[ \t\n\r\f\v]*[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?[ \t\n\r\f\v]*$`)
)

// byteSize is a byte size as Galaxy reads it.
type byteSize struct {
	// canon is the value written as the Bytes type accepts it: the
	// integer with its suffix when it was written as one (the suffix in
	// the case the pattern wants), else the number of bytes. It is "" for
	// zero, which the 22.01 pattern cannot write.
	canon string
	zero  bool
}

// parseByteSize reads v as Galaxy's parse_bytesize does: upper-cased, a
// known suffix cut off the end, the rest read by Python's int() or else
// float(), times the suffix's multiplier. It reports false for a value
// Galaxy rejects or reads as a negative or fractional number of bytes, or
// one too large to be exact.
func parseByteSize(v string) (byteSize, bool) {
	num, suffix, mult := strings.ToUpper(v), "", uint64(1)
	for _, s := range byteSuffixes {
		if strings.HasSuffix(num, s.upper) {
			num, suffix, mult = num[:len(num)-len(s.upper)], s.upper, s.mult
			break
		}
	}
	if pyInt.MatchString(num) {
		n, err := strconv.ParseInt(strings.TrimSpace(num), 10, 64)
		if err != nil || n < 0 {
			return byteSize{}, false
		}
		if n == 0 {
			return byteSize{zero: true}, true
		}
		if len(suffix) == 2 {
			suffix = suffix[:1] + "i"
		}
		return byteSize{canon: strconv.FormatInt(n, 10) + suffix}, true
	}
	if !pyFloat.MatchString(num) {
		return byteSize{}, false
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
	if err != nil {
		return byteSize{}, false
	}
	f *= float64(mult)
	if f < 0 || f != math.Trunc(f) || f > 1<<53 {
		return byteSize{}, false
	}
	if f == 0 {
		return byteSize{zero: true}, true
	}
	return byteSize{canon: strconv.FormatFloat(f, 'f', -1, 64)}, true
}
