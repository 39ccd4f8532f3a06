package xsdgen

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/galaxy-gtr/gtr/rules/schema/internal/tab"
)

// The graph types hold one profile's schema with every name resolved; the
// dedupe step merges equal components across profiles.

type gElem struct {
	name     string
	st       *gSimple
	ct       *gComplex
	def      string
	fixed    string
	hasFixed bool
	abstract bool
	nillable bool
	uniques  []tab.Unique
}

type gComplex struct {
	name     string
	content  tab.Content
	st       *gSimple
	particle *gParticle
	attrs    []*gAttr // sorted by name
	anyAttr  *tab.Wildcard
	abstract bool

	src        *node
	done, busy bool
}

type gParticle struct {
	kind     tab.Kind
	min, max int32
	elem     *gElem
	kids     []*gParticle
	wild     *tab.Wildcard
}

type gAttr struct {
	name     string
	st       *gSimple
	required bool
	def      string
	fixed    string
	hasFixed bool
}

type gSimple struct {
	name     string
	variety  tab.Variety
	base     *gSimple
	item     *gSimple
	members  []*gSimple
	ws       tab.Whitespace
	enum     []string
	patterns []string
	minLen   int32
	maxLen   int32
	hasMax   bool
}

// builtins are the XSD built-in simple types package schema knows how to
// check. Any other built-in is an error at generation time.
var builtins = []string{
	"anySimpleType", "string", "normalizedString", "token", "NMTOKEN", "Name", "NCName", "ID", "IDREF", "language",
	"boolean", "decimal", "integer", "nonNegativeInteger", "positiveInteger", "nonPositiveInteger",
	"negativeInteger", "long", "int", "short", "byte", "unsignedLong", "unsignedInt", "unsignedShort",
	"unsignedByte", "float", "double", "anyURI",
}

// shared holds the components that are the same in every profile.
type shared struct {
	simple  map[string]*gSimple
	anyType *gComplex
}

func newShared() *shared {
	s := &shared{simple: map[string]*gSimple{}}
	for _, b := range builtins {
		s.simple[b] = &gSimple{name: "xs:" + b, variety: tab.Builtin}
	}
	lax := &tab.Wildcard{Namespaces: []string{"##any"}, Process: tab.Lax}
	s.anyType = &gComplex{
		name:     "xs:anyType",
		content:  tab.Mixed,
		particle: &gParticle{kind: tab.Any, min: 0, max: tab.Unbounded, wild: lax},
		anyAttr:  lax,
		done:     true,
	}
	return s
}

// resolver builds the graph of one schema document.
type resolver struct {
	sh      *shared
	top     map[string]map[string]*node // component kind → name → definition
	complex map[*node]*gComplex
	simple  map[*node]*gSimple
	elems   map[*node]*gElem
	queue   []*gComplex
	groups  map[*node]bool // model groups being expanded (cycle check)
	agroups map[*node]bool
}

// resolve returns the global element declarations of a schema, sorted by name.
func resolve(sh *shared, root *node) ([]*gElem, error) {
	if tns, ok := root.attr("targetNamespace"); ok && tns != "" {
		return nil, fmt.Errorf("targetNamespace %q is not supported", tns)
	}
	r := &resolver{
		sh:      sh,
		top:     map[string]map[string]*node{},
		complex: map[*node]*gComplex{},
		simple:  map[*node]*gSimple{},
		elems:   map[*node]*gElem{},
		groups:  map[*node]bool{},
		agroups: map[*node]bool{},
	}
	for _, k := range root.kids {
		switch k.local {
		case "element", "complexType", "simpleType", "group", "attributeGroup", "attribute":
			name, ok := k.attr("name")
			if !ok {
				return nil, fmt.Errorf("%s: top-level component without a name", k.where())
			}
			if r.top[k.local] == nil {
				r.top[k.local] = map[string]*node{}
			}
			if _, dup := r.top[k.local][name]; dup {
				return nil, fmt.Errorf("%s: %s %q defined twice", k.where(), k.local, name)
			}
			r.top[k.local][name] = k
		case "import", "include", "redefine", "notation":
			return nil, fmt.Errorf("%s: not supported", k.where())
		default:
			return nil, fmt.Errorf("%s: unexpected top-level element", k.where())
		}
	}
	var globals []*gElem
	names := make([]string, 0, len(r.top["element"]))
	for name := range r.top["element"] {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		e, err := r.elem(r.top["element"][name])
		if err != nil {
			return nil, err
		}
		globals = append(globals, e)
	}
	for len(r.queue) > 0 {
		c := r.queue[0]
		r.queue = r.queue[1:]
		if err := r.fill(c); err != nil {
			return nil, err
		}
	}
	return globals, nil
}

