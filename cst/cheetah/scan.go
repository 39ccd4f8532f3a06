package cheetah

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file holds the character-level matchers: pure functions of the text
// and a position, each the counterpart of one of Cheetah's regular
// expressions or of Python's tokenize.PseudoToken. None of them moves the
// parser; end is the parser's current break point.

// byteClass sorts bytes for the identifier tests, the hottest of the
// scanner: one table load instead of a chain of comparisons.
var byteClass = func() (t [256]uint8) {
	for c := range 256 {
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_':
			t[c] = classIdentStart | classIdentChar
		case '0' <= c && c <= '9':
			t[c] = classIdentChar
		}
	}
	return t
}()

const (
	classIdentStart = 1 << iota // [A-Za-z_]
	classIdentChar              // [A-Za-z0-9_]
)

func isIdentStart(c byte) bool { return byteClass[c]&classIdentStart != 0 }

func isIdentChar(c byte) bool { return byteClass[c]&classIdentChar != 0 }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isBlank reports whether c is one of Cheetah's in-line white space bytes.
func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\f' }

func isEOL(c byte) bool { return c == '\n' || c == '\r' }

// identEnd returns the end of the ASCII identifier starting at i, or i.
func identEnd(s string, i, end int) int {
	if i >= end || !isIdentStart(s[i]) {
		return i
	}
	i++
	for i < end && isIdentChar(s[i]) {
		i++
	}
	return i
}

// blanksEnd returns the end of the run of blanks starting at i.
func blanksEnd(s string, i, end int) int {
	for i < end && isBlank(s[i]) {
		i++
	}
	return i
}

// lineEnd returns the offset of the first line break at or after i, or
// len(s): Cheetah's findEOL (which looks at the whole text, not only up to
// the break point).
func lineEnd(s string, i int) int {
	rest := s[i:]
	n := strings.IndexByte(rest, '\n')
	if n < 0 {
		n = len(rest)
	}
	// A lone "\r" before it ends the line too; few texts hold one.
	if r := strings.IndexByte(rest[:n], '\r'); r >= 0 {
		n = r
	}
	return i + n
}

// breakEnd returns the end of the line break at i ("\r\n", "\n" or "\r"),
// or i when there is none.
func breakEnd(s string, i int) int {
	switch {
	case i >= len(s):
		return i
	case s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n':
		return i + 2
	case isEOL(s[i]):
		return i + 1
	}
	return i
}

// escaped reports whether the byte at i follows a backslash: Cheetah's
// "(?<!\\)" look-behind on its start tokens.
func escaped(s string, i int) bool { return i > 0 && s[i-1] == '\\' }

// lineClearTo reports whether only blanks precede i on its line.
func lineClearTo(s string, i int) bool {
	for j := i - 1; j >= 0; j-- {
		switch c := s[j]; {
		case c == '\n' || c == '\r':
			return true
		case !isBlank(c) && c != '\v':
			return false
		}
	}
	return true
}

// cacheEnd matches Cheetah's cache token at i ("*5m*", "*" or nothing) and
// returns its end.
func cacheEnd(s string, i, end int) int {
	if i >= end || s[i] != '*' {
		return i
	}
	j := i + 1
	for j < end && (isDigit(s[j]) || s[j] == '.') {
		j++
	}
	if j > i+1 {
		if j < end && strings.IndexByte("smhdw", s[j]) >= 0 && j+1 < end && s[j+1] == '*' {
			return j + 2
		}
		if j < end && s[j] == '*' {
			return j + 1
		}
	}
	return i + 1
}

// varHead describes the start of a placeholder as Cheetah's
// cheetahVarStartRE or expressionPlaceholderStartRE matched it.
type varHead struct {
	bang  int // offset of "!", or -1
	cache int // offset of the cache token, or -1
	open  int // offset of the enclosure "{", "(" or "[", or -1
	body  int // offset after "$", "!", cache token, enclosure and blanks
}

