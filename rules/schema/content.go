package schema

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/galaxy-gtr/gtr/rules/schema/internal/tab"
)

// A content model (other than xs:all) is compiled to a deterministic
// automaton over child element names: the particle tree is unrolled into a
// regular expression whose symbols are element declarations and wildcards
// (Glushkov positions), and the position automaton is determinised by the
// subset construction. The schemas obey Unique Particle Attribution, so a
// state reached by a name has one declaration to validate the child with;
// the subset construction keeps matching correct even where unrolled
// occurrence ranges make positions ambiguous.

// maxPositions bounds the unrolled size of one content model.
const maxPositions = 5000

// lazyModel is a content model whose automaton is built on first use.
// Compiling the tables unrolls every content model (which finds every
// error the tables could have) but leaves the subset construction, most
// of the cost, to the models a validation meets: a run validates mostly
// at one profile, which uses a fraction of the types of all profiles.
type lazyModel struct {
	once     sync.Once
	g        *glushkov // the positions and follow sets; nil once built
	nullable bool
	first    []int
	last     []int
	m        *model
}

// get returns the automaton, building it on the first call. It is safe
// for concurrent use.
func (l *lazyModel) get() *model {
	l.once.Do(func() {
		l.m = l.g.determinise(l.nullable, l.first, l.last)
		l.g, l.first, l.last = nil, nil, nil
	})
	return l.m
}

// model is a compiled content model.
type model struct {
	states []mstate // states[0] is the start state
}

type mstate struct {
	final        bool
	names        names           // the element names (in no namespace) with a transition
	next         []edge          // next[i] is the transition for names.list[i], expected[i]
	wild         map[string]edge // by namespace class (see nsClass) for other names
	expected     []string        // what may come next, for messages
	expectedText string          // expectedText(expected), built once
}

type edge struct {
	to   int32
	decl *elemDecl // the declaration matched; nil when a wildcard matched
	wild *wildcard
}

// otherNS is the wild key for namespaces no wildcard lists by name.
const otherNS = "\x00other"

// step returns the transition for a child named local in namespace ns.
func (m *model) step(state int32, ns, local string) (edge, bool) {
	s := &m.states[state]
	if ns == "" {
		if i := s.names.find(local); i >= 0 {
			return s.next[i], true
		}
	}
	if s.wild == nil {
		return edge{}, false
	}
	if e, ok := s.wild[ns]; ok {
		return e, true
	}
	if ns != "" {
		e, ok := s.wild[otherNS]
		return e, ok
	}
	return edge{}, false
}

// term is a regular expression over positions.
type term struct {
	op   byte // 'p' position, 's' sequence, 'a' alternation, '*', '+', '?', 'e' empty
	pos  int
	kids []*term
}

type position struct {
	decl *elemDecl
	wild *wildcard
}

type glushkov struct {
	c      *compiler
	pos    []position
	follow [][]int
}

func (c *compiler) model(root int32) (*lazyModel, error) {
	g := &glushkov{c: c}
	t, err := g.particle(root)
	if err != nil {
		return nil, err
	}
	nullable, first, last := g.sets(t)
	g.c = nil // the compiler is done with; determinise needs only the positions
	return &lazyModel{g: g, nullable: nullable, first: first, last: last}, nil
}

// particle unrolls particle i with its occurrence range.
func (g *glushkov) particle(i int32) (*term, error) {
	p := g.c.t.Particles[i]
	if p.Min > 1000 || p.Max > 1000 {
		return nil, fmt.Errorf("occurrence range %d..%d is too large", p.Min, p.Max)
	}
	one := func() (*term, error) {
		switch p.Kind {
		case tab.Element, tab.Any:
			if len(g.pos) >= maxPositions {
				return nil, fmt.Errorf("content model is too large")
			}
			pos := position{wild: newWildcard(p.Wild)}
			if p.Kind == tab.Element {
				pos = position{decl: g.c.elem(p.Elem)}
			}
			g.pos = append(g.pos, pos)
			g.follow = append(g.follow, nil)
			return &term{op: 'p', pos: len(g.pos) - 1}, nil
		case tab.Sequence, tab.Choice:
			op := byte('s')
			if p.Kind == tab.Choice {
				op = 'a'
			}
			t := &term{op: op}
			for _, k := range p.Kids {
				kt, err := g.particle(k)
				if err != nil {
					return nil, err
				}
				t.kids = append(t.kids, kt)
			}
			return t, nil
		}
		return nil, fmt.Errorf("xs:all is only allowed as a whole content model")
	}
	return repeat(one, p.Min, p.Max)
}

