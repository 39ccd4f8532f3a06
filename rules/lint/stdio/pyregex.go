package stdio

import (
	"fmt"
	"strings"
	"unicode"
)

// pyRegexError returns why Python's re.compile rejects pattern, in
// Python's words ("nothing to repeat at position 0"), or "" when it
// accepts it. It returns "" too for the syntax whose fate depends on the
// Python version or on data gtr does not have (verbose mode, possessive
// quantifiers, atomic groups, inline flags past the start, \N{…} names), so
// that it never reports a pattern Python accepts. It checks syntax, not
// the width of look-behinds.
func pyRegexError(pattern string) string {
	p := &reParser{s: []rune(pattern), open: map[int]bool{}, names: map[string]int{}}
	err := p.run()
	if p.unsure {
		return ""
	}
	return err
}

// reParser follows sre_parse over the pattern's code points.
type reParser struct {
	s      []rune
	i      int
	groups int // capturing groups opened so far
	open   map[int]bool
	names  map[string]int
	unsure bool
	// condRefs are the group numbers (and their positions) conditionals
	// name before the group is opened.
	condRefs [][2]int
}

// errAt is a Python re.error message at position i.
type errAt struct {
	msg string
	at  int
}

func (p *reParser) run() (msg string) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(errAt)
			if !ok {
				panic(r)
			}
			msg = e.msg
			if e.at >= 0 {
				msg = fmt.Sprintf("%s at position %d", e.msg, e.at)
			}
		}
	}()
	p.alternation()
	if p.i < len(p.s) {
		// Only a ')' stops the top level early.
		p.fail("unbalanced parenthesis", p.i)
	}
	for _, r := range p.condRefs {
		if r[0] > p.groups {
			p.fail(fmt.Sprintf("invalid group reference %d", r[0]), r[1])
		}
	}
	return ""
}

func (p *reParser) fail(msg string, at int) { panic(errAt{msg, at}) }

func (p *reParser) peek() (rune, bool) {
	if p.i < len(p.s) {
		return p.s[p.i], true
	}
	return 0, false
}

func (p *reParser) next(r rune) bool {
	if c, ok := p.peek(); ok && c == r {
		p.i++
		return true
	}
	return false
}

// alternation parses branches up to an unmatched ')' or the end.
func (p *reParser) alternation() {
	p.sequence()
	for p.next('|') {
		p.sequence()
	}
}

// item kinds: what the last thing in a sequence was, for the quantifier
// that may follow it.
const (
	itemNone     = iota // nothing yet: a quantifier has nothing to repeat
	itemAt              // ^, $, \A, \b, \B, \Z: not repeatable either
	itemRepeat          // a quantified item: another quantifier is a multiple repeat
	itemOrdinary        // anything else
)

func (p *reParser) sequence() {
	last := itemNone
	for {
		c, ok := p.peek()
		if !ok || c == '|' || c == ')' {
			return
		}
		start := p.i
		p.i++
		switch c {
		case '(':
			if k := p.group(start); k != itemNone {
				last = k
			}
		case '[':
			p.class(start)
			last = itemOrdinary
		case '\\':
			last = p.escape(start)
		case '^', '$':
			last = itemAt
		case '*', '+', '?':
			last = p.repeat(last, start)
		case '{':
			if p.braces() {
				last = p.repeat(last, start)
			} else {
				last = itemOrdinary
			}
		default:
			last = itemOrdinary
		}
	}
}

// repeat checks a quantifier that started at start after an item of kind
// last, and takes its lazy or possessive mark.
func (p *reParser) repeat(last, start int) int {
	switch last {
	case itemNone, itemAt:
		p.fail("nothing to repeat", start)
	case itemRepeat:
		p.fail("multiple repeat", start)
	}
	if !p.next('?') && p.next('+') {
		// Possessive from Python 3.11, a multiple repeat before.
		p.unsure = true
	}
	return itemRepeat
}

