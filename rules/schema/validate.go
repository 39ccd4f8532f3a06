package schema

import (
	"strings"

	"github.com/galaxy-gtr/gtr/rules/schema/internal/tab"
)

// xsiNS is the XML Schema instance namespace; its attributes are always
// allowed (xsi:type and xsi:nil are not acted on).
const (
	xsiNS = "http://www.w3.org/2001/XMLSchema-instance"
	xmlNS = "http://www.w3.org/XML/1998/namespace"
)

// validator walks one tree.
type validator struct {
	set   *set
	prof  *profile
	first bool // stop at the first error
	errs  []Error
	scope []nsBinding // in-scope namespace declarations, innermost last
}

type nsBinding struct{ prefix, uri string }

// stop reports whether validation should end: first-error mode and an error found.
func (v *validator) stop() bool { return v.first && len(v.errs) > 0 }

func (v *validator) report(e Element, kind Kind, msg string) {
	v.errs = append(v.errs, Error{Pos: e.Pos(), Kind: kind, Element: e.Name(), Msg: msg})
}

// lookupNS resolves a prefix ("" for the default namespace).
func (v *validator) lookupNS(prefix string) (string, bool) {
	for i := len(v.scope) - 1; i >= 0; i-- {
		if v.scope[i].prefix == prefix {
			return v.scope[i].uri, true
		}
	}
	switch prefix {
	case "":
		return "", true
	case "xml":
		return xmlNS, true
	}
	return "", false
}

// split returns a qualified name's namespace and local part; an undeclared
// prefix yields a namespace nothing matches.
func (v *validator) split(qname string, attr bool) (ns, local string) {
	prefix, local, ok := strings.Cut(qname, ":")
	if !ok {
		if attr {
			return "", qname
		}
		ns, _ := v.lookupNS("")
		return ns, qname
	}
	uri, found := v.lookupNS(prefix)
	if !found {
		return "\x00undeclared:" + prefix, local
	}
	return uri, local
}

// enter pushes e's namespace declarations; the caller restores v.scope.
func (v *validator) enter(e Element) {
	for i, n := 0, e.NumAttrs(); i < n; i++ {
		name, value := e.Attr(i)
		if len(name) < 5 || name[0] != 'x' {
			continue
		}
		if name == "xmlns" {
			v.scope = append(v.scope, nsBinding{"", value})
		} else if p, ok := strings.CutPrefix(name, "xmlns:"); ok {
			v.scope = append(v.scope, nsBinding{p, value})
		}
	}
}

func (v *validator) root(e Element) {
	mark := len(v.scope)
	v.enter(e)
	defer func() { v.scope = v.scope[:mark] }()
	ns, local := v.split(e.Name(), false)
	d := v.prof.globals[local]
	if ns != "" || d == nil {
		v.report(e, KindNoDeclaration, "No matching global declaration available for the validation root.")
		return
	}
	v.element(e, d)
}

// element validates e against its declaration d; e's namespace
// declarations are already in scope.
func (v *validator) element(e Element, d *elemDecl) {
	if d.abstract {
		v.report(e, KindAbstract, "The element declaration is abstract.")
		return
	}
	if d.st != nil {
		v.simpleElement(e, d)
		return
	}
	ct := d.ct
	if ct.abstract {
		v.report(e, KindAbstract, "The type definition is abstract.")
		return
	}
	if ct.anyType {
		v.anyType(e)
		return
	}
	v.attributes(e, ct)
	if v.stop() {
		return
	}
	switch ct.content {
	case tab.Empty:
		if e.NumChildren() > 0 {
			v.report(e, KindChildren, "Element content is not allowed, because the content type is empty.")
		} else if e.Text() != "" {
			v.report(e, KindText, "Character content is not allowed, because the content type is empty.")
		}
	case tab.SimpleText:
		if e.NumChildren() > 0 {
			v.report(e, KindChildren, "Element content is not allowed, because the content type is a simple type definition.")
			return
		}
		v.value(e, ct.st, e.Text(), "")
		if d.hasFixed && e.Text() != d.fixed {
			v.report(e, KindValue, "The element content '"+e.Text()+"' does not match the fixed value constraint '"+d.fixed+"'.")
		}
	case tab.ElementOnly:
		if !isBlank(e.Text()) {
			v.report(e, KindText, "Character content other than whitespace is not allowed because the content type is 'element-only'.")
			if v.stop() {
				return
			}
		}
		v.children(e, ct)
	case tab.Mixed:
		v.children(e, ct)
	}
}

