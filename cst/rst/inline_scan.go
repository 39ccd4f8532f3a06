package rst

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The character tests of docutils' inline markup recognition rules. lo is
// the start of the string docutils searches (a lookbehind at lo sees
// nothing) and hi its end.

// prevRune returns the character before i, or false at lo.
func prevRune(s string, lo, i int) (rune, bool) {
	if i <= lo {
		return 0, false
	}
	r, _ := decodeLastRune(s, i)
	return r, true
}

// nextRune returns the character at i, or false at hi.
func nextRune(s string, i, hi int) (rune, bool) {
	if i >= hi {
		return 0, false
	}
	r, _ := decodeRune(s, i)
	return r, true
}

// inRunes reports whether r is in list.
func inRunes(list []rune, r rune) bool {
	for _, x := range list {
		if x == r {
			return true
		}
	}
	return false
}

// Character classes of the inline markup rules, as bits.
const (
	clSpace = 1 << iota
	clOpener
	clDelimiter
	clCloser
	clClosingDelimiter
)

// asciiClass holds the classes of the ASCII characters; otherClass those
// of the other characters in any class but whitespace.
var (
	asciiClass [128]uint8
	otherClass = map[rune]uint8{}
)

func init() {
	set := func(r rune, c uint8) {
		if r < 128 {
			asciiClass[r] |= c
		} else {
			otherClass[r] |= c
		}
	}
	for _, r := range openers {
		set(r, clOpener)
	}
	for _, r := range closers {
		set(r, clCloser)
	}
	for _, t := range []struct {
		tab *unicode.RangeTable
		c   uint8
	}{{delimiters, clDelimiter}, {closingDelimiters, clClosingDelimiter}} {
		for _, rg := range t.tab.R16 {
			for r := rune(rg.Lo); r <= rune(rg.Hi); r += rune(rg.Stride) {
				set(r, t.c)
			}
		}
		for _, rg := range t.tab.R32 {
			for r := rune(rg.Lo); r <= rune(rg.Hi); r += rune(rg.Stride) {
				set(r, t.c)
			}
		}
	}
	for r := rune(0); r < 128; r++ {
		if isSpace(r) {
			asciiClass[r] |= clSpace
		}
	}
}

// The bits of charBits: the tests the inline scanners make at every
// character.
const (
	cbStartAfter = 1 << iota // a start-string may follow: whitespace, an opener or a delimiter
	cbStarts                 // one of inlineStarts
	cbName                   // a word character other than "_", which may start a reference name
)

// asciiBits holds the charBits of the ASCII characters.
var asciiBits [utf8.RuneSelf]uint8

func init() {
	for c := 0; c < utf8.RuneSelf; c++ {
		r := rune(c)
		if asciiClass[c]&(clSpace|clOpener|clDelimiter) != 0 {
			asciiBits[c] |= cbStartAfter
		}
		if strings.ContainsRune(inlineStarts, r) {
			asciiBits[c] |= cbStarts
		}
		if r != '_' && isWord(r) {
			asciiBits[c] |= cbName
		}
	}
}