// repeat builds one{min,max}: min copies, then either a star or nested
// options (a (a (a)?)?)? so that the unrolled form stays deterministic.
func repeat(one func() (*term, error), lo, hi int32) (*term, error) {
	if hi == 0 {
		return &term{op: 'e'}, nil
	}
	seq := &term{op: 's'}
	n := lo
	if hi == tab.Unbounded && lo > 0 {
		n = lo - 1
	}
	for range n {
		t, err := one()
		if err != nil {
			return nil, err
		}
		seq.kids = append(seq.kids, t)
	}
	switch {
	case hi == tab.Unbounded:
		t, err := one()
		if err != nil {
			return nil, err
		}
		op := byte('*')
		if lo > 0 {
			op = '+'
		}
		seq.kids = append(seq.kids, &term{op: op, kids: []*term{t}})
	case hi > lo:
		var tail *term
		for range hi - lo {
			t, err := one()
			if err != nil {
				return nil, err
			}
			if tail != nil {
				t = &term{op: 's', kids: []*term{t, tail}}
			}
			tail = &term{op: '?', kids: []*term{t}}
		}
		seq.kids = append(seq.kids, tail)
	}
	if len(seq.kids) == 1 {
		return seq.kids[0], nil
	}
	return seq, nil
}

// sets computes nullable, first and last of t and records follow pairs.
func (g *glushkov) sets(t *term) (nullable bool, first, last []int) {
	switch t.op {
	case 'p':
		return false, []int{t.pos}, []int{t.pos}
	case 'e':
		return true, nil, nil
	case 's':
		nullable = true
		for _, k := range t.kids {
			kn, kf, kl := g.sets(k)
			for _, l := range last {
				g.follow[l] = append(g.follow[l], kf...)
			}
			if nullable {
				first = append(first, kf...)
			}
			if kn {
				last = append(last, kl...)
			} else {
				last = kl
			}
			nullable = nullable && kn
		}
		return nullable, first, last
	case 'a':
		for _, k := range t.kids {
			kn, kf, kl := g.sets(k)
			nullable = nullable || kn
			first = append(first, kf...)
			last = append(last, kl...)
		}
		return nullable, first, last
	}
	// '*', '+', '?'
	kn, kf, kl := g.sets(t.kids[0])
	if t.op != '?' {
		for _, l := range kl {
			g.follow[l] = append(g.follow[l], kf...)
		}
	}
	return kn || t.op != '+', kf, kl
}

// determinise runs the subset construction. A state is the set of
// positions last matched; the start state is the empty set.
func (g *glushkov) determinise(nullable bool, first, last []int) *model {
	isLast := make([]bool, len(g.pos))
	for _, l := range last {
		isLast[l] = true
	}
	m := &model{}
	// States are found by their position set, keyed by its sorted
	// positions two bytes each (maxPositions fits in 16 bits).
	index := map[string]int32{}
	var sets [][]int
	var key []byte
	add := func(set []int) int32 {
		set = uniq(set)
		key = key[:0]
		for _, p := range set {
			key = append(key, byte(p>>8), byte(p))
		}
		if i, ok := index[string(key)]; ok {
			return i
		}
		i := int32(len(m.states))
		index[string(key)] = i
		sets = append(sets, slices.Clone(set))
		m.states = append(m.states, mstate{})
		return i
	}
	add(nil)
	var succ, wilds, target []int
	for i := 0; i < len(m.states); i++ {
		set := sets[i]
		final := false
		succ = succ[:0]
		if i == 0 {
			succ = append(succ, first...)
			final = nullable
		} else {
			for _, p := range set {
				succ = append(succ, g.follow[p]...)
				if isLast[p] {
					final = true
				}
			}
		}
		succ = uniq(succ)
		st := mstate{final: final}
		// Element names, in the order their positions were declared.
		wilds = wilds[:0]
		for _, p := range succ {
			if g.pos[p].wild != nil {
				wilds = append(wilds, p)
			}
		}
		for _, p := range succ {
			d := g.pos[p].decl
			if d == nil || slices.Contains(st.expected, d.name) {
				continue
			}
			target = target[:0]
			for _, q := range succ {
				if qd := g.pos[q].decl; qd != nil && qd.name == d.name {
					target = append(target, q)
				}
			}
			for _, q := range wilds {
				if g.pos[q].wild.allows("") {
					target = append(target, q)
				}
			}
			st.expected = append(st.expected, d.name)
			st.next = append(st.next, edge{to: add(target), decl: d})
		}
		st.names = newNames(st.expected)
		if len(wilds) > 0 {
			st.wild = map[string]edge{}
			for _, ns := range nsClasses(g.pos, wilds) {
				target = target[:0]
				for _, q := range wilds {
					if g.pos[q].wild.allows(ns) || (ns == otherNS && g.pos[q].wild.allowsOther()) {
						target = append(target, q)
					}
				}
				if len(target) > 0 {
					w := g.pos[target[0]].wild // before add sorts target
					st.wild[ns] = edge{to: add(target), wild: w}
				}
			}
			for _, q := range wilds {
				st.expected = append(st.expected, g.pos[q].wild.String())
			}
		}
		st.expectedText = expectedText(st.expected)
		m.states[i] = st
	}
	return m
}

