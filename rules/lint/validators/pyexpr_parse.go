package validators

// The recursive descent over Python 3.11's expression grammar
// (Grammar/python.gram, from "expressions" down to "atom").

import "strings"

type pyParser struct {
	toks []pyTok
	i    int
}

var pyKeywords = map[string]bool{"False": true, "None": true, "True": true, "and": true, "as": true, "assert": true,
	"async": true, "await": true, "break": true, "class": true, "continue": true, "def": true, "del": true,
	"elif": true, "else": true, "except": true, "finally": true, "for": true, "from": true, "global": true,
	"if": true, "import": true, "in": true, "is": true, "lambda": true, "nonlocal": true, "not": true, "or": true,
	"pass": true, "raise": true, "return": true, "try": true, "while": true, "with": true, "yield": true}

func (p *pyParser) peek() pyTok { return p.toks[p.i] }

func (p *pyParser) peekAt(k int) pyTok {
	if p.i+k < len(p.toks) {
		return p.toks[p.i+k]
	}
	return p.toks[len(p.toks)-1]
}

func (p *pyParser) fail() { syntaxError("invalid syntax", p.peek().line) }

// is reports whether the next token is the operator or keyword s.
func (p *pyParser) is(s string) bool {
	t := p.peek()
	return (t.kind == "op" || t.kind == "name") && t.text == s
}

func (p *pyParser) accept(s string) bool {
	if p.is(s) {
		p.i++
		return true
	}
	return false
}

func (p *pyParser) expect(s string) {
	if !p.accept(s) {
		p.fail()
	}
}

// startsExpr reports whether the next token can start an expression.
func (p *pyParser) startsExpr() bool {
	t := p.peek()
	switch t.kind {
	case "num", "str":
		return true
	case "name":
		return !pyKeywords[t.text] || t.text == "True" || t.text == "False" || t.text == "None" ||
			t.text == "not" || t.text == "lambda" || t.text == "await"
	case "op":
		switch t.text {
		case "(", "[", "{", "-", "+", "~", "...":
			return true
		}
	}
	return false
}

// expressions is a tuple of star expressions, or one expression.
func (p *pyParser) expressions() {
	starred := p.is("*")
	p.starNamed(false)
	if starred && !p.is(",") {
		p.fail() // a starred expression only stands in a tuple
	}
	for p.accept(",") {
		if !p.startsExpr() && !p.is("*") {
			return
		}
		p.starNamed(false)
	}
}

// starNamed is "*" bitor, or an expression (a named one when named).
func (p *pyParser) starNamed(named bool) {
	if p.accept("*") {
		p.bitor()
		return
	}
	if named {
		p.namedExpr()
		return
	}
	p.expression()
}

func (p *pyParser) namedExpr() {
	if t := p.peek(); t.kind == "name" && !pyKeywords[t.text] && p.peekAt(1).text == ":=" {
		p.i += 2
	}
	p.expression()
}

func (p *pyParser) expression() {
	if p.accept("lambda") {
		p.lambdaParams()
		p.expect(":")
		p.expression()
		return
	}
	p.disjunction()
	if p.accept("if") {
		p.disjunction()
		p.expect("else")
		p.expression()
	}
}

func (p *pyParser) lambdaParams() {
	for !p.is(":") {
		switch {
		case p.accept("**"), p.accept("*"):
			if t := p.peek(); t.kind == "name" && !pyKeywords[t.text] {
				p.i++
			}
		case p.accept("/"):
		default:
			if t := p.peek(); t.kind != "name" || pyKeywords[t.text] {
				p.fail()
			}
			p.i++
			if p.accept("=") {
				p.expression()
			}
		}
		if !p.accept(",") {
			return
		}
	}
}

func (p *pyParser) disjunction() {
	p.conjunction()
	for p.accept("or") {
		p.conjunction()
	}
}

func (p *pyParser) conjunction() {
	p.inversion()
	for p.accept("and") {
		p.inversion()
	}
}

func (p *pyParser) inversion() {
	if p.accept("not") {
		p.inversion()
		return
	}
	p.comparison()
}

func (p *pyParser) comparison() {
	p.bitor()
	for {
		switch {
		case p.accept("=="), p.accept("!="), p.accept("<"), p.accept(">"), p.accept("<="), p.accept(">="), p.accept("in"):
		case p.is("not") && p.peekAt(1).text == "in":
			p.i += 2
		case p.accept("is"):
			p.accept("not")
		default:
			return
		}
		p.bitor()
	}
}

// binary parses operands joined by the operators ops, each operand by
// next.
func (p *pyParser) binary(next func(), ops ...string) {
	next()
	for {
		found := false
		for _, op := range ops {
			if p.peek().kind == "op" && p.accept(op) {
				found = true
				break
			}
		}
		if !found {
			return
		}
		next()
	}
}