// braces reads the rest of a {m,n} quantifier, or reports that the '{' is
// a literal (sre_parse then reads it as one and goes on after it).
func (p *reParser) braces() bool {
	here := p.i
	if c, ok := p.peek(); ok && c == '}' {
		return false
	}
	lo, hi := p.digits(), ""
	if p.next(',') {
		hi = p.digits()
	} else {
		hi = lo
	}
	if !p.next('}') {
		p.i = here
		return false
	}
	a, b := repeatCount(lo), repeatCount(hi)
	if a >= maxRepeat || b >= maxRepeat {
		// An OverflowError, which Python words without a position.
		p.fail("the repetition number is too large", -1)
	}
	if lo != "" && hi != "" && b < a {
		p.fail("min repeat greater than max repeat", here)
	}
	return true
}

// maxRepeat is sre's MAXREPEAT: a count must stay below it.
const maxRepeat int64 = 1<<32 - 1

// repeatCount is the value of a count's digits, capped at maxRepeat.
func repeatCount(d string) int64 {
	var n int64
	for _, r := range d {
		n = n*10 + int64(r-'0')
		if n >= maxRepeat {
			return maxRepeat
		}
	}
	return n
}

func (p *reParser) digits() string {
	start := p.i
	for c, ok := p.peek(); ok && c >= '0' && c <= '9'; c, ok = p.peek() {
		p.i++
	}
	return string(p.s[start:p.i])
}

// group parses a group whose '(' is at start and returns the kind of
// item it makes, itemNone for one that adds nothing (flags, comments).
func (p *reParser) group(start int) int {
	if !p.next('?') {
		p.groups++
		g := p.groups
		p.open[g] = true
		p.body(start)
		p.open[g] = false
		return itemOrdinary
	}
	c, ok := p.peek()
	if !ok {
		p.fail("unexpected end of pattern", p.i)
	}
	p.i++
	switch {
	case c == ':' || c == '=' || c == '!':
		p.body(start)
	case c == '>':
		p.unsure = true // atomic groups are Python 3.11's
		p.body(start)
	case c == '<':
		if !p.next('=') && !p.next('!') {
			p.fail("unknown extension ?<"+p.rest(1), start+1)
		}
		p.body(start)
	case c == 'P':
		return p.named(start)
	case c == '#':
		for {
			r, ok := p.peek()
			if !ok {
				p.fail("missing ), unterminated comment", start)
			}
			p.i++
			if r == ')' {
				return itemNone
			}
		}
	case c == '(':
		p.conditional(start)
	case strings.ContainsRune("aiLmsux-", c):
		return p.flags(start, c)
	default:
		p.fail("unknown extension ?"+string(c), start+1)
	}
	return itemOrdinary
}

// body parses a group's content and its closing ')'.
func (p *reParser) body(start int) {
	p.alternation()
	if !p.next(')') {
		p.fail("missing ), unterminated subpattern", start)
	}
}

func (p *reParser) rest(n int) string {
	if p.i+n > len(p.s) {
		return string(p.s[p.i:])
	}
	return string(p.s[p.i : p.i+n])
}

// named parses (?P<name>…) and (?P=name) after the "P".
func (p *reParser) named(start int) int {
	switch {
	case p.next('<'):
		name := p.name('>', "missing >, unterminated name")
		if _, dup := p.names[name]; dup {
			p.fail(fmt.Sprintf("redefinition of group name '%s' as group %d; was group %d", name, p.groups+1, p.names[name]), start+4)
		}
		p.groups++
		g := p.groups
		p.names[name] = g
		p.open[g] = true
		p.body(start)
		p.open[g] = false
	case p.next('='):
		at := p.i
		name := p.name(')', "missing ), unterminated name")
		g, known := p.names[name]
		if !known {
			p.fail(fmt.Sprintf("unknown group name '%s'", name), at)
		}
		if p.open[g] {
			p.fail("cannot refer to an open group", at)
		}
	default:
		c, _ := p.peek()
		p.fail("unknown extension ?P"+string(c), start+1)
	}
	return itemOrdinary
}

