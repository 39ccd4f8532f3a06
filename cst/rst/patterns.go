package rst

import "strings"

// match is the result of a transition pattern matching a line: where the
// match ends and what it captured.
type match struct {
	end    int
	format string // enumerator: "parens", "rparen" or "period"
	text   string // enumerator text; directive name
}

// spacesOrEnd reports whether s[i:] is " +" followed by anything, or
// empty, and returns the end of the spaces (docutils' "( +|$)").
func spacesOrEnd(s string, i int) (int, bool) {
	if i == len(s) {
		return i, true
	}
	if s[i] != ' ' {
		return 0, false
	}
	for i < len(s) && s[i] == ' ' {
		i++
	}
	return i, true
}

// match tries transition t's pattern at the start of s.
func (m *machine) match(t trans, s string) (match, bool) {
	switch t {
	case trBlank:
		return match{}, isBlank(s)
	case trIndent:
		return match{end: 1}, s != "" && s[0] == ' '
	case trBullet:
		return matchBullet(s)
	case trEnumerator:
		return matchEnumerator(s)
	case trFieldMarker:
		return matchFieldMarker(s)
	case trOptionMarker:
		return matchOptionMarker(s)
	case trDoctest:
		return matchLiteralPrefix(s, ">>>")
	case trLineBlock:
		return matchLiteralPrefix(s, "|")
	case trGridTableTop:
		return match{}, isGridTableTop(s)
	case trSimpleTableTop:
		return match{}, isSimpleTableTop(s)
	case trExplicitMarkup:
		return matchLiteralPrefix(s, "..")
	case trAnonymous:
		return matchLiteralPrefix(s, "__")
	case trLine, trUnderline:
		return match{}, isLine(s)
	case trText:
		return match{}, true
	case trEmbeddedDirective:
		return matchEmbeddedDirective(s)
	case trInitialQuoted:
		return match{}, s != "" && isNonAlnum7(s[0])
	case trQuoted:
		return match{}, strings.HasPrefix(s, string(m.quote))
	}
	return match{}, false
}

// matchLiteralPrefix matches p followed by "( +|$)".
func matchLiteralPrefix(s, p string) (match, bool) {
	if !strings.HasPrefix(s, p) {
		return match{}, false
	}
	e, ok := spacesOrEnd(s, len(p))
	return match{end: e}, ok
}

// matchBullet matches '[-+*\u2022\u2023\u2043]( +|$)'.
func matchBullet(s string) (match, bool) {
	for _, b := range []string{"-", "+", "*", "\u2022", "\u2023", "\u2043"} {
		if strings.HasPrefix(s, b) {
			e, ok := spacesOrEnd(s, len(b))
			return match{end: e}, ok
		}
	}
	return match{}, false
}

// isNonAlnum7 reports whether c is 7-bit punctuation ('[!-/:-@[-`{-~]').
func isNonAlnum7(c byte) bool {
	return '!' <= c && c <= '/' || ':' <= c && c <= '@' || '[' <= c && c <= '`' || '{' <= c && c <= '~'
}

// isLine reports whether s is one 7-bit punctuation character repeated,
// then spaces (a section adornment or transition).
func isLine(s string) bool {
	if s == "" || !isNonAlnum7(s[0]) {
		return false
	}
	i := 1
	for i < len(s) && s[i] == s[0] {
		i++
	}
	for i < len(s) && s[i] == ' ' {
		i++
	}
	return i == len(s)
}

// isGridTableTop matches '\+-[-+]+-\+ *$'.
func isGridTableTop(s string) bool {
	s = strings.TrimRight(s, " ")
	if len(s) < 5 || !strings.HasPrefix(s, "+-") || !strings.HasSuffix(s, "-+") {
		return false
	}
	for i := 2; i < len(s)-2; i++ {
		if s[i] != '-' && s[i] != '+' {
			return false
		}
	}
	return true
}

// isSimpleTableTop matches '=+( +=+)+ *$'.
func isSimpleTableTop(s string) bool {
	s = strings.TrimRight(s, " ")
	if s == "" || s[0] != '=' {
		return false
	}
	groups := 0
	i := 0
	for i < len(s) {
		if s[i] != '=' {
			return false
		}
		for i < len(s) && s[i] == '=' {
			i++
		}
		groups++
		if i == len(s) {
			break
		}
		for i < len(s) && s[i] == ' ' {
			i++
		}
	}
	return groups >= 2
}

// isSimpleTableBorder matches '=+[ =]*$'.
func isSimpleTableBorder(s string) bool {
	if s == "" || s[0] != '=' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] != '=' && s[i] != ' ' {
			return false
		}
	}
	return true
}

// isEnumText reports whether t is an enumerator's text: arabic digits, one
// letter, a run of roman digits or "#".
func isEnumText(t string) bool {
	if t == "" {
		return false
	}
	if t == "#" {
		return true
	}
	if len(t) == 1 && ('a' <= t[0] && t[0] <= 'z' || 'A' <= t[0] && t[0] <= 'Z') {
		return true
	}
	all := func(set string) bool {
		for i := 0; i < len(t); i++ {
			if !strings.ContainsRune(set, rune(t[i])) {
				return false
			}
		}
		return true
	}
	return all("0123456789") || all("ivxlcdm") || all("IVXLCDM")
}

