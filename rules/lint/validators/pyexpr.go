package validators

import (
	"fmt"
	"strings"
	"unicode"
)

// This file checks the text of an expression validator as Python's
// ast.parse(text, mode="eval") does (CPython 3.11): one expression, or a
// tuple of them, after optional blank lines, with no indentation before
// it. It tokenizes as Python does and parses Python's expression grammar
// by recursive descent. Two simplifications only ever accept more than
// Python: the inside of an f-string is not parsed, and comprehension
// targets are read as expressions. Error messages name the line as
// CPython's do ("invalid syntax (<unknown>, line 1)") but do not repeat
// CPython's more specific wordings.

type pyTok struct {
	kind string // "name", "num", "str", "op", "nl", "end"
	text string
	line int
}

type pySyntax struct{ msg string }

// pyExprProblem returns the syntax error ast.parse(src, mode="eval")
// raises, "" when src parses.
func pyExprProblem(src string) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(pySyntax)
			if !ok {
				panic(r)
			}
			msg = e.msg
		}
	}()
	toks := pyTokenize(src)
	p := &pyParser{toks: toks}
	p.expressions()
	for p.peek().kind == "nl" {
		p.i++
	}
	if p.peek().kind != "end" {
		p.fail()
	}
	return ""
}

func syntaxError(msg string, line int) {
	panic(pySyntax{fmt.Sprintf("%s (<unknown>, line %d)", msg, line)})
}

var pyOps = []string{"**=", "//=", ">>=", "<<=", "...", "!=", "%=", "&=", "**", "*=", "+=", "-=", "->", "//", "/=",
	":=", "<<", "<=", "==", ">=", ">>", "@=", "^=", "|=", "!", "%", "&", "(", ")", "*", "+", ",", "-", ".", "/",
	":", ";", "<", "=", ">", "@", "[", "]", "^", "{", "|", "}", "~"}

func pyTokenize(src string) []pyTok {
	var toks []pyTok
	r := []rune(src)
	line, depth, i := 1, 0, 0
	lineStart := true
	for i < len(r) {
		c := r[i]
		if lineStart && depth == 0 {
			// Indentation of the line, which must be blank or a comment
			// unless it is the first logical line without indentation.
			j := i
			for j < len(r) && (r[j] == ' ' || r[j] == '\t' || r[j] == '\f') {
				j++
			}
			if j < len(r) && r[j] != '\n' && r[j] != '\r' && r[j] != '#' && !(r[j] == '\\' && j+1 < len(r) && r[j+1] == '\n') {
				if j > i && len(toks) == 0 {
					syntaxError("unexpected indent", line)
				}
			}
			lineStart = false
			i = j
			continue
		}
		switch {
		case c == '\n' || c == '\r':
			if c == '\r' && i+1 < len(r) && r[i+1] == '\n' {
				i++
			}
			if depth == 0 && len(toks) > 0 && toks[len(toks)-1].kind != "nl" {
				toks = append(toks, pyTok{"nl", "", line})
			}
			line++
			i++
			lineStart = true
		case c == ' ' || c == '\t' || c == '\f':
			i++
		case c == '#':
			for i < len(r) && r[i] != '\n' && r[i] != '\r' {
				i++
			}
		case c == '\\':
			if i+1 < len(r) && r[i+1] == '\n' {
				i += 2
				line++
				continue
			}
			syntaxError("unexpected character after line continuation character", line)
		case c == '_' || unicode.IsLetter(c):
			j := i
			for j < len(r) && (r[j] == '_' || unicode.IsLetter(r[j]) || unicode.IsDigit(r[j]) || unicode.Is(unicode.Mn, r[j]) || unicode.Is(unicode.Mc, r[j])) {
				j++
			}
			word := string(r[i:j])
			if j < len(r) && (r[j] == '\'' || r[j] == '"') && isStrPrefix(word) {
				i = pyString(r, j, word, &line)
				toks = append(toks, pyTok{"str", word, line})
				continue
			}
			toks = append(toks, pyTok{"name", word, line})
			i = j
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(r) && r[i+1] >= '0' && r[i+1] <= '9':
			j := scanNumber(r, i)
			if !validNumber(string(r[i:j])) {
				syntaxError("invalid decimal literal", line)
			}
			toks = append(toks, pyTok{"num", string(r[i:j]), line})
			i = j
		case c == '\'' || c == '"':
			i = pyString(r, i, "", &line)
			toks = append(toks, pyTok{"str", "", line})
		default:
			op := ""
			for _, o := range pyOps {
				if strings.HasPrefix(string(r[i:min(i+3, len(r))]), o) {
					op = o
					break
				}
			}
			if op == "" || op == "!" {
				syntaxError("invalid character", line)
			}
			switch op {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				if depth == 0 {
					syntaxError(fmt.Sprintf("unmatched '%s'", op), line)
				}
				depth--
			}
			toks = append(toks, pyTok{"op", op, line})
			i += len([]rune(op))
		}
	}
	if depth > 0 {
		syntaxError("unexpected EOF while parsing", line)
	}
	return append(toks, pyTok{"end", "", line})
}

