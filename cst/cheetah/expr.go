package cheetah

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// This file scans placeholders and Python expressions: Cheetah's
// getPlaceholder, getCheetahVarNameChunks, getCallArgString,
// getExpressionParts and getDefArgList. Each function emits the tokens it
// consumes and returns false after recording an error, at which point
// Cheetah would have raised its ParseError.

// enclosure is an open bracket: its byte and offset.
type enclosure struct {
	c   byte
	pos int
}

func closerOf(c byte) byte {
	switch c {
	case '(':
		return ')'
	case '[':
		return ']'
	}
	return '}'
}

func openerOf(c byte) byte {
	switch c {
	case ')':
		return '('
	case ']':
		return '['
	}
	return '{'
}

// isPythonKeyword reports whether word is one of Python 3's keywords,
// which are TokKeyword rather than TokName in expressions.
func isPythonKeyword(word string) bool {
	switch word {
	case "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
		"def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if",
		"import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return",
		"try", "while", "with", "yield":
		return true
	}
	return false
}

// exprFlags collects what eatIf needs to know about the top level of its
// expression: whether it is the ternary "#if c then a else b" form.
type exprFlags struct {
	then, els bool
}

// unclosed records Cheetah's "EOF was reached before a matching ..." error.
func (p *parser) unclosed(e enclosure) bool {
	p.errorf(e.pos, Span{e.pos, e.pos + 1},
		fmt.Sprintf("%q is never closed: the text ends before the matching %q", string(e.c), string(closerOf(e.c))))
	return false
}

// topPlaceholder parses a placeholder in template text: getPlaceholder
// with cache tokens allowed.
func (p *parser) topPlaceholder(h varHead) {
	depth := len(p.open)
	p.openNode(KindPlaceholder)
	if !p.enter(1) {
		p.recover(depth)
		return
	}
	ok := p.placeholderBody(h)
	p.leave(1)
	if !ok {
		p.recover(depth)
		return
	}
	p.closeTo(depth)
}

// placeholderBody parses a top-level placeholder from its "$".
func (p *parser) placeholderBody(h varHead) bool {
	p.emit(TokDollar, p.pos+1)
	if h.bang >= 0 {
		p.emit(TokBang, h.bang+1)
	}
	if h.cache >= 0 {
		p.emit(TokCache, cacheEnd(p.src, p.pos, p.end))
	}
	// The enclosure, if any, is the only bracket open before the body.
	var open enclosure
	if c := p.peek(); c == '(' || c == '{' || c == '[' {
		open = enclosure{c, p.pos}
		p.emit(TokOpen, p.pos+1)
		p.emitBlanks()
	}
	if identEnd(p.src, p.pos, p.end) == p.pos {
		return p.exprInside(open)
	}
	if !p.nameChunks() {
		return false
	}
	if open.c == 0 {
		return true
	}
	p.emitBlanks()
	if p.atEnd() {
		return p.unclosed(open)
	}
	switch p.peek() {
	case ',':
		// Filter arguments, ${x, filter=...}: Cheetah writes them inside
		// write(_filter(_v, ...)).
		saved := p.pdepth
		p.pdepth += 2
		ok := p.callArgs(open)
		p.pdepth = saved
		return ok
	case closerOf(open.c):
		p.emit(TokClose, p.pos+1)
		return true
	}
	return p.exprInside(open)
}

// exprInside parses an enclosed expression inside the bracket open, or
// from its own first bracket when open is the zero enclosure.
func (p *parser) exprInside(open enclosure) bool {
	base := len(p.encl)
	if open.c != 0 {
		// Cheetah drops the enclosure from the code it generates, so it
		// counts no bracket (its closing one takes the count below zero
		// as the expression ends, and expr restores it).
		p.encl = append(p.encl, open)
	}
	return p.expr(true, base, nil, nil)
}

// recover skips the rest of the line after an error, as one TokError, and
// closes the nodes opened since depth.
func (p *parser) recover(depth int) {
	p.emit(TokError, max(p.pos, min(p.lineEnd(p.pos), p.end)))
	p.closeTo(depth)
}

// exprPlaceholder parses "$name..." inside an expression: getCheetahVar.
func (p *parser) exprPlaceholder() bool {
	p.openNode(KindPlaceholder)
	p.emit(TokDollar, p.pos+1)
	// Cheetah's getCheetahVar and getCheetahVarBody.
	ok := p.enter(2)
	if ok {
		ok = p.nameChunks()
		p.leave(2)
	}
	p.closeNode()
	return ok
}

