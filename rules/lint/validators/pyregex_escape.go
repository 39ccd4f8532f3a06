package validators

import (
	"fmt"
	"strconv"
	"strings"
)

// The escapes and sets of Python's sre_parse (_escape, _class_escape and
// the "[" branch of _parse).

const (
	reDigits    = "0123456789"
	reOctDigits = "01234567"
	reHexDigits = "0123456789abcdefABCDEF"
)

// reCategories are the escapes that stand for a class or a position;
// reAt those of them that are positions.
var (
	reCategories = "AbBdDsSwWZ"
	reAt         = "AbBZ"
	reEscapes    = "abfnrtv\\"
)

// escape checks an escape outside a set and returns its item kind.
func (p *reParser) escape(esc string) int {
	c := esc[1:]
	if strings.Contains(reCategories, c) && len(c) == 1 {
		if strings.Contains(reAt, c) {
			return itemAt
		}
		return itemOther
	}
	if len(c) == 1 && strings.Contains(reEscapes, c) {
		return itemOther
	}
	if _, ok := p.commonEscape(esc); ok {
		return itemOther
	}
	switch {
	case c == "0":
		p.getWhile(2, reOctDigits)
		return itemOther
	case len(c) == 1 && strings.Contains(reDigits, c):
		if !p.atEnd && len(p.next) == 1 && strings.Contains(reDigits, p.next) {
			esc += p.get()
			if strings.Contains(reOctDigits, esc[1:2]) && strings.Contains(reOctDigits, esc[2:3]) &&
				!p.atEnd && len(p.next) == 1 && strings.Contains(reOctDigits, p.next) {
				esc += p.get()
				if v, _ := strconv.ParseInt(esc[1:], 8, 32); v > 0o377 {
					p.fail(fmt.Sprintf("octal escape value %s outside of range 0-0o377", esc), len(esc))
				}
				return itemOther
			}
		}
		g, _ := strconv.Atoi(esc[1:])
		if g < len(p.groupOpen) {
			if p.groupOpen[g] || g == 0 {
				p.fail("cannot refer to an open group", len(esc))
			}
			return itemOther
		}
		p.fail(fmt.Sprintf("invalid group reference %d", g), len(esc)-1)
	}
	p.plainEscape(esc)
	return itemOther
}

// classEscape checks an escape inside a set and returns the character it
// stands for, -1 for a class (\d, \w, …) or a character gtr does not
// compute (\N{…}): a range may only end at a character.
func (p *reParser) classEscape(esc string) rune {
	c := esc[1:]
	if len(c) == 1 && strings.Contains(reEscapes, c) {
		return classChar(esc)
	}
	if len(c) == 1 && strings.Contains(reCategories, c) && !strings.Contains(reAt, c) {
		return -1
	}
	if v, ok := p.commonEscape(esc); ok {
		return v
	}
	switch {
	case len(c) == 1 && strings.Contains(reOctDigits, c):
		esc += p.getWhile(2, reOctDigits)
		v, _ := strconv.ParseInt(esc[1:], 8, 32)
		if v > 0o377 {
			p.fail(fmt.Sprintf("octal escape value %s outside of range 0-0o377", esc), len(esc))
		}
		return rune(v)
	case len(c) == 1 && strings.Contains(reDigits, c):
		p.fail("bad escape "+esc, len([]rune(esc)))
	}
	p.plainEscape(esc)
	return []rune(esc)[1]
}

// commonEscape checks the \x, \u, \U and \N escapes, which read on, and
// reports whether esc was one of them, with the character it stands for
// (-1 for \N{…}).
func (p *reParser) commonEscape(esc string) (rune, bool) {
	width := map[string]int{"x": 2, "u": 4, "U": 8}
	c := esc[1:]
	if n, ok := width[c]; ok {
		esc += p.getWhile(n, reHexDigits)
		if len(esc) != n+2 {
			p.fail("incomplete escape "+esc, len(esc))
		}
		v, _ := strconv.ParseInt(esc[2:], 16, 64)
		if v > 0x10ffff {
			p.fail("bad escape "+esc, len(esc))
		}
		return rune(v), true
	}
	if c == "N" {
		if !p.match("{") {
			p.fail("missing {", 0)
		}
		p.getUntil("}", "character name")
		return -1, true
	}
	return 0, false
}

// plainEscape checks a backslash and one character: an ASCII letter is
// an unknown escape, anything else the character itself.
func (p *reParser) plainEscape(esc string) {
	if r := []rune(esc); len(r) == 2 && (r[1] >= 'a' && r[1] <= 'z' || r[1] >= 'A' && r[1] <= 'Z') {
		p.fail("bad escape "+esc, 2)
	}
}

// set parses a character set after its "[".
func (p *reParser) set() {
	here := p.tell() - 1
	if !p.atEnd && p.next == "[" {
		p.warn(fmt.Sprintf("Possible nested set at position %d", p.tell()))
	}
	p.match("^")
	n := 0
	for {
		this := p.get()
		if this == "" {
			p.fail("unterminated character set", p.tell()-here)
		}
		if this == "]" && n > 0 {
			return
		}
		lo := classChar(this)
		if this[0] == '\\' {
			lo = p.classEscape(this)
		} else if n > 0 && len(this) == 1 && strings.Contains("-&~|", this) && !p.atEnd && p.next == this {
			kind := map[string]string{"-": "difference", "&": "intersection", "~": "symmetric difference", "|": "union"}[this]
			p.warn(fmt.Sprintf("Possible set %s at position %d", kind, p.tell()-1))
		}
		if p.match("-") {
			that := p.get()
			if that == "" {
				p.fail("unterminated character set", p.tell()-here)
			}
			if that == "]" {
				return // a trailing "-" is a literal
			}
			hi := classChar(that)
			if that[0] == '\\' {
				hi = p.classEscape(that)
			} else if that == "-" {
				p.warn(fmt.Sprintf("Possible set difference at position %d", p.tell()-2))
			}
			if lo < 0 && !isNamedChar(this) || hi < 0 && !isNamedChar(that) || lo >= 0 && hi >= 0 && hi < lo {
				p.fail(fmt.Sprintf("bad character range %s-%s", this, that), len([]rune(this))+1+len([]rune(that)))
			}
		}
		n++
	}
}

// isNamedChar reports whether a set token is a \N{…} escape, a
// character gtr does not compute: the order of a range that ends at one is
// not checked.
func isNamedChar(tok string) bool { return tok == "\\N" }

// classChar returns the character a plain set token or a one-character
// escape (\n, \t, …) stands for, -1 for other escapes.
func classChar(tok string) rune {
	r := []rune(tok)
	switch {
	case len(r) == 1:
		return r[0]
	case len(r) == 2 && r[0] == '\\':
		switch r[1] {
		case 'a':
			return 7
		case 'b':
			return 8
		case 'f':
			return 12
		case 'n':
			return 10
		case 'r':
			return 13
		case 't':
			return 9
		case 'v':
			return 11
		case '\\':
			return '\\'
		}
		if !(r[1] >= 'a' && r[1] <= 'z' || r[1] >= 'A' && r[1] <= 'Z' || r[1] >= '0' && r[1] <= '9') {
			return r[1]
		}
	}
	return -1
}
