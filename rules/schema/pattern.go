package schema

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// translatePattern turns an XSD 1.0 regular expression (Appendix F) into
// Go regexp syntax matching the same strings. The caller anchors it: XSD
// patterns always match the whole value. Differences handled here: '^' and
// '$' are ordinary characters; '.' excludes only \n and \r; \i \c \I \C \w
// \W \s \S \d \D have XSD's meanings; groups do not capture. Character class
// subtraction and Unicode block escapes (\p{IsBasicLatin}) are refused.
func translatePattern(p string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(p); {
		c := p[i]
		switch c {
		case '.':
			b.WriteString(`[^\n\r]`)
			i++
		case '^', '$':
			b.WriteByte('\\')
			b.WriteByte(c)
			i++
		case '(':
			b.WriteString("(?:")
			i++
		case ')', '|', '?', '*', '+':
			b.WriteByte(c)
			i++
		case '{':
			end := strings.IndexByte(p[i:], '}')
			if end < 0 {
				return "", fmt.Errorf("unterminated quantifier")
			}
			q := p[i : i+end+1]
			if strings.Trim(q[1:len(q)-1], "0123456789,") != "" || q == "{}" || q[1] == ',' {
				return "", fmt.Errorf("bad quantifier %s", q)
			}
			b.WriteString(q)
			i += end + 1
		case '[':
			n, err := charClass(&b, p[i:])
			if err != nil {
				return "", err
			}
			i += n
		case '\\':
			n, out, err := escape(p[i:], false)
			if err != nil {
				return "", err
			}
			b.WriteString(out)
			i += n
		case ']', '}':
			return "", fmt.Errorf("unbalanced %q", c)
		default:
			r, n := utf8.DecodeRuneInString(p[i:])
			writeLiteral(&b, r)
			i += n
		}
	}
	return b.String(), nil
}

// writeLiteral writes r so that Go's regexp reads it as itself, inside or
// outside a character class.
func writeLiteral(b *strings.Builder, r rune) {
	if r < utf8.RuneSelf && strings.ContainsRune(`\.+*?()|[]{}^$-&~#`, r) {
		b.WriteByte('\\')
	}
	b.WriteRune(r)
}

// nameStartClass and nameCharClass are \i and \c as Go class contents.
const (
	nameStartClass = `:A-Z_a-z\x{C0}-\x{D6}\x{D8}-\x{F6}\x{F8}-\x{2FF}\x{370}-\x{37D}\x{37F}-\x{1FFF}\x{200C}-\x{200D}\x{2070}-\x{218F}\x{2C00}-\x{2FEF}\x{3001}-\x{D7FF}\x{F900}-\x{FDCF}\x{FDF0}-\x{FFFD}\x{10000}-\x{EFFFF}`
	nameCharClass  = nameStartClass + `\-.0-9\x{B7}\x{300}-\x{36F}\x{203F}-\x{2040}`
)