// simpleElement validates an element whose type is a simple type.
func (v *validator) simpleElement(e Element, d *elemDecl) {
	for i, n := 0, e.NumAttrs(); i < n; i++ {
		name, _ := e.Attr(i)
		if ns, _ := v.split(name, true); isNSDecl(name) || ns == xsiNS {
			continue
		}
		v.reportAttr(e, KindAttrNotAllowed, name, "", "The attribute '"+name+"' is not allowed.")
		if v.stop() {
			return
		}
	}
	if e.NumChildren() > 0 {
		v.report(e, KindChildren, "Element content is not allowed, because the type definition is simple.")
		return
	}
	v.value(e, d.st, e.Text(), "")
	if d.hasFixed && !v.stop() && e.Text() != d.fixed {
		v.report(e, KindValue, "The element content '"+e.Text()+"' does not match the fixed value constraint '"+d.fixed+"'.")
	}
}

// isBlank reports whether s is only XML whitespace.
func isBlank(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isWS(s[i]) {
			return false
		}
	}
	return true
}

func isNSDecl(name string) bool { return name == "xmlns" || strings.HasPrefix(name, "xmlns:") }

func (v *validator) reportAttr(e Element, kind Kind, attr, value, msg string) {
	v.errs = append(v.errs, Error{Pos: e.Pos(), Kind: kind, Element: e.Name(), Attr: attr, Value: value, Msg: msg})
}

// value checks text or an attribute value (attr != "") against st.
func (v *validator) value(e Element, st *stype, value, attr string) {
	if msg := st.check(value); msg != "" {
		v.reportAttr(e, KindValue, attr, value, msg)
	}
}

// attributes checks e's attributes against ct's attribute uses and wildcard.
func (v *validator) attributes(e Element, ct *ctype) {
	var buf [16]string
	seen := buf[:0]
	for i, n := 0, e.NumAttrs(); i < n; i++ {
		name, value := e.Attr(i)
		if isNSDecl(name) {
			continue
		}
		ns, local := v.split(name, true)
		if ns == xsiNS {
			continue
		}
		if u := ct.attrs[local]; ns == "" && u != nil {
			seen = append(seen, local)
			v.value(e, u.st, value, name)
			if u.hasFixed && !v.stop() && normalize(value, u.st.ws) != normalize(u.fixed, u.st.ws) {
				v.reportAttr(e, KindValue, name, value, "The value '"+value+"' does not match the fixed value constraint '"+u.fixed+"'.")
			}
		} else if w := ct.anyAttr; w != nil && w.allows(ns) {
			if w.process == tab.Strict {
				v.reportAttr(e, KindAttrNotAllowed, name, "", "No matching global attribute declaration available, but demanded by the strict wildcard.")
			}
		} else {
			v.reportAttr(e, KindAttrNotAllowed, name, "", "The attribute '"+name+"' is not allowed.")
		}
		if v.stop() {
			return
		}
	}
	for _, u := range ct.required {
		found := false
		for _, s := range seen {
			if s == u.name {
				found = true
				break
			}
		}
		if !found {
			v.reportAttr(e, KindAttrMissing, "", "", "The attribute '"+u.name+"' is required but missing.")
			if v.stop() {
				return
			}
		}
	}
}