// lookup finds a top-level component by QName.
func (r *resolver) lookup(kind string, at *node, qn string) (*node, error) {
	local, builtin, err := at.qname(qn)
	if err != nil {
		return nil, err
	}
	if builtin {
		return nil, fmt.Errorf("%s: %s %q is not an XSD built-in component", at.where(), kind, qn)
	}
	n := r.top[kind][local]
	if n == nil {
		return nil, fmt.Errorf("%s: no %s named %q", at.where(), kind, qn)
	}
	return n, nil
}

// typeRef resolves a type QName to a simple or complex type.
func (r *resolver) typeRef(at *node, qn string) (*gSimple, *gComplex, error) {
	local, builtin, err := at.qname(qn)
	if err != nil {
		return nil, nil, err
	}
	if builtin {
		if local == "anyType" {
			return nil, r.sh.anyType, nil
		}
		if s := r.sh.simple[local]; s != nil {
			return s, nil, nil
		}
		return nil, nil, fmt.Errorf("%s: built-in type xs:%s is not supported", at.where(), local)
	}
	if n := r.top["simpleType"][local]; n != nil {
		s, err := r.simpleType(n)
		return s, nil, err
	}
	if n := r.top["complexType"][local]; n != nil {
		return nil, r.complexShell(n), nil
	}
	return nil, nil, fmt.Errorf("%s: no type named %q", at.where(), qn)
}

func (r *resolver) simpleRef(at *node, qn string) (*gSimple, error) {
	s, c, err := r.typeRef(at, qn)
	if err != nil {
		return nil, err
	}
	if s == nil {
		return nil, fmt.Errorf("%s: %q is a complex type where a simple type is required", at.where(), qn)
	}
	_ = c
	return s, nil
}

// complexShell returns the (possibly not yet filled) complex type of n and
// queues it for filling, so element cycles through types terminate.
func (r *resolver) complexShell(n *node) *gComplex {
	if c := r.complex[n]; c != nil {
		return c
	}
	name, _ := n.attr("name")
	c := &gComplex{name: name, src: n}
	r.complex[n] = c
	r.queue = append(r.queue, c)
	return c
}

// elem resolves an element declaration (global or local, not a ref).
func (r *resolver) elem(n *node) (*gElem, error) {
	if e := r.elems[n]; e != nil {
		return e, nil
	}
	name, ok := n.attr("name")
	if !ok {
		return nil, fmt.Errorf("%s: element without name or ref", n.where())
	}
	e := &gElem{name: name}
	r.elems[n] = e
	for _, a := range []string{"substitutionGroup", "form", "block", "final"} {
		if _, ok := n.attr(a); ok {
			return nil, fmt.Errorf("%s: attribute %s is not supported", n.where(), a)
		}
	}
	e.def, _ = n.attr("default")
	e.fixed, e.hasFixed = n.attr("fixed")
	e.abstract = n.attrs["abstract"] == "true"
	e.nillable = n.attrs["nillable"] == "true"
	if t, ok := n.attr("type"); ok {
		s, c, err := r.typeRef(n, t)
		if err != nil {
			return nil, err
		}
		e.st, e.ct = s, c
	}
	for _, k := range n.kids {
		switch k.local {
		case "complexType":
			e.ct = r.complexShell(k)
		case "simpleType":
			s, err := r.simpleType(k)
			if err != nil {
				return nil, err
			}
			e.st = s
		case "unique":
			u, err := unique(k)
			if err != nil {
				return nil, err
			}
			e.uniques = append(e.uniques, u)
		case "key", "keyref":
			return nil, fmt.Errorf("%s: identity constraints other than xs:unique are not supported", k.where())
		default:
			return nil, fmt.Errorf("%s: unexpected child of element", k.where())
		}
	}
	if e.st == nil && e.ct == nil {
		e.ct = r.sh.anyType
	}
	return e, nil
}

