package macros

import (
	"fmt"
	"slices"
	"strings"
)

// expander holds the state of one tool's expansion.
type expander struct {
	res     *Result
	mem     *Arena // where copies of macro bodies go, nil for fresh memory
	budget  *budget
	tokens  tokenTable
	shared  *defSet              // the imported definitions
	macros  map[string]*xmlMacro // the tool's own, overriding shared ones
	order   []string             // names of the tool's own macros not imported, in definition order
	visited []string             // Galaxy's cycle check: the macros being expanded
	outer   *Element             // the <expand> the outermost of them came from
	steps   *[]Step              // a slab the steppers take new steps from (see stepSlab)
	track   bool                 // changed elements are marked (see touch)
	sub     subMem               // where substituted strings and origins go
}

// stepSlab returns the slab of new steps, made on first use. It lives on
// the heap by itself, as the steps cut from it do, so that the expander
// does not have to.
func (x *expander) stepSlab() *[]Step {
	if x.steps == nil {
		x.steps = new([]Step)
	}
	return x.steps
}

// walkFrame is an element whose children the walk of expandAll is going
// through: kids are the children as they were and i the next one to read.
// The new children are written over the old ones as long as they are no
// more than the ones read (w counts them), so that an <expand> replaced by
// one element costs no new slice; out takes over when they would overtake
// the reading.
type walkFrame struct {
	el   *Element
	kids []*Element
	i, w int
	out  []*Element
}

// keep puts c, read from kids[i-1], in the new children.
func (f *walkFrame) keep(c *Element) {
	if f.out != nil {
		f.out = append(f.out, c)
		return
	}
	if f.w != f.i-1 {
		f.kids[f.w] = c
	}
	f.w++
}

// place puts c, brought by an expansion, in the new children.
func (f *walkFrame) place(c *Element) {
	switch {
	case f.out != nil:
		f.out = append(f.out, c)
	case f.w < f.i:
		f.kids[f.w] = c
		f.w++
	default:
		f.out = make([]*Element, 0, len(f.kids)+8)
		f.out = append(append(f.out, f.kids[:f.w]...), c)
	}
}

// finish sets the new children.
func (f *walkFrame) finish() {
	switch {
	case f.out != nil:
		f.el.Children = f.out
	case f.w < len(f.kids):
		clear(f.kids[f.w:])
		f.el.Children = f.kids[:f.w]
	}
}

// expandAll expands every <expand> below each element, first in document
// order first, as Galaxy's _expand_macros does; the elements stand at
// depth (the root is at depth 1).
//
// Galaxy searches the whole tree again after each expansion and splices
// the body into its parent; this walk instead goes through the tree once,
// building each parent's new children as it goes, so that a parent of a
// million expanded children costs a million steps, not their square.
// What an expansion puts in place holds no <expand> below its top level
// (expandOne expanded them), so the walk does not go into it, and the
// <expand>s at its top level are expanded next, as Galaxy's search would
// find them. The walk keeps its own stack and checks the depth bound
// ([MaxDepth]) on every element it enters, so that expandOne, which it
// calls for deeper and deeper <expand>s, recurses at most that deep.
func (x *expander) expandAll(elements []*Element, depth int) error {
	if len(x.macros) == 0 && len(x.shared.macros) == 0 && x.tokens.len() == 0 {
		return nil
	}
	// Most walks are of macro bodies, a few levels deep; the array is
	// zeroed at every call, and a deeper walk grows the stack once.
	var buf [8]walkFrame
	for _, el := range elements {
		if len(el.Children) == 0 {
			continue
		}
		if depth+1 > MaxDepth {
			return x.tooDeep(el.Children[0])
		}
		stack := append(buf[:0], walkFrame{el: el, kids: el.Children})
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			if f.i == len(f.kids) {
				f.finish()
				stack = stack[:len(stack)-1]
				continue
			}
			c := f.kids[f.i]
			f.i++
			d := depth + len(stack) // c's depth
			if !isExpand(c) {
				f.keep(c)
				if len(c.Children) > 0 {
					if d+1 > MaxDepth {
						return x.tooDeep(c.Children[0])
					}
					stack = append(stack, walkFrame{el: c, kids: c.Children})
				}
				continue
			}
			x.touch(f.el)
			if err := x.expandPlaced(c, f, d); err != nil {
				return err
			}
		}
	}
	return nil
}

