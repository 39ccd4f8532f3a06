package cst

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
)

// nameByte classifies ASCII name characters: 0 no, 1 name char, 2 name
// start. Bytes >= 0x80 are 0 so that loops over ASCII names need one test
// per byte; callers decode those runes separately.
var nameByte [256]uint8

func init() {
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
	if i >= len(src) {
		return i
	}
	j := i
	if c := src[i]; c < 0x80 {
		// ASCII fast path: most names are plain ASCII.
		if nameByte[c] != 2 {
			return i
		}
		j++
		for j < len(src) && nameByte[src[j]] != 0 {
			j++
		}
		if j == len(src) || src[j] < 0x80 {
			return j
		}
	} else if !startsNameRune(src, i) {
		return i
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
	return startsNameRune(src, i)
}

// startsNameRune is startsName for a byte src[i] >= 0x80, apart so that
// startsName is inlined.
func startsNameRune(src []byte, i int) bool {
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

// Word-at-a-time scanning. Most bytes of text, attribute values, comments
// and CDATA sections are printable ASCII or whitespace that needs no
// check, so the loops over them skip eight bytes at a time to the next byte
// that may need one. The skip functions return exactly that byte's offset.

const (
	lanes01 = 0x0101010101010101 // 0x01 in every byte lane of a word
	lanes7F = 0x7F7F7F7F7F7F7F7F
	lanes80 = 0x8080808080808080 // the high bit of every byte lane
)

// otherControls returns, in the high bit of each byte lane, whether the lane
// of x holds a control character other than tab, LF and CR: those XML
// forbids. Lanes holding a byte >= 0x80 may be flagged too; callers flag
// those anyway. Each lane t of x&lanes7F is below 0x80, so t + 0x60 and t^c
// + 0x7F stay below 0x100 and no carry crosses into the next lane: the first
// has its high bit clear exactly when t < 0x20, the second exactly when t
// equals c.
func otherControls(x uint64) uint64 {
	t := x & lanes7F
	return ^(t + 0x60*lanes01) &
		((t ^ '\t'*lanes01) + lanes7F) &
		((t ^ '\n'*lanes01) + lanes7F) &
		((t ^ '\r'*lanes01) + lanes7F) & lanes80
}

// controls returns, in the high bit of each byte lane, whether the lane of
// x holds a byte below 0x20, as otherControls does for the forbidden ones.
func controls(x uint64) uint64 {
	return ^((x & lanes7F) + 0x60*lanes01) & lanes80
}

// firstStop returns the offset of the lowest lane flagged in m, the flags
// of the word at src[i:], that holds neither a tab nor a newline; or -1
// when there is none. The scans of text, comments and CDATA sections flag
// every control character with controls and pass over tabs and newlines
// here: those are frequent, but rarely in the same word as a byte the scan
// stops at, and telling them apart from the control characters XML
// forbids in every word cost more than this.
func firstStop(src []byte, i int, m uint64) int {
	for ; m != 0; m &= m - 1 {
		if k := i + bits.TrailingZeros64(m)/8; src[k] != '\t' && src[k] != '\n' {
			return k
		}
	}
	return -1
}

// lanesOf returns a word whose byte lanes have their high bit set where the
// lane of x holds c (c < 0x80), and maybe at lanes above such a lane, but
// nowhere else except at lanes holding bytes >= 0x80. The lanes of x^c are
// 0 where x holds c, and subtracting 1 from each sets its high bit when it
// is 0 or at least 0x81, or when it is 1 and the lane below borrowed: a
// borrow starts only at a lane holding 0. So the lowest lane flagged, when
// it is below 0x80, holds c.
func lanesOf(x uint64, c byte) uint64 {
	return (x ^ lanes01*uint64(c)) - lanes01
}

// skipText returns the first offset from i of a byte that character data
// must look at: a control character XML forbids, a carriage return (which
// XML normalises, so the text cannot be taken as written), a byte >= 0x80,
// '<', '&' or ']'; or len(src).
func skipText(src []byte, i int) int {
	for ; i+8 <= len(src); i += 8 {
		x := binary.LittleEndian.Uint64(src[i:])
		m := (x | controls(x) | lanesOf(x, '<') | lanesOf(x, '&') | lanesOf(x, ']')) & lanes80
		if m != 0 {
			if k := firstStop(src, i, m); k >= 0 {
				return k
			}
		}
	}
	for ; i < len(src); i++ {
		if c := src[i]; c < 0x20 && !isSpace(c) || c == '\r' || c >= 0x80 || c == '<' || c == '&' || c == ']' {
			break
		}
	}
	return i
}

// skipValue returns the first offset in [i, end) of a byte that an
// attribute value must look at: a control character XML forbids, a byte >=
// 0x80, '<' or '&'; or end. Values are short, so it reads whole words past
// end while src has them, ignoring their lanes from end on, rather than
// looking at the last bytes one by one.
func skipValue(src []byte, i, end int) int {
	for ; i < end && i+8 <= len(src); i += 8 {
		x := binary.LittleEndian.Uint64(src[i:])
		m := (x | otherControls(x) | lanesOf(x, '<') | lanesOf(x, '&')) & lanes80
		if n := end - i; n < 8 {
			m &= 1<<(8*n) - 1 // a flag never moves down, so lanes below end keep theirs
		}
		if m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < end; i++ {
		if c := src[i]; c < 0x20 && !isSpace(c) || c >= 0x80 || c == '<' || c == '&' {
			return i
		}
	}
	return end
}

// skipValueTo returns the first offset from i of a control character, a
// byte >= 0x80, '<', '&' or the quote q (a double or single quote), or
// len(src). Unlike skipValue it stops at tabs, newlines and carriage
// returns too, which a value rarely holds: so a value it reads up to its
// quote is also the same as written and as normalised (see
// [Node.Verbatim]).
func skipValueTo(src []byte, i int, q byte) int {
	for ; i+8 <= len(src); i += 8 {
		x := binary.LittleEndian.Uint64(src[i:])
		m := (x | controls(x) | lanesOf(x, '<') | lanesOf(x, '&') | lanesOf(x, q)) & lanes80
		if m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(src); i++ {
		if c := src[i]; c < 0x20 || c >= 0x80 || c == '<' || c == '&' || c == q {
			break
		}
	}
	return i
}

// skipChars returns the first offset in [i, end) of a control character
// XML forbids, a carriage return (which CDATA sections must note) or a byte
// >= 0x80, or end. It reads past end as skipValue does.
func skipChars(src []byte, i, end int) int {
	for ; i < end && i+8 <= len(src); i += 8 {
		x := binary.LittleEndian.Uint64(src[i:])
		m := (x | controls(x)) & lanes80
		if n := end - i; n < 8 {
			m &= 1<<(8*n) - 1
		}
		if m != 0 {
			if k := firstStop(src, i, m); k >= 0 {
				return k
			}
		}
	}
	for ; i < end; i++ {
		if c := src[i]; c < 0x20 && !isSpace(c) || c == '\r' || c >= 0x80 {
			return i
		}
	}
	return end
}