// occurs reads minOccurs and maxOccurs.
func occurs(n *node) (lo, hi int32, err error) {
	lo, hi = 1, 1
	if v, ok := n.attr("minOccurs"); ok {
		i, err := strconv.ParseInt(strings.TrimSpace(v), 10, 32)
		if err != nil || i < 0 {
			return 0, 0, fmt.Errorf("%s: bad minOccurs %q", n.where(), v)
		}
		lo = int32(i)
	}
	if v, ok := n.attr("maxOccurs"); ok {
		if strings.TrimSpace(v) == "unbounded" {
			hi = tab.Unbounded
		} else {
			i, err := strconv.ParseInt(strings.TrimSpace(v), 10, 32)
			if err != nil || i < 0 {
				return 0, 0, fmt.Errorf("%s: bad maxOccurs %q", n.where(), v)
			}
			hi = int32(i)
		}
	}
	if hi != tab.Unbounded && hi < lo {
		return 0, 0, fmt.Errorf("%s: maxOccurs < minOccurs", n.where())
	}
	return lo, hi, nil
}

// particle converts a particle element (element, group ref, sequence,
// choice, all, any).
func (r *resolver) particle(n *node) (*gParticle, error) {
	lo, hi, err := occurs(n)
	if err != nil {
		return nil, err
	}
	p := &gParticle{min: lo, max: hi}
	switch n.local {
	case "element":
		p.kind = tab.Element
		if ref, ok := n.attr("ref"); ok {
			g, err := r.lookup("element", n, ref)
			if err != nil {
				return nil, err
			}
			p.elem, err = r.elem(g)
			return p, err
		}
		p.elem, err = r.elem(n)
		return p, err
	case "any":
		p.kind = tab.Any
		p.wild, err = wildcard(n)
		return p, err
	case "group":
		ref, ok := n.attr("ref")
		if !ok {
			return nil, fmt.Errorf("%s: local group without ref", n.where())
		}
		g, err := r.lookup("group", n, ref)
		if err != nil {
			return nil, err
		}
		if r.groups[g] {
			return nil, fmt.Errorf("%s: group %q refers to itself", n.where(), ref)
		}
		if len(g.kids) != 1 {
			return nil, fmt.Errorf("%s: group %q must hold exactly one model group", g.where(), ref)
		}
		r.groups[g] = true
		inner, err := r.particle(g.kids[0])
		delete(r.groups, g)
		if err != nil {
			return nil, err
		}
		inner.min, inner.max = lo, hi
		return inner, nil
	case "sequence", "choice", "all":
		p.kind = map[string]tab.Kind{"sequence": tab.Sequence, "choice": tab.Choice, "all": tab.All}[n.local]
		for _, k := range n.kids {
			kp, err := r.particle(k)
			if err != nil {
				return nil, err
			}
			p.kids = append(p.kids, kp)
		}
		return p, nil
	}
	return nil, fmt.Errorf("%s: not a particle", n.where())
}

func wildcard(n *node) (*tab.Wildcard, error) {
	w := &tab.Wildcard{Namespaces: []string{"##any"}}
	if v, ok := n.attr("namespace"); ok {
		w.Namespaces = strings.Fields(v)
	}
	switch n.attrs["processContents"] {
	case "", "strict":
		w.Process = tab.Strict
	case "lax":
		w.Process = tab.Lax
	case "skip":
		w.Process = tab.Skip
	default:
		return nil, fmt.Errorf("%s: bad processContents", n.where())
	}
	return w, nil
}

// emptyParticle reports whether a content model allows nothing at all (XSD
// 1.0 §3.4.2, "effective content" empty).
func emptyParticle(p *gParticle) bool {
	switch {
	case p == nil, p.max == 0:
		return true
	case (p.kind == tab.Sequence || p.kind == tab.All) && len(p.kids) == 0:
		return true
	case p.kind == tab.Choice && len(p.kids) == 0 && p.min == 0:
		return true
	}
	return false
}

// attrList is an ordered set of attribute uses; a nil use is prohibited.
type attrList struct {
	names []string
	uses  map[string]*gAttr
	wild  *tab.Wildcard
}

func (l *attrList) set(name string, a *gAttr) {
	if l.uses == nil {
		l.uses = map[string]*gAttr{}
	}
	if _, ok := l.uses[name]; !ok {
		l.names = append(l.names, name)
	}
	l.uses[name] = a
}