// allowsOther reports whether the wildcard admits namespaces it does not list.
func (w *wildcard) allowsOther() bool { return w.any || w.other }

// nsClasses lists the namespaces the wildcards tell apart: none, each
// listed namespace, and every other namespace.
func nsClasses(pos []position, wilds []int) []string {
	classes := []string{"", otherNS}
	for _, q := range wilds {
		for _, ns := range pos[q].wild.ns {
			if !slices.Contains(classes, ns) {
				classes = append(classes, ns)
			}
		}
	}
	return classes
}

// String describes the wildcard for "Expected is" lists, as libxml2 does.
func (w *wildcard) String() string {
	switch {
	case w.any:
		return "##any"
	case w.other:
		return "##other"
	}
	var parts []string
	for _, ns := range w.ns {
		if ns == "" {
			parts = append(parts, "##local")
		} else {
			parts = append(parts, "{"+ns+"}*")
		}
	}
	return strings.Join(parts, " ")
}

// uniq sorts s in place and drops repeats.
func uniq(s []int) []int {
	slices.Sort(s)
	return slices.Compact(s)
}

// allModel is an xs:all content model: each element at most once, in any order.
type allModel struct {
	min   int32 // the group's minOccurs: 0 allows no children at all
	items []allItem
	names names // the items' names, names.list[i] of items[i]
}

type allItem struct {
	decl     *elemDecl
	required bool
}

func (c *compiler) allModel(p tab.Particle) (*allModel, error) {
	if p.Max != 1 {
		return nil, fmt.Errorf("xs:all with maxOccurs %d", p.Max)
	}
	a := &allModel{min: p.Min}
	for _, k := range p.Kids {
		kp := c.t.Particles[k]
		if kp.Kind != tab.Element || kp.Max > 1 || kp.Max == tab.Unbounded {
			return nil, fmt.Errorf("xs:all may only hold elements that occur at most once")
		}
		d := c.elem(kp.Elem)
		if slices.ContainsFunc(a.items, func(it allItem) bool { return it.decl.name == d.name }) {
			return nil, fmt.Errorf("xs:all holds %q twice", d.name)
		}
		a.items = append(a.items, allItem{decl: d, required: kp.Min > 0})
	}
	declared := make([]string, len(a.items))
	for i, it := range a.items {
		declared[i] = it.decl.name
	}
	a.names = newNames(declared)
	return a, nil
}

// index returns the index in a.items of the item named local.
func (a *allModel) index(local string) (int, bool) {
	if i := a.names.find(local); i >= 0 {
		return i, true
	}
	return 0, false
}

// missing reports whether a required item is not yet seen.
func (a *allModel) missing(seen []bool) bool {
	for i, it := range a.items {
		if !seen[i] && it.required {
			return true
		}
	}
	return false
}

// expected lists the items not yet seen.
func (a *allModel) expected(seen []bool, requiredOnly bool) []string {
	var out []string
	for i, it := range a.items {
		if !seen[i] && (it.required || !requiredOnly) {
			out = append(out, it.decl.name)
		}
	}
	return out
}

// expectedText renders an "Expected is" clause as xmllint does.
func expectedText(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return " Expected is ( " + names[0] + " )."
	}
	return " Expected is one of ( " + strings.Join(names, ", ") + " )."
}
