package rules

import (
	"regexp"
	"strings"
)

var encodingRE = regexp.MustCompile(`encoding\s*=\s*["']([^"']*)["']`)

// declEncoding returns the encoding named in an XML declaration, or "".
func declEncoding(decl string) string {
	m := encodingRE.FindStringSubmatch(decl)
	if m == nil {
		return ""
	}
	return m[1]
}

func isUTF8Name(enc string) bool {
	e := strings.ToLower(enc)
	return e == "utf-8" || e == "utf8"
}
