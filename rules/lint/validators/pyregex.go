package validators

import (
	"fmt"
	"strings"
	"unicode"
)

// This file checks a regular expression as Python's re.compile does
// (sre_parse of CPython 3.11, which the lint oracle ran): Galaxy compiles
// regex validators and regexp filters with Python's re, whose syntax
// differs from Go's regexp/syntax both ways. Python rejects what Go
// accepts (inline global flags such as (?i) after the start, unknown
// escapes of ASCII letters such as \q, (?<name>…)); Go rejects what Python
// accepts (backreferences \1 and (?P=name), lookarounds (?=…) (?!…)
// (?<=…) (?<!…), conditionals (?(1)…|…), atomic groups (?>…), possessive
// repeats *+, \Z, a { that starts no repeat); and Python warns, with a
// FutureWarning, about sets that a future Python will read differently
// ([[, --, &&, ~~, || inside a set). So the check ports sre_parse's
// syntax rules instead of leaning on regexp/syntax. Not ported: the
// checks after parsing (a look-behind must have a fixed width, a group
// may not be referenced inside its own look-behind) and the names of
// \N{…} characters, which need Unicode's name table: those patterns are
// accepted.

// reProblem is what re.compile reports for a pattern: an error (re.error
// and its message) or a FutureWarning.
type reProblem struct {
	msg    string
	future bool
}

// reAbort carries a problem out of the recursive parse.
type reAbort struct{ p reProblem }

const (
	reFlagI = 1 << iota
	reFlagL
	reFlagM
	reFlagS
	reFlagX
	reFlagA
	reFlagT
	reFlagU

	reTypeFlags         = reFlagA | reFlagL | reFlagU
	reGlobalFlags       = reFlagT
	reMaxRepeat   int64 = 1<<32 - 1
	reMaxGroups         = 1<<31 - 1
)

var reFlagBits = map[rune]int{'i': reFlagI, 'L': reFlagL, 'm': reFlagM, 's': reFlagS, 'x': reFlagX, 'a': reFlagA, 't': reFlagT, 'u': reFlagU}

// reParser is sre_parse's Tokenizer and State in one.
type reParser struct {
	src   []rune
	index int
	next  string // the lookahead token: a character or a backslash and the one after it; "" at the end
	atEnd bool

	flags      int
	groupOpen  []bool // by group number: whether it is still open (group 0 is the whole pattern)
	groupNames map[string]int
	condRefs   map[int]int // group numbers referenced by conditionals, with where
}

// PyRegexError returns the message of the error Python's re.compile
// raises for pattern (re.error's, with its position), "" when it
// compiles, also when it compiles with a FutureWarning: for the checks of
// other patterns Galaxy compiles with Python's re, such as a regexp
// <filter>'s value.
func PyRegexError(pattern string) string {
	if p := pyRegexProblem(pattern); p != nil && !p.future {
		return p.msg
	}
	return ""
}

// pyRegexProblem returns what Python's re.compile reports for pattern, nil
// when it compiles cleanly.
func pyRegexProblem(pattern string) (out *reProblem) {
	p := &reParser{src: []rune(pattern), groupOpen: []bool{false}, groupNames: map[string]int{}, condRefs: map[int]int{}}
	defer func() {
		if r := recover(); r != nil {
			a, ok := r.(reAbort)
			if !ok {
				panic(r)
			}
			out = &a.p
		}
	}()
	p.advance()
	p.parseSub(p.flags&reFlagX != 0, 0)
	if p.flags&reFlagL != 0 {
		panic(reAbort{reProblem{msg: "cannot use LOCALE flag with a str pattern"}})
	}
	if p.flags&reFlagA != 0 && p.flags&reFlagU != 0 {
		panic(reAbort{reProblem{msg: "ASCII and UNICODE flags are incompatible"}})
	}
	if !p.atEnd {
		p.fail("unbalanced parenthesis", 0)
	}
	for g, at := range p.condRefs {
		if g >= len(p.groupOpen) {
			p.failAt(fmt.Sprintf("invalid group reference %d", g), at)
		}
	}
	return nil
}

func (p *reParser) advance() {
	if p.index >= len(p.src) {
		p.next, p.atEnd = "", true
		return
	}
	c := string(p.src[p.index])
	if c == "\\" {
		if p.index+1 >= len(p.src) {
			p.failAt("bad escape (end of pattern)", len(p.src)-1)
		}
		c += string(p.src[p.index+1])
		p.index++
	}
	p.index++
	p.next = c
}

