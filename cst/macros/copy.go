package macros

import "slices"

// Clone returns a deep copy of e (tail included, as lxml's deepcopy),
// without a parent.
func (e *Element) Clone() *Element { return e.cloneIn(nil) }

// cloneIn is Clone with the copies in mem, or fresh memory when mem is
// nil.
func (e *Element) cloneIn(mem *Arena) *Element {
	a, _ := arenaIn(mem, e)
	return a.copy(e, nil)
}

// arenaIn returns an arena that holds copies of the subtrees of roots in
// three slabs, taken from mem, or fresh memory when mem is nil: the
// elements, their attributes and their children slices (every element
// but a root is a child). It also returns the number of elements in the
// subtrees.
func arenaIn(mem *Arena, roots ...*Element) (arena, int) {
	nEl, nAttr := 0, 0
	for _, r := range roots {
		e, a := r.count()
		nEl += e
		nAttr += a
	}
	nKids := nEl - len(roots)
	if mem != nil {
		a := arena{els: mem.els.take(nEl), attrs: mem.attrs.take(nAttr)}
		if nKids > 0 {
			a.kids = mem.kids.take(nKids)
		}
		return a, nEl
	}
	a := arena{els: make([]Element, 0, nEl), attrs: make([]Attr, 0, nAttr)}
	if nKids > 0 {
		a.kids = make([]*Element, 0, nKids)
	}
	return a, nEl
}

// count returns the number of elements and attributes in the subtree of e.
func (e *Element) count() (els, attrs int) {
	els, attrs = 1, len(e.Attrs)
	for _, c := range e.Children {
		ce, ca := c.count()
		els += ce
		attrs += ca
	}
	return els, attrs
}

// arena hands out elements, attributes and children slices from
// preallocated slabs.
type arena struct {
	els   []Element
	attrs []Attr
	kids  []*Element
}

func (a *arena) element() *Element {
	if len(a.els) == cap(a.els) {
		a.els = make([]Element, 0, 64)
	}
	a.els = a.els[:len(a.els)+1]
	return &a.els[len(a.els)-1]
}

// attrSlice returns a slice of n attributes; appending to it reallocates.
func (a *arena) attrSlice(n int) []Attr {
	if n == 0 {
		return nil
	}
	if cap(a.attrs)-len(a.attrs) < n {
		a.attrs = make([]Attr, 0, max(n, 256))
	}
	s := a.attrs[len(a.attrs) : len(a.attrs)+n : len(a.attrs)+n]
	a.attrs = a.attrs[:len(a.attrs)+n]
	return s
}

// kidSlice returns a slice of n children; appending to it reallocates.
func (a *arena) kidSlice(n int) []*Element {
	if cap(a.kids)-len(a.kids) < n {
		a.kids = make([]*Element, 0, max(n, 64))
	}
	s := a.kids[len(a.kids) : len(a.kids)+n : len(a.kids)+n]
	a.kids = a.kids[:len(a.kids)+n]
	return s
}

func (a *arena) copy(e *Element, st *stepper) *Element {
	c := a.element()
	*c = *e
	c.parent = nil
	if st != nil {
		c.Via = st.push(e.Via)
	}
	if len(e.Attrs) > 0 {
		c.Attrs = a.attrSlice(len(e.Attrs))
		copy(c.Attrs, e.Attrs)
	}
	if len(e.Children) > 0 {
		c.Children = a.kidSlice(len(e.Children))
		for i, ch := range e.Children {
			cc := a.copy(ch, st)
			cc.parent = c
			c.Children[i] = cc
		}
	}
	return c
}

// restep pushes a step on the chains of e and its descendants in place and
// returns their number.
func (e *Element) restep(st *stepper) int {
	e.Via = st.push(e.Via)
	n := 1
	for _, c := range e.Children {
		n += c.restep(st)
	}
	return n
}

// stepper pushes one step onto many chains, sharing the new link between
// elements whose chains were equal.
type stepper struct {
	step Step
	// Most moved subtrees hold one or two distinct chains; a subtree built
	// by many expansions holds many, and then a map takes over. The first
	// chains are kept in an array rather than a slice the stepper would
	// have to allocate.
	memo  [8]stepMemo
	nMemo int
	big   map[*Step]*Step
	// slab, when not nil, is where new steps are cut from, in a few
	// allocations for a tool's expansion rather than one per step. The
	// steps stay with the Result, which is why the slab is per expansion.
	slab *[]Step
}

type stepMemo struct{ prev, next *Step }

func (s *stepper) push(prev *Step) *Step {
	if s.big != nil {
		if n := s.big[prev]; n != nil {
			return n
		}
	} else {
		for _, m := range s.memo[:s.nMemo] {
			if m.prev == prev {
				return m.next
			}
		}
	}
	n := s.newStep()
	*n = s.step
	n.Prev = prev
	if s.big == nil && s.nMemo < len(s.memo) {
		s.memo[s.nMemo] = stepMemo{prev, n}
		s.nMemo++
		return n
	}
	if s.big == nil {
		s.big = make(map[*Step]*Step)
		for _, m := range s.memo {
			s.big[m.prev] = m.next
		}
	}
	s.big[prev] = n
	return n
}

func (s *stepper) newStep() *Step {
	if s.slab == nil {
		return new(Step)
	}
	sl := *s.slab
	if len(sl) == cap(sl) {
		// Growing chunks: most expansions make a few steps, some hundreds.
		sl = make([]Step, 0, min(max(2*cap(sl), 8), 128))
	}
	sl = sl[:len(sl)+1]
	*s.slab = sl
	return &sl[len(sl)-1]
}

// replace puts targets where query stands in its parent and removes query
// together with its tail, as Galaxy's _xml_replace does with lxml. The
// targets are copied when dup is set (they still live elsewhere) and moved
// otherwise; either way st is pushed on their chains. It returns the number
// of elements placed.
func replace(mem *Arena, query *Element, targets []*Element, dup bool, st *stepper) int {
	p := query.parent
	idx := -1
	for i, c := range p.Children {
		if c == query {
			idx = i
			break
		}
	}
	n := 0
	var a arena
	if dup {
		// All the copies in one arena; each target is copied once, so the
		// elements placed are those counted for it.
		a, n = arenaIn(mem, targets...)
	}
	place := func(t *Element) *Element {
		if dup {
			t = a.copy(t, st)
		} else {
			n += t.restep(st)
		}
		t.parent = p
		return t
	}
	// A children slice belongs to its parent alone, so one target or none
	// is put in place without a new slice.
	switch len(targets) {
	case 0:
		p.Children = slices.Delete(p.Children, idx, idx+1)
	case 1:
		p.Children[idx] = place(targets[0])
	default:
		kids := make([]*Element, 0, len(p.Children)-1+len(targets))
		kids = append(kids, p.Children[:idx]...)
		for _, t := range targets {
			kids = append(kids, place(t))
		}
		p.Children = append(kids, p.Children[idx+1:]...)
	}
	query.parent = nil
	return n
}
