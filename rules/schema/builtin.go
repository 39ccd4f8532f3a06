package schema

import (
	"math/big"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/galaxy-gtr/gtr/rules/schema/internal/tab"
)

// builtin is an XSD built-in simple type.
type builtin uint8

const (
	bAnySimpleType builtin = iota
	bString
	bNormalizedString
	bToken
	bNMTOKEN
	bName
	bNCName
	bID
	bIDREF
	bLanguage
	bBoolean
	bDecimal
	bInteger
	bNonNegativeInteger
	bPositiveInteger
	bNonPositiveInteger
	bNegativeInteger
	bLong
	bInt
	bShort
	bByte
	bUnsignedLong
	bUnsignedInt
	bUnsignedShort
	bUnsignedByte
	bFloat
	bDouble
	bAnyURI
)

var builtinByName = map[string]builtin{
	"anySimpleType": bAnySimpleType, "string": bString, "normalizedString": bNormalizedString,
	"token": bToken, "NMTOKEN": bNMTOKEN, "Name": bName, "NCName": bNCName, "ID": bID, "IDREF": bIDREF,
	"language": bLanguage, "boolean": bBoolean, "decimal": bDecimal, "integer": bInteger,
	"nonNegativeInteger": bNonNegativeInteger, "positiveInteger": bPositiveInteger,
	"nonPositiveInteger": bNonPositiveInteger, "negativeInteger": bNegativeInteger,
	"long": bLong, "int": bInt, "short": bShort, "byte": bByte, "unsignedLong": bUnsignedLong,
	"unsignedInt": bUnsignedInt, "unsignedShort": bUnsignedShort, "unsignedByte": bUnsignedByte,
	"float": bFloat, "double": bDouble, "anyURI": bAnyURI,
}

// stringLike reports whether b's primitive is string (or anySimpleType):
// libxml2 whitespace-normalises such values before checking them, while
// other primitives skip whitespace while parsing.
func (b builtin) stringLike() bool { return b <= bLanguage }

func (b builtin) decimalLike() bool { return b >= bDecimal && b <= bUnsignedByte }

func (b builtin) whitespace() tab.Whitespace {
	switch b {
	case bAnySimpleType, bString:
		return tab.Preserve
	case bNormalizedString:
		return tab.Replace
	}
	return tab.Collapse
}

// intRanges bounds the bounded integer types.
var intRanges = map[builtin][2]string{
	bLong:          {"-9223372036854775808", "9223372036854775807"},
	bInt:           {"-2147483648", "2147483647"},
	bShort:         {"-32768", "32767"},
	bByte:          {"-128", "127"},
	bUnsignedLong:  {"0", "18446744073709551615"},
	bUnsignedInt:   {"0", "4294967295"},
	bUnsignedShort: {"0", "65535"},
	bUnsignedByte:  {"0", "255"},
}

// valid reports whether v is in b's lexical space, as libxml2 2.9.14
// checks it (xmlSchemaValAtomicType with on-the-fly normalisation).
func (b builtin) valid(v string) bool {
	switch b {
	case bAnySimpleType, bString, bNormalizedString, bToken:
		return true
	case bNMTOKEN:
		return v != "" && strings.IndexFunc(v, func(r rune) bool { return !isNameChar(r) }) < 0
	case bName:
		return isName(v, true)
	case bNCName, bID, bIDREF:
		return isName(v, false)
	case bLanguage:
		return isLanguage(v)
	case bBoolean:
		switch strings.Trim(v, wsChars) {
		case "0", "1", "true", "false":
			return true
		}
		return false
	case bDecimal:
		return validDecimal(v)
	case bFloat, bDouble:
		return validFloat(v)
	case bAnyURI:
		return validURI(v)
	}
	// The integer types.
	neg, digits, ok := parseInteger(v)
	if !ok {
		return false
	}
	zero := strings.Trim(digits, "0") == ""
	switch b {
	case bNonNegativeInteger:
		return !neg || zero
	case bPositiveInteger:
		return !neg && !zero
	case bNonPositiveInteger:
		return neg || zero
	case bNegativeInteger:
		return neg && !zero
	}
	if r, bounded := intRanges[b]; bounded {
		n, _ := new(big.Int).SetString(digits, 10)
		if neg {
			n.Neg(n)
		}
		lo, _ := new(big.Int).SetString(r[0], 10)
		hi, _ := new(big.Int).SetString(r[1], 10)
		return n.Cmp(lo) >= 0 && n.Cmp(hi) <= 0
	}
	return true
}

