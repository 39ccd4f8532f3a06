// Package requirements holds the checks of a tool's <requirements>: its
// package requirements, containers and resource requirements, as Galaxy's
// parse_requirements_from_xml reads them (linters/general.py and
// containers.py).
package requirements

import (
	"strings"
	"unicode"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// pySpace reports whether r is whitespace to Python's str.strip().
func pySpace(r rune) bool { return unicode.IsSpace(r) || (r >= 0x1c && r <= 0x1f) }

// xmlText is Galaxy's xml_text(el): el's text (not its children's tails)
// with its line breaks removed, stripped.
func xmlText(el *macros.Element) string {
	t := el.Text
	for _, nl := range []string{"\r\n", "\n", "\r", "\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"} {
		t = strings.ReplaceAll(t, nl, "")
	}
	return strings.TrimFunc(t, pySpace)
}

// requirement is one <requirement> as Galaxy's ToolRequirement holds it.
type requirement struct {
	el            *macros.Element
	name, typ     string
	version       string
	versionAbsent bool // version is None in Galaxy
}

// packages returns the package requirements of the tool in document
// order, each distinct (name, type, version) once: Galaxy keeps them in an
// OrderedSet, so a repeated requirement gives one message.
func packages(c *lint.Ctx) []requirement {
	type key struct {
		name, version string
		absent        bool
	}
	seen := map[key]bool{}
	var out []requirement
	for _, el := range lint.Path(lint.Child(c.Root, "requirements"), "requirement") {
		r := requirement{el: el, name: xmlText(el), typ: "package"}
		if t, ok := el.Get("type"); ok {
			r.typ = t
		}
		v, ok := el.Get("version")
		r.version, r.versionAbsent = v, !ok
		k := key{r.name, r.version, r.versionAbsent}
		if r.typ != "package" || seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, r)
	}
	return out
}
