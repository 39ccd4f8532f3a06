package macros

import (
	"slices"
	"strings"
	"sync"

	"github.com/galaxy-gtr/gtr/cst"
)

// Result is a macro-expanded tool.
type Result struct {
	// Root is the expanded root element.
	Root *Element
	// Imports lists the macro files read, in the order Galaxy reads them
	// (its macro_paths), as the paths Galaxy opens.
	Imports []string

	file string    // the tool
	tree *cst.Tree // the tool's parse
	// trees holds the parses of the imports, nil until the first: most
	// tools import nothing, and most lookups are of the tool.
	trees map[string]*cst.Tree

	// spent, input and bound are what the expansion was charged, the
	// size of its inputs and its bound (see budget), for the tests that
	// measure the corpus.
	spent, input, bound int64
}

// File returns the name of the tool file.
func (r *Result) File() string { return r.file }

// Tree returns the parsed source of a file the expansion read (the tool or
// an import), or nil.
func (r *Result) Tree(file string) *cst.Tree { return r.treeOf(file) }

// treeOf returns the parse of file, or nil.
func (r *Result) treeOf(file string) *cst.Tree {
	if file == r.file && r.tree != nil {
		return r.tree
	}
	return r.trees[file]
}

// addTree records the parse t of the import file.
func (r *Result) addTree(file string, t *cst.Tree) {
	if r.trees == nil {
		r.trees = make(map[string]*cst.Tree)
	}
	r.trees[file] = t
}

// Position returns the file, line and column where l starts.
func (r *Result) Position(l Loc) cst.Position { return r.pos(l) }

// Node returns the innermost node of the source tree that covers l (the
// outermost of nodes spanning the same bytes): the element for an
// element's Loc, the attribute for a name or value, the text
// or CDATA node for (part of) a text. It returns the zero Node when l is in
// no file the expansion read.
func (r *Result) Node(l Loc) cst.Node {
	t := r.treeOf(l.File)
	if t == nil {
		return cst.Node{}
	}
	return t.NodeCovering(l.Span)
}

// ToolLoc returns where in the tool file an element of the expanded tree
// comes from: its own Loc when it is written in the tool, else the
// outermost <expand> in the tool that brought it, through however many
// macros and imported files. It returns the zero Loc for an element that
// no tool element produced, such as a template re-appended from a macro
// file.
func (r *Result) ToolLoc(e *Element) Loc {
	if e.Loc.File == r.file {
		return e.Loc
	}
	for _, st := range e.Via.Trail() {
		if st.At.File == r.file {
			return st.At
		}
	}
	return Loc{}
}

// source returns the bytes of a file the expansion read, or nil.
func (r *Result) source(file string) []byte {
	if t := r.treeOf(file); t != nil {
		return t.Source()
	}
	return nil
}

func (r *Result) pos(l Loc) cst.Position {
	if t := r.treeOf(l.File); t != nil {
		return t.Position(l.Span.Start)
	}
	return cst.Position{File: l.File, Offset: l.Span.Start}
}

// Expand parses a tool and expands its macros as Galaxy's tool loader does.
// file names the tool in positions and is the base for imports: Galaxy
// resolves every <import>, in the tool and in imported files alike, against
// the directory of the tool file.
func Expand(file string, src []byte, opts Options) (*Result, error) {
	return ExpandTree(cst.Parse(file, src), opts)
}

// ExpandTree is like [Expand] for a tool already parsed.
func ExpandTree(t *cst.Tree, opts Options) (*Result, error) {
	if ctx := opts.Context; ctx != nil && ctx.Err() != nil {
		var b budget
		b.init(&opts, 0)
		return nil, b.canceled()
	}
	root, err := fromTree(t, opts.Arena)
	if err != nil {
		return nil, err
	}
	res := &Result{Root: root, file: t.File(), tree: t}
	var macrosEl *Element
	for c := range root.Elements() {
		if c.Tag == "macros" {
			macrosEl = c
			break
		}
	}
	if macrosEl == nil {
		return res, nil
	}
	// Declared here, the budget is allocated only for a tool with macros.
	var b budget
	b.init(&opts, len(t.Source()))

	ld := loader{opts: opts, res: res, baseDir: pyDirname(t.File())}
	imports, own, err := harvest(macrosEl, res)
	if err != nil {
		return nil, err
	}
	if err := ld.load(imports, &b); err != nil {
		return nil, err
	}
	// macros_el.clear(): children, text, tail and attributes go.
	at := spanOf(macrosEl.Loc.Span.Start, macrosEl.Loc.Span.Start)
	for _, c := range macrosEl.Children {
		c.parent = nil
	}
	macrosEl.Children, macrosEl.Attrs = nil, nil
	macrosEl.Text, macrosEl.text = "", originAt(at)
	macrosEl.Tail, macrosEl.tail = "", span32Of(at)

	// The definitions are the imported ones, shared with other tools,
	// followed by the tool's own.
	set := ld.defSet(b.factor)
	x := expander{res: res, mem: opts.Arena, shared: set, budget: &b}
	if err := x.setTokens(set, own); err != nil {
		return nil, err
	}
	if err := x.setMacros(set, own); err != nil {
		return nil, err
	}
	// Changes are marked only for the last substitution to pass over what
	// they did not reach; it clears the marks as it goes.
	x.track = untouchedSkip && skipsUntouched(&x.tokens)
	x.touch(macrosEl)
	if err := x.expandAll([]*Element{root}, 1); err != nil {
		return nil, err
	}
	for _, defs := range [...][]macroDef{set.templates, own} {
		for _, d := range defs {
			if d.typ == "template" {
				t := d.template()
				t.parent = macrosEl
				x.touch(t)
				macrosEl.Children = append(macrosEl.Children, t)
			}
		}
	}
	if x.tokens.len() > 0 {
		var u *untouched
		if x.track {
			nu := newUntouched(res, &x.tokens, ld.files)
			u = &nu
		}
		if err := x.substituteTree(root, &x.tokens, u); err != nil {
			return nil, err
		}
	}
	res.spent, res.input, res.bound = b.spent, b.input, b.limit
	return res, nil
}

