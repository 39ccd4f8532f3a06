package rst

import (
	"regexp"
	"strconv"
	"strings"
)

// unicodeComment splits a unicode directive's argument at its comment.
var unicodeComment = regexp.MustCompile(`( |\n|^)\.\. `)

// unicodeCode matches the hexadecimal character code forms of
// directives.unicode_code.
var unicodeCode = regexp.MustCompile(`(?i)^(?:0x|x|\\x|U\+?|\\u)([0-9a-f]+)$|^&#x([0-9a-f]+);$`)

// runUnicode is the unicode directive: characters by code, valid only in
// a substitution definition (misc.Unicode).
func runUnicode(m *machine, dv *dirCall) []*Node {
	if m.state != stSubstitutionDef {
		return []*Node{m.directiveError(dv, LevelError, `Invalid context: the "`+dv.name+`" directive can only be used within a substitution definition.`)}
	}
	sub := m.parent
	if dv.has("trim") {
		sub.Set("ltrim", "1")
		sub.Set("rtrim", "1")
	}
	if dv.has("ltrim") {
		sub.Set("ltrim", "1")
	}
	if dv.has("rtrim") {
		sub.Set("rtrim", "1")
	}
	arg := unicodeComment.Split(dv.args[0], 2)[0]
	var out []*Node
	for _, code := range strings.FieldsFunc(arg, isSpace) {
		s, ok := decodeUnicodeCode(code)
		if !ok {
			return []*Node{m.directiveError(dv, LevelError, "Invalid character code: "+code+"\nValueError: code too large")}
		}
		out = append(out, m.d.newText(s, dv.span))
	}
	return out
}

// decodeUnicodeCode reads one character code (directives.unicode_code).
func decodeUnicodeCode(code string) (string, bool) {
	if code != "" && strings.Trim(code, "0123456789") == "" {
		n, err := strconv.ParseInt(code, 10, 32)
		if err != nil || n > 0x10ffff {
			return "", false
		}
		return string(rune(n)), true
	}
	if mm := unicodeCode.FindStringSubmatch(code); mm != nil {
		v := mm[1] + mm[2]
		n, err := strconv.ParseInt(v, 16, 32)
		if err != nil || n > 0x10ffff {
			return "", false
		}
		return string(rune(n)), true
	}
	return code, true
}