// attributes collects attribute, attributeGroup and anyAttribute children.
func (r *resolver) attributes(n *node, l *attrList) error {
	for _, k := range n.kids {
		switch k.local {
		case "attribute":
			a, err := r.attribute(k)
			if err != nil {
				return err
			}
			name := k.attrs["name"]
			if ref, ok := k.attr("ref"); ok {
				name, _, _ = k.qname(ref)
			}
			l.set(name, a)
		case "attributeGroup":
			ref, ok := k.attr("ref")
			if !ok {
				return fmt.Errorf("%s: local attributeGroup without ref", k.where())
			}
			g, err := r.lookup("attributeGroup", k, ref)
			if err != nil {
				return err
			}
			if r.agroups[g] {
				return fmt.Errorf("%s: attributeGroup %q refers to itself", k.where(), ref)
			}
			r.agroups[g] = true
			err = r.attributes(g, l)
			delete(r.agroups, g)
			if err != nil {
				return err
			}
		case "anyAttribute":
			w, err := wildcard(k)
			if err != nil {
				return err
			}
			l.wild = w
		}
	}
	return nil
}

// attribute converts an attribute declaration or reference to a use; nil
// when the use is prohibited.
func (r *resolver) attribute(n *node) (*gAttr, error) {
	use := n.attrs["use"]
	decl := n
	if ref, ok := n.attr("ref"); ok {
		g, err := r.lookup("attribute", n, ref)
		if err != nil {
			return nil, err
		}
		decl = g
	}
	if use == "prohibited" {
		return nil, nil
	}
	a := &gAttr{name: decl.attrs["name"], required: use == "required"}
	if a.name == "" {
		return nil, fmt.Errorf("%s: attribute without name", n.where())
	}
	if _, ok := decl.attr("form"); ok {
		return nil, fmt.Errorf("%s: attribute form is not supported", n.where())
	}
	for _, src := range []*node{decl, n} {
		if v, ok := src.attr("default"); ok {
			a.def = v
		}
		if v, ok := src.attr("fixed"); ok {
			a.fixed, a.hasFixed = v, true
		}
	}
	if t, ok := decl.attr("type"); ok {
		s, err := r.simpleRef(decl, t)
		if err != nil {
			return nil, err
		}
		a.st = s
	}
	for _, k := range decl.kids {
		if k.local != "simpleType" {
			return nil, fmt.Errorf("%s: unexpected child of attribute", k.where())
		}
		s, err := r.simpleType(k)
		if err != nil {
			return nil, err
		}
		a.st = s
	}
	if a.st == nil {
		a.st = r.sh.simple["anySimpleType"]
	}
	return a, nil
}

// finish sorts the attribute uses, dropping prohibited ones.
func (l *attrList) finish() []*gAttr {
	var out []*gAttr
	for _, name := range l.names {
		if a := l.uses[name]; a != nil {
			out = append(out, a)
		}
	}
	slices.SortFunc(out, func(a, b *gAttr) int { return strings.Compare(a.name, b.name) })
	return out
}

// fill computes a complex type's effective content and attribute uses.
func (r *resolver) fill(c *gComplex) error {
	if c.done {
		return nil
	}
	if c.busy {
		return fmt.Errorf("%s: circular type derivation", c.src.where())
	}
	c.busy = true
	defer func() { c.busy = false }()
	n := c.src
	mixed := n.attrs["mixed"] == "true"
	c.abstract = n.attrs["abstract"] == "true"
	var own attrList
	var p *gParticle
	for _, k := range n.kids {
		switch k.local {
		case "simpleContent":
			if err := r.simpleContent(c, k); err != nil {
				return err
			}
			c.done = true
			return nil
		case "complexContent":
			if v, ok := k.attr("mixed"); ok {
				mixed = v == "true"
			}
			if err := r.complexContent(c, k, mixed); err != nil {
				return err
			}
			c.done = true
			return nil
		case "sequence", "choice", "all", "group":
			var err error
			if p, err = r.particle(k); err != nil {
				return err
			}
		case "attribute", "attributeGroup", "anyAttribute":
		default:
			return fmt.Errorf("%s: unexpected child of complexType", k.where())
		}
	}
	if err := r.attributes(n, &own); err != nil {
		return err
	}
	c.attrs, c.anyAttr = own.finish(), own.wild
	setContent(c, p, mixed)
	c.done = true
	return nil
}

func setContent(c *gComplex, p *gParticle, mixed bool) {
	switch {
	case emptyParticle(p) && mixed:
		c.content = tab.Mixed
	case emptyParticle(p):
		c.content = tab.Empty
	case mixed:
		c.content, c.particle = tab.Mixed, p
	default:
		c.content, c.particle = tab.ElementOnly, p
	}
}