// setTokens makes the token table of the imported tokens of set and the
// tool's own, as Galaxy's _load_tokens and expand_nested_tokens do.
func (x *expander) setTokens(set *defSet, own []macroDef) error {
	if set.unnamedToken != nil {
		return x.unnamed(set.unnamedToken)
	}
	x.tokens, x.tokens.res = set.nested, x.res
	self, over := set.self, -1
	if slices.ContainsFunc(own, func(d macroDef) bool { return d.typ == "token" }) {
		// Own tokens may override imported ones and nest in their values
		// both ways: the nested substitution starts again from a copy.
		x.tokens = set.tokens
		x.tokens.list, x.tokens.res = slices.Clone(set.tokens.list), x.res
		for _, d := range own {
			if d.typ != "token" {
				continue
			}
			td, ok := tokenOf(d.el)
			if !ok {
				return x.unnamed(d.el)
			}
			x.tokens.set(td)
		}
		self, over = x.tokens.expandNested(x.budget)
		if over >= 0 {
			return x.tokenOver(&x.tokens.list[over])
		}
	} else if set.over != nil {
		e := *set.over
		return &e
	}
	if self >= 0 {
		d := x.tokens.list[self]
		how := "its value holds its own name"
		if !strings.Contains(d.written, d.name) {
			how = "its value holds its own name once the tokens in it are substituted"
		}
		return errorf(ErrSelfToken, x.res.pos(d.def), "Exception: Token '"+d.name+"' cannot contain itself",
			"token %s cannot be substituted: %s", d.name, how)
	}
	return nil
}

// unnamed reports el, a <token> or an xml macro, for having no name, as
// Galaxy's assertion does.
func (x *expander) unnamed(el *Element) error {
	if el.Tag == "token" {
		return errorf(ErrUnnamed, x.res.pos(el.Loc), "AssertionError: ", "<token> without a name")
	}
	return errorf(ErrUnnamed, x.res.pos(el.Loc), "AssertionError: ", "<%s> macro without a name", el.Tag)
}

// setMacros adds the tool's own xml macros to the imported ones of set;
// a later definition of a name overrides an earlier one.
func (x *expander) setMacros(set *defSet, own []macroDef) error {
	if set.unnamedMacro != nil {
		return x.unnamed(set.unnamedMacro)
	}
	for _, d := range own {
		if d.typ != "xml" {
			continue
		}
		name, ok := nameOf(d.el)
		if !ok {
			return x.unnamed(d.el)
		}
		if x.macros == nil {
			x.macros = make(map[string]*xmlMacro)
		}
		if _, dup := x.macros[name]; !dup && set.macros[name] == nil {
			x.order = append(x.order, name)
		}
		x.macros[name] = &xmlMacro{name: name, el: d.el}
	}
	return nil
}

// xmlMacro is an <xml> macro with its parameters (Galaxy's XmlMacroDef).
type xmlMacro struct {
	name   string
	el     *Element
	once   sync.Once // reads params and size from el: imported macros are shared
	params []param
	// size is the size of el's subtree, which every expansion of the
	// macro copies, and yields the number of <yield>s in it: found once
	// rather than walked again for each <expand>, since el is never
	// modified.
	size   treeSize
	yields int
}

type param struct {
	name     string
	key      string // the token it is substituted as: quoted, upper case
	required bool
	def      Attr // the token_x attribute giving the default
}

// parse reads the parameters from the macro's attributes and measures
// its body, once.
func (m *xmlMacro) parse() { m.once.Do(m.readParams) }

func (m *xmlMacro) readParams() {
	m.size = sizeOf([]*Element{m.el})
	m.el.findAll(nil, func(c *Element) bool {
		if c.is("yield") {
			m.yields++
		}
		return false
	})
	quote := "@"
	for _, a := range m.el.Attrs {
		if a.Name == "token_quote" {
			quote = a.Value
		}
		if a.Name == "tokens" {
			for t := range strings.SplitSeq(a.Value, ",") {
				m.set(param{name: t, required: true})
			}
		} else if strings.HasPrefix(a.Name, "token_") {
			m.set(param{name: a.Name[len("token_"):], def: a})
		}
	}
	for i := range m.params {
		m.params[i].key = quote + pyUpper(m.params[i].name) + quote
	}
}

// set adds a parameter, or replaces the one of the same name in place.
func (m *xmlMacro) set(p param) {
	for i := range m.params {
		if m.params[i].name == p.name {
			m.params[i] = p
			return
		}
	}
	m.params = append(m.params, p)
}

// tokens fills the empty table t with the parameter tokens of one
// <expand> of the macro.
func (m *xmlMacro) tokens(t *tokenTable, e *Element, res *Result) error {
	m.parse()
	if len(m.params) == 0 {
		return nil
	}
	t.res, t.list = res, make([]tokenDef, 0, len(m.params))
	for _, p := range m.params {
		a, file := e.Attr(p.name), e.Loc.File
		if a == nil {
			file = m.el.Loc.File
			if p.required {
				return errorf(ErrMissingParam, res.pos(e.Loc),
					"ValueError: Failed to expand macro - missing required parameter ["+p.name+"].",
					"<expand macro=%q> lacks the required parameter %s", m.name, p.name)
			}
			a = &p.def
		}
		t.set(tokenDef{name: p.key, value: a.Value, origin: a.value.export(file), def: Loc{file, a.value.span()}})
	}
	return nil
}