// expandPlaced expands e, a child of f.el at depth d, and places what
// takes its place: the body of its macro, with the <expand>s at the top
// level of the body expanded in turn, first first.
func (x *expander) expandPlaced(e *Element, f *walkFrame, d int) error {
	// Bodies waiting to be placed, the last first: a stack of slices, so
	// that an <expand> at the top level of a body is replaced without
	// moving what follows it.
	var buf [8][]*Element
	pending := buf[:0]
	for e != nil {
		placed, err := x.expandOne(e, d)
		if err != nil {
			return err
		}
		e.parent = nil
		if len(placed) > 0 {
			pending = append(pending, placed)
		}
		e = nil
		for e == nil && len(pending) > 0 {
			top := pending[len(pending)-1]
			c := top[0]
			if len(top) == 1 {
				pending = pending[:len(pending)-1]
			} else {
				pending[len(pending)-1] = top[1:]
			}
			c.parent = f.el
			if isExpand(c) {
				e = c
				continue
			}
			f.place(c)
		}
	}
	return nil
}

// tooDeep reports an element that the expanded view would nest past
// MaxDepth.
func (x *expander) tooDeep(e *Element) error {
	how := "the macros nest each other too deeply"
	if name, def := x.blame(nil, nil); name != "" {
		how = "macro " + name + " (defined at " + x.res.pos(def).String() + ") nests macros too deeply"
	}
	return errorf(ErrTooLarge, x.res.pos(e.Loc), "",
		"nesting: the expanded view nests elements more than %d deep: %s%s", MaxDepth, how, x.context())
}

func isExpand(e *Element) bool { return e.is("expand") }

func attrOr(e *Element, name string) string {
	v, _ := e.Get(name)
	return v
}

// expandOne expands one <expand> at depth d (_expand_macro) and returns
// the elements that take its place, its macro's body; their parent is left
// for the caller to set.
func (x *expander) expandOne(e *Element, d int) ([]*Element, error) {
	name, ok := e.Get("macro")
	if !ok {
		return nil, errorf(ErrNoMacroAttr, x.res.pos(e.Loc),
			"AssertionError: Attempted to expand macro with no 'macro' attribute defined.",
			"<expand> without macro=: name the macro to expand%s", x.context())
	}
	if slices.Contains(x.visited, name) {
		return nil, errorf(ErrCycle, x.res.pos(e.Loc),
			"AssertionError: Cycle in nested macros: already expanded "+pyList(x.visited)+" can't expand '"+name+"' again",
			"macro %s expands itself: cycle %s → %s", name, strings.Join(x.visited, " → "), name)
	}
	m := x.macros[name]
	if m == nil {
		m = x.shared.macros[name]
	}
	if m == nil {
		order := slices.Concat(x.shared.order, x.order)
		return nil, errorf(ErrUndefinedMacro, x.res.pos(e.Loc),
			"AssertionError: No macro named "+name+" found, known macros are "+strings.Join(order, ", ")+".",
			"no macro named %s%s%s", name, x.context(), suggest(name, order))
	}
	if e.Via.depth() >= maxNesting {
		return nil, errorf(ErrTooLarge, x.res.pos(e.Loc), "",
			"nesting: <expand macro=%q> is reached through more than %d nested expansions: %s",
			name, maxNesting, x.blameText(e, m))
	}
	if len(x.visited) == 0 {
		x.outer = e
	}
	x.visited = append(x.visited, name)
	body, err := x.clone(e, m)
	if err != nil {
		return nil, err
	}
	if err := x.yields(body, e, m); err != nil {
		return nil, err
	}
	var toks tokenTable // on the stack: substitution does not keep it
	if err := m.tokens(&toks, e, x.res); err != nil {
		return nil, err
	}
	if toks.len() > 0 {
		for _, c := range body.Children {
			if err := x.substitute(c, &toks); err != nil {
				return nil, err
			}
		}
	}
	if err := x.expandAll(body.Children, d); err != nil {
		return nil, err
	}
	// Checked last, so that whatever Galaxy raises while expanding this
	// body is raised first.
	if err := x.checkTermination(e, m); err != nil {
		return nil, err
	}
	st := &stepper{step: Step{Kind: StepExpand, Name: name, At: e.Loc, AtVia: e.Via, Def: m.el.Loc}, slab: x.stepSlab(), b: x.budget}
	for _, c := range body.Children {
		c.restep(st)
	}
	if !x.budget.ok() {
		return nil, x.overMacro(e, m)
	}
	x.visited = x.visited[:len(x.visited)-1]
	return body.Children, nil
}