// badPlaceholder records the error Cheetah raises for placeholder syntax
// that is only valid at the top level:
// _raiseErrorAboutInvalidCheetahVarSyntaxInExpr.
func (p *parser) badPlaceholder(h varHead) bool {
	span := Span{p.pos, h.body}
	switch {
	case h.cache >= 0:
		p.errorf(p.pos, span, `cache tokens ("$*name", "$*5m*name") are not allowed inside expressions, only in template text`)
	case h.open >= 0:
		p.errorf(p.pos, span, `long-form placeholders ("${...}", "$(...)", "$[...]") are not allowed inside expressions; write "$name" there`)
	default:
		p.errorf(p.pos, span, `silent placeholders ("$!name") are not allowed inside expressions`)
	}
	return false
}

// nameChunks parses the body of a placeholder, "a.b.c[1].d(2).e":
// getCheetahVarNameChunks. Each chunk is a dotted name followed by at most
// one call or index.
func (p *parser) nameChunks() bool {
	if !p.enter(1) {
		return false
	}
	ok := p.chunks()
	p.leave(1)
	return ok
}

// chunks is nameChunks, which also works out how deep the brackets of
// the Python Cheetah generates for the placeholder go (genNameMapperVar):
// VFFSL(SL,"a.b",True) for the first chunk, with each chunk after it
// wrapping everything before in VFN(..., "name", ...). A dotted name
// before a call or index splits in two: "$a.b()" is VFN(VFFSL(SL,"a",
// True),"b",False)(). So with k chunks the first chunk's "(" is k deep,
// and chunk i's call or index sits k-1-i wrappers in: known once the last
// chunk is read.
func (p *parser) chunks() bool {
	s := p.src
	start, base := p.pos, p.pdepth
	k := 0             // chunks so far
	best := -(1 << 30) // the largest depth reached in a chunk's call or index less the chunk's index
	for !p.atEnd() {
		c := p.peek()
		if c == '.' {
			if p.pos+1 >= p.end || !isIdentStart(s[p.pos+1]) {
				break
			}
			p.emit(TokOp, p.pos+1)
		} else if !isIdentStart(c) {
			break
		}
		// getDottedName
		parts := 0
		for {
			p.emit(TokName, identEnd(s, p.pos, p.end))
			parts++
			if p.pos+1 < p.end && s[p.pos] == '.' && isIdentStart(s[p.pos+1]) {
				p.emit(TokOp, p.pos+1)
				continue
			}
			break
		}
		if c := p.peek(); c == '(' || c == '[' {
			if parts > 1 {
				k++
			}
			saved := p.ppeak
			p.ppeak = base
			var ok bool
			if c == '(' {
				ok = p.callArgs(enclosure{})
			} else {
				ok = p.expr(true, len(p.encl), nil, nil)
			}
			best = max(best, p.ppeak-base-k)
			p.ppeak = saved
			if !ok {
				return false
			}
		}
		k++
	}
	if k > 0 {
		p.peakAt(base+max(k, k-1+best), start)
	}
	return true
}

// callArgs parses a call's argument list from "(" to its ")":
// getCallArgString. With open a bracket rather than the zero enclosure,
// it continues inside that bracket instead (a placeholder's filter
// arguments).
func (p *parser) callArgs(open enclosure) bool {
	// Cheetah's getCallArgString.
	if !p.enter(1) {
		return false
	}
	saved := p.pdepth
	ok := p.callArgsIn(open)
	p.pdepth = saved
	p.leave(1)
	return ok
}

func (p *parser) callArgsIn(open enclosure) bool {
	s := p.src
	if open.c == 0 {
		open = enclosure{'(', p.pos}
		p.openParen(p.pos)
		p.emit(TokOpen, p.pos+1)
	}
	for {
		if p.atEnd() {
			return p.unclosed(open)
		}
		c := p.peek()
		switch {
		case c == ')' || c == '}' || c == ']':
			if top := open; top.c != openerOf(c) {
				return p.mismatch(c, top)
			}
			p.emit(TokClose, p.pos+1)
			return true
		case isBlank(c):
			p.emitBlanks()
		case isEOL(c):
			p.emit(TokNewline, breakEnd(s, p.pos))
		case matchVarInExpr(s, p.pos, p.end):
			if !p.exprPlaceholder() {
				return false
			}
			p.emitBlanks()
			if p.peek() == '=' {
				if !p.pyToken(nil) {
					return false
				}
			}
		default:
			if h, ok := matchVarStart(s, p.pos, p.end); ok && c == '$' && !escaped(s, p.pos) {
				return p.badPlaceholder(h)
			}
			if c == '{' || c == '(' || c == '[' {
				if !p.expr(true, len(p.encl), nil, nil) {
					return false
				}
				continue
			}
			if !p.pyToken(nil) {
				return false
			}
		}
	}
}

