package helpmd

import "strings"

// alwaysEscaped are the characters escaped wherever they stand in text:
// each can open inline markup (emphasis, code, links, autolinks, raw
// HTML, strikethrough) or a table cell.
const alwaysEscaped = "*`[]<>~|"

// text writes RST text so that CommonMark reads it as written: the
// characters of alwaysEscaped, a backslash before punctuation or at the
// end of a line, "_" at a word boundary, "&" that could start an entity,
// "!" before a bracket, and what would start a block at the start of a
// line (heading, block quote, list item, thematic break, setext underline,
// fence); leading spaces of a line are dropped, as a paragraph drops them.
func (w *inlineWriter) text(s string) {
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if w.atLineStart() {
			if ch == ' ' || ch == '\t' {
				continue
			}
			if n := lineStartEscape(s[i:]); n >= 0 {
				w.b.WriteString(s[i : i+n])
				w.b.WriteByte('\\')
				w.b.WriteString(s[i+n : i+n+1])
				i += n
				continue
			}
		}
		switch {
		case ch == '\n' && (w.heading || w.cell):
			w.b.WriteByte(' ')
			continue
		case strings.IndexByte(alwaysEscaped, ch) >= 0,
			ch == '#' && w.heading,
			ch == '\\' && (i+1 == len(s) || isPunct(s[i+1]) || s[i+1] == '\n'),
			ch == '_' && (i == 0 || i+1 == len(s) || !isWord(s[i-1]) || !isWord(s[i+1])),
			ch == '&' && i+1 < len(s) && (isWord(s[i+1]) || s[i+1] == '#'),
			ch == '!' && (i+1 == len(s) || s[i+1] == '['):
			w.b.WriteByte('\\')
		}
		w.b.WriteByte(ch)
	}
}

// lineStartEscape returns the offset in s (which starts a line) of the
// character to escape so that the line does not start a block, or -1.
func lineStartEscape(s string) int {
	switch s[0] {
	case '>', '*', '_', '`', '~', '|':
		return 0
	case '#':
		// A heading: one to six "#", then a space or the end of the line.
		k := len(s) - len(strings.TrimLeft(s, "#"))
		if k <= 6 && blankAfter(s[k:]) {
			return 0
		}
		return -1
	case '-', '+', '=':
		// A list item, a thematic break, a setext underline or a table's
		// delimiter row.
		if blankAfter(s[1:]) || onlyRun(s, s[0]) || s[0] == '-' && delimiterRow(s) {
			return 0
		}
		return -1
	case ':':
		// A table's delimiter row (":--").
		if delimiterRow(s) {
			return 0
		}
		return -1
	}
	// An ordered list item: up to nine digits, then "." or ")".
	d := 0
	for d < len(s) && d < 10 && s[d] >= '0' && s[d] <= '9' {
		d++
	}
	if d > 0 && d < 10 && d < len(s) && (s[d] == '.' || s[d] == ')') {
		return d
	}
	return -1
}

// isPunct reports whether c is ASCII punctuation, which a backslash
// escapes in CommonMark.
func isPunct(c byte) bool {
	return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~'
}

// isWord reports whether c is an ASCII letter or digit or a byte of a
// multi-byte character.
func isWord(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// blankAfter reports whether s, the rest of a line after a marker, starts
// with a space or tab or is the end of the line (or of the text, whose
// line another node may continue).
func blankAfter(s string) bool {
	return s == "" || s[0] == ' ' || s[0] == '\t' || s[0] == '\n'
}

// delimiterRow reports whether the line s starts could be a GFM table's
// delimiter row: "-", ":" and spaces only, with a "-" (the pipes are
// escaped everywhere).
func delimiterRow(s string) bool {
	line, _, _ := strings.Cut(s, "\n")
	return strings.Contains(line, "-") && strings.Trim(line, "-: \t") == ""
}

// onlyRun reports whether the line s starts is made of c and spaces only,
// up to its end or the end of the text.
func onlyRun(s string, c byte) bool {
	line, _, _ := strings.Cut(s, "\n")
	return strings.Trim(line, string(c)+" \t") == ""
}
