// Package general holds the checks of a tool's identity and metadata: its
// id, name, version and profile (Galaxy's linters/general.py), its
// description, and the EDAM terms and xrefs that place it in registries.
package general

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// pySpace reports whether r is whitespace to Python (str.isspace, and so
// re's \s and str.strip): Go's unicode.IsSpace plus the four ASCII
// separators \x1c–\x1f, which Python counts and Go does not.
func pySpace(r rune) bool {
	return unicode.IsSpace(r) || (r >= 0x1c && r <= 0x1f)
}

// pyStrip is Python's str.strip() with no argument.
func pyStrip(s string) string { return strings.TrimFunc(s, pySpace) }

// hasPySpace reports whether s holds whitespace as Python's re \s sees it.
func hasPySpace(s string) bool { return strings.IndexFunc(s, pySpace) >= 0 }

// pep440 is packaging's VERSION_PATTERN (the grammar of PEP 440), which
// packaging matches case-insensitively between optional whitespace.
var pep440 = regexp.MustCompile(`(?i)^v?(?:[0-9]+!)?[0-9]+(?:\.[0-9]+)*` +
	`(?:[-_.]?(?:a|b|c|rc|alpha|beta|pre|preview)[-_.]?[0-9]*)?` +
	`(?:-[0-9]+|[-_.]?(?:post|rev|r)[-_.]?[0-9]*)?` +
	`(?:[-_.]?dev[-_.]?[0-9]*)?` +
	`(?:\+[a-z0-9]+(?:[-_.][a-z0-9]+)*)?$`)

// isPEP440 reports whether packaging.version.Version accepts v, that is
// whether Galaxy's parse_version gives a Version rather than a
// LegacyVersion.
func isPEP440(v string) bool {
	v = pyStrip(v)
	return plainRelease(v) || pep440.MatchString(v)
}

// plainRelease reports whether v is of the shape most tool versions have,
// which pep440 matches: an optional v, dot-separated numbers, and an
// optional local part (+galaxy1). The byte loop spares running the
// expression on them; every other shape is left to it.
func plainRelease(v string) bool {
	i := 0
	if i < len(v) && (v[i] == 'v' || v[i] == 'V') {
		i++
	}
	// Numbers, each but the first after a dot.
	for {
		j := i
		for i < len(v) && '0' <= v[i] && v[i] <= '9' {
			i++
		}
		if i == j {
			return false
		}
		if i < len(v) && v[i] == '.' {
			i++
			continue
		}
		break
	}
	if i == len(v) {
		return true
	}
	if v[i] != '+' {
		return false
	}
	// The local part: alphanumeric runs, one separator between two.
	i++
	for {
		j := i
		for i < len(v) && isAlnum(v[i]) {
			i++
		}
		if i == j {
			return false
		}
		if i == len(v) {
			return true
		}
		if v[i] != '-' && v[i] != '_' && v[i] != '.' {
			return false
		}
		i++
	}
}

// isAlnum reports whether b is an ASCII letter or digit.
func isAlnum(b byte) bool {
	return '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
}

// attr returns the root's attribute name as Galaxy's root.get(name) does,
// and whether it is present.
func attr(c *lint.Ctx, name string) (string, bool) { return c.Root.Get(name) }

// unexpanded reports whether v is a token reference that stayed as written
// because the tool did not expand: what it stands for is unknown, so the
// checks of values leave it alone.
func unexpanded(c *lint.Ctx, v string) bool {
	return c.Partial() && strings.Contains(v, "@")
}

// firstWithText returns the first element at path below el whose text is
// not blank (Python's strip), nil when there is none.
func firstWithText(el *macros.Element, path string) *macros.Element {
	for _, k := range lint.Path(el, path) {
		if pyStrip(k.Text) != "" {
			return k
		}
	}
	return nil
}
