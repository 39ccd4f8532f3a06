package schema

import (
	"context"
	"math/bits"
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
	kids  []Element   // children of the elements being walked, outermost first
	attrs []attrPair  // the attributes of the element last entered (see enter)
	// ctx, when not nil, stops the walk once it is done (checked every
	// ctxEvery elements, so that a normal tree pays one count per
	// element); canceled is then set and the errors are incomplete.
	ctx      context.Context
	elements int
	canceled bool
	// probes, when not nil, keeps what [Probes.Recheck] needs at each
	// error a changed name may take away (see [ValidateProbes]). Only
	// the error paths look at it.
	probes *Probes
	// uniq is the identity-constraint scope of the element whose
	// children are being walked; nil when it has none.
	uniq *uniqueScope
}

// ctxEvery is how many elements the validator walks between looks at its
// context: a look costs more than an element's count, and a thousand
// elements take well under a millisecond. A power of two, for the mask.
const ctxEvery = 1024

type nsBinding struct{ prefix, uri string }

// stop reports whether validation should end: first-error mode and an error found.
func (v *validator) stop() bool { return v.first && len(v.errs) > 0 || v.canceled }

// counted records a violation without its details when only whether
// there is one matters: in first-error mode ([Valid], [NewestValid]) the
// errors are never shown. It reports whether it did, so that callers
// building a message or an expected list can skip that work.
func (v *validator) counted(kind Kind) bool {
	if !v.first {
		return false
	}
	v.errs = append(v.errs, Error{Kind: kind})
	return true
}

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
	i := strings.IndexByte(qname, ':')
	if i < 0 {
		if attr {
			return "", qname
		}
		ns, _ := v.lookupNS("")
		return ns, qname
	}
	prefix, local := qname[:i], qname[i+1:]
	uri, found := v.lookupNS(prefix)
	if !found {
		return "\x00undeclared:" + prefix, local
	}
	return uri, local
}

// attrPair is an attribute as [Element.Attr] returns it.
type attrPair struct{ name, value string }

// attrsOf returns e's attributes. They are kept in v.attrs until the next
// call, so a caller must be done with them before it calls anything that
// lists attributes again. The entries past the new length are not
// cleared here (that cost a memclr an element): validateWith clears the
// whole buffer before it goes back to the pool.
//
// The views of this package list their attributes in one walk (see
// [writtenElem.appendAttrs]), found by a type switch, which costs a
// comparison where an assertion to an interface of such a method looked
// it up in the runtime's cache; other Elements are asked one Attr at a
// time. childrenOf and contentOf do the same.
func (v *validator) attrsOf(e Element) []attrPair {
	v.attrs = v.attrs[:0]
	switch x := e.(type) {
	case expandedElem:
		v.attrs = x.appendAttrs(v.attrs)
	case writtenElem:
		v.attrs = x.appendAttrs(v.attrs)
	default:
		for i, n := 0, e.NumAttrs(); i < n; i++ {
			name, value := e.Attr(i)
			v.attrs = append(v.attrs, attrPair{name, value})
		}
	}
	return v.attrs
}

// enter lists e's attributes, values included, in v.attrs and pushes
// its namespace declarations; the caller restores v.scope. Every
// [validator.element] call follows the enter of its element with no other
// listing in between, so the attribute checks read v.attrs rather than
// walking the start tag a second time.
func (v *validator) enter(e Element) {
	for _, a := range v.attrsOf(e) {
		name := a.name
		if len(name) < 5 || name[0] != 'x' {
			continue
		}
		if name == "xmlns" {
			v.scope = append(v.scope, nsBinding{"", a.value})
		} else if p, ok := strings.CutPrefix(name, "xmlns:"); ok {
			v.scope = append(v.scope, nsBinding{p, a.value})
		}
	}
}

func (v *validator) root(e Element) {
	mark := len(v.scope)
	v.enter(e)
	ns, local := v.split(e.Name(), false)
	if d := v.prof.globals[local]; ns != "" || d == nil {
		v.report(e, KindNoDeclaration, "No matching global declaration available for the validation root.")
	} else {
		v.element(e, d)
	}
	v.scope = v.scope[:mark]
}