// derivation returns the single extension or restriction child of a
// simpleContent or complexContent element and its base.
func (r *resolver) derivation(n *node) (d *node, bs *gSimple, bc *gComplex, err error) {
	if len(n.kids) != 1 || (n.kids[0].local != "extension" && n.kids[0].local != "restriction") {
		return nil, nil, nil, fmt.Errorf("%s: expected one extension or restriction", n.where())
	}
	d = n.kids[0]
	base, ok := d.attr("base")
	if !ok {
		return nil, nil, nil, fmt.Errorf("%s: no base", d.where())
	}
	bs, bc, err = r.typeRef(d, base)
	if err == nil && bc != nil {
		err = r.fill(bc)
	}
	return d, bs, bc, err
}

func (r *resolver) simpleContent(c *gComplex, n *node) error {
	d, bs, bc, err := r.derivation(n)
	if err != nil {
		return err
	}
	var l attrList
	if bc != nil {
		if bc.content != tab.SimpleText {
			return fmt.Errorf("%s: simpleContent base %q has no simple content", d.where(), bc.name)
		}
		for _, a := range bc.attrs {
			l.set(a.name, a)
		}
		l.wild = bc.anyAttr
		bs = bc.st
	}
	c.content, c.st = tab.SimpleText, bs
	if d.local == "restriction" {
		if bc == nil {
			return fmt.Errorf("%s: simpleContent restriction of a simple type", d.where())
		}
		st, err := r.restriction(d, bs, "")
		if err != nil {
			return err
		}
		c.st = st
	}
	baseWild := l.wild
	l.wild = nil
	if err := r.attributes(d, &l); err != nil {
		return err
	}
	c.attrs, c.anyAttr = l.finish(), mergeWild(d.local, baseWild, l.wild)
	return nil
}

func (r *resolver) complexContent(c *gComplex, n *node, mixed bool) error {
	d, bs, bc, err := r.derivation(n)
	if err != nil {
		return err
	}
	if bs != nil {
		return fmt.Errorf("%s: complexContent base is a simple type", d.where())
	}
	var own *gParticle
	for _, k := range d.kids {
		switch k.local {
		case "sequence", "choice", "all", "group":
			if own, err = r.particle(k); err != nil {
				return err
			}
		case "attribute", "attributeGroup", "anyAttribute":
		default:
			return fmt.Errorf("%s: unexpected child of %s", k.where(), d.local)
		}
	}
	var l attrList
	for _, a := range bc.attrs {
		l.set(a.name, a)
	}
	if err := r.attributes(d, &l); err != nil {
		return err
	}
	c.attrs = l.finish()
	c.anyAttr = mergeWild(d.local, bc.anyAttr, l.wild)
	if d.local == "restriction" {
		setContent(c, own, mixed)
		return nil
	}
	switch {
	case bc.particle == nil:
	case emptyParticle(own):
		own = bc.particle
	default:
		own = &gParticle{kind: tab.Sequence, min: 1, max: 1, kids: []*gParticle{bc.particle, own}}
	}
	setContent(c, own, mixed || bc.content == tab.Mixed)
	return nil
}

// mergeWild combines a base's attribute wildcard with a derived type's: an
// extension's is the union, a restriction's is its own.
func mergeWild(how string, base, own *tab.Wildcard) *tab.Wildcard {
	switch {
	case how == "restriction", base == nil:
		return own
	case own == nil:
		return base
	}
	u := &tab.Wildcard{Process: own.Process}
	if slices.Contains(base.Namespaces, "##any") || slices.Contains(own.Namespaces, "##any") {
		u.Namespaces = []string{"##any"}
	} else {
		u.Namespaces = append(slices.Clone(base.Namespaces), own.Namespaces...)
	}
	return u
}

