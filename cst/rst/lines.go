package rst

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/galaxy-gtr/gtr/cst"
)

// srcLine is one line of the help text as docutils' string2lines makes it:
// tabs expanded to columns of 8 and trailing whitespace removed.
type srcLine struct {
	start int    // byte offset of the line's first byte in the help text
	raw   string // the line as written, without its line break
	exp   string // the line as docutils reads it
	tab   bool   // raw holds a tab, so that its columns and bytes differ
}

// splitLines splits text into lines as Python's str.splitlines does after
// docutils turned form feeds and vertical tabs into spaces, and expands and
// strips each line as string2lines does. It appends the lines to dst[:0],
// so that a caller may hand in the memory of an earlier split.
func splitLines(dst []srcLine, text string) []srcLine {
	// Most lines end in "\n": room for them at once.
	out := slices.Grow(dst[:0], strings.Count(text, "\n")+1)
	start := 0
	tabs := false // the line holds a tab, vertical tab or form feed
	tab := false  // the line holds a tab
	for i := 0; i < len(text); {
		// Printable ASCII, nearly all of a help, needs no look: skip it
		// eight bytes at a time, then byte by byte up to the next other
		// byte.
		for i+8 <= len(text) {
			// Indexing the eight bytes' own slice lets the compiler drop
			// the bounds checks and load them as one word.
			w := text[i : i+8]
			x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
				uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
			if (x-0x2020202020202020)&^x&0x8080808080808080|x&0x8080808080808080 != 0 {
				break // a byte below 0x20 or above 0x7f
			}
			i += 8
		}
		for i < len(text) && text[i] >= 0x20 && text[i] < 0x80 {
			i++
		}
		if i >= len(text) {
			break
		}
		r, size := decodeRune(text, i)
		brk := 0
		switch r {
		case '\n', '\x1c', '\x1d', '\x1e', '\u0085', '\u2028', '\u2029':
			brk = size
		case '\r':
			brk = 1
			if i+1 < len(text) && text[i+1] == '\n' {
				brk = 2
			}
		case '\t':
			tabs, tab = true, true
		case '\v', '\f':
			tabs = true
		}
		if brk == 0 {
			i += size
			continue
		}
		out = append(out, makeLine(text, start, i, tabs, tab))
		i += brk
		start = i
		tabs, tab = false, false
	}
	if start < len(text) {
		out = append(out, makeLine(text, start, len(text), tabs, tab))
	}
	return out
}

// makeLine builds the srcLine of text[start:end]; tabs says whether it
// holds a tab, vertical tab or form feed, which expandTabs replaces, and
// tab whether it holds a tab.
func makeLine(text string, start, end int, tabs, tab bool) srcLine {
	raw := text[start:end]
	exp := raw
	if tabs {
		exp = expandTabs(raw)
	}
	return srcLine{start: start, raw: raw, exp: rstrip(exp), tab: tab}
}

// expandTabs replaces each tab by the spaces that reach the next multiple of
// 8 columns, counting columns in characters as Python does; form feeds and
// vertical tabs become spaces.
func expandTabs(s string) string {
	if !strings.ContainsAny(s, "\t\v\f") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	col := 0
	for {
		// The text up to the next tab, vertical tab or form feed is
		// copied whole: as ranging over its runes would, unless it is
		// not UTF-8, whose bytes become U+FFFD one by one.
		i := strings.IndexAny(s, "\t\v\f")
		run := s
		if i >= 0 {
			run = s[:i]
		}
		if utf8.ValidString(run) {
			b.WriteString(run)
		} else {
			for _, r := range run {
				b.WriteRune(r)
			}
		}
		col += utf8.RuneCountInString(run)
		if i < 0 {
			return b.String()
		}
		if s[i] == '\t' {
			n := 8 - col%8
			b.WriteString("        "[:n])
			col += n
		} else {
			b.WriteByte(' ')
			col++
		}
		s = s[i+1:]
	}
}

// offset maps a byte column of the expanded line to a byte offset of the
// help text.
func (l *srcLine) offset(col int) int {
	if col <= 0 {
		return l.start
	}
	if !l.tab {
		if col > len(l.raw) {
			col = len(l.raw)
		}
		return l.start + col
	}
	// Walk the raw line, counting the expanded bytes each raw rune makes.
	ecol, ebytes := 0, 0
	for i, r := range l.raw {
		if ebytes >= col {
			return l.start + i
		}
		if r == '\t' {
			n := 8 - ecol%8
			ecol += n
			ebytes += n
			continue
		}
		ecol++
		ebytes += utf8.RuneLen(r)
	}
	return l.start + len(l.raw)
}