// element validates e against its declaration d; e has just been
// entered (see [validator.enter]).
func (v *validator) element(e Element, d *elemDecl) {
	if v.ctx != nil {
		if v.elements++; v.elements&(ctxEvery-1) == 0 && v.ctx.Err() != nil {
			v.canceled = true
		}
		if v.canceled {
			return
		}
	}
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
		// Text that any value is valid for (<command>, <help>) is not
		// built unless a fixed value is to be compared with it.
		if ct.st.free && !d.hasFixed {
			return
		}
		text := e.Text() // built once: a view may join or decode it each time
		if !ct.st.free {
			v.value(e, ct.st, text, "")
		}
		if d.hasFixed && text != d.fixed {
			v.report(e, KindValue, "The element content '"+text+"' does not match the fixed value constraint '"+d.fixed+"'.")
		}
	case tab.ElementOnly, tab.Mixed:
		v.content(e, d, ct)
	}
}

// content validates the children of e, of element-only or mixed content
// ct. It is not part of element, so that neither needs a defer to drop
// the children listed (a defer in element, with its many returns, was
// not open-coded: the runtime ran it).
func (v *validator) content(e Element, d *elemDecl, ct *ctype) {
	var kids []Element
	var mark int
	if ct.content == tab.ElementOnly {
		var blank bool
		kids, mark, blank = v.contentOf(e)
		if !blank {
			v.report(e, KindText, "Character content other than whitespace is not allowed because the content type is 'element-only'.")
			if v.stop() {
				v.dropKids(mark)
				return
			}
		}
	} else {
		kids, mark = v.childrenOf(e)
	}
	outer := v.uniq
	v.uniq = newUniqueScope(d)
	v.children(e, ct, kids)
	v.uniq = outer
	v.dropKids(mark)
}

// simpleElement validates an element whose type is a simple type.
func (v *validator) simpleElement(e Element, d *elemDecl) {
	v.simpleAttributes(e)
	if v.stop() {
		return
	}
	if e.NumChildren() > 0 {
		v.report(e, KindChildren, "Element content is not allowed, because the type definition is simple.")
		return
	}
	if d.st.free && !d.hasFixed {
		return
	}
	text := e.Text()
	if !d.st.free {
		v.value(e, d.st, text, "")
	}
	if d.hasFixed && !v.stop() && text != d.fixed {
		v.report(e, KindValue, "The element content '"+text+"' does not match the fixed value constraint '"+d.fixed+"'.")
	}
}

// simpleAttributes checks the attributes of e, whose type is a simple
// type: none is allowed but namespace declarations and xsi attributes.
func (v *validator) simpleAttributes(e Element) {
	for _, a := range v.attrs {
		name := a.name
		if ns, _ := v.split(name, true); isNSDecl(name) || ns == xsiNS {
			continue
		}
		if v.probes != nil {
			v.probes.attributes(len(v.errs), e, v.scope, nil)
		}
		v.reportAttr(e, KindAttrNotAllowed, name, "", "The attribute '"+name+"' is not allowed.")
		if v.stop() {
			return
		}
	}
}

// childrenOf returns e's child elements, kept in v.kids from mark on: the
// caller calls v.dropKids(mark) when done with them. Walking the
// children appends theirs after them, which leaves them untouched.
func (v *validator) childrenOf(e Element) (kids []Element, mark int) {
	mark = len(v.kids)
	switch x := e.(type) {
	case expandedElem:
		v.kids = x.appendChildren(v.kids)
	case writtenElem:
		v.kids = x.appendChildren(v.kids)
	default:
		for i, n := 0, e.NumChildren(); i < n; i++ {
			v.kids = append(v.kids, e.Child(i))
		}
	}
	return v.kids[mark:], mark
}

// contentOf is childrenOf that also reports whether e's text is blank,
// which the views of this package tell in the same walk over their
// content (see [writtenElem.appendContent]) without building the text.
func (v *validator) contentOf(e Element) (kids []Element, mark int, blank bool) {
	mark = len(v.kids)
	switch x := e.(type) {
	case expandedElem:
		v.kids, blank = x.appendContent(v.kids)
	case writtenElem:
		v.kids, blank = x.appendContent(v.kids)
	default:
		blank = isBlank(e.Text())
		kids, mark = v.childrenOf(e)
		return kids, mark, blank
	}
	return v.kids[mark:], mark, blank
}

// dropKids truncates v.kids to mark, clearing the dropped entries so
// that a pooled buffer keeps no tree alive.
func (v *validator) dropKids(mark int) {
	clear(v.kids[mark:])
	v.kids = v.kids[:mark]
}