func (p *pyParser) bitor()  { p.binary(p.bitxor, "|") }
func (p *pyParser) bitxor() { p.binary(p.bitand, "^") }
func (p *pyParser) bitand() { p.binary(p.shift, "&") }
func (p *pyParser) shift()  { p.binary(p.sum, "<<", ">>") }
func (p *pyParser) sum()    { p.binary(p.term, "+", "-") }
func (p *pyParser) term()   { p.binary(p.factor, "*", "/", "//", "%", "@") }

func (p *pyParser) factor() {
	if p.peek().kind == "op" && (p.accept("+") || p.accept("-") || p.accept("~")) {
		p.factor()
		return
	}
	p.accept("await")
	p.primary()
	if p.peek().kind == "op" && p.accept("**") {
		p.factor()
	}
}

func (p *pyParser) primary() {
	p.atom()
	for {
		switch {
		case p.accept("."):
			if p.peek().kind != "name" || pyKeywords[p.peek().text] {
				p.fail()
			}
			p.i++
		case p.accept("("):
			p.args()
			p.expect(")")
		case p.accept("["):
			p.slices()
			p.expect("]")
		default:
			return
		}
	}
}

func (p *pyParser) args() {
	n := 0
	for !p.is(")") {
		switch {
		case p.accept("**"), p.accept("*"):
			p.expression()
		case p.peek().kind == "name" && !pyKeywords[p.peek().text] && p.peekAt(1).text == "=":
			p.i += 2
			p.expression()
		default:
			p.namedExpr()
			if p.is("for") || p.is("async") {
				p.comprehension()
			}
		}
		n++
		if !p.accept(",") {
			return
		}
	}
}

func (p *pyParser) slices() {
	for {
		p.slice()
		if !p.accept(",") || p.is("]") {
			return
		}
	}
}

func (p *pyParser) slice() {
	if p.accept("*") {
		p.bitor()
		return
	}
	if !p.is(":") {
		p.namedExpr()
		if !p.is(":") {
			return
		}
	}
	p.expect(":")
	if p.startsExpr() {
		p.expression()
	}
	if p.accept(":") && p.startsExpr() {
		p.expression()
	}
}

func (p *pyParser) comprehension() {
	for p.is("for") || p.is("async") {
		p.accept("async")
		p.expect("for")
		// Targets are read as star expressions up to "in".
		for {
			p.accept("*")
			p.bitor()
			if !p.accept(",") || p.is("in") {
				break
			}
		}
		p.expect("in")
		p.disjunction()
		for p.accept("if") {
			p.disjunction()
		}
	}
}

func (p *pyParser) atom() {
	t := p.peek()
	switch t.kind {
	case "num":
		p.i++
		return
	case "str":
		bytes := isBytes(t.text)
		for p.peek().kind == "str" {
			if isBytes(p.peek().text) != bytes {
				syntaxError("cannot mix bytes and nonbytes literals", p.peek().line)
			}
			p.i++
		}
		return
	case "name":
		if !pyKeywords[t.text] || t.text == "True" || t.text == "False" || t.text == "None" {
			p.i++
			return
		}
	case "op":
		switch t.text {
		case "...":
			p.i++
			return
		case "(":
			p.i++
			if p.accept(")") {
				return
			}
			p.starNamed(true)
			if p.is("for") || p.is("async") {
				p.comprehension()
			} else {
				for p.accept(",") && !p.is(")") {
					p.starNamed(true)
				}
			}
			p.expect(")")
			return
		case "[":
			p.i++
			if p.accept("]") {
				return
			}
			p.starNamed(true)
			if p.is("for") || p.is("async") {
				p.comprehension()
			} else {
				for p.accept(",") && !p.is("]") {
					p.starNamed(true)
				}
			}
			p.expect("]")
			return
		case "{":
			p.i++
			if p.accept("}") {
				return
			}
			p.dictOrSet()
			p.expect("}")
			return
		}
	}
	p.fail()
}

func (p *pyParser) dictOrSet() {
	dict := false
	item := func(first bool) {
		switch {
		case p.accept("**"):
			if !first && !dict {
				p.fail()
			}
			dict = true
			p.bitor()
		case p.is("*"):
			if !first && dict {
				p.fail()
			}
			p.starNamed(true)
		case p.peek().kind == "name" && p.peekAt(1).text == ":=":
			if dict {
				p.fail()
			}
			p.namedExpr()
		default:
			p.expression()
			if first && p.is(":") {
				dict = true
			}
			if dict {
				p.expect(":")
				p.expression()
			}
		}
	}
	item(true)
	if p.is("for") || p.is("async") {
		p.comprehension()
		return
	}
	for p.accept(",") && !p.is("}") {
		item(false)
	}
}

// isBytes reports whether a string prefix makes a bytes literal.
func isBytes(prefix string) bool { return strings.ContainsAny(prefix, "bB") }