// escape translates the escape at the start of p; inClass tells whether it
// stands inside a character class (where out must be class contents).
func escape(p string, inClass bool) (n int, out string, err error) {
	if len(p) < 2 {
		return 0, "", fmt.Errorf("trailing backslash")
	}
	c := p[1]
	switch c {
	case 'n':
		return 2, `\n`, nil
	case 'r':
		return 2, `\r`, nil
	case 't':
		return 2, `\t`, nil
	case '\\', '|', '.', '-', '^', '?', '*', '+', '{', '}', '(', ')', '[', ']':
		return 2, `\` + string(c), nil
	case 'd':
		return 2, `\p{Nd}`, nil
	case 'D':
		return 2, `\P{Nd}`, nil
	case 'w':
		if inClass {
			return 2, `\p{L}\p{M}\p{N}\p{S}`, nil
		}
		return 2, `[\p{L}\p{M}\p{N}\p{S}]`, nil
	case 'W':
		if inClass {
			return 2, `\p{P}\p{Z}\p{C}`, nil
		}
		return 2, `[\p{P}\p{Z}\p{C}]`, nil
	case 's':
		if inClass {
			return 2, ` \t\n\r`, nil
		}
		return 2, `[ \t\n\r]`, nil
	case 'i':
		if inClass {
			return 2, nameStartClass, nil
		}
		return 2, "[" + nameStartClass + "]", nil
	case 'c':
		if inClass {
			return 2, nameCharClass, nil
		}
		return 2, "[" + nameCharClass + "]", nil
	case 'S', 'I', 'C':
		if inClass {
			return 0, "", fmt.Errorf(`\%c inside a character class is not supported`, c)
		}
		return 2, map[byte]string{'S': `[^ \t\n\r]`, 'I': "[^" + nameStartClass + "]", 'C': "[^" + nameCharClass + "]"}[c], nil
	case 'p', 'P':
		end := strings.IndexByte(p, '}')
		if len(p) < 4 || p[2] != '{' || end < 0 {
			return 0, "", fmt.Errorf("bad category escape")
		}
		name := p[3:end]
		if strings.HasPrefix(name, "Is") {
			return 0, "", fmt.Errorf("block escape %s is not supported", p[:end+1])
		}
		return end + 1, `\` + string(c) + "{" + name + "}", nil
	}
	return 0, "", fmt.Errorf(`unknown escape \%c`, c)
}

// charClass translates the character class expression at the start of p
// and returns its length.
func charClass(b *strings.Builder, p string) (int, error) {
	b.WriteByte('[')
	i := 1
	if i < len(p) && p[i] == '^' {
		b.WriteByte('^')
		i++
	}
	first := true
	for {
		if i >= len(p) {
			return 0, fmt.Errorf("unterminated character class")
		}
		c := p[i]
		switch {
		case c == ']' && !first:
			b.WriteByte(']')
			return i + 1, nil
		case c == '[':
			return 0, fmt.Errorf("character class subtraction is not supported")
		case c == '-' && i+1 < len(p) && p[i+1] == '[':
			return 0, fmt.Errorf("character class subtraction is not supported")
		case c == '\\':
			n, out, err := escape(p[i:], true)
			if err != nil {
				return 0, err
			}
			// A single-character escape may start a range.
			if n == 2 && len(out) == 2 && i+n+1 < len(p) && p[i+n] == '-' && p[i+n+1] != '[' && p[i+n+1] != ']' {
				b.WriteString(out)
				b.WriteByte('-')
				m, err := rangeEnd(b, p[i+n+1:])
				if err != nil {
					return 0, err
				}
				i += n + 1 + m
			} else {
				b.WriteString(out)
				i += n
			}
		default:
			r, n := utf8.DecodeRuneInString(p[i:])
			writeLiteral(b, r)
			i += n
			if i+1 < len(p) && p[i] == '-' && p[i+1] != '[' && p[i+1] != ']' {
				b.WriteByte('-')
				m, err := rangeEnd(b, p[i+1:])
				if err != nil {
					return 0, err
				}
				i += 1 + m
			}
		}
		first = false
	}
}

// rangeEnd writes the upper end of a range.
func rangeEnd(b *strings.Builder, p string) (int, error) {
	if p[0] == '\\' {
		n, out, err := escape(p, true)
		if err != nil || n != 2 || len(out) != 2 {
			return 0, fmt.Errorf("bad range end")
		}
		b.WriteString(out)
		return 2, nil
	}
	r, n := utf8.DecodeRuneInString(p)
	writeLiteral(b, r)
	return n, nil
}

// classPattern matches the patterns "[X]+" and "([X]+)(,([X]+))*" (the
// Format and FormatList types, checked on every format attribute) without
// the regexp machine, for values of ASCII bytes only; others go to the
// regexp.
type classPattern struct {
	in   [128]bool // the ASCII bytes of the class X, as the regexp says
	list bool      // items of X separated by single commas
}

// newClassPattern returns the fast matcher of the XSD pattern p, compiled
// as re, or nil when p has neither shape. Class membership is asked of re
// itself, one byte at a time, so it is re's whatever the class holds.
func newClassPattern(p string, re *regexp.Regexp) *classPattern {
	var c classPattern
	class, ok := strings.CutSuffix(p, "]+")
	if !ok || !strings.HasPrefix(class, "[") {
		x, ok := strings.CutPrefix(p, "([")
		if !ok {
			return nil
		}
		i := strings.IndexByte(x, ']')
		if i < 0 || p != "(["+x[:i]+"]+)(,(["+x[:i]+"]+))*" {
			return nil
		}
		class, c.list = "["+x[:i], true
	}
	if strings.ContainsAny(class[1:], `[]\^`) {
		return nil
	}
	for b := range c.in {
		c.in[b] = re.MatchString(string(rune(b)))
	}
	if c.list && c.in[','] {
		return nil
	}
	return &c
}

// match reports whether s matches, and sure is false when s has a byte
// outside ASCII and the regexp must decide.
func (c *classPattern) match(s string) (ok, sure bool) {
	if s == "" {
		return false, true
	}
	prev := byte(',') // an item starts at the beginning
	for i := 0; i < len(s); i++ {
		b := s[i]
		if b >= utf8.RuneSelf {
			return false, false
		}
		// A byte in neither the class nor a place for a comma fails the
		// match whatever follows.
		if !c.in[b] && (b != ',' || !c.list || prev == ',') {
			return false, true
		}
		prev = b
	}
	return !c.list || prev != ',', true
}
