package schema

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

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
	name      string // "" when anonymous
	content   tab.Content
	st        *stype
	model     *lazyModel // content model; nil when none
	all       *allModel  // content model when it is an xs:all group
	attrNames names      // the attribute uses' names, attrs[i] named attrNames[i]
	attrs     []attrUse
	required  []*attrUse // into attrs, in declaration order
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
	return newCompiler(t).compile()
}

func newCompiler(t *tab.Tables) *compiler {
	return &compiler{
		t:       t,
		elems:   make([]*elemDecl, len(t.Elems)),
		complex: make([]*ctype, len(t.Complex)),
		simple:  make([]*stype, len(t.Simple)),
	}
}

// compile compiles every component of c.t and gathers each profile's
// global declarations.
func (c *compiler) compile() (*set, error) {
	t := c.t
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
	ct.attrs = make([]attrUse, 0, len(x.Attrs))
	for _, a := range x.Attrs {
		ta := c.t.Attrs[a]
		ct.attrs = append(ct.attrs, attrUse{name: ta.Name, st: c.simple[ta.Simple], required: ta.Required, fixed: ta.Fixed, hasFixed: ta.HasFixed})
	}
	slices.SortFunc(ct.attrs, func(a, b attrUse) int { return nameOrder(a.name, b.name) })
	ct.attrNames = make(names, len(ct.attrs))
	for j := range ct.attrs {
		ct.attrNames[j] = ct.attrs[j].name
		if j > 0 && ct.attrNames[j-1] == ct.attrNames[j] {
			return fmt.Errorf("complex type %d (%q): attribute %q declared twice", i, x.Name, ct.attrNames[j])
		}
	}
	for _, a := range x.Attrs {
		if c.t.Attrs[a].Required {
			j := ct.attrNames.find(c.t.Attrs[a].Name)
			ct.required = append(ct.required, &ct.attrs[j])
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

// names is a sorted list of names searched by [names.find]: the attribute
// uses of a complex type, the transitions of a content model state. They
// are few (at most a few dozen), so one contiguous slice binary-searched
// costs less than a map and its hashing, and the order (see nameOrder)
// settles most comparisons on the lengths alone, without reading the bytes.
type names []string

// nameOrder orders names by length, then bytewise.
func nameOrder(a, b string) int {
	if len(a) != len(b) {
		return cmp.Compare(len(a), len(b))
	}
	return strings.Compare(a, b)
}

// find returns the index of name in n, or -1 when it is not there.
func (n names) find(name string) int {
	lo, hi := 0, len(n)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if k := n[m]; len(k) < len(name) || (len(k) == len(name) && k < name) {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(n) && n[lo] == name {
		return lo
	}
	return -1
}
