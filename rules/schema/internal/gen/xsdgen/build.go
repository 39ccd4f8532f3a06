package xsdgen

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/galaxy-gtr/gtr/rules/schema/internal/tab"
)

// Schema is one profile's XSD document.
type Schema struct {
	Profile string
	Data    []byte
	File    string // where Data comes from, relative to the shared folder, with slashes
	StandIn string // "" when Data is the release's own schema, else what it is
}

// Build resolves every schema and returns the tables, with components that
// are equal across profiles (everything they reach included) stored once.
func Build(schemas []Schema) (*tab.Tables, error) {
	schemas = slices.Clone(schemas)
	for _, s := range schemas {
		if _, ok := tab.CompareProfiles(s.Profile, s.Profile); !ok {
			return nil, fmt.Errorf("bad profile name %q", s.Profile)
		}
	}
	slices.SortStableFunc(schemas, func(a, b Schema) int {
		c, _ := tab.CompareProfiles(a.Profile, b.Profile)
		return c
	})
	sh := newShared()
	g := &graph{class: map[any]int{}}
	var globals [][]*gElem
	for i, s := range schemas {
		if i > 0 && s.Profile == schemas[i-1].Profile {
			return nil, fmt.Errorf("profile %s given twice", s.Profile)
		}
		root, err := parse(s.Data)
		if err != nil {
			return nil, fmt.Errorf("profile %s: %w", s.Profile, err)
		}
		gl, err := resolve(sh, root)
		if err != nil {
			return nil, fmt.Errorf("profile %s: %w", s.Profile, err)
		}
		globals = append(globals, gl)
		for _, e := range gl {
			g.visitElem(e)
		}
	}
	g.refine()
	b := &builder{g: g, t: &tab.Tables{
		Elems: []tab.Elem{{}}, Complex: []tab.Complex{{}}, Simple: []tab.Simple{{}},
		Particles: []tab.Particle{{}}, Attrs: []tab.Attr{{}},
	}, index: map[int]int32{}, particles: map[string]int32{}}
	for i, s := range schemas {
		p := tab.Profile{Name: s.Profile, File: s.File, StandIn: s.StandIn}
		for _, e := range globals[i] {
			p.Elems = append(p.Elems, b.elem(e))
		}
		b.t.Profiles = append(b.t.Profiles, p)
	}
	return b.t, nil
}

// graph lists every component in discovery order and partitions them into
// classes of equal components.
type graph struct {
	nodes []any
	class map[any]int
}

func (g *graph) seen(n any) bool {
	if _, ok := g.class[n]; ok {
		return true
	}
	g.class[n] = 0
	g.nodes = append(g.nodes, n)
	return false
}

func (g *graph) visitElem(e *gElem) {
	if g.seen(e) {
		return
	}
	if e.st != nil {
		g.visitSimple(e.st)
	}
	if e.ct != nil {
		g.visitComplex(e.ct)
	}
}

func (g *graph) visitComplex(c *gComplex) {
	if g.seen(c) {
		return
	}
	if c.st != nil {
		g.visitSimple(c.st)
	}
	for _, a := range c.attrs {
		if !g.seen(a) {
			g.visitSimple(a.st)
		}
	}
	g.visitParticle(c.particle)
}

func (g *graph) visitParticle(p *gParticle) {
	if p == nil {
		return
	}
	if p.elem != nil {
		g.visitElem(p.elem)
	}
	for _, k := range p.kids {
		g.visitParticle(k)
	}
}

func (g *graph) visitSimple(s *gSimple) {
	if s == nil || g.seen(s) {
		return
	}
	g.visitSimple(s.base)
	g.visitSimple(s.item)
	for _, m := range s.members {
		g.visitSimple(m)
	}
}

// refine splits classes until every member of a class has the same local
// content and refers to the same classes (the coarsest bisimulation).
func (g *graph) refine() {
	count := 1
	for {
		ids := map[string]int{}
		next := make(map[any]int, len(g.nodes))
		for _, n := range g.nodes {
			sig := g.signature(n)
			id, ok := ids[sig]
			if !ok {
				id = len(ids)
				ids[sig] = id
			}
			next[n] = id
		}
		g.class = next
		if len(ids) == count {
			return
		}
		count = len(ids)
	}
}

// signature describes a component by its own fields and its current class
// (so classes only ever split) and the classes of what it refers to.
func (g *graph) signature(n any) string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(g.class[n]))
	ref := func(x any) {
		b.WriteByte(',')
		if x == nil {
			b.WriteByte('-')
			return
		}
		b.WriteString(strconv.Itoa(g.class[x]))
	}
	str := func(s string) { b.WriteString(strconv.Quote(s)) }
	switch n := n.(type) {
	case *gElem:
		b.WriteString("E")
		str(n.name)
		str(n.def)
		str(n.fixed)
		fmt.Fprint(&b, n.hasFixed, n.abstract, n.nillable)
		for _, u := range n.uniques {
			fmt.Fprintf(&b, "U%q%q%q", u.Name, u.Children, u.Attr)
		}
		ref(simpleOrNil(n.st))
		ref(complexOrNil(n.ct))
	case *gComplex:
		b.WriteString("C")
		str(n.name)
		fmt.Fprint(&b, n.content, n.abstract)
		ref(simpleOrNil(n.st))
		for _, a := range n.attrs {
			ref(a)
		}
		wild(&b, n.anyAttr)
		g.particleSig(&b, n.particle)
	case *gAttr:
		b.WriteString("A")
		str(n.name)
		str(n.def)
		str(n.fixed)
		fmt.Fprint(&b, n.required, n.hasFixed)
		ref(n.st)
	case *gSimple:
		b.WriteString("S")
		str(n.name)
		fmt.Fprint(&b, n.variety, n.ws)
		ref(simpleOrNil(n.base))
		ref(simpleOrNil(n.item))
		for _, m := range n.members {
			ref(m)
		}
		b.WriteString("|")
		for _, e := range n.enum {
			str(e)
		}
		b.WriteString("|")
		for _, p := range n.patterns {
			str(p)
		}
		fmt.Fprint(&b, "|", n.minLen, n.maxLen, n.hasMax)
	}
	return b.String()
}