// clone copies the body of macro m for its <expand> e, charging the copy
// to the budget before it is made.
func (x *expander) clone(e *Element, m *xmlMacro) (*Element, error) {
	m.parse()
	n, err := x.chargeSize(m.size, e, m)
	if err != nil {
		return nil, err
	}
	a := arenaOf(x.mem, n)
	return a.copy(m.el, nil), nil
}

// charge charges the budget for copies of the subtrees of roots, made for
// the <expand> e of m, and returns their size.
func (x *expander) charge(roots []*Element, e *Element, m *xmlMacro) (treeSize, error) {
	return x.chargeSize(sizeOf(roots), e, m)
}

// chargeSize is charge for subtrees of size n.
func (x *expander) chargeSize(n treeSize, e *Element, m *xmlMacro) (treeSize, error) {
	if n.height > MaxDepth {
		return n, x.tooDeep(e)
	}
	if !x.budget.spend(n.bytes) {
		return n, x.overMacro(e, m)
	}
	return n, nil
}

// overMacro reports that expanding m at e passed the budget.
func (x *expander) overMacro(e *Element, m *xmlMacro) error {
	name, def := x.blame(e, m)
	return x.budget.over(x.res.pos(def), "macro "+name)
}

// blame names the macro to blame for an expansion of m at e that grows
// too large or too deep, and where it is defined: the outermost macro
// being expanded, whose definition multiplies the others. When the
// <expand> of that one was itself put in place by an expansion (a macro
// whose body expands another at its top level is expanded one level at a
// time from the tool), the chain of those leads to the macro the tool
// expands. e and m are nil for an element found too deep by the walk.
func (x *expander) blame(e *Element, m *xmlMacro) (string, Loc) {
	if len(x.visited) > 0 && x.outer != nil {
		e = x.outer
	}
	if e != nil {
		if s := e.Via; s != nil {
			for s.AtVia != nil {
				s = s.AtVia
			}
			if s.Kind == StepExpand {
				return s.Name, s.Def
			}
		}
	}
	if len(x.visited) > 0 {
		if om := x.lookup(x.visited[0]); om != nil {
			return om.name, om.el.Loc
		}
	}
	if m != nil {
		return m.name, m.el.Loc
	}
	return "", Loc{}
}

// lookup returns the macro called name, the tool's own first.
func (x *expander) lookup(name string) *xmlMacro {
	if m := x.macros[name]; m != nil {
		return m
	}
	return x.shared.macros[name]
}

// blameText names the macro blame finds, where it is defined.
func (x *expander) blameText(e *Element, m *xmlMacro) string {
	name, def := x.blame(e, m)
	return "macro " + name + " (defined at " + x.res.pos(def).String() + ") expands macros without end"
}

// context names the macros being expanded, innermost last, for messages
// about an element inside a macro body copy. A long chain shows its ends.
func (x *expander) context() string {
	v := x.visited
	switch {
	case len(v) == 0:
		return ""
	case len(v) > 8:
		return fmt.Sprintf(" (expanding %s → … %d more … → %s)",
			strings.Join(v[:3], " → "), len(v)-6, strings.Join(v[len(v)-3:], " → "))
	}
	return " (expanding " + strings.Join(v, " → ") + ")"
}

