// Package pathmatch matches slash-separated paths against patterns with
// the semantics of git's .gitignore files: "*" and "?" do not cross "/",
// "[...]" is a character class, "**" as a whole path component matches any
// number of components, a pattern without an inner "/" matches a name at
// any depth, a trailing "/" matches directories only and a leading "!"
// re-includes. gtr reads .gitignore and .git/info/exclude files with it,
// and uses the same patterns for the exclude globs and per-file ignores of
// its config file, so one set of rules covers every path pattern gtr takes.
package pathmatch

import (
	"errors"
	"strings"
)

// ErrBadPattern is returned for a pattern with an unterminated character
// class or a trailing backslash.
var ErrBadPattern = errors.New("unterminated character class or trailing backslash")

// validGlob reports whether every character class of p is terminated and
// p does not end in an escaping backslash.
func validGlob(p string) bool {
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			if i+1 >= len(p) {
				return false
			}
			i++
		case '[':
			end, ok := classEnd(p, i)
			if !ok {
				return false
			}
			i = end - 1
		}
	}
	return true
}

// classEnd returns the index just after the "]" closing the class that
// starts at p[i] == '['.
func classEnd(p string, i int) (int, bool) {
	j := i + 1
	if j < len(p) && (p[j] == '!' || p[j] == '^') {
		j++
	}
	if j < len(p) && p[j] == ']' { // a leading "]" is a member
		j++
	}
	for ; j < len(p); j++ {
		switch p[j] {
		case '\\':
			j++
		case ']':
			return j + 1, true
		}
	}
	return 0, false
}

// wildmatch reports whether text matches the glob p as git's wildmatch
// does with WM_PATHNAME: "*", "?" and classes never match "/", and "**"
// matches across "/" when it is a whole component ("**/x", "x/**",
// "x/**/y").
func wildmatch(p, text string) bool {
	return matchFrom(p, 0, text)
}

// matchFrom matches text against p[i:]; p[:i] has matched what came
// before text.
func matchFrom(p string, i int, text string) bool {
	for i < len(p) {
		c := p[i]
		switch c {
		case '?':
			if text == "" || text[0] == '/' {
				return false
			}
			i, text = i+1, text[1:]
		case '[':
			end, _ := classEnd(p, i)
			if text == "" || text[0] == '/' || !inClass(p[i+1:end-1], text[0]) {
				return false
			}
			i, text = end, text[1:]
		case '\\':
			if text == "" || text[0] != p[i+1] {
				return false
			}
			i, text = i+2, text[1:]
		case '*':
			return star(p, i, text)
		default:
			if text == "" || text[0] != c {
				return false
			}
			i, text = i+1, text[1:]
		}
	}
	return text == ""
}

// star matches text against p[i:], which starts with "*".
func star(p string, i int, text string) bool {
	n := 0
	for i+n < len(p) && p[i+n] == '*' {
		n++
	}
	rest := i + n
	// "**" is special only as a whole component: at the start or after a
	// "/", and at the end or before a "/"; elsewhere it is a "*".
	whole := (i == 0 || p[i-1] == '/') && (rest == len(p) || p[rest] == '/')
	if n >= 2 && whole {
		if rest == len(p) {
			return true // "x/**" matches everything inside x
		}
		// "**/" matches zero or more whole components.
		after := rest + 1
		if matchFrom(p, after, text) {
			return true
		}
		for k := 0; k < len(text); k++ {
			if text[k] == '/' && matchFrom(p, after, text[k+1:]) {
				return true
			}
		}
		return false
	}
	if rest == len(p) {
		return !strings.Contains(text, "/")
	}
	for k := 0; k <= len(text); k++ {
		if matchFrom(p, rest, text[k:]) {
			return true
		}
		if k < len(text) && text[k] == '/' {
			return false
		}
	}
	return false
}

// inClass reports whether b is a member of the class body (the text
// between "[" and "]"), with ranges, "!" or "^" negation and backslash
// escapes. Character class names such as [:alpha:] are not supported.
func inClass(body string, b byte) bool {
	neg := false
	if body != "" && (body[0] == '!' || body[0] == '^') {
		neg, body = true, body[1:]
	}
	match := false
	for i := 0; i < len(body); i++ {
		lo := body[i]
		if lo == '\\' && i+1 < len(body) {
			i++
			lo = body[i]
		}
		hi := lo
		if i+2 < len(body) && body[i+1] == '-' {
			hi = body[i+2]
			if hi == '\\' && i+3 < len(body) {
				hi = body[i+3]
				i++
			}
			i += 2
		}
		if lo <= b && b <= hi {
			match = true
		}
	}
	return match != neg
}