// line is one line of a block that a state machine reads: a slice of a
// source line, with the absolute line index and the expanded column it
// starts at.
type line struct {
	s   string
	abs int // index of the source line, 0-based
	col int // byte column of s[0] in the expanded source line
}

// lines is a block of lines (docutils' StringList).
type lines []line

// texts returns the strings of b.
func (b lines) texts() []string {
	out := make([]string, len(b))
	for i, l := range b {
		out[i] = l.s
	}
	return out
}

// join returns the lines of b joined with "\n".
func (b lines) join() string {
	switch len(b) {
	case 0:
		return ""
	case 1:
		return b[0].s
	}
	n := len(b) - 1
	for _, l := range b {
		n += len(l.s)
	}
	var sb strings.Builder
	sb.Grow(n)
	for i, l := range b {
		if i > 0 {
			sb.WriteByte('\n')
		}
		sb.WriteString(l.s)
	}
	return sb.String()
}

// trimLeft removes n bytes from the start of lines [from, to) of b, in
// place, as StringList.trim_left does.
func (b lines) trimLeft(n, from, to int) {
	if to > len(b) {
		to = len(b)
	}
	for i := from; i < to; i++ {
		if n >= len(b[i].s) {
			b[i].col += len(b[i].s)
			b[i].s = ""
			continue
		}
		b[i].s = b[i].s[n:]
		b[i].col += n
	}
}

// clone returns a copy of b that can be changed without changing b.
func (b lines) clone() lines { return append(lines(nil), b...) }

// isSpace reports whether r is whitespace for Python (str.isspace, \s).
func isSpace(r rune) bool {
	if r < utf8.RuneSelf {
		return isASCIISpace(byte(r))
	}
	return unicode.Is(pySpace, r)
}

// isASCIISpace reports whether c, a 7-bit byte, is whitespace for Python.
func isASCIISpace(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x1f:
		return true
	}
	return false
}

// isASCIIText reports whether c is a 7-bit byte that is not whitespace:
// a string that starts (or ends) with one has no whitespace to strip there,
// which the strip functions see without decoding a rune.
func isASCIIText(c byte) bool { return c < utf8.RuneSelf && !isASCIISpace(c) }

// isWord reports whether r is a word character for Python's \w.
func isWord(r rune) bool {
	if r < utf8.RuneSelf {
		return r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
	}
	return unicode.IsLetter(r) || unicode.IsNumber(r)
}

// strip, lstrip and rstrip remove Python whitespace as str.strip does.
func strip(s string) string { return rstrip(lstrip(s)) }

func lstrip(s string) string {
	// Spaces, the indent of a tab-expanded line, need no rune decoded.
	i := 0
	for i < len(s) && s[i] == ' ' {
		i++
	}
	if i == len(s) || isASCIIText(s[i]) {
		return s[i:]
	}
	return strings.TrimLeftFunc(s[i:], isSpace)
}

func rstrip(s string) string {
	if len(s) == 0 || isASCIIText(s[len(s)-1]) {
		return s
	}
	return strings.TrimRightFunc(s, isSpace)
}

// isBlank reports whether s holds only whitespace (not s.strip()).
func isBlank(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf {
			return lstrip(s[i:]) == ""
		} else if !isASCIISpace(c) {
			return false
		}
	}
	return true
}

// indentOf returns the number of leading whitespace bytes of s.
func indentOf(s string) int { return len(s) - len(lstrip(s)) }

// span returns the help-text span of the lines of b.
func (d *doc) span(b lines) cst.Span {
	if len(b) == 0 {
		return cst.Span{}
	}
	first, last := b[0], b[len(b)-1]
	return cst.Span{Start: d.off(first.abs, first.col), End: d.off(last.abs, last.col+len(last.s))}
}

// off maps an absolute line index and expanded byte column to a help-text
// offset.
func (d *doc) off(abs, col int) int {
	if d.noSpans || abs < 0 || len(d.src) == 0 {
		return 0
	}
	if abs >= len(d.src) {
		return len(d.text)
	}
	return d.src[abs].offset(col)
}

// lineSpan returns the span of one line.
func (d *doc) lineSpan(l line) cst.Span {
	return cst.Span{Start: d.off(l.abs, l.col), End: d.off(l.abs, l.col+len(l.s))}
}

// decodeRune decodes the rune at s[i:].
func decodeRune(s string, i int) (rune, int) {
	if c := s[i]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRuneInString(s[i:])
}

// decodeLastRune decodes the rune ending at s[:i].
func decodeLastRune(s string, i int) (rune, int) {
	if c := s[i-1]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeLastRuneInString(s[:i])
}
