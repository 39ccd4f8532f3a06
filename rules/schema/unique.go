package schema

import (
	"slices"
	"strconv"
	"strings"

	"github.com/galaxy-gtr/gtr/rules/schema/internal/tab"
)

// uniqueDecl is a compiled [tab.Unique]: among the children of one
// element, those named in children must not repeat a value of attr.
type uniqueDecl struct {
	name     string
	children []string
	attr     string
}

func newUniqueDecls(us []tab.Unique) []uniqueDecl {
	if len(us) == 0 {
		return nil
	}
	out := make([]uniqueDecl, len(us))
	for i, u := range us {
		out[i] = uniqueDecl{name: u.Name, children: u.Children, attr: u.Attr}
	}
	return out
}

// uniqueScope is what the identity constraints of one element have seen
// of its children: for each constraint, the keys given so far.
type uniqueScope struct {
	decls []uniqueDecl
	keys  []map[string]bool // by constraint; nil until a first key
}

// newUniqueScope returns the scope for an element declared by d, or nil
// when d has no identity constraints (almost always).
func newUniqueScope(d *elemDecl) *uniqueScope {
	if len(d.uniques) == 0 {
		return nil
	}
	return &uniqueScope{decls: d.uniques, keys: make([]map[string]bool, len(d.uniques))}
}

// uniqueTarget checks the child c (named local, in namespace ns), just
// validated against its declaration d, against every constraint of the
// element being walked (v.uniq) whose selector picks it, and reports a
// key one of c's earlier siblings gave. libxml2 checks a child when it
// ends, so after the errors within it, and reports the constraints in
// the reverse of their declaration order; so does this.
//
// A child gives no key when it does not have the attribute or its value
// is not valid for the attribute's type (libxml2 then adds a warning,
// "No precomputed value available", that is not reported here).
func (v *validator) uniqueTarget(c Element, d *elemDecl, ns, local string) {
	u := v.uniq
	if ns != "" || d.ct == nil {
		return
	}
	for i := len(u.decls) - 1; i >= 0; i-- {
		ud := &u.decls[i]
		// The selector names the children it picks.
		if !slices.Contains(ud.children, local) {
			continue
		}
		j := d.ct.attrNames.find(ud.attr)
		// An attribute the child's type does not declare has no type to
		// compare values by.
		if j < 0 {
			continue
		}
		st := d.ct.attrs[j].st
		value, ok := namedValue(v.attrsOf(c), ud.attr)
		if !ok {
			continue
		}
		nv, f, _ := st.verify(value)
		// An invalid value is no key.
		if f != failNone {
			continue
		}
		key := st.uniqueKey(nv)
		if u.keys[i] == nil {
			u.keys[i] = map[string]bool{}
		}
		if !u.keys[i][key] {
			u.keys[i][key] = true
			continue
		}
		if !v.counted(KindDuplicate) {
			v.errs = append(v.errs, Error{Pos: c.Pos(), Kind: KindDuplicate, Element: c.Name(), Value: nv,
				Msg: "Duplicate key-sequence ['" + st.canonical(nv) + "'] in unique identity-constraint '" + ud.name + "'."})
		}
		if v.stop() {
			return
		}
	}
}

// namedValue returns the value of the attribute named name, without a
// prefix, among attrs.
func namedValue(attrs []attrPair, name string) (string, bool) {
	for _, a := range attrs {
		if a.name == name {
			return a.value, true
		}
	}
	return "", false
}

// uniqueKey maps a valid value nv (as verify returns it) to the key
// identity constraints compare by: values are equal when they are equal
// in the value space of their primitive type, and values of different
// primitive types are never equal. The string types share one primitive
// (xs:string), as do the decimal and integer types.
func (s *stype) uniqueKey(nv string) string {
	family := "v" // a list or union value: compared as written (normalised)
	if r := s.root; r.variety == tab.Builtin {
		switch b := r.builtin; {
		case b.stringLike():
			family = "s"
		case b.decimalLike():
			family = "d"
		default:
			family = strconv.Itoa(int(b))
		}
	}
	return family + ":" + s.enumValue(nv)
}

// canonical returns the canonical form of a valid value nv (as verify
// returns it), as libxml2 shows a key: an integer without sign or leading
// zeros but for a minus ("-05" is "-5", "-0" is "0"), a decimal with at
// least one fractional digit and no trailing zeros ("1" is "1.0"), a
// boolean as true or false. Other values are shown as they are.
func (s *stype) canonical(nv string) string {
	if s.root.variety != tab.Builtin {
		return nv
	}
	b := s.root.builtin
	switch {
	case b == bBoolean:
		return s.enumValue(nv)
	case !b.decimalLike():
		return nv
	}
	v := strings.Trim(nv, wsChars)
	neg := strings.HasPrefix(v, "-")
	v = strings.TrimLeft(v, "+-")
	whole, frac, _ := strings.Cut(v, ".")
	whole = strings.TrimLeft(whole, "0")
	frac = strings.TrimRight(frac, "0")
	if whole == "" {
		whole = "0"
	}
	if neg && (whole != "0" || frac != "") {
		whole = "-" + whole
	}
	if b != bDecimal {
		return whole
	}
	if frac == "" {
		frac = "0"
	}
	return whole + "." + frac
}