// simpleType converts a named or anonymous xs:simpleType.
func (r *resolver) simpleType(n *node) (*gSimple, error) {
	if s := r.simple[n]; s != nil {
		return s, nil
	}
	if len(n.kids) != 1 {
		return nil, fmt.Errorf("%s: expected one restriction, list or union", n.where())
	}
	name, _ := n.attr("name")
	d := n.kids[0]
	var s *gSimple
	var err error
	switch d.local {
	case "restriction":
		var base *gSimple
		if b, ok := d.attr("base"); ok {
			if base, err = r.simpleRef(d, b); err != nil {
				return nil, err
			}
		}
		s, err = r.restriction(d, base, name)
	case "list":
		s = &gSimple{name: name, variety: tab.List}
		if t, ok := d.attr("itemType"); ok {
			s.item, err = r.simpleRef(d, t)
		}
		for _, k := range d.kids {
			if s.item, err = r.simpleType(k); err != nil {
				break
			}
		}
		if err == nil && s.item == nil {
			err = fmt.Errorf("%s: list without item type", d.where())
		}
	case "union":
		s = &gSimple{name: name, variety: tab.Union}
		for _, t := range strings.Fields(d.attrs["memberTypes"]) {
			m, err := r.simpleRef(d, t)
			if err != nil {
				return nil, err
			}
			s.members = append(s.members, m)
		}
		for _, k := range d.kids {
			m, err := r.simpleType(k)
			if err != nil {
				return nil, err
			}
			s.members = append(s.members, m)
		}
		if len(s.members) == 0 {
			err = fmt.Errorf("%s: union without member types", d.where())
		}
	default:
		err = fmt.Errorf("%s: expected restriction, list or union", d.where())
	}
	if err != nil {
		return nil, err
	}
	r.simple[n] = s
	return s, nil
}

// restriction converts the facets of a restriction of base (nil when the
// base is given by a nested simpleType).
func (r *resolver) restriction(d *node, base *gSimple, name string) (*gSimple, error) {
	s := &gSimple{name: name, variety: tab.Restriction, base: base}
	for _, k := range d.kids {
		v := k.attrs["value"]
		switch k.local {
		case "simpleType":
			b, err := r.simpleType(k)
			if err != nil {
				return nil, err
			}
			s.base = b
		case "enumeration":
			s.enum = append(s.enum, v)
		case "pattern":
			s.patterns = append(s.patterns, v)
		case "minLength", "maxLength":
			n, err := strconv.ParseInt(v, 10, 32)
			if err != nil || n < 0 {
				return nil, fmt.Errorf("%s: bad %s %q", k.where(), k.local, v)
			}
			if k.local == "minLength" {
				s.minLen = int32(n)
			} else {
				s.maxLen, s.hasMax = int32(n), true
			}
		case "whiteSpace":
			ws, ok := map[string]tab.Whitespace{"preserve": tab.Preserve, "replace": tab.Replace, "collapse": tab.Collapse}[v]
			if !ok {
				return nil, fmt.Errorf("%s: bad whiteSpace %q", k.where(), v)
			}
			s.ws = ws
		case "attribute", "attributeGroup", "anyAttribute":
			// simpleContent restriction: handled by the caller.
		default:
			return nil, fmt.Errorf("%s: facet %s is not supported", k.where(), k.local)
		}
	}
	if s.base == nil {
		return nil, fmt.Errorf("%s: restriction without base", d.where())
	}
	return s, nil
}

// unique converts an xs:unique of the form package schema checks: a
// selector that is a union of child element names and one field that is
// an attribute ("variable|secret", "@name").
func unique(n *node) (tab.Unique, error) {
	u := tab.Unique{}
	name, ok := n.attr("name")
	if !ok {
		return u, fmt.Errorf("%s: xs:unique without a name", n.where())
	}
	u.Name = name
	var selector, fields []*node
	for _, k := range n.kids {
		switch k.local {
		case "selector":
			selector = append(selector, k)
		case "field":
			fields = append(fields, k)
		default:
			return u, fmt.Errorf("%s: unexpected child of xs:unique", k.where())
		}
	}
	if len(selector) != 1 || len(fields) != 1 {
		return u, fmt.Errorf("%s: xs:unique %q: want one selector and one field (several fields are not supported)", n.where(), name)
	}
	for _, step := range strings.Split(selector[0].attrs["xpath"], "|") {
		step = strings.TrimSpace(step)
		if !isNCName(step) {
			return u, fmt.Errorf("%s: selector %q: only child element names joined by | are supported", selector[0].where(), selector[0].attrs["xpath"])
		}
		u.Children = append(u.Children, step)
	}
	attr, ok := strings.CutPrefix(strings.TrimSpace(fields[0].attrs["xpath"]), "@")
	if !ok || !isNCName(attr) {
		return u, fmt.Errorf("%s: field %q: only an attribute (@name) is supported", fields[0].where(), fields[0].attrs["xpath"])
	}
	u.Attr = attr
	return u, nil
}

// isNCName reports whether s is a name without a prefix, of the ASCII
// letters, digits, '_', '-' and '.' (all the schemas use), not starting
// with a digit, '-' or '.'.
func isNCName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_':
		case i > 0 && (c >= '0' && c <= '9' || c == '-' || c == '.'):
		default:
			return false
		}
	}
	return true
}