// isBlank reports whether s is only XML whitespace. It is asked of every
// tail between child elements, nearly always a line end and the next
// line's indentation in spaces: such a tail is compared with indentation
// whole. Others have each byte tested with one comparison and one bit
// test rather than four comparisons.
func isBlank(s string) bool {
	if len(s) <= len(indentation) && s == indentation[:len(s)] {
		return true
	}
	const ws uint64 = 1<<' ' | 1<<'\t' | 1<<'\n' | 1<<'\r'
	for i := 0; i < len(s); i++ {
		if c := s[i]; c > ' ' || ws>>c&1 == 0 {
			return false
		}
	}
	return true
}

// indentation is a line end and spaces, the most common tail (see isBlank).
const indentation = "\n" + "                                                                "

func isNSDecl(name string) bool { return name == "xmlns" || strings.HasPrefix(name, "xmlns:") }

func (v *validator) reportAttr(e Element, kind Kind, attr, value, msg string) {
	v.errs = append(v.errs, Error{Pos: e.Pos(), Kind: kind, Element: e.Name(), Attr: attr, Value: value, Msg: msg})
}

// value checks text or an attribute value (attr != "") against st.
func (v *validator) value(e Element, st *stype, value, attr string) {
	if v.first {
		if _, f, _ := st.verify(value); f != failNone {
			v.counted(KindValue)
		}
		return
	}
	if msg := st.check(value, attr != ""); msg != "" {
		v.reportAttr(e, KindValue, attr, value, msg)
	}
}

// attributes checks e's attributes against ct's attribute uses and wildcard.
func (v *validator) attributes(e Element, ct *ctype) {
	var given uint64 // the bits of the required uses given (see attrUse.bit)
	for _, a := range v.attrs {
		name, value := a.name, a.value
		// Nearly every attribute is declared, and found by its name as
		// written: no declared name has a prefix or is xmlns (see
		// plainName), so that name is in no namespace and declares none.
		j := ct.attrNames.find(name)
		if j < 0 {
			if isNSDecl(name) {
				continue
			}
			ns, local := v.split(name, true)
			if ns == xsiNS {
				continue
			}
			if ns == "" {
				j = ct.attrNames.find(local) // a prefix bound to no namespace
			}
			if j < 0 {
				v.undeclaredAttr(e, ct, name, ns)
				if v.stop() {
					return
				}
				continue
			}
		}
		u := &ct.attrs[j]
		given |= u.bit
		if !u.st.free {
			v.value(e, u.st, value, name)
		}
		if u.hasFixed && !v.stop() && normalize(value, u.st.ws) != normalize(u.fixed, u.st.ws) {
			v.reportAttr(e, KindValue, name, value, "The value '"+value+"' does not match the fixed value constraint '"+u.fixed+"'.")
		}
		if v.stop() {
			return
		}
	}
	if len(ct.required) == bits.OnesCount64(given) {
		return
	}
	for r, u := range ct.required {
		if given&(1<<r) != 0 {
			continue
		}
		if !v.counted(KindAttrMissing) {
			v.reportAttr(e, KindAttrMissing, "", "", "The attribute '"+u.name+"' is required but missing.")
		}
		if v.stop() {
			return
		}
	}
}

// undeclaredAttr reports the attribute name of e, in namespace ns, that
// none of ct's attribute uses declares, unless ct's wildcard takes it.
func (v *validator) undeclaredAttr(e Element, ct *ctype, name, ns string) {
	if w := ct.anyAttr; w != nil && w.allows(ns) {
		if w.process == tab.Strict {
			if v.probes != nil {
				v.probes.attributes(len(v.errs), e, v.scope, ct)
			}
			v.reportAttr(e, KindAttrNotAllowed, name, "", "No matching global attribute declaration available, but demanded by the strict wildcard.")
		}
	} else if !v.counted(KindAttrNotAllowed) {
		if v.probes != nil {
			v.probes.attributes(len(v.errs), e, v.scope, ct)
		}
		v.reportAttr(e, KindAttrNotAllowed, name, "", "The attribute '"+name+"' is not allowed.")
	}
}