// charBits returns the charBits of the character at s[i] and its size.
// ASCII takes one table look-up, the cost the scanners pay at nearly
// every character of a help.
func charBits(s string, i int) (uint8, int) {
	if c := s[i]; c < utf8.RuneSelf {
		return asciiBits[c], 1
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	var bits uint8
	if classOf(r)&(clSpace|clOpener|clDelimiter) != 0 {
		bits = cbStartAfter
	}
	if r != '_' && isWord(r) {
		bits |= cbName
	}
	return bits, size
}

// classOf returns the classes of r.
func classOf(r rune) uint8 {
	if r < 128 {
		return asciiClass[r]
	}
	c := otherClass[r]
	if isSpace(r) {
		c |= clSpace
	}
	return c
}

// startOK is docutils' start_string_prefix: the start of the string, or
// after whitespace, an opener or a delimiter.
func startOK(s string, lo, i int) bool {
	r, ok := prevRune(s, lo, i)
	return !ok || classOf(r)&(clSpace|clOpener|clDelimiter) != 0
}

// endOK is docutils' end_string_suffix: the end of the string, or before
// whitespace, a NUL, a closing delimiter, a delimiter or a closer.
func endOK(s string, i, hi int) bool {
	r, ok := nextRune(s, i, hi)
	return !ok || r == 0 || classOf(r)&(clSpace|clClosingDelimiter|clDelimiter|clCloser) != 0
}

// nonSpaceAfter is '(?!\s)'.
func nonSpaceAfter(s string, i, hi int) bool {
	r, ok := nextRune(s, i, hi)
	return !ok || !isSpace(r)
}

// nonSpaceEscBefore is '(?<![\s\x00])'.
func nonSpaceEscBefore(s string, lo, i int) bool {
	r, ok := prevRune(s, lo, i)
	return !ok || !(isSpace(r) || r == 0)
}

// nonSpaceBefore is '(?<!\s)'.
func nonSpaceBefore(s string, lo, i int) bool {
	r, ok := prevRune(s, lo, i)
	return !ok || !isSpace(r)
}

// nonUnescapedSpaceBefore is '(?<!(?<!\x00)[\s\x00])'.
func nonUnescapedSpaceBefore(s string, lo, i int) bool {
	r, ok := prevRune(s, lo, i)
	if !ok || !(isSpace(r) || r == 0) {
		return true
	}
	j := i - utf8.RuneLen(r)
	if j > lo && s[j-1] == 0 {
		return true
	}
	return false
}

// matchChars reports whether open and close are a matching pair of
// punctuation (punctuation_chars.match_chars).
func matchChars(open, close rune) bool {
	for i, r := range openers {
		if r == open {
			return close == closers[i] || strings.ContainsRune(quotePairs[open], close)
		}
	}
	return false
}

// URI and e-mail character classes.
const (
	uricChars     = "-_.!~*'()[];/:@&=+$,%\x00"
	urilastChars  = "_~*/=+"
	emailcChars   = "-_!~*'{|}/#?^`&=+$%\x00"
	alnumASCIIStr = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
)

func isUric(c byte) bool    { return isAlnum7(c) || strings.IndexByte(uricChars, c) >= 0 }
func isUrilast(c byte) bool { return isAlnum7(c) || strings.IndexByte(urilastChars, c) >= 0 }
func isEmailc(c byte) bool  { return isAlnum7(c) || strings.IndexByte(emailcChars, c) >= 0 }

// uriEndAt reports whether the character ending at e (s[e-1]) can end a
// URI: a urilast character, or a URI character followed by ">".
func uriEndAt(s string, e, hi int) bool {
	c := s[e-1]
	if isUrilast(c) {
		return true
	}
	return isUric(c) && e < hi && s[e] == '>'
}

// uricRunEnd returns the end of the run of URI characters from i.
func uricRunEnd(s string, i, hi int) int {
	for i < hi && isUric(s[i]) {
		i++
	}
	return i
}

// matchAbsoluteURI matches an absolute URI at i and returns its end and
// the scheme.
func matchAbsoluteURI(s string, i, hi int) (int, string, bool) {
	if i >= hi || !isAlpha7(s[i]) {
		return 0, "", false
	}
	j := i + 1
	for j < hi && (isAlnum7(s[j]) || s[j] == '.' || s[j] == '+' || s[j] == '-') {
		j++
	}
	if j >= hi || s[j] != ':' {
		return 0, "", false
	}
	scheme := s[i:j]
	// The ends of 'uric* uri_end' are tried longest first, as the
	// pattern's backtracking tries them.
	for e := uricRunEnd(s, j+1, hi); e > j+1; e-- {
		if uriEndAt(s, e, hi) {
			if f, ok := queryEnd(s, e, hi); ok {
				return f, scheme, true
			}
		}
	}
	return 0, "", false
}

// queryEnd returns the end of a URI whose part before the query ends at
// e: after '(\?uric*uri_end)?', the longest query first and none last,
// and a fragment ([fragmentEnd]).
func queryEnd(s string, e, hi int) (int, bool) {
	if e < hi && s[e] == '?' {
		for q := uricRunEnd(s, e+1, hi); q > e+1; q-- {
			if uriEndAt(s, q, hi) {
				if f, ok := fragmentEnd(s, q, hi); ok {
					return f, true
				}
			}
		}
	}
	return fragmentEnd(s, e, hi)
}

// fragmentEnd returns the end of a URI whose part before the fragment
// ends at q: after '(#uric*uri_end)?', the longest fragment first and none
// last, where the end-string rule holds.
func fragmentEnd(s string, q, hi int) (int, bool) {
	if q < hi && s[q] == '#' {
		for f := uricRunEnd(s, q+1, hi); f > q+1; f-- {
			if uriEndAt(s, f, hi) && endOK(s, f, hi) {
				return f, true
			}
		}
	}
	if endOK(s, q, hi) {
		return q, true
	}
	return 0, false
}

// matchEmail matches an e-mail address at i (docutils' email_pattern)
// and returns its end; the end-string rule is not checked.
func matchEmail(s string, i int) (int, bool) {
	ends := emailEnds(s, i, len(s))
	if len(ends) == 0 {
		return 0, false
	}
	return ends[0], true
}

// emailEnds returns the possible ends of an e-mail address at i, longest
// first.
func emailEnds(s string, i, hi int) []int {
	j := i
	for {
		k := j
		for k < hi && isEmailc(s[k]) {
			k++
		}
		if k == j {
			return nil
		}
		j = k
		if j < hi && s[j] == '.' && j+1 < hi && isEmailc(s[j+1]) {
			j++
			continue
		}
		break
	}
	if j >= hi || s[j] != '@' || s[j-1] == 0 {
		return nil
	}
	h := j + 1
	if h >= hi || !isEmailc(s[h]) {
		return nil
	}
	k := h
	for k < hi && (isEmailc(s[k]) || s[k] == '.') {
		k++
	}
	var out []int
	for e := k + 1; e >= h+2; e-- {
		if e > hi {
			continue
		}
		if !uriEndAt(s, e, hi) {
			continue
		}
		if e-1 > k || (e-1 < k && false) {
			continue
		}
		out = append(out, e)
	}
	return out
}

// matchURI matches a standalone URI or e-mail address at i (docutils'
// uri pattern without its start-string rule) and returns its end, the
// scheme (empty for an e-mail address) and whether it is an e-mail
// address.
func matchURI(s string, i, hi int) (end int, scheme string, email, ok bool) {
	if e, sc, ok := matchAbsoluteURI(s, i, hi); ok {
		return e, sc, false, true
	}
	for _, e := range emailEnds(s, i, hi) {
		if endOK(s, e, hi) {
			return e, "", true, true
		}
	}
	return 0, "", false, false
}