// name reads a group name up to end and checks it is an identifier.
func (p *reParser) name(end rune, missing string) string {
	at := p.i
	for {
		c, ok := p.peek()
		if !ok {
			p.fail(missing, at)
		}
		p.i++
		if c == end {
			break
		}
	}
	name := string(p.s[at : p.i-1])
	if name == "" {
		p.fail("missing group name", at)
	}
	if !identifier(name) {
		p.fail(fmt.Sprintf("bad character in group name '%s'", name), at)
	}
	return name
}

// identifier approximates Python's str.isidentifier.
func identifier(s string) bool {
	for i, r := range s {
		if r == '_' || unicode.IsLetter(r) || (i > 0 && (unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r) || unicode.Is(unicode.Pc, r))) {
			continue
		}
		return false
	}
	return true
}

// conditional parses (?(id)yes|no) after its "(?(".
func (p *reParser) conditional(start int) {
	at := p.i
	name := string(p.s[at:])
	if i := strings.IndexRune(name, ')'); i >= 0 {
		name = name[:i]
	} else {
		p.fail("missing ), unterminated name", at)
	}
	p.i += len([]rune(name)) + 1
	if name == "" {
		p.fail("missing group name", at)
	}
	if _, known := p.names[name]; !known {
		if identifier(name) {
			p.fail(fmt.Sprintf("unknown group name '%s'", name), at)
		}
		n := 0
		for _, r := range name {
			if r < '0' || r > '9' {
				p.fail(fmt.Sprintf("bad character in group name '%s'", name), at)
			}
			n = n*10 + int(r-'0')
			if n > 1<<20 {
				break
			}
		}
		if n == 0 {
			p.fail("bad group number", at)
		}
		if n > p.groups {
			// Python checks it against the groups of the whole pattern.
			p.condRefs = append(p.condRefs, [2]int{n, at})
		}
	}
	p.sequence()
	if p.next('|') {
		p.sequence()
		if c, ok := p.peek(); ok && c == '|' {
			p.fail("conditional backref with more than two branches", p.i)
		}
	}
	if !p.next(')') {
		p.fail("missing ), unterminated subpattern", start)
	}
}

// flags parses inline flags after their first character c.
func (p *reParser) flags(start int, c rune) int {
	for ; ; c = p.s[p.i-1] {
		if c == 'x' {
			p.unsure = true // verbose mode changes how the rest reads
		}
		if c == ')' {
			// Global flags: an error past the start from Python 3.11 on.
			if start != 0 {
				p.unsure = true
			}
			return itemNone
		}
		if c == ':' {
			p.body(start)
			return itemOrdinary
		}
		if !strings.ContainsRune("aiLmsux-", c) {
			if unicode.IsLetter(c) {
				p.fail("unknown flag", p.i-1)
			}
			p.fail("missing -, : or )", p.i-1)
		}
		if c == '-' && p.i < len(p.s) && !strings.ContainsRune("aiLmsux", p.s[p.i]) {
			p.fail("missing flag", p.i)
		}
		if p.i >= len(p.s) {
			p.fail("missing -, : or )", p.i)
		}
		p.i++
	}
}

// escape parses an escape outside a class, its '\' at start.
func (p *reParser) escape(start int) int {
	c, ok := p.peek()
	if !ok {
		p.fail("bad escape (end of pattern)", start)
	}
	p.i++
	switch {
	case strings.ContainsRune("AbBZ", c):
		return itemAt
	case c >= '1' && c <= '9':
		p.reference(start, c)
		return itemOrdinary
	}
	p.literalEscape(start, c, false)
	return itemOrdinary
}

// reference parses \N, an octal escape or a group reference.
func (p *reParser) reference(start int, c rune) {
	num := string(c)
	if d, ok := p.peek(); ok && d >= '0' && d <= '9' {
		p.i++
		num += string(d)
		if e, ok := p.peek(); ok && c <= '7' && d <= '7' && e >= '0' && e <= '7' {
			p.i++
			if v := (c-'0')*64 + (d-'0')*8 + (e - '0'); v > 0o377 {
				p.fail(fmt.Sprintf("octal escape value \\%s%c outside of range 0-0o377", num, e), start)
			}
			return
		}
	}
	g := int(num[0] - '0')
	if len(num) == 2 {
		g = g*10 + int(num[1]-'0')
	}
	if g > p.groups {
		p.fail(fmt.Sprintf("invalid group reference %d", g), start+1)
	}
	if p.open[g] {
		p.fail("cannot refer to an open group", start)
	}
}

