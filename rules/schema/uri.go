package schema

import "strings"

// validURI checks xs:anyURI as libxml2 2.9.14 does: characters that may
// not appear in a URI (controls, non-ASCII, space and <>"{}|\^`') are
// replaced by '_' and the result must parse as an RFC 3986 URI reference
// (xmlParseURI); the empty string is valid.
func validURI(v string) bool {
	if v == "" {
		return true
	}
	s := v
	for i := 0; i < len(v); i++ {
		if uriEscaped(v[i]) {
			s = replaceEscaped(v) // only when needed: most values need no copy
			break
		}
	}
	return parseAbsoluteURI(s) || parseRelativeRef(s)
}

// uriEscaped reports whether c may not appear in a URI as written.
func uriEscaped(c byte) bool {
	return c < 32 || c >= 127 || strings.IndexByte(" <>\"{}|\\^`'", c) >= 0
}

// replaceEscaped returns v with each byte uriEscaped reports replaced by '_'.
func replaceEscaped(v string) string {
	b := []byte(v)
	for i, c := range b {
		if uriEscaped(c) {
			b[i] = '_'
		}
	}
	return string(b)
}

func isAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isHex(c byte) bool {
	return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
func isUnreserved(c byte) bool {
	return isAlpha(c) || isDigit(c) || c == '-' || c == '.' || c == '_' || c == '~'
}
func isSubDelim(c byte) bool { return strings.IndexByte("!$&'()*+,;=", c) >= 0 }

// uriScanner walks a URI reference; each method consumes its production
// and reports whether it matched.
type uriScanner struct {
	s string
	i int
}

func (u *uriScanner) peek() byte {
	if u.i < len(u.s) {
		return u.s[u.i]
	}
	return 0
}

// pct consumes a percent-encoded octet; ok is false on a malformed one.
func (u *uriScanner) pct() (matched, ok bool) {
	if u.peek() != '%' {
		return false, true
	}
	if u.i+2 < len(u.s) && isHex(u.s[u.i+1]) && isHex(u.s[u.i+2]) {
		u.i += 3
		return true, true
	}
	return false, false
}

// chars consumes unreserved, pct-encoded, sub-delims and the extra bytes;
// ok is false on a malformed percent escape.
func (u *uriScanner) chars(extra string) (n int, ok bool) {
	start := u.i
	for u.i < len(u.s) {
		c := u.s[u.i]
		if c == '%' {
			if _, ok := u.pct(); !ok {
				return u.i - start, false
			}
			continue
		}
		if !isUnreserved(c) && !isSubDelim(c) && strings.IndexByte(extra, c) < 0 {
			break
		}
		u.i++
	}
	return u.i - start, true
}

func (u *uriScanner) segment(extra string) (int, bool) { return u.chars(":@" + extra) }

// pathAbEmpty is *( "/" segment ).
func (u *uriScanner) pathAbEmpty() bool {
	for u.peek() == '/' {
		u.i++
		if _, ok := u.segment(""); !ok {
			return false
		}
	}
	return true
}

// authority is [ userinfo "@" ] host [ ":" port ].
func (u *uriScanner) authority() bool {
	save := u.i
	if _, ok := u.chars(":"); ok && u.peek() == '@' {
		u.i++
	} else {
		u.i = save
	}
	if u.peek() == '[' {
		end := strings.IndexByte(u.s[u.i:], ']')
		if end < 0 {
			return false
		}
		u.i += end + 1
	} else if _, ok := u.chars(""); !ok {
		return false
	}
	if u.peek() == ':' {
		u.i++
		start, port := u.i, 0
		for isDigit(u.peek()) {
			port = port*10 + int(u.peek()-'0')
			if port > 2147483647 {
				return false
			}
			u.i++
		}
		if u.i == start {
			return false
		}
	}
	return true
}

// rest parses [ "?" query ] [ "#" fragment ] to the end.
func (u *uriScanner) rest() bool {
	if u.peek() == '?' {
		u.i++
		if _, ok := u.chars(":@/?"); !ok {
			return false
		}
	}
	if u.peek() == '#' {
		u.i++
		if _, ok := u.chars(":@/?"); !ok {
			return false
		}
	}
	return u.i == len(u.s)
}

// hierPart parses "//" authority path-abempty, or a path starting with
// "/" or a segment (nc: the first segment may not hold ':'), or nothing.
func (u *uriScanner) hierPart(nc bool) bool {
	if strings.HasPrefix(u.s[u.i:], "//") {
		u.i += 2
		return u.authority() && u.pathAbEmpty()
	}
	if u.peek() == '/' {
		u.i++
		if _, ok := u.segment(""); !ok {
			return false
		}
		return u.pathAbEmpty()
	}
	extra := ""
	if !nc {
		extra = ":"
	}
	n, ok := u.chars("@" + extra)
	if !ok {
		return false
	}
	if n > 0 {
		return u.pathAbEmpty()
	}
	return true
}

// parseAbsoluteURI is scheme ":" hier-part [ "?" query ] [ "#" fragment ].
func parseAbsoluteURI(s string) bool {
	u := &uriScanner{s: s}
	if !isAlpha(u.peek()) {
		return false
	}
	for u.i < len(s) && (isAlpha(s[u.i]) || isDigit(s[u.i]) || strings.IndexByte("+-.", s[u.i]) >= 0) {
		u.i++
	}
	if u.peek() != ':' {
		return false
	}
	u.i++
	return u.hierPart(false) && u.rest()
}

// parseRelativeRef is relative-part [ "?" query ] [ "#" fragment ].
func parseRelativeRef(s string) bool {
	u := &uriScanner{s: s}
	return u.hierPart(true) && u.rest()
}