// get consumes and returns the lookahead token ("" at the end).
func (p *reParser) get() string {
	t := p.next
	p.advance()
	return t
}

// match consumes the lookahead when it is c.
func (p *reParser) match(c string) bool {
	if !p.atEnd && p.next == c {
		p.advance()
		return true
	}
	return false
}

func (p *reParser) tell() int { return p.index - len([]rune(p.next)) }

// getWhile consumes up to n tokens in set.
func (p *reParser) getWhile(n int, set string) string {
	var b strings.Builder
	for range n {
		if p.atEnd || !strings.Contains(set, p.next) || len([]rune(p.next)) != 1 {
			break
		}
		b.WriteString(p.get())
	}
	return b.String()
}

// getUntil consumes a name up to terminator.
func (p *reParser) getUntil(terminator, name string) string {
	var b strings.Builder
	for {
		c, end := p.next, p.atEnd
		p.advance()
		if end {
			if b.Len() == 0 {
				p.fail("missing "+name, 0)
			}
			p.fail(fmt.Sprintf("missing %s, unterminated name", terminator), len([]rune(b.String())))
		}
		if c == terminator {
			if b.Len() == 0 {
				p.fail("missing "+name, 1)
			}
			return b.String()
		}
		b.WriteString(c)
	}
}

func (p *reParser) fail(msg string, offset int) { p.failAt(msg, p.tell()-offset) }

func (p *reParser) failAt(msg string, pos int) {
	msg = fmt.Sprintf("%s at position %d", msg, pos)
	if pos >= 0 && pos <= len(p.src) && strings.ContainsRune(string(p.src), '\n') {
		before := string(p.src[:pos])
		line := strings.Count(before, "\n") + 1
		col := pos - strings.LastIndex(before, "\n")
		if !strings.Contains(before, "\n") {
			col = pos + 1
		}
		msg = fmt.Sprintf("%s (line %d, column %d)", msg, line, col)
	}
	panic(reAbort{reProblem{msg: msg}})
}

func (p *reParser) warn(msg string) { panic(reAbort{reProblem{msg: msg, future: true}}) }

func (p *reParser) parseSub(verbose bool, nested int) {
	first := true
	for {
		p.parse(verbose, nested+1, nested == 0 && first)
		first = false
		if !p.match("|") {
			return
		}
	}
}

// item kinds, what the repeat rules need to know of the last item.
const (
	itemOther = iota
	itemAt
	itemRepeat
)

func (p *reParser) parse(verbose bool, nested int, first bool) {
	var items []int
	for {
		if p.atEnd || p.next == "|" || p.next == ")" {
			return
		}
		this := p.get()
		if verbose {
			if len(this) == 1 && strings.Contains(" \t\n\r\v\f", this) {
				continue
			}
			if this == "#" {
				for !p.atEnd && p.get() != "\n" {
				}
				continue
			}
		}
		switch {
		case this[0] == '\\':
			items = append(items, p.escape(this))
		case !strings.Contains(".\\[{()*+?^$|", this):
			items = append(items, itemOther)
		case this == "[":
			p.set()
			items = append(items, itemOther)
		case strings.Contains("*+?{", this):
			here := p.tell()
			if this == "{" {
				if p.next == "}" && !p.atEnd {
					items = append(items, itemOther)
					continue
				}
				lo := p.getWhile(1<<30, "0123456789")
				hi := lo
				if p.match(",") {
					hi = p.getWhile(1<<30, "0123456789")
				}
				if !p.match("}") {
					// Not a repeat: the brace is a literal; sre_parse
					// rewinds to just after it.
					p.index = here
					p.advance()
					items = append(items, itemOther)
					continue
				}
				if lo != "" && tooLarge(lo) || hi != "" && tooLarge(hi) {
					panic(reAbort{reProblem{msg: "the repetition number is too large"}})
				}
				if lo != "" && hi != "" && atoi(hi) < atoi(lo) {
					p.fail("min repeat greater than max repeat", p.tell()-here)
				}
			}
			if len(items) == 0 || items[len(items)-1] == itemAt {
				p.fail("nothing to repeat", p.tell()-here+1)
			}
			if items[len(items)-1] == itemRepeat {
				p.fail("multiple repeat", p.tell()-here+1)
			}
			if !p.match("?") {
				p.match("+")
			}
			items[len(items)-1] = itemRepeat
		case this == ".":
			items = append(items, itemOther)
		case this == "(":
			if p.group(verbose, nested, first, len(items) > 0) {
				items = append(items, itemOther)
			}
		case this == "^" || this == "$":
			items = append(items, itemAt)
		}
	}
}