// children matches e's child elements kids against ct's content model
// and validates each child with the declaration it matched.
func (v *validator) children(e Element, ct *ctype, kids []Element) {
	if ct.all != nil {
		v.allChildren(e, ct.all, kids)
		return
	}
	if ct.model == nil {
		for _, c := range kids {
			if v.probes != nil {
				// A type without a content model takes no child,
				// whatever its name: the probe needs no scope.
				v.probes.unexpected(len(v.errs), &probe{elem: c})
			}
			v.report(c, KindUnexpected, "This element is not expected.")
			if v.stop() {
				return
			}
		}
		return
	}
	m := ct.model.get()
	state := int32(0)
	failed := false
	for _, c := range kids {
		mark := len(v.scope)
		v.enter(c)
		ed, ok, ns, local := v.stepChild(m, state, c.Name())
		if ok {
			state = ed.to
			if ed.decl != nil {
				v.element(c, ed.decl)
				if v.uniq != nil {
					v.uniqueTarget(c, ed.decl, ns, local)
				}
			} else {
				v.wildcardElement(c, ed.wild, ns, local)
			}
		} else {
			failed = true
			if v.probes != nil {
				v.probes.unexpected(len(v.errs), &probe{elem: c, scope: v.scope, model: m, state: state})
			}
			v.unexpected(c, m, state)
		}
		v.scope = v.scope[:mark]
		if v.stop() {
			return
		}
	}
	st := &m.states[state]
	if failed || st.final || v.counted(KindMissing) {
		return
	}
	v.errs = append(v.errs, Error{Pos: e.Pos(), Kind: KindMissing, Element: e.Name(), Expected: st.expected,
		Msg: "Missing child element(s)." + st.expectedText})
}

// stepChild returns the transition of m in state for the child element
// named name as written, and the namespace and local name it has. With no
// namespace declared (nearly always), a name that a transition names as
// written is that name in no namespace: declared names have no prefix
// (see plainName), and the split is left to other names.
func (v *validator) stepChild(m *model, state int32, name string) (ed edge, ok bool, ns, local string) {
	if len(v.scope) == 0 {
		s := &m.states[state]
		if i := s.names.find(name); i >= 0 {
			return s.next[i], true, "", name
		}
	}
	ns, local = v.split(name, false)
	ed, ok = m.step(state, ns, local)
	return ed, ok, ns, local
}

func (v *validator) allChildren(e Element, a *allModel, kids []Element) {
	seen := make([]bool, len(a.items))
	n := len(kids)
	failed := false
	for _, c := range kids {
		mark := len(v.scope)
		v.enter(c)
		ns, local := v.split(c.Name(), false)
		j, ok := a.index(local)
		if ns == "" && ok && !seen[j] {
			seen[j] = true
			v.element(c, a.items[j].decl)
			if v.uniq != nil {
				v.uniqueTarget(c, a.items[j].decl, ns, local)
			}
		} else {
			failed = true
			if v.probes != nil {
				v.probes.unexpected(len(v.errs), &probe{elem: c, scope: v.scope, all: a, seen: seen})
			}
			v.unexpectedInAll(c, a, seen, ok && ns == "")
		}
		v.scope = v.scope[:mark]
		if v.stop() {
			return
		}
	}
	if failed || (n == 0 && a.min == 0) || !a.missing(seen) || v.counted(KindMissing) {
		return
	}
	// The required items not seen; with no children at all, every item.
	exp := a.expected(seen, n > 0)
	v.errs = append(v.errs, Error{Pos: e.Pos(), Kind: KindMissing, Element: e.Name(), Expected: exp,
		Msg: "Missing child element(s)." + expectedText(exp)})
}

// unexpected reports the child c, which the content model m does not
// take in state.
func (v *validator) unexpected(c Element, m *model, state int32) {
	if st := &m.states[state]; !v.counted(KindUnexpected) {
		v.errs = append(v.errs, Error{Pos: c.Pos(), Kind: KindUnexpected, Element: c.Name(), Expected: st.expected,
			Msg: "This element is not expected." + st.expectedText})
	}
}

// unexpectedInAll reports the child c, which the xs:all group a does not
// take once the items seen are; again is whether c names one of them.
func (v *validator) unexpectedInAll(c Element, a *allModel, seen []bool, again bool) {
	if v.counted(KindUnexpected) {
		return
	}
	exp := a.expected(seen, false)
	msg := "This element is not expected." + expectedText(exp)
	if again {
		msg = "This element is not expected: it may occur only once here."
	}
	v.errs = append(v.errs, Error{Pos: c.Pos(), Kind: KindUnexpected, Element: c.Name(), Expected: exp, Msg: msg})
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
	kids, kmark := v.childrenOf(e)
	defer v.dropKids(kmark)
	for _, c := range kids {
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
