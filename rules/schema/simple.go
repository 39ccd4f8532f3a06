package schema

import (
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/galaxy-gtr/gtr/rules/schema/internal/tab"
)

// stype is a compiled simple type.
type stype struct {
	name    string // "" when anonymous
	variety tab.Variety
	builtin builtin // for Builtin
	root    *stype  // the first ancestor (or itself) that is not a Restriction
	base    *stype
	item    *stype
	members []*stype
	ws      tab.Whitespace // effective whiteSpace
	norm    bool           // values are whitespace-normalised before any check
	enum    *names         // this step's enumeration, by key (see enumValue); nil when none
	enumSet string         // this step's enumeration for messages: "'a', 'b'"
	pat     *regexp.Regexp // this step's patterns, any of which must match
	cls     *classPattern  // pat's fast matcher; nil when none
	patSet  string         // the patterns for messages: "p1' or 'p2"
	minLen  int            // this step's minLength facet; 0 when none
	maxLen  int            // this step's maxLength facet, when hasMax
	hasMax  bool
	lengths bool // this step or one it restricts has a length facet
	// free: every string is a valid value (a string built-in, or a
	// restriction of one without facets), so checking one is skipped.
	free bool
}

func (c *compiler) simpleType(i int32) (*stype, error) {
	if s := c.simple[i]; s != nil {
		return s, nil
	}
	x := c.t.Simple[i]
	s := &stype{name: x.Name, variety: x.Variety}
	var err error
	switch x.Variety {
	case tab.Builtin:
		b, ok := builtinByName[strings.TrimPrefix(x.Name, "xs:")]
		if !ok {
			return nil, fmt.Errorf("simple type %d: unknown built-in %q", i, x.Name)
		}
		s.builtin, s.root, s.ws = b, s, b.whitespace()
		s.norm = b.stringLike()
	case tab.Restriction:
		if s.base, err = c.simpleType(x.Base); err != nil {
			return nil, err
		}
		s.root, s.ws = s.base.root, s.base.ws
		if x.WS != tab.Inherit {
			s.ws = x.WS
		}
		// libxml2 normalises before checking only for types derived from
		// string-like built-ins and lists; other primitives trim on the fly.
		s.norm = s.root.variety == tab.List || (s.root.variety == tab.Builtin && s.root.builtin.stringLike())
		s.minLen, s.maxLen, s.hasMax = int(x.MinLength), int(x.MaxLength), x.HasMaxLength
		s.lengths = s.base.lengths || s.minLen > 0 || s.hasMax
		// A length counts characters only for string types; lists count
		// items, and other types have no length (xs:hexBinary counts
		// octets): none of these appears in Galaxy's schemas.
		if s.lengths && (s.root.variety != tab.Builtin || !s.root.builtin.stringLike()) {
			return nil, fmt.Errorf("simple type %d (%q): length facets are supported on string types only", i, x.Name)
		}
	case tab.List:
		if s.item, err = c.simpleType(x.Item); err != nil {
			return nil, err
		}
		s.root, s.ws, s.norm = s, tab.Collapse, true
	case tab.Union:
		for _, m := range x.Members {
			ms, err := c.simpleType(m)
			if err != nil {
				return nil, err
			}
			s.members = append(s.members, ms)
		}
		s.root = s
	}
	if len(x.Enum) > 0 {
		quoted := make([]string, len(x.Enum))
		var keys []string
		for j, e := range x.Enum {
			quoted[j] = "'" + e + "'"
			// Values equal in the value space ("1" and "true") share a key.
			if k := s.enumValue(normalize(e, s.ws)); !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
		set := newNames(keys)
		s.enum = &set
		s.enumSet = strings.Join(quoted, ", ")
	}
	if len(x.Patterns) > 0 {
		alts := make([]string, len(x.Patterns))
		for j, p := range x.Patterns {
			g, err := translatePattern(p)
			if err != nil {
				return nil, fmt.Errorf("simple type %d (%q): pattern %q: %w", i, x.Name, p, err)
			}
			alts[j] = g
		}
		if s.pat, err = regexp.Compile(`^(?:` + strings.Join(alts, "|") + `)$`); err != nil {
			return nil, fmt.Errorf("simple type %d (%q): %w", i, x.Name, err)
		}
		s.patSet = strings.Join(x.Patterns, "' or '")
		if len(x.Patterns) == 1 {
			s.cls = newClassPattern(x.Patterns[0], s.pat)
		}
	}
	s.free = s.acceptsAll()
	c.simple[i] = s
	return s, nil
}

// acceptsAll reports whether [stype.verify] finds every string valid:
// the root is a built-in whose lexical space is every string and no
// step has a facet. Lists and unions are not looked into.
func (s *stype) acceptsAll() bool {
	if s.root.variety != tab.Builtin || s.lengths {
		return false
	}
	switch s.root.builtin {
	case bAnySimpleType, bString, bNormalizedString, bToken:
	default:
		return false
	}
	for t := s; t.variety == tab.Restriction; t = t.base {
		if t.enum != nil || t.pat != nil {
			return false
		}
	}
	return true
}

// describe names the type the way libxml2's messages do.
func (s *stype) describe() string {
	kind := "atomic"
	switch s.root.variety {
	case tab.List:
		kind = "list"
	case tab.Union:
		kind = "union"
	}
	if s.name == "" {
		return "local " + kind + " type"
	}
	return kind + " type '" + s.name + "'"
}

// check validates a value, of an attribute when attr is set, else an
// element's text; it returns "" when the value is valid, else the
// message.
func (s *stype) check(v string, attr bool) string {
	nv, f, t := s.verify(v)
	switch f {
	case failMinLength:
		return lengthMessage("minLength", nv, attr, "underruns the allowed minimum", t.minLen)
	case failMaxLength:
		return lengthMessage("maxLength", nv, attr, "exceeds the allowed maximum", t.maxLen)
	case failType:
		return "'" + v + "' is not a valid value of the " + s.describe() + "."
	case failEnum:
		return "[facet 'enumeration'] The value '" + nv + "' is not an element of the set {" + t.enumSet + "}."
	case failPattern:
		return "[facet 'pattern'] The value '" + nv + "' is not accepted by the pattern '" + t.patSet + "'."
	}
	return ""
}

// lengthMessage is libxml2's message for a length facet that nv fails;
// it names the value only for an attribute.
func lengthMessage(facet, nv string, attr bool, bound string, limit int) string {
	n := strconv.Itoa(utf8.RuneCountInString(nv))
	value := "The value has a length of '" + n + "'; "
	if attr {
		value = "The value '" + nv + "' has a length of '" + n + "'; "
	}
	return "[facet '" + facet + "'] " + value + "this " + bound + " length of '" + strconv.Itoa(limit) + "'."
}

// failure tells which check a value failed.
type failure uint8

const (
	failNone      failure = iota // the value is valid
	failType                     // not in the lexical space of the root type
	failEnum                     // not in an enumeration facet
	failPattern                  // not matched by a pattern facet
	failMinLength                // shorter than a minLength facet
	failMaxLength                // longer than a maxLength facet
)

// verify validates a value without building a message, so that union
// members and list items, whose failures are not reported as such, cost
// no allocation. It returns the value as checked (normalised when the
// type normalises), what failed and, for a facet, the restriction step
// whose facet it is.
func (s *stype) verify(v string) (nv string, f failure, t *stype) {
	nv = v
	if s.norm {
		nv = normalize(v, s.ws)
	}
	switch r := s.root; r.variety {
	case tab.Builtin:
		if !r.builtin.valid(nv) {
			return nv, failType, nil
		}
	case tab.List:
		for item := range strings.FieldsSeq(nv) {
			if _, f, _ := r.item.verify(item); f != failNone {
				return nv, failType, nil
			}
		}
	case tab.Union:
		ok := false
		for _, m := range r.members {
			if _, f, _ := m.verify(v); f == failNone {
				ok = true
				break
			}
		}
		if !ok {
			return nv, failType, nil
		}
	}
	// Length facets come first, as libxml2 checks them, from the most
	// derived step to the root; each applies.
	if s.lengths {
		n := utf8.RuneCountInString(nv)
		for t := s; t.variety == tab.Restriction; t = t.base {
			if n < t.minLen {
				return nv, failMinLength, t
			}
			if t.hasMax && n > t.maxLen {
				return nv, failMaxLength, t
			}
		}
	}
	// Then the other facets, from the most derived step to the root: the
	// first enumeration met applies; every step's patterns apply.
	enumDone := false
	for t := s; t.variety == tab.Restriction; t = t.base {
		if t.enum != nil && !enumDone {
			enumDone = true
			if t.enum.find(s.enumValue(nv)) < 0 {
				return nv, failEnum, t
			}
		}
		if t.pat != nil && !t.matches(nv) {
			return nv, failPattern, t
		}
	}
	return nv, failNone, nil
}

// matches reports whether v matches t's patterns, by its fast matcher
// when it has one that is sure.
func (t *stype) matches(v string) bool {
	if t.cls != nil {
		if ok, sure := t.cls.match(v); sure {
			return ok
		}
	}
	return t.pat.MatchString(v)
}

// enumValue maps a value to the key enumerations compare by: equal values
// of the type's value space give equal keys.
func (s *stype) enumValue(v string) string {
	if s.root.variety != tab.Builtin {
		return v
	}
	b := s.root.builtin
	switch {
	case b == bBoolean:
		switch strings.Trim(v, wsChars) {
		case "1", "true":
			return "true"
		case "0", "false":
			return "false"
		}
	case b.decimalLike():
		if r, ok := new(big.Rat).SetString(strings.Trim(v, wsChars)); ok {
			return r.RatString()
		}
	case b == bFloat || b == bDouble:
		if f, err := strconv.ParseFloat(strings.Trim(v, wsChars), 64); err == nil {
			return strconv.FormatFloat(f, 'g', -1, 64)
		}
	}
	return v
}

// wsChars are the XML whitespace characters.
const wsChars = " \t\n\r"

// normalize applies a whiteSpace facet.
func normalize(v string, ws tab.Whitespace) string {
	switch ws {
	case tab.Replace:
		return strings.Map(func(r rune) rune {
			if r == '\t' || r == '\n' || r == '\r' {
				return ' '
			}
			return r
		}, v)
	case tab.Collapse:
		if !needsCollapse(v) {
			return v
		}
		return strings.Join(strings.FieldsFunc(v, func(r rune) bool {
			return r == ' ' || r == '\t' || r == '\n' || r == '\r'
		}), " ")
	}
	return v
}

// needsCollapse reports whether collapsing would change v.
func needsCollapse(v string) bool {
	if v == "" {
		return false
	}
	if v[0] == ' ' || v[len(v)-1] == ' ' {
		return true
	}
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '\t', '\n', '\r':
			return true
		case ' ':
			if v[i+1] == ' ' {
				return true
			}
		}
	}
	return false
}