// group parses a group after its "(", and reports whether it is an item
// (global flags and comments are not).
func (p *reParser) group(verbose bool, nested int, first, hasItems bool) bool {
	start := p.tell() - 1
	capture := true
	name := ""
	named := false
	addFlags, delFlags := 0, 0
	if p.match("?") {
		c := p.get()
		if c == "" {
			p.fail("unexpected end of pattern", 0)
		}
		switch {
		case c == "P":
			switch {
			case p.match("<"):
				name = p.getUntil(">", "group name")
				p.checkGroupName(name, 1)
				named = true
			case p.match("="):
				ref := p.getUntil(")", "group name")
				p.checkGroupName(ref, 1)
				gid, ok := p.groupNames[ref]
				if !ok {
					p.fail(fmt.Sprintf("unknown group name %s", pyRepr(ref)), len([]rune(ref))+1)
				}
				if p.groupOpen[gid] {
					p.fail("cannot refer to an open group", len([]rune(ref))+1)
				}
				return true
			default:
				c2 := p.get()
				if c2 == "" {
					p.fail("unexpected end of pattern", 0)
				}
				p.fail("unknown extension ?P"+c2, len([]rune(c2))+2)
			}
		case c == ":":
			capture = false
		case c == "#":
			for {
				if p.atEnd {
					p.fail("missing ), unterminated comment", p.tell()-start)
				}
				if p.get() == ")" {
					return false
				}
			}
		case c == "=" || c == "!" || c == "<":
			if c == "<" {
				c2 := p.get()
				if c2 == "" {
					p.fail("unexpected end of pattern", 0)
				}
				if c2 != "=" && c2 != "!" {
					p.fail("unknown extension ?<"+c2, len([]rune(c2))+2)
				}
			}
			p.parseSub(verbose, nested+1)
			if !p.match(")") {
				p.fail("missing ), unterminated subpattern", p.tell()-start)
			}
			return true
		case c == "(":
			cond := p.getUntil(")", "group name")
			if isIdentifier(cond) {
				if _, ok := p.groupNames[cond]; !ok {
					p.fail(fmt.Sprintf("unknown group name %s", pyRepr(cond)), len([]rune(cond))+1)
				}
			} else {
				if strings.Trim(cond, "0123456789") != "" {
					p.fail(fmt.Sprintf("bad character in group name %s", pyRepr(cond)), len([]rune(cond))+1)
				}
				if strings.Trim(cond, "0") == "" {
					p.fail("bad group number", len([]rune(cond))+1)
				}
				if tooLarge(cond) || atoi(cond) >= reMaxGroups {
					p.fail(fmt.Sprintf("invalid group reference %s", strings.TrimLeft(cond, "0")), len([]rune(cond))+1)
				}
				if _, ok := p.condRefs[int(atoi(cond))]; !ok {
					p.condRefs[int(atoi(cond))] = p.tell() - len([]rune(cond)) - 1
				}
			}
			p.parse(verbose, nested+1, false)
			if p.match("|") {
				p.parse(verbose, nested+1, false)
				if !p.atEnd && p.next == "|" {
					p.fail("conditional backref with more than two branches", 0)
				}
			}
			if !p.match(")") {
				p.fail("missing ), unterminated subpattern", p.tell()-start)
			}
			return true
		case c == ">":
			capture = false
		case len([]rune(c)) == 1 && (reFlagBits[[]rune(c)[0]] != 0 || c == "-"):
			global, add, del := p.inlineFlags(c)
			if global {
				if !first || hasItems {
					p.fail("global flags not at the start of the expression", p.tell()-start)
				}
				return false
			}
			addFlags, delFlags, capture = add, del, false
		default:
			p.fail("unknown extension ?"+c, len([]rune(c))+1)
		}
	}
	gid := -1
	if capture {
		gid = len(p.groupOpen)
		p.groupOpen = append(p.groupOpen, true)
		if gid > reMaxGroups {
			panic(reAbort{reProblem{msg: "too many groups"}})
		}
		if named {
			if old, ok := p.groupNames[name]; ok {
				p.fail(fmt.Sprintf("redefinition of group name '%s' as group %d; was group %d", name, gid, old), len([]rune(name))+1)
			}
			p.groupNames[name] = gid
		}
	}
	sub := (verbose || addFlags&reFlagX != 0) && delFlags&reFlagX == 0
	p.parseSub(sub, nested+1)
	if !p.match(")") {
		p.fail("missing ), unterminated subpattern", p.tell()-start)
	}
	if gid >= 0 {
		p.groupOpen[gid] = false
	}
	return true
}