// mismatch records a closing bracket that does not match the innermost
// open one.
func (p *parser) mismatch(c byte, top enclosure) bool {
	p.errorf(p.pos, Span{top.pos, top.pos + 1},
		fmt.Sprintf("%q does not match the %q opened before it (expected %q)", string(c), string(top.c), string(closerOf(top.c))))
	return false
}

// pyToken scans and emits one Python token: getPyToken. When flags is not
// nil, names are recorded for the #if ternary test.
func (p *parser) pyToken(flags *exprFlags) bool {
	j, k, st := pyToken(p.src, p.pos, p.end)
	return p.emitPyToken(j, k, st, flags)
}

// emitPyToken emits the Python token pyToken found at p.pos.
func (p *parser) emitPyToken(j int, k TokenKind, st pyStatus, flags *exprFlags) bool {
	switch st {
	case pyNoMatch:
		return p.invalidToken()
	case pyBadTriple:
		p.errorf(p.pos, Span{p.pos, j}, "triple-quoted string is never closed")
		return false
	}
	if k == TokName {
		word := p.src[p.pos:j]
		if isPythonKeyword(word) {
			k = TokKeyword
		}
		if flags != nil {
			flags.then = flags.then || word == "then"
			flags.els = flags.els || word == "else"
		}
	}
	p.emit(k, j)
	return true
}

// invalidToken records Cheetah's "Invalid Syntax" for a byte no Python
// token can start with.
func (p *parser) invalidToken() bool {
	c := p.src[p.pos]
	msg := fmt.Sprintf("invalid character %s in expression", quoteAt(p.src, p.pos))
	switch c {
	case '\'', '"':
		msg = "string literal is not closed on this line"
	case '$':
		msg = `"$" in an expression must start a placeholder name ("$name")`
	case '\\':
		msg = "a backslash in an expression must end the line"
	case ')', ']', '}':
		msg = fmt.Sprintf("unmatched %q", string(c))
	}
	p.errorf(p.pos, Span{p.pos, p.pos + 1}, msg)
	return false
}

// expr parses a Cheetah expression: getExpressionParts. It stops at the end
// of the line, at a directive's closing "#", or at a token breakAt accepts,
// when no bracket is open; when enclosed, it stops once the brackets open
// are all closed. The brackets open are p.encl[base:], one stack for the
// whole parse rather than one slice a call; the caller may have pushed the
// first. expr pops them all, also after an error.
func (p *parser) expr(enclosed bool, base int, breakAt func(string) bool, flags *exprFlags) bool {
	// Cheetah's getExpression and getExpressionParts.
	if !p.enter(2) {
		p.encl = p.encl[:base]
		return false
	}
	saved := p.pdepth
	ok := p.exprFrom(enclosed, base, breakAt, flags)
	p.encl = p.encl[:base]
	p.pdepth = saved
	p.leave(2)
	return ok
}

func (p *parser) exprFrom(enclosed bool, base int, breakAt func(string) bool, flags *exprFlags) bool {
	s := p.src
	for {
		if p.atEnd() {
			if len(p.encl) > base {
				return p.unclosed(p.encl[len(p.encl)-1])
			}
			return true
		}
		c := p.peek()
		switch {
		case c == '{' || c == '(' || c == '[':
			p.encl = append(p.encl, enclosure{c, p.pos})
			p.openParen(p.pos)
			p.emit(TokOpen, p.pos+1)
			continue
		case enclosed && len(p.encl) == base:
			return true
		case c == ')' || c == ']' || c == '}':
			if len(p.encl) == base {
				return p.invalidToken()
			}
			top := p.encl[len(p.encl)-1]
			if top.c != openerOf(c) {
				return p.mismatch(c, top)
			}
			p.encl = p.encl[:len(p.encl)-1]
			p.pdepth--
			p.emit(TokClose, p.pos+1)
			continue
		case isBlank(c):
			p.emitBlanks()
			continue
		case c == '#' && !escaped(s, p.pos) && len(p.encl) == base:
			return true
		case c == '\\' && p.pos+1 < p.end:
			j := breakEnd(s, p.pos+1)
			if j == p.pos+1 {
				p.errorf(p.pos, Span{p.pos, p.pos + 1}, "a backslash in an expression must end the line")
				return false
			}
			p.emit(TokContinuation, j)
			continue
		case isEOL(c):
			if len(p.encl) == base {
				return true
			}
			p.emit(TokNewline, p.pos+1)
			continue
		case matchVarInExpr(s, p.pos, p.end):
			if !p.exprPlaceholder() {
				return false
			}
			continue
		case c == '$' && !escaped(s, p.pos):
			if h, ok := matchVarStart(s, p.pos, p.end); ok {
				return p.badPlaceholder(h)
			}
		}
		j, k, st := pyToken(p.src, p.pos, p.end)
		if st == pyOK && len(p.encl) == base && breakAt != nil && breakAt(s[p.pos:j]) {
			return true
		}
		start := p.pos
		if !p.emitPyToken(j, k, st, flags) {
			return false
		}
		if tok := s[start:p.pos]; isIdentStart(tok[0]) {
			if tok == "for" {
				// A comprehension's target list, up to "in".
				if !p.expr(false, len(p.encl), isIn, nil) {
					return false
				}
				continue
			}
			p.emitBlanks()
			if p.peek() == '(' {
				if !p.callArgs(enclosure{}) {
					return false
				}
			}
		}
	}
}