// yields replaces the <yield>s of a macro body copy by the content of the
// <expand> (_expand_yield_statements): first each <token name=X> child's
// children at every <yield name=X>, then the other children at every
// remaining <yield>, named or not.
func (x *expander) yields(body, e *Element, m *xmlMacro) error {
	for t := range e.Elements() {
		if t.Tag != "token" {
			continue
		}
		name, ok := t.Get("name")
		if !ok {
			return errorf(ErrUnnamedYieldArg, x.res.pos(t.Loc), "AssertionError: Found unnamed token"+pyAttrib(t.Attrs),
				"<token> inside <expand> without a name: name the <yield name=...> it fills")
		}
		if strings.Contains(name, "'") {
			return errorf(ErrYieldName, x.res.pos(t.Loc), "SyntaxError: invalid predicate",
				"<token name=%q>: Galaxy cannot look up a yield whose name holds a quote", name)
		}
		var buf [4]*Element
		// A search per named token: many tokens and a large body make
		// work in their product.
		ys, visited := buf[:0], m.size.els-1
		if m.yields > 0 {
			ys, visited = body.findAll(buf[:0], func(c *Element) bool {
				v, ok := c.Get("name")
				return c.is("yield") && ok && v == name
			})
		}
		if !x.budget.spend(visited * visitCost) {
			return x.overMacro(e, m)
		}
		if len(ys) == 0 {
			return errorf(ErrNoNamedYield, x.res.pos(t.Loc), "AssertionError: No named yield found for named token "+name,
				"<token name=%q> fills no <yield name=%q> in macro %s", name, name, attrOr(e, "macro"))
		}
		for _, y := range ys {
			if err := x.yieldTo(y, name, t.Children, e, m); err != nil {
				return err
			}
		}
	}
	// Most bodies hold a yield or two and most expands a few children: the
	// lists start on the stack.
	var ysBuf, contentBuf [8]*Element
	// A body without yields is searched in vain: it is charged as if it
	// were, unchanged since the copy (no named token found a yield).
	ys, visited := ysBuf[:0], m.size.els-1
	if m.yields > 0 {
		ys, visited = body.findAll(ysBuf[:0], func(c *Element) bool { return c.is("yield") })
	}
	if !x.budget.spend(visited * visitCost) {
		return x.overMacro(e, m)
	}
	if len(ys) == 0 {
		return nil
	}
	content := contentBuf[:0]
	for _, c := range e.Children {
		if !c.is("token") {
			content = append(content, c)
		}
	}
	for _, y := range ys {
		yname, _ := y.Get("name")
		if err := x.yieldTo(y, yname, content, e, m); err != nil {
			return err
		}
	}
	return nil
}

// yieldTo replaces the <yield> y of a body of m, expanded for e, by copies
// of content, charged to the budget first.
func (x *expander) yieldTo(y *Element, name string, content []*Element, e *Element, m *xmlMacro) error {
	n, err := x.charge(content, e, m)
	if err != nil {
		return err
	}
	// Splicing rebuilds the parent's children: a parent of many yields
	// makes work in the square of its children.
	if !x.budget.spend((len(y.parent.Children) + len(content)) * moveCost) {
		return x.overMacro(e, m)
	}
	st := &stepper{step: Step{Kind: StepYield, Name: name, At: y.Loc, AtVia: y.Via}, slab: x.stepSlab(), b: x.budget}
	x.touch(y.parent)
	replace(x.mem, y, content, n, st)
	if !x.budget.ok() {
		return x.overMacro(e, m)
	}
	return nil
}

// checkTermination reports an <expand> of m that was itself copied out of
// m's body by a chain of expansions, where Galaxy's cycle check does not
// look: expands at the top level of a macro body are expanded after the
// body is in place, with the cycle check reset, so Galaxy loops forever.
func (x *expander) checkTermination(e *Element, m *xmlMacro) error {
	loc, via := e.Loc, e.Via
	var chain []string
	for via != nil && via.Kind == StepExpand && within(loc, via.Def) {
		// The chain is at most maxNesting long, but walked for every
		// <expand>: the budget bounds the product.
		if !x.budget.spend(moveCost) {
			return x.overMacro(e, m)
		}
		chain = append(chain, via.Name)
		if via.Name == m.name {
			slices.Reverse(chain)
			return errorf(ErrNonTerminating, x.res.pos(e.Loc), "",
				"macro %s expands itself without end (%s → %s): Galaxy would loop forever",
				m.name, strings.Join(chain, " → "), m.name)
		}
		loc, via = via.At, via.AtVia
	}
	return nil
}

func within(l, def Loc) bool { return l.File == def.File && def.Span.Covers(l.Span) }