// inlineFlags parses the flags of a (?…) group from its first character
// c: global flags (?aiLmsux) and the flags of a (?aiLmsux-imsx:…) group.
func (p *reParser) inlineFlags(c string) (global bool, add, del int) {
	if c != "-" {
		for {
			flag := reFlagBits[[]rune(c)[0]]
			if c == "L" {
				p.fail("bad inline flags: cannot use 'L' flag with a str pattern", 0)
			}
			add |= flag
			if flag&reTypeFlags != 0 && add&reTypeFlags != flag {
				p.fail("bad inline flags: flags 'a', 'u' and 'L' are incompatible", 0)
			}
			c = p.get()
			if c == "" {
				p.fail("missing -, : or )", 0)
			}
			if c == ")" || c == "-" || c == ":" {
				break
			}
			if len([]rune(c)) != 1 || reFlagBits[[]rune(c)[0]] == 0 {
				p.fail(unknownFlag(c, "missing -, : or )"), len([]rune(c)))
			}
		}
	}
	if c == ")" {
		p.flags |= add
		return true, 0, 0
	}
	if add&reGlobalFlags != 0 {
		p.fail("bad inline flags: cannot turn on global flag", 1)
	}
	if c == "-" {
		c = p.get()
		if c == "" {
			p.fail("missing flag", 0)
		}
		if len([]rune(c)) != 1 || reFlagBits[[]rune(c)[0]] == 0 {
			p.fail(unknownFlag(c, "missing flag"), len([]rune(c)))
		}
		for {
			flag := reFlagBits[[]rune(c)[0]]
			if flag&reTypeFlags != 0 {
				p.fail("bad inline flags: cannot turn off flags 'a', 'u' and 'L'", 0)
			}
			del |= flag
			c = p.get()
			if c == "" {
				p.fail("missing :", 0)
			}
			if c == ":" {
				break
			}
			if len([]rune(c)) != 1 || reFlagBits[[]rune(c)[0]] == 0 {
				p.fail(unknownFlag(c, "missing :"), len([]rune(c)))
			}
		}
	}
	if del&reGlobalFlags != 0 {
		p.fail("bad inline flags: cannot turn off global flag", 1)
	}
	if add&del != 0 {
		p.fail("bad inline flags: flag turned on and off", 1)
	}
	return false, add, del
}

func unknownFlag(c, otherwise string) string {
	if r := []rune(c); len(r) == 1 && unicode.IsLetter(r[0]) {
		return "unknown flag"
	}
	return otherwise
}

func (p *reParser) checkGroupName(name string, offset int) {
	if !isIdentifier(name) {
		p.fail(fmt.Sprintf("bad character in group name %s", pyRepr(name)), len([]rune(name))+offset)
	}
}

// isIdentifier approximates Python's str.isidentifier.
func isIdentifier(s string) bool {
	for i, r := range s {
		if r != '_' && !unicode.IsLetter(r) && (i == 0 || !unicode.IsDigit(r) && !unicode.Is(unicode.Mn, r) && !unicode.Is(unicode.Mc, r)) {
			return false
		}
	}
	return s != ""
}

func tooLarge(digits string) bool {
	d := strings.TrimLeft(digits, "0")
	return len(d) > 10 || len(d) == 10 && d >= "4294967295"
}

func atoi(digits string) int64 {
	var n int64
	for _, r := range digits {
		n = n*10 + int64(r-'0')
		if n > reMaxRepeat {
			return reMaxRepeat
		}
	}
	return n
}

// pyRepr quotes s as Python's repr does for the common cases.
func pyRepr(s string) string {
	return "'" + strings.NewReplacer("\\", "\\\\", "\n", "\\n", "\t", "\\t", "\r", "\\r", "'", "\\'").Replace(s) + "'"
}
