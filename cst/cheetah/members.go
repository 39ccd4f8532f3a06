package cheetah

import (
	"iter"
	"strings"
)

// Member is a name read from another value rather than looked up on its
// own: the attribute "y" of "$x.y", "#if x.y" or "$x[0].y", the key "y"
// of "$x['y']", or the variable a lookup function names, "x.y" in
// "$getVar('x.y')". Galaxy's conditionals, sections and repeat items are
// such values, so a member may name a tool parameter as surely as a
// [Reference] does.
type Member struct {
	// Name is the attribute, the key (the string's value) or the name
	// looked up (perhaps dotted).
	Name string
	// Span covers Name in the text: the identifier, or the string's
	// value between its quotes.
	Span Span
	// Receiver is the name the member is read from, through any
	// subscripts ("x" for "$x.y", "$x[0].y" and "$x['y']"; "y" for
	// "$x.y.z"); "" when it is read from a call's result, a literal or
	// a bracketed expression, and for a lookup.
	Receiver string
	Key      bool // written as a subscript by a string literal: $x['y']
	Lookup   bool // a string argument of getVar, varExists or hasVar
	Node     Node // the placeholder or directive holding it
}

// lookupFuncs take the name of a variable as a string.
var lookupFuncs = map[string]bool{"getVar": true, "varExists": true, "hasVar": true}

// Members yields the members read in placeholders and in the expressions
// of directives whose names are template variables, in text order.
// Strings are members only when their value is a plain identifier (a
// dotted one for a lookup) written without escapes.
func (t *Template) Members() iter.Seq[Member] {
	return func(yield func(Member) bool) {
		for i := range t.nodes {
			n := t.nodes[i]
			if n.kind != KindPlaceholder && (n.kind != KindDirective || noRefs[nodeNames[n.name]]) {
				continue
			}
			for j := range t.ownTokens(int32(i)) {
				m, ok := t.member(j)
				if !ok {
					continue
				}
				m.Node = Node{t, int32(i)}
				if !yield(m) {
					return
				}
			}
		}
	}
}

// member returns the member token j reads, if it is one.
func (t *Template) member(j int32) (Member, bool) {
	switch t.toks[j].kind {
	case TokName:
		p := t.prevTok(j)
		if p < 0 || t.text(p) != "." {
			return Member{}, false
		}
		sp := t.span(int(j))
		return Member{Name: t.src[sp.Start:sp.End], Span: sp, Receiver: t.receiver(t.prevTok(p))}, true
	case TokString:
		sp := t.span(int(j))
		val, vs, ok := plainString(t.src[sp.Start:sp.End])
		if !ok {
			return Member{}, false
		}
		vs.Start += sp.Start
		vs.End += sp.Start
		p, nx := t.prevTok(j), t.nextTok(j)
		if p < 0 || nx < 0 {
			return Member{}, false
		}
		open, close := t.text(p), t.text(nx)
		if open == "[" && close == "]" && isIdent(val) {
			if r := t.prevTok(p); r >= 0 && (t.toks[r].kind == TokName || t.text(r) == "]") {
				return Member{Name: val, Span: vs, Receiver: t.receiver(r), Key: true}, true
			}
			return Member{}, false
		}
		if open == "(" && (close == ")" || close == ",") && isDotted(val) {
			if f := t.prevTok(p); f >= 0 && t.toks[f].kind == TokName && lookupFuncs[t.text(f)] {
				return Member{Name: val, Span: vs, Lookup: true}, true
			}
		}
	}
	return Member{}, false
}

// receiver returns the name token j ends, through subscripts: "x" for the
// "x" of "x.", and for the "]" of "x[0]." or "x[0][1].".
func (t *Template) receiver(j int32) string {
	for j >= 0 {
		switch {
		case t.toks[j].kind == TokName:
			return t.text(j)
		case t.toks[j].kind == TokClose && t.text(j) == "]":
			depth := 0
			for ; j >= 0; j-- {
				switch t.toks[j].kind {
				case TokClose:
					depth++
				case TokOpen:
					depth--
				}
				if depth == 0 {
					break
				}
			}
			if j < 0 || t.text(j) != "[" {
				return ""
			}
			j = t.prevTok(j)
		default:
			return ""
		}
	}
	return ""
}

// prevTok returns the index of the token before i that is not a blank,
// or -1.
func (t *Template) prevTok(i int32) int32 {
	for i--; i >= 0; i-- {
		if t.toks[i].kind != TokSpace {
			return i
		}
	}
	return -1
}

// nextTok returns the index of the token after i that is not a blank, or
// -1.
func (t *Template) nextTok(i int32) int32 {
	for i++; int(i) < len(t.toks); i++ {
		if t.toks[i].kind != TokSpace {
			return i
		}
	}
	return -1
}

// plainString returns the value of a Python string literal written
// without a prefix other than u, escapes or triple quotes, and the span
// of the value within lit.
func plainString(lit string) (string, Span, bool) {
	start := 0
	if start < len(lit) && (lit[start] == 'u' || lit[start] == 'U') {
		start++
	}
	if len(lit)-start < 2 {
		return "", Span{}, false
	}
	q := lit[start]
	if (q != '\'' && q != '"') || lit[len(lit)-1] != q || strings.HasPrefix(lit[start:], string([]byte{q, q, q})) {
		return "", Span{}, false
	}
	val := lit[start+1 : len(lit)-1]
	if strings.ContainsAny(val, "\\'\"") {
		return "", Span{}, false
	}
	return val, Span{start + 1, len(lit) - 1}, true
}

// isIdent reports whether s is an ASCII identifier.
func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9' {
			continue
		}
		return false
	}
	return true
}

// isDotted reports whether s is identifiers joined by dots.
func isDotted(s string) bool {
	for part := range strings.SplitSeq(s, ".") {
		if !isIdent(part) {
			return false
		}
	}
	return true
}
