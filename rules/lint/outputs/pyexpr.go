package outputs

import (
	"fmt"
	"strings"
)

// This file checks that a text could be a Python expression (what
// ast.parse(text, mode="eval") accepts) at the level of tokens: strings
// closed, brackets balanced and matched, no statement keyword or
// assignment, no character Python has no token for, no operator without an
// operand and no two operands without an operator between. It is a
// conservative approximation: it never rejects a valid expression it can
// tokenise, and it lets through some invalid ones a full parser would
// catch.

// pyKind is the class of one Python token.
type pyKind uint8

const (
	pyOperand pyKind = iota // a name, number or string
	pyKeyword               // a keyword valid inside an expression
	pyBinary                // an operator that needs operands on both sides
	pyPrefix                // an operator that may start an operand: - + ~
	pyOpen                  // ( [ {
	pyClose                 // ) ] }
	pyPunct                 // , : . ; ->, = and the like
)

type pyToken struct {
	kind pyKind
	text string
}

// statementKeywords cannot appear in an expression.
var statementKeywords = map[string]bool{
	"assert": true, "break": true, "class": true, "continue": true, "def": true, "del": true,
	"except": true, "finally": true, "from": true, "global": true, "import": true, "nonlocal": true,
	"pass": true, "raise": true, "return": true, "try": true, "while": true, "with": true, "elif": true,
}

// expressionKeywords are the keywords an expression may hold.
var expressionKeywords = map[string]bool{
	"and": true, "or": true, "not": true, "in": true, "is": true, "if": true, "else": true,
	"for": true, "lambda": true, "await": true, "async": true, "yield": true,
}

// binaryKeywords join two operands.
var binaryKeywords = map[string]bool{"and": true, "or": true, "in": true, "is": true, "if": true, "else": true}

// pyOperators lists Python's operators and delimiters, longest first.
var pyOperators = []string{
	"**=", "//=", ">>=", "<<=", "...", "->", ":=",
	"**", "//", "<<", ">>", "<=", ">=", "==", "!=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@=",
	"+", "-", "*", "/", "%", "@", "&", "|", "^", "~", "<", ">", "(", ")", "[", "]", "{", "}", ",", ":", ".", ";", "=",
}

// pyExprError returns why text is not a Python expression, "" when the
// check finds nothing wrong.
func pyExprError(text string) string {
	toks, err := pyTokens(text)
	if err != "" {
		return err
	}
	if len(toks) == 0 {
		return "the expression is empty"
	}
	var stack []byte
	lambdas := map[int]bool{} // bracket depths holding a lambda, where = may give a default
	for i, t := range toks {
		var prev *pyToken
		if i > 0 {
			prev = &toks[i-1]
		}
		switch t.kind {
		case pyOpen:
			stack = append(stack, t.text[0])
		case pyClose:
			if len(stack) == 0 || closer(stack[len(stack)-1]) != t.text[0] {
				return fmt.Sprintf("unmatched '%s'", t.text)
			}
			delete(lambdas, len(stack))
			stack = stack[:len(stack)-1]
		case pyKeyword:
			if t.text == "lambda" {
				lambdas[len(stack)] = true
			}
		}
		if strings.HasSuffix(t.text, "=") && t.kind == pyPunct && len(stack) == 0 && !lambdas[0] {
			return fmt.Sprintf("'%s' assigns, which an expression cannot", t.text)
		}
		if t.kind == pyPunct && t.text == ";" {
			return "';' separates statements, which an expression cannot hold"
		}
		if prev == nil {
			if t.kind == pyBinary || t.kind == pyClose || t.kind == pyKeyword && binaryKeywords[t.text] {
				return fmt.Sprintf("the expression cannot start with '%s'", t.text)
			}
			continue
		}
		if prev.kind == pyOperand && t.kind == pyOperand && !(isString(prev.text) && isString(t.text)) {
			return fmt.Sprintf("'%s' follows '%s' without an operator", t.text, prev.text)
		}
		if (prev.kind == pyBinary || prev.kind == pyPrefix) && (t.kind == pyBinary || t.kind == pyClose) && !(prev.text == "*" || prev.text == "**") {
			return fmt.Sprintf("'%s' lacks an operand before '%s'", prev.text, t.text)
		}
	}
	if len(stack) > 0 {
		return fmt.Sprintf("'%c' was never closed", stack[len(stack)-1])
	}
	last := toks[len(toks)-1]
	if last.kind == pyBinary || last.kind == pyPrefix || last.kind == pyKeyword && last.text != "None" {
		return fmt.Sprintf("the expression ends with '%s'", last.text)
	}
	return ""
}

