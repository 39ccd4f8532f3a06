package macros

import (
	"slices"
	"strings"
)

// expander holds the state of one tool's expansion.
type expander struct {
	res     *Result
	mem     *Arena // where copies of macro bodies go, nil for fresh memory
	tokens  tokenTable
	shared  *defSet              // the imported definitions
	macros  map[string]*xmlMacro // the tool's own, overriding shared ones
	order   []string             // names of the tool's own macros not imported, in definition order
	visited []string             // Galaxy's cycle check: the macros being expanded
	created int
	steps   *[]Step // a slab the steppers take new steps from (see stepSlab)
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

// expandAll expands every <expand> below each element, first in document
// order first, as Galaxy's _expand_macros does.
func (x *expander) expandAll(elements []*Element) error {
	if len(x.macros) == 0 && len(x.shared.macros) == 0 && x.tokens.len() == 0 {
		return nil
	}
	for _, el := range elements {
		e := el.find(isExpand)
		for e != nil {
			// Everything before e in document order is free of <expand>s and
			// stays as it is, so the search resumes where e stood.
			p := e.parent
			i := slices.Index(p.Children, e)
			if err := x.expandOne(e); err != nil {
				return err
			}
			e = nextExpand(el, p, i)
		}
	}
	return nil
}

func isExpand(e *Element) bool { return e.is("expand") }

// nextExpand continues a document-order search for an <expand> below root
// at child i of p.
func nextExpand(root, p *Element, i int) *Element {
	for {
		for ; i < len(p.Children); i++ {
			c := p.Children[i]
			if isExpand(c) {
				return c
			}
			if f := c.find(isExpand); f != nil {
				return f
			}
		}
		if p == root {
			return nil
		}
		i = slices.Index(p.parent.Children, p) + 1
		p = p.parent
	}
}

func attrOr(e *Element, name string) string {
	v, _ := e.Get(name)
	return v
}

// expandOne replaces one <expand> by its macro's body (_expand_macro).
func (x *expander) expandOne(e *Element) error {
	name, ok := e.Get("macro")
	if !ok {
		return errorf(ErrNoMacroAttr, x.res.pos(e.Loc),
			"AssertionError: Attempted to expand macro with no 'macro' attribute defined.",
			"<expand> without macro=: name the macro to expand%s", x.context())
	}
	if slices.Contains(x.visited, name) {
		return errorf(ErrCycle, x.res.pos(e.Loc),
			"AssertionError: Cycle in nested macros: already expanded "+pyList(x.visited)+" can't expand '"+name+"' again",
			"macro %s expands itself: cycle %s → %s", name, strings.Join(x.visited, " → "), name)
	}
	m := x.macros[name]
	if m == nil {
		m = x.shared.macros[name]
	}
	if m == nil {
		order := slices.Concat(x.shared.order, x.order)
		return errorf(ErrUndefinedMacro, x.res.pos(e.Loc),
			"AssertionError: No macro named "+name+" found, known macros are "+strings.Join(order, ", ")+".",
			"no macro named %s%s%s", name, x.context(), suggest(name, order))
	}
	x.visited = append(x.visited, name)
	body := m.el.cloneIn(x.mem)
	if err := x.yields(body, e); err != nil {
		return err
	}
	var toks tokenTable // on the stack: substitution does not keep it
	if err := m.tokens(&toks, e, x.res); err != nil {
		return err
	}
	if toks.len() > 0 {
		for _, c := range body.Children {
			if err := x.substitute(c, &toks); err != nil {
				return err
			}
		}
	}
	if err := x.expandAll(body.Children); err != nil {
		return err
	}
	// Checked last, so that whatever Galaxy raises while expanding this
	// body is raised first.
	if err := x.checkTermination(e, m); err != nil {
		return err
	}
	st := &stepper{step: Step{Kind: StepExpand, Name: name, At: e.Loc, AtVia: e.Via, Def: m.el.Loc}, slab: x.stepSlab()}
	if err := x.grow(replace(x.mem, e, body.Children, false, st), e); err != nil {
		return err
	}
	x.visited = x.visited[:len(x.visited)-1]
	return nil
}

// context names the macros being expanded, innermost last, for messages
// about an element inside a macro body copy.
func (x *expander) context() string {
	if len(x.visited) == 0 {
		return ""
	}
	return " (expanding " + strings.Join(x.visited, " → ") + ")"
}

// yields replaces the <yield>s of a macro body copy by the content of the
// <expand> (_expand_yield_statements): first each <token name=X> child's
// children at every <yield name=X>, then the other children at every
// remaining <yield>, named or not.
func (x *expander) yields(body, e *Element) error {
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
		ys := body.findAll(buf[:0], func(c *Element) bool {
			v, ok := c.Get("name")
			return c.is("yield") && ok && v == name
		})
		if len(ys) == 0 {
			return errorf(ErrNoNamedYield, x.res.pos(t.Loc), "AssertionError: No named yield found for named token "+name,
				"<token name=%q> fills no <yield name=%q> in macro %s", name, name, attrOr(e, "macro"))
		}
		for _, y := range ys {
			st := &stepper{step: Step{Kind: StepYield, Name: name, At: y.Loc, AtVia: y.Via}, slab: x.stepSlab()}
			if err := x.grow(replace(x.mem, y, t.Children, true, st), e); err != nil {
				return err
			}
		}
	}
	// Most bodies hold a yield or two and most expands a few children: the
	// lists start on the stack.
	var ysBuf, contentBuf [8]*Element
	ys := body.findAll(ysBuf[:0], func(c *Element) bool { return c.is("yield") })
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
		st := &stepper{step: Step{Kind: StepYield, Name: yname, At: y.Loc, AtVia: y.Via}, slab: x.stepSlab()}
		if err := x.grow(replace(x.mem, y, content, true, st), e); err != nil {
			return err
		}
	}
	return nil
}

// grow counts created elements against the safety limit.
func (x *expander) grow(n int, at *Element) error {
	x.created += n
	if x.created > maxElements {
		return errorf(ErrTooLarge, x.res.pos(at.Loc), "",
			"macro expansion creates more than %d elements; stopping here", maxElements)
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