// matchPlaceholder reports whether a top-level placeholder starts at i: the
// union of Cheetah's cheetahVarStartRE and expressionPlaceholderStartRE.
func matchPlaceholder(s string, i, end int) (varHead, bool) {
	h := varHead{bang: -1, cache: -1, open: -1}
	if i >= end || s[i] != '$' || escaped(s, i) {
		return h, false
	}
	if v, ok := matchVarStart(s, i, end); ok {
		return v, true
	}
	// $ cache? enclosure blanks (?=[^)}\]])
	j := i + 1
	if c := cacheEnd(s, j, end); c > j {
		h.cache, j = j, c
	}
	if j >= end || (s[j] != '{' && s[j] != '(' && s[j] != '[') {
		return h, false
	}
	h.open = j
	k := j + 1
	if k >= end || s[k] == ')' || s[k] == '}' || s[k] == ']' {
		return h, false
	}
	h.body = blanksEnd(s, k, end)
	return h, true
}

// matchVarStart matches cheetahVarStartRE at i: an unescaped "$",
// optional "!", cache token and enclosure, then an identifier start.
func matchVarStart(s string, i, end int) (varHead, bool) {
	h := varHead{bang: -1, cache: -1, open: -1}
	if i >= end || s[i] != '$' || escaped(s, i) {
		return h, false
	}
	j := i + 1
	if j < end && s[j] == '!' {
		h.bang, j = j, j+1
	}
	if c := cacheEnd(s, j, end); c > j {
		h.cache, j = j, c
	}
	if j < end && (s[j] == '{' || s[j] == '(' || s[j] == '[') {
		h.open, j = j, blanksEnd(s, j+1, end)
	}
	if j >= end || !isIdentStart(s[j]) {
		return h, false
	}
	h.body = j
	return h, true
}

// matchVarInExpr matches cheetahVarInExpressionStartTokenRE: "$" and an
// identifier start, with no look-behind.
func matchVarInExpr(s string, i, end int) bool {
	return i+1 < end && s[i] == '$' && isIdentStart(s[i+1])
}

// directiveNames are the directives Cheetah 3.3.1 knows (its
// directiveNamesAndParsers plus the i18n macro).
var directiveNames = map[string]bool{
	"import": true, "from": true, "extends": true, "implements": true, "super": true,
	"slurp": true, "raw": true, "include": true, "cache": true, "filter": true,
	"echo": true, "silent": true, "transform": true, "call": true, "arg": true,
	"capture": true, "attr": true, "def": true, "block": true, "@": true,
	"defmacro": true, "closure": true, "set": true, "del": true, "if": true,
	"while": true, "for": true, "else": true, "elif": true, "pass": true,
	"break": true, "continue": true, "stop": true, "return": true, "yield": true,
	"repeat": true, "unless": true, "assert": true, "raise": true, "try": true,
	"except": true, "finally": true, "errorCatcher": true, "breakpoint": true,
	"compiler": true, "compiler-settings": true, "shBang": true, "encoding": true,
	"end": true, "i18n": true,
}

