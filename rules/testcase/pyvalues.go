package testcase

import (
	"regexp"
	"strings"
)

// pyStrip is Python's str.strip() for the whitespace XML values hold.
func pyStrip(s string) string { return strings.Trim(s, " \t\n\r\v\f") }

var (
	pyIntRe   = regexp.MustCompile(`^[+-]?[0-9](_?[0-9])*$`)
	pyFloatRe = regexp.MustCompile(`^[+-]?(([0-9](_?[0-9])*(\.([0-9](_?[0-9])*)?)?|\.[0-9](_?[0-9])*)([eE][+-]?[0-9](_?[0-9])*)?|(?i:inf|infinity|nan))$`)
)

// pyInt reports whether Python's int() accepts s (ASCII digits only:
// a value written with other digits is counted as refused).
func pyInt(s string) bool { return pyIntRe.MatchString(pyStrip(s)) }

// pyFloat reports whether Python's float() accepts s.
func pyFloat(s string) bool { return pyFloatRe.MatchString(pyStrip(s)) }

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