func isWS(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// parseInteger reads [ws][+-]digits[ws]; libxml2 accepts at most 24
// significant digits (leading zeros do not count).
func parseInteger(v string) (neg bool, digits string, ok bool) {
	s := strings.TrimLeft(v, wsChars)
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg, s = s[0] == '-', s[1:]
	}
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 || strings.TrimLeft(s[i:], wsChars) != "" {
		return false, "", false
	}
	digits = s[:i]
	if len(strings.TrimLeft(digits, "0")) > 24 {
		return false, "", false
	}
	return neg, digits, true
}

// validDecimal follows libxml2: optional sign, leading zeros skipped, then
// at most 24 digits in all (integer and fraction part), "." alone refused.
func validDecimal(v string) bool {
	s := strings.TrimLeft(v, wsChars)
	if s == "" {
		return false
	}
	if s[0] == '-' || s[0] == '+' {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	leadingZeros := false
	for s != "" && s[0] == '0' {
		s, leadingZeros = s[1:], true
	}
	n := 0
	for s != "" && n < 24 {
		c := s[0]
		if c >= '0' && c <= '9' {
			s, n = s[1:], n+1
			continue
		}
		if c == '.' {
			s = s[1:]
			for s != "" && n < 24 && s[0] >= '0' && s[0] <= '9' {
				s, n = s[1:], n+1
			}
			if n == 0 && !leadingZeros {
				return false
			}
		}
		break
	}
	return strings.TrimLeft(s, wsChars) == ""
}

// validFloat follows libxml2: leading whitespace skipped; NaN, INF and -INF
// exactly (nothing may follow them); otherwise an optional sign, digits
// with an optional fraction (at least one digit in all) and an exponent
// marker with optional sign and digits (libxml2 accepts "1e"), then
// trailing whitespace.
func validFloat(v string) bool {
	s := strings.TrimLeft(v, wsChars)
	if s == "NaN" || s == "INF" || s == "-INF" {
		return true
	}
	if strings.HasPrefix(s, "NaN") || strings.HasPrefix(s, "INF") || strings.HasPrefix(s, "-INF") {
		return false
	}
	if s != "" && (s[0] == '-' || s[0] == '+') {
		s = s[1:]
	}
	if s == "" || s[0] == '+' || s[0] == '-' {
		return false
	}
	digits := 0
	for s != "" && s[0] >= '0' && s[0] <= '9' {
		s, digits = s[1:], digits+1
	}
	if s != "" && s[0] == '.' {
		s = s[1:]
		for s != "" && s[0] >= '0' && s[0] <= '9' {
			s, digits = s[1:], digits+1
		}
	}
	if digits == 0 {
		return false
	}
	if s != "" && (s[0] == 'e' || s[0] == 'E') {
		s = s[1:]
		if s != "" && (s[0] == '-' || s[0] == '+') {
			s = s[1:]
		}
		for s != "" && s[0] >= '0' && s[0] <= '9' {
			s = s[1:]
		}
	}
	return strings.TrimLeft(s, wsChars) == ""
}

// isName reports whether v is an XML Name (colons allowed) or NCName.
func isName(v string, colons bool) bool {
	if v == "" {
		return false
	}
	for i, r := range v {
		if r == ':' && !colons {
			return false
		}
		if i == 0 && !isNameStart(r) {
			return false
		}
		if !isNameChar(r) {
			return false
		}
	}
	return true
}

// isNameStart and isNameChar are XML 1.0 (fifth edition) NameStartChar and
// NameChar, the classes behind XSD's \i and \c.
func isNameStart(r rune) bool {
	switch {
	case r == ':' || r == '_' || 'A' <= r && r <= 'Z' || 'a' <= r && r <= 'z':
		return true
	case 0xC0 <= r && r <= 0xD6, 0xD8 <= r && r <= 0xF6, 0xF8 <= r && r <= 0x2FF,
		0x370 <= r && r <= 0x37D, 0x37F <= r && r <= 0x1FFF, 0x200C <= r && r <= 0x200D,
		0x2070 <= r && r <= 0x218F, 0x2C00 <= r && r <= 0x2FEF, 0x3001 <= r && r <= 0xD7FF,
		0xF900 <= r && r <= 0xFDCF, 0xFDF0 <= r && r <= 0xFFFD, 0x10000 <= r && r <= 0xEFFFF:
		return true
	}
	return false
}

func isNameChar(r rune) bool {
	switch {
	case isNameStart(r), r == '-' || r == '.' || '0' <= r && r <= '9', r == 0xB7,
		0x300 <= r && r <= 0x36F, 0x203F <= r && r <= 0x2040:
		return true
	}
	return false
}

// isLanguage checks [a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*.
func isLanguage(v string) bool {
	for i, part := range strings.Split(v, "-") {
		if len(part) < 1 || len(part) > 8 {
			return false
		}
		for _, r := range part {
			if r >= utf8.RuneSelf || !(unicode.IsLetter(r) || (i > 0 && unicode.IsDigit(r))) {
				return false
			}
		}
	}
	return true
}
