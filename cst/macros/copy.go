package macros

import "slices"

// Clone returns a deep copy of e (tail included, as lxml's deepcopy),
// without a parent.
func (e *Element) Clone() *Element { return e.cloneIn(nil) }

// cloneIn is Clone with the copies in mem, or fresh memory when mem is
// nil.
func (e *Element) cloneIn(mem *Arena) *Element {
	a := arenaOf(mem, sizeOf([]*Element{e}))
	return a.copy(e, nil)
}

// arenaOf returns an arena that holds copies of subtrees of size n in
// three slabs, taken from mem, or fresh memory when mem is nil: the
// elements, their attributes and their children slices (every element
// but a root is a child).
func arenaOf(mem *Arena, n treeSize) arena {
	nKids := n.els - n.roots
	if mem != nil {
		a := arena{els: mem.els.take(n.els), attrs: mem.attrs.take(n.attrs)}
		if nKids > 0 {
			a.kids = mem.kids.take(nKids)
		}
		return a
	}
	a := arena{els: make([]Element, 0, n.els), attrs: make([]Attr, 0, n.attrs)}
	if nKids > 0 {
		a.kids = make([]*Element, 0, nKids)
	}
	return a
}

// treeSize is the size of some subtrees: their roots, elements and
// attributes, what copies of them are charged (see elementCost), and the
// height of the highest (a lone element is one high).
type treeSize struct {
	roots, els, attrs, bytes, height int
}

// sizeOf measures the subtrees of roots. It keeps its own stack, of the
// children lists being gone through (as deep as the tree, not as wide),
// and is the first walk of any subtree expansion copies: the copy
// recurses only once the height is known to be within bounds.
func sizeOf(roots []*Element) treeSize {
	n := treeSize{roots: len(roots)}
	// The stack holds children slices only, never roots itself, which
	// would then escape with it.
	var buf [32][]*Element
	for _, e := range roots {
		n.add(e, 1)
		if len(e.Children) == 0 {
			continue
		}
		stack := append(buf[:0], e.Children)
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			if len(*top) == 0 {
				stack = stack[:len(stack)-1]
				continue
			}
			c := (*top)[0]
			*top = (*top)[1:]
			n.add(c, len(stack)+1)
			if len(c.Children) > 0 {
				stack = append(stack, c.Children)
			}
		}
	}
	return n
}

// add counts e, at depth d of its subtree.
func (n *treeSize) add(e *Element, d int) {
	n.els++
	n.attrs += len(e.Attrs)
	n.bytes += elementCost + len(e.Attrs)*attrCost + stringsSize(e)
	n.height = max(n.height, d)
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

// restep pushes a step on the chains of e and its descendants in place,
// charging each a move. e is part of an expanded body, whose depth the
// walk of expandAll has checked.
func (e *Element) restep(st *stepper) {
	e.Via = st.push(e.Via)
	st.b.spent += moveCost
	for _, c := range e.Children {
		if len(c.Children) > 0 {
			c.restep(st)
			continue
		}
		// Most moved elements are leaves sharing one chain (the options
		// of a long list): they are stepped here, without a call.
		if c.Via == st.last.prev && st.last.next != nil {
			c.Via = st.last.next
		} else {
			c.Via = st.push(c.Via)
		}
		st.b.spent += moveCost
	}
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
	// last is the chain pushed last and its new link, looked at before
	// the memo.
	last stepMemo
	// slab, when not nil, is where new steps are cut from, in a few
	// allocations for a tool's expansion rather than one per step. The
	// steps stay with the Result, which is why the slab is per expansion.
	slab *[]Step
	// b is charged for moves and new steps without a check, which the
	// caller makes once the move is done.
	b *budget
}

type stepMemo struct{ prev, next *Step }

func (s *stepper) push(prev *Step) *Step {
	n := s.lookup(prev)
	s.last = stepMemo{prev, n}
	return n
}

// lookup returns the new link for the chain prev, made on first use.
func (s *stepper) lookup(prev *Step) *Step {
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
	n.nest = uint32(min(1+max(prev.depth(), s.step.AtVia.depth()), 1<<30))
	s.b.spent += int64(stepCost)
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

// replace puts copies of targets, of size n, where query stands in its
// parent and removes query together with its tail, as Galaxy's
// _xml_replace does with lxml; st is pushed on the chains of the copies.
func replace(mem *Arena, query *Element, targets []*Element, n treeSize, st *stepper) {
	p := query.parent
	idx := -1
	for i, c := range p.Children {
		if c == query {
			idx = i
			break
		}
	}
	// All the copies in one arena; each target is copied once.
	a := arenaOf(mem, n)
	place := func(t *Element) *Element {
		t = a.copy(t, st)
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
}