func isStrPrefix(w string) bool {
	switch strings.ToLower(w) {
	case "r", "u", "b", "f", "br", "rb", "fr", "rf":
		return true
	}
	return false
}

// pyString scans a string literal whose quote is at r[i] and returns the
// index after it.
func pyString(r []rune, i int, prefix string, line *int) int {
	q := r[i]
	triple := i+2 < len(r) && r[i+1] == q && r[i+2] == q
	raw := strings.ContainsAny(prefix, "rR")
	if triple {
		i += 3
	} else {
		i++
	}
	start := *line
	for i < len(r) {
		switch {
		case r[i] == '\\' && i+1 < len(r):
			if r[i+1] == '\n' {
				*line++
			}
			i += 2
			_ = raw
		case r[i] == '\n':
			if !triple {
				syntaxError(fmt.Sprintf("unterminated string literal (detected at line %d)", start), start)
			}
			*line++
			i++
		case r[i] == q && (!triple || i+2 < len(r) && r[i+1] == q && r[i+2] == q):
			if triple {
				return i + 3
			}
			return i + 1
		default:
			i++
		}
	}
	if triple {
		syntaxError(fmt.Sprintf("unterminated triple-quoted string literal (detected at line %d)", *line), start)
	}
	syntaxError(fmt.Sprintf("unterminated string literal (detected at line %d)", start), start)
	return i
}

// scanNumber returns the end of the number literal at r[i], scanned as
// Python's tokenizer does: a letter after it starts the next token
// ("13or x" is 13, or, x).
func scanNumber(r []rune, i int) int {
	in := func(j int, set string) bool { return j < len(r) && strings.ContainsRune(set, r[j]) }
	j := i
	if r[i] == '0' && in(i+1, "xXoObB") {
		digits := map[rune]string{'x': "0123456789abcdefABCDEF_", 'o': "01234567_", 'b': "01_"}[unicode.ToLower(r[i+1])]
		j = i + 2
		for in(j, digits) {
			j++
		}
		return j
	}
	for in(j, "0123456789_") {
		j++
	}
	if in(j, ".") {
		j++
		for in(j, "0123456789_") {
			j++
		}
	}
	if in(j, "eE") && (in(j+1, "0123456789") || in(j+1, "+-") && in(j+2, "0123456789")) {
		j += 2
		for in(j, "0123456789_") {
			j++
		}
	}
	if in(j, "jJ") {
		j++
	}
	return j
}

// validNumber reports whether s is a Python number literal.
func validNumber(s string) bool {
	t := strings.ToLower(strings.ReplaceAll(s, "_", ""))
	if strings.Contains(s, "__") || strings.HasSuffix(s, "_") {
		return false
	}
	for _, b := range []struct {
		prefix, digits string
	}{{"0x", "0123456789abcdef"}, {"0o", "01234567"}, {"0b", "01"}} {
		if strings.HasPrefix(t, b.prefix) {
			return len(t) > 2 && strings.Trim(t[2:], b.digits) == ""
		}
	}
	t = strings.TrimSuffix(t, "j")
	mant, exp, hasExp := strings.Cut(t, "e")
	if hasExp {
		exp = strings.TrimLeft(exp, "+-")
		if exp == "" || strings.Trim(exp, "0123456789") != "" {
			return false
		}
	}
	ip, fp, hasDot := strings.Cut(mant, ".")
	if strings.Trim(ip, "0123456789") != "" || strings.Trim(fp, "0123456789") != "" || ip == "" && fp == "" {
		return false
	}
	if !hasDot && !hasExp && !strings.HasSuffix(strings.ToLower(s), "j") && len(ip) > 1 && ip[0] == '0' && strings.Trim(ip, "0") != "" {
		return false // leading zeros in a decimal integer
	}
	return true
}