func isIn(tok string) bool { return tok == "in" }

// defArgs parses a parameter list: getDefArgList. It starts at "(" (or,
// for #cache, anywhere, stopping at the end of the line) and stops before
// the closing ")", a ":" or a directive's closing "#". It returns the
// parameter names' spans.
func (p *parser) defArgs(params *[]Span) bool {
	// Cheetah's getDefArgList.
	if !p.enter(1) {
		return false
	}
	saved := p.pdepth
	ok := p.defArgsIn(params)
	p.pdepth = saved
	p.leave(1)
	return ok
}

func (p *parser) defArgsIn(params *[]Span) bool {
	s := p.src
	exit := -1
	if p.peek() == '(' {
		p.openParen(p.pos)
		p.emit(TokOpen, p.pos+1)
	} else {
		exit = p.lineEnd(p.pos)
	}
	open := Span{p.pos - 1, p.pos}
	onDefault := false
	for {
		if p.atEnd() {
			p.errorf(open.Start, open, `"(" is never closed: the text ends before the matching ")"`)
			return false
		}
		if p.pos == exit {
			return true
		}
		c := p.peek()
		switch {
		case c == ')' || c == ':' || c == '#' && !escaped(s, p.pos):
			return true
		case isBlank(c):
			p.emitBlanks()
		case isEOL(c):
			p.emit(TokNewline, p.pos+1)
		case c == '=':
			onDefault = true
			p.emit(TokOp, p.pos+1)
		case c == ',':
			onDefault = false
			p.emit(TokOp, p.pos+1)
		case c == '$' && !onDefault:
			p.emit(TokDollar, p.pos+1)
		case isIdentStart(c) && !onDefault:
			j := identEnd(s, p.pos, p.end)
			*params = append(*params, Span{p.pos, j})
			p.emit(TokName, j)
		case onDefault:
			if matchVarInExpr(s, p.pos, p.end) {
				if !p.exprPlaceholder() {
					return false
				}
				continue
			}
			if h, ok := matchVarStart(s, p.pos, p.end); ok && c == '$' && !escaped(s, p.pos) {
				return p.badPlaceholder(h)
			}
			if c == '{' || c == '(' || c == '[' {
				if !p.expr(true, len(p.encl), nil, nil) {
					return false
				}
				continue
			}
			if !p.pyToken(nil) {
				return false
			}
		case c == '*':
			j := p.pos + 1
			if j < p.end && s[j] == '*' {
				j++
			}
			k := identEnd(s, j, p.end)
			if k == j {
				p.errorf(p.pos, Span{p.pos, j}, `"*" or "**" in a parameter list must be followed by a name`)
				return false
			}
			p.emit(TokOp, j)
			*params = append(*params, Span{j, k})
			p.emit(TokName, k)
		default:
			p.errorf(p.pos, Span{p.pos, p.pos + 1}, fmt.Sprintf("invalid character %s in parameter list: expected a parameter name", quoteAt(s, p.pos)))
			return false
		}
	}
}

// quoteAt quotes the character at i for a message: the whole UTF-8
// sequence, or the single byte when it is not valid UTF-8.
func quoteAt(s string, i int) string {
	_, n := utf8.DecodeRuneInString(s[i:])
	return strconv.Quote(s[i : i+n])
}