// children matches e's child elements against ct's content model and
// validates each child with the declaration it matched.
func (v *validator) children(e Element, ct *ctype) {
	n := e.NumChildren()
	if ct.all != nil {
		v.allChildren(e, ct.all)
		return
	}
	if ct.model == nil {
		for i := 0; i < n; i++ {
			v.report(e.Child(i), KindUnexpected, "This element is not expected.")
			if v.stop() {
				return
			}
		}
		return
	}
	m := ct.model
	state := int32(0)
	failed := false
	for i := 0; i < n; i++ {
		c := e.Child(i)
		mark := len(v.scope)
		v.enter(c)
		ns, local := v.split(c.Name(), false)
		if ed, ok := m.step(state, ns, local); ok {
			state = ed.to
			if ed.decl != nil {
				v.element(c, ed.decl)
			} else {
				v.wildcardElement(c, ed.wild, ns, local)
			}
		} else {
			failed = true
			exp := m.states[state].expected
			v.errs = append(v.errs, Error{Pos: c.Pos(), Kind: KindUnexpected, Element: c.Name(), Expected: exp,
				Msg: "This element is not expected." + expectedText(exp)})
		}
		v.scope = v.scope[:mark]
		if v.stop() {
			return
		}
	}
	if !failed && !m.states[state].final {
		exp := m.states[state].expected
		v.errs = append(v.errs, Error{Pos: e.Pos(), Kind: KindMissing, Element: e.Name(), Expected: exp,
			Msg: "Missing child element(s)." + expectedText(exp)})
	}
}

func (v *validator) allChildren(e Element, a *allModel) {
	seen := make([]bool, len(a.items))
	n := e.NumChildren()
	failed := false
	for i := 0; i < n; i++ {
		c := e.Child(i)
		mark := len(v.scope)
		v.enter(c)
		ns, local := v.split(c.Name(), false)
		j, ok := a.index[local]
		if ns == "" && ok && !seen[j] {
			seen[j] = true
			v.element(c, a.items[j].decl)
		} else {
			failed = true
			exp := a.expected(seen, false)
			msg := "This element is not expected." + expectedText(exp)
			if ok && ns == "" {
				msg = "This element is not expected: it may occur only once here."
			}
			v.errs = append(v.errs, Error{Pos: c.Pos(), Kind: KindUnexpected, Element: c.Name(), Expected: exp, Msg: msg})
		}
		v.scope = v.scope[:mark]
		if v.stop() {
			return
		}
	}
	if failed || (n == 0 && a.min == 0) {
		return
	}
	if missing := a.expected(seen, true); len(missing) > 0 {
		exp := missing
		if n == 0 {
			exp = a.expected(seen, false)
		}
		v.errs = append(v.errs, Error{Pos: e.Pos(), Kind: KindMissing, Element: e.Name(), Expected: exp,
			Msg: "Missing child element(s)." + expectedText(exp)})
	}
}

// wildcardElement validates an element matched by an element wildcard.
func (v *validator) wildcardElement(c Element, w *wildcard, ns, local string) {
	if w.process == tab.Skip {
		return
	}
	if d := v.prof.globals[local]; ns == "" && d != nil {
		v.element(c, d)
		return
	}
	if w.process == tab.Strict {
		v.report(c, KindNoDeclaration, "No matching global element declaration available, but demanded by the strict wildcard.")
		return
	}
	v.anyType(c)
}

// anyType validates e as xs:anyType: any attributes and text, and each
// child laxly (against a global declaration of its name if there is one).
func (v *validator) anyType(e Element) {
	for i, n := 0, e.NumChildren(); i < n; i++ {
		c := e.Child(i)
		mark := len(v.scope)
		v.enter(c)
		ns, local := v.split(c.Name(), false)
		if d := v.prof.globals[local]; ns == "" && d != nil {
			v.element(c, d)
		} else {
			v.anyType(c)
		}
		v.scope = v.scope[:mark]
		if v.stop() {
			return
		}
	}
}
