package testcase

import "strings"

// pyStrip is Python's str.strip() for the whitespace XML values hold.
func pyStrip(s string) string { return strings.Trim(s, " \t\n\r\v\f") }

// pyInt reports whether Python's int() accepts s (ASCII digits only:
// a value written with other digits is counted as refused): a sign, then
// digits that single underscores may separate.
func pyInt(s string) bool {
	s = pyStrip(s)
	i := sign(s)
	return digits(s, i) == len(s)
}

// pyFloat reports whether Python's float() accepts s: a sign, then inf,
// infinity or nan in any case, or digits with a point or a point with
// digits, and an exponent.
func pyFloat(s string) bool {
	s = pyStrip(s)
	i := sign(s)
	if r := s[i:]; strings.EqualFold(r, "inf") || strings.EqualFold(r, "infinity") || strings.EqualFold(r, "nan") {
		return true
	}
	j := digits(s, i)
	switch {
	case j >= 0:
		if j < len(s) && s[j] == '.' {
			j++
			if k := digits(s, j); k >= 0 {
				j = k
			}
		}
	case i < len(s) && s[i] == '.':
		if j = digits(s, i+1); j < 0 {
			return false
		}
	default:
		return false
	}
	if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
		if j = digits(s, sign(s[j+1:])+j+1); j < 0 {
			return false
		}
	}
	return j == len(s)
}

// sign returns 1 when s starts with + or -, else 0.
func sign(s string) int {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		return 1
	}
	return 0
}

// digits returns where the digits Python reads in a number, starting at
// i, end: a digit, then digits each of which one underscore may precede;
// -1 when s has no digit at i.
func digits(s string, i int) int {
	if i >= len(s) || !isDigit(s[i]) {
		return -1
	}
	for i++; i < len(s); {
		switch {
		case isDigit(s[i]):
			i++
		case s[i] == '_' && i+1 < len(s) && isDigit(s[i+1]):
			i += 2
		default:
			return i
		}
	}
	return i
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// stringAsBool is galaxy.util.string_as_bool: true for true, yes, on
// and 1 in any case, false for anything else (an absent value too).
func stringAsBool(s string) bool {
	switch strings.ToLower(s) {
	case "true", "yes", "on", "1":
		return true
	}
	return false
}

// asBool is galaxy.util.asbool on a string: ok is false where Galaxy
// raises ValueError.
func asBool(s string) (v, ok bool) {
	switch strings.ToLower(pyStrip(s)) {
	case "true", "yes", "on", "y", "t", "1":
		return true, true
	case "false", "no", "off", "n", "f", "0":
		return false, true
	}
	return false, false
}

// attrBool is XmlInputSource.get_bool(name, false): string_as_bool of
// the attribute, false when absent.
func attrBool(get func(string) (string, bool), name string) bool {
	v, ok := get(name)
	return ok && stringAsBool(v)
}