func closer(open byte) byte {
	switch open {
	case '(':
		return ')'
	case '[':
		return ']'
	}
	return '}'
}

func isString(tok string) bool { return strings.ContainsAny(tok[len(tok)-1:], "'\"") }

// pyTokens splits text into Python tokens, or says why it cannot.
func pyTokens(text string) ([]pyToken, string) {
	var out []pyToken
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			i++
		case c == '\\' && i+1 < len(text) && (text[i+1] == '\n' || text[i+1] == '\r'):
			i += 2
		case c == '#':
			for i < len(text) && text[i] != '\n' {
				i++
			}
		case c == '"' || c == '\'':
			n, err := pyString(text[i:])
			if err != "" {
				return nil, err
			}
			out = append(out, pyToken{pyOperand, text[i : i+n]})
			i += n
		case isNameStart(c):
			j := i
			for j < len(text) && isNameChar(text[j]) {
				j++
			}
			word := text[i:j]
			if j < len(text) && (text[j] == '"' || text[j] == '\'') && isStringPrefix(word) {
				n, err := pyString(text[j:])
				if err != "" {
					return nil, err
				}
				out = append(out, pyToken{pyOperand, text[i : j+n]})
				i = j + n
				continue
			}
			switch {
			case statementKeywords[word]:
				return nil, fmt.Sprintf("'%s' is a statement, not an expression", word)
			case word == "not" || word == "lambda" || word == "await" || word == "yield" || word == "async" || word == "for":
				out = append(out, pyToken{pyKeyword, word})
			case expressionKeywords[word]:
				out = append(out, pyToken{pyKeyword, word})
			default:
				out = append(out, pyToken{pyOperand, word})
			}
			i = j
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(text) && text[i+1] >= '0' && text[i+1] <= '9':
			j := i + 1
			for j < len(text) && (isNameChar(text[j]) || text[j] == '.' ||
				(text[j] == '+' || text[j] == '-') && (text[j-1] == 'e' || text[j-1] == 'E') && !strings.HasPrefix(strings.ToLower(text[i:j]), "0x")) {
				j++
			}
			out = append(out, pyToken{pyOperand, text[i:j]})
			i = j
		default:
			op := ""
			for _, o := range pyOperators {
				if strings.HasPrefix(text[i:], o) {
					op = o
					break
				}
			}
			if op == "" {
				return nil, fmt.Sprintf("invalid character '%s'", string([]rune(text[i:])[0]))
			}
			out = append(out, pyToken{opKind(op), op})
			i += len(op)
		}
	}
	return out, ""
}

func opKind(op string) pyKind {
	switch op {
	case "(", "[", "{":
		return pyOpen
	case ")", "]", "}":
		return pyClose
	case "-", "+", "~", "*", "**":
		return pyPrefix // also binary; * and ** also unpack
	case ",", ":", ".", ";", "=", "->", "...", ":=":
		return pyPunct
	}
	if strings.HasSuffix(op, "=") && op != "<=" && op != ">=" && op != "==" && op != "!=" {
		return pyPunct // augmented assignment
	}
	return pyBinary
}

// pyString returns the length of the string literal at the start of s
// (its opening quote), or why it is not closed.
func pyString(s string) (int, string) {
	q := s[:1]
	if strings.HasPrefix(s, q+q+q) {
		end := strings.Index(s[3:], q+q+q)
		for end >= 0 && escaped(s[3:], end) {
			next := strings.Index(s[3+end+1:], q+q+q)
			if next < 0 {
				end = -1
				break
			}
			end += 1 + next
		}
		if end < 0 {
			return 0, "unterminated triple-quoted string"
		}
		return 3 + end + 3, ""
	}
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '\n':
			return 0, "unterminated string literal"
		case q[0]:
			return i + 1, ""
		}
	}
	return 0, "unterminated string literal"
}

// escaped reports whether the byte at i of s follows an odd number of
// backslashes.
func escaped(s string, i int) bool {
	n := 0
	for j := i - 1; j >= 0 && s[j] == '\\'; j-- {
		n++
	}
	return n%2 == 1
}

func isNameStart(c byte) bool {
	return c == '_' || c|0x20 >= 'a' && c|0x20 <= 'z' || c >= 0x80
}

func isNameChar(c byte) bool { return isNameStart(c) || c >= '0' && c <= '9' }

func isStringPrefix(w string) bool {
	switch strings.ToLower(w) {
	case "r", "u", "b", "f", "br", "rb", "fr", "rf":
		return true
	}
	return false
}