// matchEnumerator matches docutils' enumerator pattern: "(e)", "e)" or
// "e." followed by "( +|$)".
func matchEnumerator(s string) (match, bool) {
	format, start := "", 0
	if strings.HasPrefix(s, "(") {
		format, start = "parens", 1
	}
	k := start
	for k < len(s) && (s[k] == '#' || 'a' <= s[k] && s[k] <= 'z' || 'A' <= s[k] && s[k] <= 'Z' || '0' <= s[k] && s[k] <= '9') {
		k++
	}
	if k == len(s) || !isEnumText(s[start:k]) {
		return match{}, false
	}
	switch {
	case format == "parens" && s[k] == ')':
	case format == "" && s[k] == ')':
		format = "rparen"
	case format == "" && s[k] == '.':
		format = "period"
	default:
		return match{}, false
	}
	e, ok := spacesOrEnd(s, k+1)
	return match{end: e, format: format, text: s[start:k]}, ok
}

// matchFieldMarker matches docutils' field marker
// ':(?![: ])([^:\\]|\\.|:(?!([ `]|$)))*(?<! ):( +|$)'.
func matchFieldMarker(s string) (match, bool) {
	if len(s) < 2 || s[0] != ':' || s[1] == ':' || s[1] == ' ' {
		return match{}, false
	}
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			if i+1 >= len(s) {
				return match{}, false
			}
			i++
		case ':':
			if i+1 < len(s) && s[i+1] != ' ' && s[i+1] != '`' {
				continue // part of the field name
			}
			if i+1 < len(s) && s[i+1] == '`' {
				return match{}, false
			}
			if s[i-1] == ' ' || i == 1 {
				return match{}, false
			}
			e, _ := spacesOrEnd(s, i+1)
			return match{end: e}, true
		}
	}
	return match{}, false
}

// isAlnum7 reports whether c is an ASCII letter or digit.
func isAlnum7(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// isAlpha7 reports whether c is an ASCII letter.
func isAlpha7(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// optNameEnd returns the end of '[a-zA-Z0-9_-]*' from i.
func optNameEnd(s string, i int) int {
	for i < len(s) && (isAlnum7(s[i]) || s[i] == '_' || s[i] == '-') {
		i++
	}
	return i
}

// optArgEnds returns the ends of '(%(alpha)s%(alphanumplus)s*|<[^<>]+>)'
// at i, in the order the regular expression tries them.
func optArgEnds(s string, i int) []int {
	if i >= len(s) {
		return nil
	}
	if isAlpha7(s[i]) {
		return []int{optNameEnd(s, i+1)}
	}
	if s[i] == '<' {
		j := i + 1
		for j < len(s) && s[j] != '<' && s[j] != '>' {
			j++
		}
		if j < len(s) && s[j] == '>' && j > i+1 {
			return []int{j + 1}
		}
	}
	return nil
}

// optionEnds returns the possible ends of one option at i, in the order
// the regular expression tries them.
func optionEnds(s string, i int) []int {
	var out []int
	if i+1 < len(s) && (s[i] == '-' || s[i] == '+') && isAlnum7(s[i+1]) {
		j := i + 2
		if j < len(s) && s[j] == ' ' {
			out = append(out, optArgEnds(s, j+1)...)
		}
		out = append(out, optArgEnds(s, j)...)
		out = append(out, j)
	}
	for _, p := range []string{"--", "/"} {
		if !strings.HasPrefix(s[i:], p) {
			continue
		}
		j := i + len(p)
		if j >= len(s) || !isAlnum7(s[j]) {
			continue
		}
		j = optNameEnd(s, j+1)
		if j < len(s) && (s[j] == ' ' || s[j] == '=') {
			out = append(out, optArgEnds(s, j+1)...)
		}
		out = append(out, j)
	}
	return out
}

// optionListEnd matches '%(option)s(, %(option)s)*(  +| ?$)' at i.
func optionListEnd(s string, i int) (int, bool) {
	for _, e := range optionEnds(s, i) {
		if strings.HasPrefix(s[e:], ", ") {
			if end, ok := optionListEnd(s, e+2); ok {
				return end, true
			}
		}
		if strings.HasPrefix(s[e:], "  ") {
			j := e
			for j < len(s) && s[j] == ' ' {
				j++
			}
			return j, true
		}
		if e == len(s) || e == len(s)-1 && s[e] == ' ' {
			return len(s), true
		}
	}
	return 0, false
}

// matchOptionMarker matches an option list marker.
func matchOptionMarker(s string) (match, bool) {
	e, ok := optionListEnd(s, 0)
	return match{end: e}, ok
}

// simplenameEnd returns the end of the longest reference name
// '(?:(?!_)\w)+(?:[-._+:](?:(?!_)\w)+)*' at i, or i when there is none.
func simplenameEnd(s string, i int) int {
	end := i
	j := i
	for {
		k := wordRunEnd(s, j)
		if k == j {
			return end
		}
		end = k
		if k < len(s) && strings.IndexByte("-._+:", s[k]) >= 0 {
			j = k + 1
			continue
		}
		return end
	}
}

// wordRunEnd returns the end of a run of word characters other than "_".
func wordRunEnd(s string, i int) int {
	for i < len(s) {
		r, size := decodeRune(s, i)
		if r == '_' || !isWord(r) {
			break
		}
		i += size
	}
	return i
}

// isSimplename reports whether s is a reference name.
func isSimplename(s string) bool { return s != "" && simplenameEnd(s, 0) == len(s) }

// matchEmbeddedDirective matches '(simplename)::( +|$)' in a substitution
// definition.
func matchEmbeddedDirective(s string) (match, bool) {
	e := simplenameEnd(s, 0)
	if e == 0 || !strings.HasPrefix(s[e:], "::") {
		return match{}, false
	}
	end, ok := spacesOrEnd(s, e+2)
	return match{end: end, text: s[:e]}, ok
}