// literalEscape checks the escapes that are the same inside and outside a
// class: c is the character after the '\' at start.
func (p *reParser) literalEscape(start int, c rune, inClass bool) {
	switch {
	case c == 'x':
		p.hex(start, 2, "x")
	case c == 'u':
		p.hex(start, 4, "u")
	case c == 'U':
		p.hex(start, 8, "U")
	case c == 'N':
		if d, ok := p.peek(); !ok || d != '{' {
			p.fail("missing {", p.i)
		}
		p.unsure = true // \N{name} needs Unicode's names to check
	case c == '0' || (inClass && c >= '1' && c <= '7'):
		v := int(c - '0')
		for n := 0; n < 2; n++ {
			d, ok := p.peek()
			if !ok || d < '0' || d > '7' {
				break
			}
			p.i++
			v = v*8 + int(d-'0')
		}
		if v > 0o377 {
			p.fail(fmt.Sprintf("octal escape value %s outside of range 0-0o377", string(p.s[start:p.i])), start)
		}
	case c == '8' || c == '9':
		p.fail(fmt.Sprintf("bad escape \\%c", c), start)
	case strings.ContainsRune("afnrtvdDsSwW", c) || (inClass && c == 'b'):
	case c < 128 && unicode.IsLetter(c):
		p.fail(fmt.Sprintf("bad escape \\%c", c), start)
	}
}

func (p *reParser) hex(start, n int, kind string) {
	v := 0
	for k := 0; k < n; k++ {
		d, ok := p.peek()
		if !ok || !strings.ContainsRune("0123456789abcdefABCDEF", d) {
			p.fail(fmt.Sprintf("incomplete escape \\%s%s", kind, string(p.s[start+2:p.i])), start)
		}
		p.i++
		v = v*16 + strings.IndexRune("0123456789abcdef", unicode.ToLower(d))
	}
	if kind == "U" && v > unicode.MaxRune {
		p.fail(fmt.Sprintf("bad escape \\U%s", string(p.s[start+2:p.i])), start)
	}
}

// class parses a character set, its '[' at start.
func (p *reParser) class(start int) {
	p.next('^')
	first := true
	for {
		c, ok := p.peek()
		if !ok {
			p.fail("unterminated character set", start)
		}
		if c == ']' && !first {
			p.i++
			return
		}
		first = false
		itemAt := p.i
		lo, loOK := p.classItem(start)
		if !p.next('-') {
			continue
		}
		d, ok := p.peek()
		if !ok {
			p.fail("unterminated character set", start)
		}
		if d == ']' {
			p.i++
			return
		}
		hi, hiOK := p.classItem(start)
		if !loOK || !hiOK || hi < lo {
			p.fail(fmt.Sprintf("bad character range %s", string(p.s[itemAt:p.i])), itemAt)
		}
	}
}

// classItem reads one member of a class and returns its code point, or
// false for a category (\d, \w, …), which cannot bound a range.
func (p *reParser) classItem(start int) (rune, bool) {
	c := p.s[p.i]
	p.i++
	if c != '\\' {
		return c, true
	}
	at := p.i - 1
	e, ok := p.peek()
	if !ok {
		p.fail("bad escape (end of pattern)", at)
	}
	p.i++
	if strings.ContainsRune("dDsSwW", e) {
		return 0, false
	}
	p.literalEscape(at, e, true)
	return classValue(p.s[at:p.i]), true
}

// classValue is the code point an escape in a class stands for, enough to
// order range bounds.
func classValue(esc []rune) rune {
	s := string(esc[1:])
	switch s[0] {
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
	case 'x', 'u', 'U':
		var v rune
		fmt.Sscanf(s[1:], "%x", &v)
		return v
	case '0', '1', '2', '3', '4', '5', '6', '7':
		var v rune
		fmt.Sscanf(s, "%o", &v)
		return v
	}
	return esc[1]
}
