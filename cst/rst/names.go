package rst

import (
	"strings"
)

// normalizeName returns a reference name as docutils compares names:
// lower case, whitespace runs as one space (fully_normalize_name).
func normalizeName(s string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(s), isSpace), " ")
}

// whitespaceNormalizeName collapses whitespace runs to one space
// (whitespace_normalize_name).
func whitespaceNormalizeName(s string) string {
	return strings.Join(strings.FieldsFunc(s, isSpace), " ")
}

// makeID turns a name into an identifier as docutils' make_id does:
// ASCII letters and digits, runs of anything else as one hyphen, no
// leading digits or hyphens, no trailing hyphens.
func makeID(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r < 0x80 {
			b.WriteRune(r)
			continue
		}
		if f, ok := idFold[r]; ok {
			b.WriteString(f)
		} else if isSpace(r) {
			b.WriteByte(' ')
		}
	}
	id := strings.Join(strings.FieldsFunc(b.String(), isSpace), " ")
	var out strings.Builder
	dash := false
	for i := 0; i < len(id); i++ {
		c := id[i]
		if 'a' <= c && c <= 'z' || '0' <= c && c <= '9' {
			if dash {
				out.WriteByte('-')
				dash = false
			}
			out.WriteByte(c)
			continue
		}
		dash = true
	}
	res := out.String()
	if dash {
		res += "-"
	}
	res = strings.TrimLeft(res, "-0123456789")
	return strings.TrimRight(res, "-")
}

// escape2null turns each backslash escape into a NUL followed by the
// escaped character, as docutils does before reading inline markup.
func escape2null(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		b.WriteByte(0)
		if i+1 < len(s) {
			i++
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// unescape removes the NUL escape markers (with the escaped whitespace),
// or turns them back into backslashes when restore is set.
func unescape(s string, restore bool) string {
	if strings.IndexByte(s, 0) < 0 {
		return s
	}
	if restore {
		return strings.ReplaceAll(s, "\x00", `\`)
	}
	s = strings.ReplaceAll(s, "\x00 ", "")
	s = strings.ReplaceAll(s, "\x00\n", "")
	return strings.ReplaceAll(s, "\x00", "")
}

// splitEscapedWhitespace splits s at escaped whitespace.
func splitEscapedWhitespace(s string) []string {
	var out []string
	for _, p := range strings.Split(s, "\x00 ") {
		out = append(out, strings.Split(p, "\x00\n")...)
	}
	return out
}

// adjustURI adds "mailto:" to an e-mail address (Inliner.adjust_uri).
func adjustURI(uri string) string {
	if e, ok := matchEmail(uri, 0); ok && e == len(uri) {
		return "mailto:" + uri
	}
	return uri
}

// dupname marks name as a duplicate on n.
func dupname(n *Node, name string) {
	n.DupNames = append(n.DupNames, name)
	var kept []string
	for _, x := range n.Names {
		if x != name {
			kept = append(kept, x)
		}
	}
	n.Names = kept
	n.referenced = true
}