// nodeNames lists the names a node can carry, so that nodes hold a small
// index rather than a string (and the node array holds no pointers).
var nodeNames = func() []string {
	names := []string{""}
	for n := range directiveNames {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}()

// directivesByFirst lists the directive names by their first byte, with
// their index in nodeNames: matchDirective meets a "#" followed by a word
// at every directive and shell comment, and compares the word to a few
// names rather than hashing it.
var directivesByFirst = func() (idx [128][]directiveID) {
	for id, n := range nodeNames {
		if n != "" {
			idx[n[0]] = append(idx[n[0]], directiveID{n, uint8(id)})
		}
	}
	return idx
}()

type directiveID struct {
	name string
	id   uint8
}

// lookupDirective returns the index in nodeNames of the directive called
// name, and whether there is one.
func lookupDirective(name string) (uint8, bool) {
	if name == "" || name[0] >= 128 {
		return 0, false
	}
	for _, d := range directivesByFirst[name[0]] {
		if d.name == name {
			return d.id, true
		}
	}
	return 0, false
}

// nameID returns the index of a directive name in nodeNames, 0 (the name
// "") for anything else.
func nameID(name string) uint8 {
	id, _ := lookupDirective(name)
	return id
}

func isDirectiveNameChar(c byte) bool { return isIdentChar(c) || c == '-' || c == '@' }

// matchDirective returns the name of the directive starting at i ("#if"),
// or "" when the "#" there does not start a directive.
func matchDirective(s string, i, end int) string {
	if i+1 >= end || s[i] != '#' || escaped(s, i) {
		return ""
	}
	j := i + 1
	if c := s[j]; !isIdentStart(c) && c != '@' {
		return ""
	}
	if s[j] == '@' {
		if j+1 < end && isIdentStart(s[j+1]) {
			return "@"
		}
		return ""
	}
	k := j
	for k < end && isDirectiveNameChar(s[k]) {
		k++
	}
	if _, ok := lookupDirective(s[j:k]); ok {
		return s[j:k]
	}
	return ""
}

// matchSlurp matches the end-of-line slurp token at i: "#", blanks and a
// line break. It has no look-behind in Cheetah.
func matchSlurp(s string, i, end int) int {
	if i >= end || s[i] != '#' {
		return i
	}
	j := blanksEnd(s, i+1, end)
	if k := breakEnd(s, j); k > j && k <= end {
		return k
	}
	return i
}

// matchToken2 reports whether the unescaped two-byte token tok starts at i.
func matchToken2(s string, i, end int, tok string) bool {
	return i+1 < end && s[i] == tok[0] && s[i+1] == tok[1] && !escaped(s, i)
}

// matchMacro returns the end of a Galaxy macro token "@NAME@" at i, or i.
func matchMacro(s string, i, end int) int {
	if i+2 >= end || s[i] != '@' || !isIdentStart(s[i+1]) {
		return i
	}
	for j := i + 2; j < end; j++ {
		switch c := s[j]; {
		case c == '@':
			return j + 1
		case !isIdentChar(c) && c != '-':
			return i
		}
	}
	return i
}

// pyStatus is the outcome of scanning one Python token.
type pyStatus uint8

const (
	pyOK        pyStatus = iota
	pyNoMatch            // nothing in tokenize.PseudoToken matches: "Invalid Syntax"
	pyBadTriple          // an unterminated triple-quoted string
)

// pyToken scans the Python token at i the way Cheetah's getPyToken does
// with tokenize.PseudoToken (Python 3.11): the alternatives are tried in
// the regular expression's order, not longest first. i must not be at a
// blank. It returns the token's end and kind.
func pyToken(s string, i, end int) (int, TokenKind, pyStatus) {
	if i >= end {
		return i, TokSpace, pyOK // "\Z"
	}
	c := s[i]
	// PseudoExtras: continuation, comment, triple-quoted string.
	if c == '\\' {
		if j := breakEnd(s, i+1); j > i+1 && (s[i+1] == '\n' || j == i+3) && j <= end {
			return j, TokContinuation, pyOK
		}
		return i, TokError, pyNoMatch
	}
	if c == '#' {
		return min(lineEnd(s, i), end), TokPyComment, pyOK
	}
	p := stringPrefixEnd(s, i, end)
	if p+2 < end && (s[p] == '\'' || s[p] == '"') && s[p+1] == s[p] && s[p+2] == s[p] {
		pre := s[i:p]
		if pre == "" || pre == "r" || pre == "R" || pre == "u" || pre == "U" {
			if k := strings.Index(s[p+3:end], s[p:p+3]); k >= 0 {
				return p + 3 + k + 3, TokString, pyOK
			}
			return p + 3, TokString, pyBadTriple
		}
		return p + 3, TokString, pyOK
	}
	if j := numberEnd(s, i, end); j > i {
		return j, TokNumber, pyOK
	}
	// Funny: a line break, then the exact operator tokens.
	if c == '\n' {
		return i + 1, TokNewline, pyOK
	}
	if c == '\r' && i+1 < end && s[i+1] == '\n' {
		return i + 2, TokNewline, pyOK
	}
	if j, k := operatorEnd(s, i, end); j > i {
		return j, k, pyOK
	}
	if p < end && (s[p] == '\'' || s[p] == '"') {
		if j := contStrEnd(s, p, end); j > p {
			return j, TokString, pyOK
		}
	}
	if j := wordEnd(s, i, end); j > i {
		return j, TokName, pyOK
	}
	return i, TokError, pyNoMatch
}

// stringPrefixEnd returns the end of a Python string prefix (b, r, u, f,
// br, rb, fr, rf in any case) at i, or i.
func stringPrefixEnd(s string, i, end int) int {
	lower := func(j int) byte {
		if j < end {
			return s[j] | 0x20
		}
		return 0
	}
	a, b := lower(i), lower(i+1)
	switch {
	case (a == 'b' && b == 'r') || (a == 'r' && b == 'b') || (a == 'f' && b == 'r') || (a == 'r' && b == 'f'):
		return i + 2
	case a == 'b' || a == 'r' || a == 'u' || a == 'f':
		return i + 1
	}
	return i
}

// contStrEnd matches tokenize's ContStr body after the prefix: a quoted
// string on one line, or one ending in a backslash-newline.
func contStrEnd(s string, i, end int) int {
	q := s[i]
	for j := i + 1; j < end; j++ {
		switch s[j] {
		case q:
			return j + 1
		case '\n':
			return i
		case '\\':
			if j+1 >= end {
				return i
			}
			if s[j+1] == '\n' {
				return j + 2
			}
			if s[j+1] == '\r' && j+2 < end && s[j+2] == '\n' {
				return j + 3
			}
			j++
		}
	}
	return i
}

// operatorEnd matches an exact Python 3.11 operator or delimiter token at
// i, longest first (tokenize's Special, a reverse-sorted alternation).
func operatorEnd(s string, i, end int) (int, TokenKind) {
	at := func(k int) byte {
		if i+k < end {
			return s[i+k]
		}
		return 0
	}
	switch c := s[i]; c {
	case '(', '[', '{':
		return i + 1, TokOpen
	case ')', ']', '}':
		return i + 1, TokClose
	case '*', '/', '<', '>':
		// "**", "**=", "*=", "//", "//=", "/=", "<<", "<<=", "<=", ">>", ">>=", ">="
		if at(1) == c {
			if at(2) == '=' {
				return i + 3, TokOp
			}
			return i + 2, TokOp
		}
		if at(1) == '=' {
			return i + 2, TokOp
		}
		return i + 1, TokOp
	case '.':
		if at(1) == '.' && at(2) == '.' {
			return i + 3, TokOp
		}
		return i + 1, TokOp
	case '-':
		if at(1) == '>' || at(1) == '=' {
			return i + 2, TokOp
		}
		return i + 1, TokOp
	case '!':
		if at(1) == '=' {
			return i + 2, TokOp
		}
	case ':', '%', '&', '+', '=', '@', '^', '|':
		if at(1) == '=' {
			return i + 2, TokOp
		}
		return i + 1, TokOp
	case ',', ';', '~':
		return i + 1, TokOp
	}
	return i, TokOp
}

// wordEnd matches Python's "\w+" (Unicode letters, numbers, underscore).
func wordEnd(s string, i, end int) int {
	j := i
	for j < end {
		c := s[j]
		if c < utf8.RuneSelf {
			if !isIdentChar(c) {
				break
			}
			j++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[j:end])
		if r == utf8.RuneError || !(unicode.IsLetter(r) || unicode.IsNumber(r)) {
			break
		}
		j += n
	}
	return j
}

// digitsEnd matches "[0-9](?:_?[0-9])*" at i, or returns -1.
func digitsEnd(s string, i, end int) int {
	if i >= end || !isDigit(s[i]) {
		return -1
	}
	i++
	for i < end {
		if isDigit(s[i]) {
			i++
		} else if s[i] == '_' && i+1 < end && isDigit(s[i+1]) {
			i += 2
		} else {
			break
		}
	}
	return i
}

// exponentEnd matches "[eE][-+]?digits" at i, or returns -1.
func exponentEnd(s string, i, end int) int {
	if i >= end || (s[i] != 'e' && s[i] != 'E') {
		return -1
	}
	i++
	if i < end && (s[i] == '+' || s[i] == '-') {
		i++
	}
	return digitsEnd(s, i, end)
}

// floatEnds lists the ends at which tokenize's Floatnumber can match at i,
// in the order the regular expression prefers them.
func floatEnds(s string, i, end int, out *[4]int) int {
	n := 0
	add := func(j int) {
		if j > i {
			out[n] = j
			n++
		}
	}
	// Pointfloat: digits "." digits? | "." digits; then an optional exponent.
	point := -1
	if d := digitsEnd(s, i, end); d > 0 && d < end && s[d] == '.' {
		point = d + 1
		if f := digitsEnd(s, point, end); f > 0 {
			point = f
		}
	} else if i < end && s[i] == '.' {
		point = digitsEnd(s, i+1, end)
	}
	if point > 0 {
		if e := exponentEnd(s, point, end); e > 0 {
			add(e)
		}
		add(point)
	}
	// Expfloat: digits exponent.
	if d := digitsEnd(s, i, end); d > 0 {
		if e := exponentEnd(s, d, end); e > 0 {
			add(e)
		}
	}
	return n
}

// numberEnd matches tokenize's Number at i (Imagnumber, Floatnumber,
// Intnumber, in that order) and returns its end, or i.
func numberEnd(s string, i, end int) int {
	if i >= end || !(isDigit(s[i]) || s[i] == '.' && i+1 < end && isDigit(s[i+1])) {
		return i
	}
	isJ := func(j int) bool { return j < end && (s[j] == 'j' || s[j] == 'J') }
	var fl [4]int
	nf := floatEnds(s, i, end, &fl)
	// Imagnumber.
	if d := digitsEnd(s, i, end); d > 0 && isJ(d) {
		return d + 1
	}
	for _, f := range fl[:nf] {
		if isJ(f) {
			return f + 1
		}
	}
	if nf > 0 {
		return fl[0]
	}
	// Intnumber.
	if s[i] == '0' && i+1 < end {
		var ok func(byte) bool
		switch s[i+1] | 0x20 {
		case 'x':
			ok = func(c byte) bool { return isDigit(c) || 'a' <= c|0x20 && c|0x20 <= 'f' }
		case 'b':
			ok = func(c byte) bool { return c == '0' || c == '1' }
		case 'o':
			ok = func(c byte) bool { return '0' <= c && c <= '7' }
		}
		if ok != nil {
			j := i + 2
			for j < end {
				if ok(s[j]) {
					j++
				} else if s[j] == '_' && j+1 < end && ok(s[j+1]) {
					j += 2
				} else {
					break
				}
			}
			if j > i+2 {
				return j
			}
		}
	}
	if s[i] == '0' {
		j := i + 1
		for j < end {
			if s[j] == '0' {
				j++
			} else if s[j] == '_' && j+1 < end && s[j+1] == '0' {
				j += 2
			} else {
				break
			}
		}
		return j
	}
	if d := digitsEnd(s, i, end); d > 0 {
		return d
	}
	return i
}