func (g *graph) particleSig(b *strings.Builder, p *gParticle) {
	if p == nil {
		b.WriteString("()")
		return
	}
	fmt.Fprintf(b, "(%d %d %d", p.kind, p.min, p.max)
	if p.elem != nil {
		fmt.Fprintf(b, " e%d", g.class[p.elem])
	}
	wild(b, p.wild)
	for _, k := range p.kids {
		g.particleSig(b, k)
	}
	b.WriteString(")")
}

func wild(b *strings.Builder, w *tab.Wildcard) {
	if w == nil {
		b.WriteString("w-")
		return
	}
	fmt.Fprintf(b, "w%d%q", w.Process, w.Namespaces)
}

// simpleOrNil and complexOrNil avoid typed nil pointers in an any.
func simpleOrNil(s *gSimple) any {
	if s == nil {
		return nil
	}
	return s
}

func complexOrNil(c *gComplex) any {
	if c == nil {
		return nil
	}
	return c
}

// builder writes one table entry per class, in discovery order.
type builder struct {
	g         *graph
	t         *tab.Tables
	index     map[int]int32 // class → table index
	particles map[string]int32
}

func (b *builder) elem(e *gElem) int32 {
	cl := b.g.class[e]
	if i, ok := b.index[cl]; ok {
		return i
	}
	i := int32(len(b.t.Elems))
	b.index[cl] = i
	b.t.Elems = append(b.t.Elems, tab.Elem{})
	x := tab.Elem{Name: e.name, Default: e.def, Fixed: e.fixed, HasFixed: e.hasFixed, Abstract: e.abstract, Nillable: e.nillable, Uniques: e.uniques}
	if e.st != nil {
		x.Simple = b.simple(e.st)
	}
	if e.ct != nil {
		x.Complex = b.complex(e.ct)
	}
	b.t.Elems[i] = x
	return i
}

func (b *builder) complex(c *gComplex) int32 {
	cl := b.g.class[c]
	if i, ok := b.index[cl]; ok {
		return i
	}
	i := int32(len(b.t.Complex))
	b.index[cl] = i
	b.t.Complex = append(b.t.Complex, tab.Complex{})
	x := tab.Complex{Name: c.name, Content: c.content, AnyAttr: c.anyAttr, Abstract: c.abstract}
	if c.st != nil {
		x.Simple = b.simple(c.st)
	}
	for _, a := range c.attrs {
		x.Attrs = append(x.Attrs, b.attr(a))
	}
	x.Particle = b.particle(c.particle)
	b.t.Complex[i] = x
	return i
}

func (b *builder) particle(p *gParticle) int32 {
	if p == nil {
		return 0
	}
	x := tab.Particle{Kind: p.kind, Min: p.min, Max: p.max, Wild: p.wild}
	if p.elem != nil {
		x.Elem = b.elem(p.elem)
	}
	for _, k := range p.kids {
		x.Kids = append(x.Kids, b.particle(k))
	}
	// Particles have no identity of their own: equal ones are stored once.
	var sig strings.Builder
	fmt.Fprint(&sig, x.Kind, x.Min, x.Max, x.Elem, x.Kids)
	wild(&sig, x.Wild)
	if i, ok := b.particles[sig.String()]; ok {
		return i
	}
	i := int32(len(b.t.Particles))
	b.t.Particles = append(b.t.Particles, x)
	b.particles[sig.String()] = i
	return i
}

func (b *builder) attr(a *gAttr) int32 {
	cl := b.g.class[a]
	if i, ok := b.index[cl]; ok {
		return i
	}
	i := int32(len(b.t.Attrs))
	b.index[cl] = i
	b.t.Attrs = append(b.t.Attrs, tab.Attr{})
	b.t.Attrs[i] = tab.Attr{Name: a.name, Simple: b.simple(a.st), Required: a.required, Default: a.def, Fixed: a.fixed, HasFixed: a.hasFixed}
	return i
}

func (b *builder) simple(s *gSimple) int32 {
	cl := b.g.class[s]
	if i, ok := b.index[cl]; ok {
		return i
	}
	i := int32(len(b.t.Simple))
	b.index[cl] = i
	b.t.Simple = append(b.t.Simple, tab.Simple{})
	x := tab.Simple{Name: s.name, Variety: s.variety, WS: s.ws, Enum: s.enum, Patterns: s.patterns,
		MinLength: s.minLen, MaxLength: s.maxLen, HasMaxLength: s.hasMax}
	if s.base != nil {
		x.Base = b.simple(s.base)
	}
	if s.item != nil {
		x.Item = b.simple(s.item)
	}
	for _, m := range s.members {
		x.Members = append(x.Members, b.simple(m))
	}
	b.t.Simple[i] = x
	return i
}
