package cst

import "unicode/utf8"

// Byte classes for the ASCII fast paths.
const (
	clsPlain     = iota // ordinary character data
	clsSpace            // XML whitespace: space, tab, LF, CR
	clsSpecial          // '<', '&', ']', '>' or a quote: callers decide
	clsInvalid          // a control character XML forbids
	clsNonASCII         // a byte >= 0x80: decode the rune
	clsNameStart        // ASCII name start character
	clsNameChar         // ASCII name character that cannot start a name
)

var asciiClass [256]uint8

// nameByte classifies ASCII name characters: 0 no, 1 name char, 2 name
// start. Bytes >= 0x80 are 0 so that loops over ASCII names need one test
// per byte; callers decode those runes separately.
var nameByte [256]uint8

func init() {
	for i := range 256 {
		c := byte(i)
		switch {
		case c >= 0x80:
			asciiClass[i] = clsNonASCII
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			asciiClass[i] = clsSpace
		case c < 0x20:
			asciiClass[i] = clsInvalid
		case c == '<' || c == '&' || c == ']' || c == '>' || c == '"' || c == '\'':
			asciiClass[i] = clsSpecial
		default:
			asciiClass[i] = clsPlain
		}
	}
	for c := 0; c < 128; c++ {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_', c == ':':
			nameByte[c] = 2
		case c >= '0' && c <= '9', c == '-', c == '.':
			nameByte[c] = 1
		}
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// isXMLChar reports whether r is a Char in the XML 1.0 sense.
func isXMLChar(r rune) bool {
	switch {
	case r == 0x9 || r == 0xA || r == 0xD:
		return true
	case r >= 0x20 && r <= 0xD7FF:
		return true
	case r >= 0xE000 && r <= 0xFFFD:
		return true
	case r >= 0x10000 && r <= 0x10FFFF:
		return true
	}
	return false
}

// isNameStartRune reports whether r may start an XML name (XML 1.0 fifth
// edition, the rules libxml2 applies).
func isNameStartRune(r rune) bool {
	if r < 0x80 {
		return nameByte[r] == 2
	}
	switch {
	case r >= 0xC0 && r <= 0xD6, r >= 0xD8 && r <= 0xF6, r >= 0xF8 && r <= 0x2FF,
		r >= 0x370 && r <= 0x37D, r >= 0x37F && r <= 0x1FFF, r >= 0x200C && r <= 0x200D,
		r >= 0x2070 && r <= 0x218F, r >= 0x2C00 && r <= 0x2FEF, r >= 0x3001 && r <= 0xD7FF,
		r >= 0xF900 && r <= 0xFDCF, r >= 0xFDF0 && r <= 0xFFFD, r >= 0x10000 && r <= 0xEFFFF:
		return true
	}
	return false
}

// isNameRune reports whether r may continue an XML name.
func isNameRune(r rune) bool {
	if r < 0x80 {
		return nameByte[r] != 0
	}
	if isNameStartRune(r) {
		return true
	}
	return r == 0xB7 || r >= 0x300 && r <= 0x36F || r >= 0x203F && r <= 0x2040
}

// nameEnd returns the end of the XML name starting at i, or i when no name
// starts there.
func nameEnd(src []byte, i int) int {
	if !startsName(src, i) {
		return i
	}
	j := i
	if src[j] < 0x80 {
		// ASCII fast path: most names are plain ASCII.
		j++
		for j < len(src) && nameByte[src[j]] != 0 {
			j++
		}
		if j == len(src) || src[j] < 0x80 {
			return j
		}
	}
	for j < len(src) {
		c := src[j]
		if c < 0x80 {
			nb := nameByte[c]
			if nb == 0 || nb == 1 && j == i {
				break
			}
			j++
			continue
		}
		r, size := utf8.DecodeRune(src[j:])
		if r == utf8.RuneError && size <= 1 {
			break
		}
		if j == i && !isNameStartRune(r) || !isNameRune(r) {
			break
		}
		j += size
	}
	return j
}

// startsName reports whether an XML name starts at src[i], that is whether
// src[i] begins a name start character.
func startsName(src []byte, i int) bool {
	if i >= len(src) {
		return false
	}
	if c := src[i]; c < 0x80 {
		return nameByte[c] == 2
	}
	r, size := utf8.DecodeRune(src[i:])
	return !(r == utf8.RuneError && size <= 1) && isNameStartRune(r)
}

var predefinedEntities = map[string]string{
	"lt":   "<",
	"gt":   ">",
	"amp":  "&",
	"quot": `"`,
	"apos": "'",
}
