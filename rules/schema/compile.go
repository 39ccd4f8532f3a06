package schema

import (
	"fmt"
	"slices"

	"github.com/galaxy-gtr/gtr/rules/schema/internal/tab"
)

// set is a compiled tables value: every profile's declarations, sharing
// the compiled form of components the profiles share.
type set struct {
	names       []string // profile names, oldest first
	newestFirst []string
	profiles    map[string]*profile
}

type profile struct {
	name    string
	globals map[string]*elemDecl
}

type elemDecl struct {
	name     string
	st       *stype
	ct       *ctype
	fixed    string
	hasFixed bool
	abstract bool
}

type ctype struct {
	name     string // "" when anonymous
	content  tab.Content
	st       *stype
	model    *model    // content model; nil when none
	all      *allModel // content model when it is an xs:all group
	attrs    map[string]*attrUse
	required []*attrUse
	anyAttr  *wildcard
	abstract bool
	anyType  bool
}

type attrUse struct {
	name     string
	st       *stype
	required bool
	fixed    string
	hasFixed bool
}

type wildcard struct {
	any     bool     // ##any
	other   bool     // ##other: any namespace, but not none
	ns      []string // listed namespaces; "" is no namespace
	process tab.Process
}

// allows reports whether the wildcard admits a name in namespace ns ("" for none).
func (w *wildcard) allows(ns string) bool {
	if w.any || (w.other && ns != "") {
		return true
	}
	for _, n := range w.ns {
		if n == ns {
			return true
		}
	}
	return false
}

func newWildcard(w *tab.Wildcard) *wildcard {
	if w == nil {
		return nil
	}
	c := &wildcard{process: w.Process}
	for _, n := range w.Namespaces {
		switch n {
		case "##any":
			c.any = true
		case "##other":
			c.other = true
		case "##local", "##targetNamespace":
			c.ns = append(c.ns, "")
		default:
			c.ns = append(c.ns, n)
		}
	}
	return c
}

// compile builds the validators for every profile in t.
func compile(t *tab.Tables) (*set, error) {
	c := &compiler{
		t:       t,
		elems:   make([]*elemDecl, len(t.Elems)),
		complex: make([]*ctype, len(t.Complex)),
		simple:  make([]*stype, len(t.Simple)),
	}
	for i := 1; i < len(t.Simple); i++ {
		if _, err := c.simpleType(int32(i)); err != nil {
			return nil, err
		}
	}
	for i := 1; i < len(t.Elems); i++ {
		c.elem(int32(i))
	}
	for i := 1; i < len(t.Complex); i++ {
		if err := c.fill(int32(i)); err != nil {
			return nil, err
		}
	}
	s := &set{profiles: map[string]*profile{}}
	for _, p := range t.Profiles {
		cp := &profile{name: p.Name, globals: map[string]*elemDecl{}}
		for _, e := range p.Elems {
			d := c.elem(e)
			cp.globals[d.name] = d
		}
		s.names = append(s.names, p.Name)
		s.profiles[p.Name] = cp
	}
	if len(s.names) == 0 {
		return nil, fmt.Errorf("no profiles")
	}
	s.newestFirst = slices.Clone(s.names)
	slices.Reverse(s.newestFirst)
	return s, nil
}

type compiler struct {
	t       *tab.Tables
	elems   []*elemDecl
	complex []*ctype
	simple  []*stype
}

func (c *compiler) elem(i int32) *elemDecl {
	if d := c.elems[i]; d != nil {
		return d
	}
	e := c.t.Elems[i]
	d := &elemDecl{name: e.Name, fixed: e.Fixed, hasFixed: e.HasFixed, abstract: e.Abstract}
	c.elems[i] = d
	if e.Simple != 0 {
		d.st = c.simple[e.Simple]
	}
	if e.Complex != 0 {
		d.ct = c.ctype(e.Complex)
	}
	return d
}

// ctype returns the (possibly not yet filled) compiled complex type i.
func (c *compiler) ctype(i int32) *ctype {
	if ct := c.complex[i]; ct != nil {
		return ct
	}
	ct := &ctype{}
	c.complex[i] = ct
	return ct
}

func (c *compiler) fill(i int32) error {
	x := c.t.Complex[i]
	ct := c.ctype(i)
	ct.name, ct.content, ct.abstract = x.Name, x.Content, x.Abstract
	ct.anyType = x.Name == "xs:anyType"
	if x.Simple != 0 {
		ct.st = c.simple[x.Simple]
	}
	ct.attrs = make(map[string]*attrUse, len(x.Attrs))
	for _, a := range x.Attrs {
		ta := c.t.Attrs[a]
		u := &attrUse{name: ta.Name, st: c.simple[ta.Simple], required: ta.Required, fixed: ta.Fixed, hasFixed: ta.HasFixed}
		ct.attrs[u.name] = u
		if u.required {
			ct.required = append(ct.required, u)
		}
	}
	ct.anyAttr = newWildcard(x.AnyAttr)
	if x.Particle == 0 {
		return nil
	}
	if p := c.t.Particles[x.Particle]; p.Kind == tab.All {
		all, err := c.allModel(p)
		ct.all = all
		return err
	}
	m, err := c.model(x.Particle)
	if err != nil {
		return fmt.Errorf("complex type %d (%q): %w", i, x.Name, err)
	}
	ct.model = m
	return nil
}
