package cheetah

import (
	"iter"
	"slices"
)

// BindKind says which directive binds a name.
type BindKind uint8

// Binding kinds.
const (
	BindSet       BindKind = iota // "#set x = ..." (also "#set local")
	BindSetGlobal                 // "#set global x = ..."
	BindFor                       // "#for x, y in ..."
	BindDef                       // the name of a "#def", "#block" or "#closure"
	BindParam                     // a parameter of a "#def", "#block" or "#closure"
	BindImport                    // "#import x", "#from m import x", "... as x"
)

var bindKindNames = [...]string{"set", "set global", "for", "def", "param", "import"}

// String returns the kind's name, such as "for".
func (k BindKind) String() string {
	if int(k) < len(bindKindNames) {
		return bindKindNames[k]
	}
	return "BindKind(?)"
}

// Binding is a name a directive binds, which shadows a tool parameter of
// the same name from there on.
type Binding struct {
	Name      string
	Span      Span // the name, without a leading "$"
	Kind      BindKind
	Directive int // offset of the binding directive's "#"
}

// Placeholder describes one placeholder: "$x", "${x.y}", "$x.y[0].z(1)".
type Placeholder struct {
	Node     Node
	Name     string // the root name, "x"; "" for an expression such as "$(1+2)"
	Path     string // the dotted name before any call or index, "x.y"
	NameSpan Span   // the span of Path
	Enclosed bool   // written "${...}", "$(...)" or "$[...]"
	Silent   bool   // written "$!x"
	InExpr   bool   // inside a directive expression or another placeholder
}

// Reference is a use of a name: the root of a placeholder, or a bare name
// in a directive expression or placeholder argument ("#if x == 1",
// "$f(x)"). Attribute names ("y" in "$x.y") and keyword-argument names are
// not references; neither are the names a directive binds.
type Reference struct {
	Name        string
	Span        Span
	Placeholder bool // the root of a placeholder rather than a bare name
	Node        Node // the placeholder or directive holding it
}

// Placeholders yields every placeholder in text order, including those
// inside directive expressions.
func (t *Template) Placeholders() iter.Seq[Placeholder] {
	return func(yield func(Placeholder) bool) {
		for i := range t.nodes {
			if t.nodes[i].kind == KindPlaceholder && !yield(t.placeholder(int32(i))) {
				return
			}
		}
	}
}

// Placeholder returns the description of a [KindPlaceholder] node, as
// [Template.Placeholders] yields it, and whether n is one.
func (n Node) Placeholder() (Placeholder, bool) {
	if n.Kind() != KindPlaceholder {
		return Placeholder{}, false
	}
	return n.t.placeholder(n.i), true
}

func (t *Template) placeholder(i int32) Placeholder {
	n := t.nodes[i]
	ph := Placeholder{Node: Node{t, i}}
	if pk := t.nodes[n.parent].kind; pk == KindDirective || pk == KindPlaceholder {
		ph.InExpr = true
	}
	j := n.tok0 + 1
	for ; j < n.tok1; j++ {
		switch t.toks[j].kind {
		case TokBang:
			ph.Silent = true
			continue
		case TokCache, TokSpace:
			continue
		case TokOpen:
			ph.Enclosed = true
			continue
		}
		break
	}
	if j >= n.tok1 || t.toks[j].kind != TokName {
		return ph
	}
	sp := t.span(int(j))
	ph.Name = t.src[sp.Start:sp.End]
	for j+2 < n.tok1 && t.text(j+1) == "." && t.toks[j+2].kind == TokName {
		j += 2
		sp.End = t.span(int(j)).End
	}
	ph.NameSpan, ph.Path = sp, t.src[sp.Start:sp.End]
	return ph
}

func (t *Template) text(i int32) string {
	sp := t.span(int(i))
	return t.src[sp.Start:sp.End]
}

// Directives yields every directive node in text order.
func (t *Template) Directives() iter.Seq[Node] {
	return func(yield func(Node) bool) {
		for i := range t.nodes {
			if t.nodes[i].kind == KindDirective && !yield(Node{t, int32(i)}) {
				return
			}
		}
	}
}

// Bindings yields the names bound by #set, #for, #def (name and
// parameters) and #import/#from, in text order.
func (t *Template) Bindings() iter.Seq[Binding] {
	return func(yield func(Binding) bool) {
		for _, b := range t.binds {
			if !yield(b) {
				return
			}
		}
	}
}

// noRefs are the directives whose names are not template variables.
var noRefs = map[string]bool{
	"import": true, "from": true, "extends": true, "implements": true, "errorCatcher": true,
	"arg": true, "compiler": true, "compiler-settings": true, "filter": true, "transform": true,
	"def": true, "block": true, "closure": true, "defmacro": true, "end": true,
}

// References yields every reference to a name, in text order.
func (t *Template) References() iter.Seq[Reference] {
	return t.referencesIn(0, int32(len(t.nodes)))
}

// References yields the references to names in n and the nodes below it,
// in text order: those of [Template.References] that these nodes hold.
func (n Node) References() iter.Seq[Reference] {
	if !n.ok() {
		return func(func(Reference) bool) {}
	}
	return n.t.referencesIn(n.i, n.t.nodes[n.i].end)
}

// referencesIn yields the references the nodes [lo, hi) hold.
func (t *Template) referencesIn(lo, hi int32) iter.Seq[Reference] {
	return func(yield func(Reference) bool) {
		for _, r := range t.references(lo, hi) {
			if !yield(r) {
				return
			}
		}
	}
}

func (t *Template) references(lo, hi int32) []Reference {
	// bound reports whether the name at off is one a directive binds: the
	// bindings are sorted by offset (Parse sorts them).
	bound := func(off int) bool {
		_, found := slices.BinarySearchFunc(t.binds, off, func(b Binding, off int) int { return b.Span.Start - off })
		return found
	}
	var refs []Reference
	for i := lo; i < hi; i++ {
		n := t.nodes[i]
		if n.kind != KindPlaceholder && (n.kind != KindDirective || noRefs[nodeNames[n.name]]) {
			continue
		}
		first := n.kind == KindPlaceholder
		for j := range t.ownTokens(i) {
			if t.toks[j].kind != TokName {
				continue
			}
			sp := t.span(int(j))
			root := first
			first = false
			if !root && (t.prevText(j) == "." || t.nextText(j) == "=") || bound(sp.Start) {
				continue
			}
			refs = append(refs, Reference{Name: t.src[sp.Start:sp.End], Span: sp, Placeholder: root, Node: Node{t, i}})
		}
	}
	slices.SortFunc(refs, func(a, b Reference) int { return a.Span.Start - b.Span.Start })
	return refs
}

// ownTokens yields the indexes of node i's tokens that no child covers.
func (t *Template) ownTokens(i int32) iter.Seq[int32] {
	return func(yield func(int32) bool) {
		n := t.nodes[i]
		j := n.tok0
		for c := i + 1; c < n.end; c = t.nodes[c].end {
			for ; j < t.nodes[c].tok0; j++ {
				if !yield(j) {
					return
				}
			}
			j = max(j, t.nodes[c].tok1)
		}
		for ; j < n.tok1; j++ {
			if !yield(j) {
				return
			}
		}
	}
}

// prevText returns the text of the token before i, skipping blanks.
func (t *Template) prevText(i int32) string {
	for i--; i >= 0; i-- {
		if t.toks[i].kind != TokSpace {
			return t.text(i)
		}
	}
	return ""
}

// nextText returns the text of the token after i, skipping blanks.
func (t *Template) nextText(i int32) string {
	for i++; int(i) < len(t.toks); i++ {
		if t.toks[i].kind != TokSpace {
			return t.text(i)
		}
	}
	return ""
}

// kindAt returns the kind of the token at off, or TokError and false.
func (t *Template) kindAt(off int) (TokenKind, bool) {
	i := t.TokenAt(off)
	if i < 0 {
		return TokError, false
	}
	return t.toks[i].kind, true
}

// InComment reports whether offset off lies in a comment: "##", "#* *#",
// or a Python comment inside an expression.
func (t *Template) InComment(off int) bool {
	k, ok := t.kindAt(off)
	return ok && (k == TokComment || k == TokBlockComment || k == TokPyComment)
}

// InRaw reports whether offset off lies in text Cheetah does not parse:
// a #raw body, #compiler-settings, the rest of a #slurp, #shBang or
// #encoding line, or anything after #breakpoint.
func (t *Template) InRaw(off int) bool {
	k, ok := t.kindAt(off)
	return ok && (k == TokRaw || k == TokIgnored)
}

// InString reports whether offset off lies in a Python string literal of
// a directive expression or placeholder argument.
func (t *Template) InString(off int) bool {
	k, ok := t.kindAt(off)
	return ok && k == TokString
}

// bind records a binding of the name at sp by the directive being parsed.
func (p *parser) bind(sp Span, k BindKind) {
	p.binds = append(p.binds, Binding{Name: p.src[sp.Start:sp.End], Span: sp, Kind: k, Directive: p.dirStart()})
}

// dirStart returns the offset of the innermost open directive.
func (p *parser) dirStart() int {
	for i := len(p.open) - 1; i >= 0; i-- {
		if n := p.nodes[p.open[i]]; n.kind == KindDirective {
			return int(p.toks[n.tok0].start)
		}
	}
	return p.pos
}

// bindTokens binds the plain names among tokens [t0, t1): a target list.
// A name followed by ".", "[" or "(" is an object being changed, not a
// name being bound.
func (p *parser) bindTokens(t0, t1 int, k BindKind) {
	for i := t0; i < t1; i++ {
		if p.toks[i].kind != TokName {
			continue
		}
		prev, next := "", ""
		for j := i - 1; j >= t0; j-- {
			if p.toks[j].kind != TokSpace {
				prev = p.tokText(j)
				break
			}
		}
		for j := i + 1; j < t1; j++ {
			if p.toks[j].kind != TokSpace {
				next = p.tokText(j)
				break
			}
		}
		if prev == "." || next == "." || next == "[" || next == "(" {
			continue
		}
		p.bind(p.span(i), k)
	}
}

// span returns the span of token i while parsing: the last token ends at
// p.pos.
func (p *parser) span(i int) Span {
	end := p.pos
	if i+1 < len(p.toks) {
		end = int(p.toks[i+1].start)
	}
	return Span{int(p.toks[i].start), end}
}

func (p *parser) tokText(i int) string {
	sp := p.span(i)
	return p.src[sp.Start:sp.End]
}

// bindImports binds the names an "#import" or "#from" directive, whose
// name token is t0, imports.
func (p *parser) bindImports(t0 int) {
	i := t0 + 1
	if p.tokText(t0) == "from" {
		for i < len(p.toks) && !(p.toks[i].kind == TokKeyword && p.tokText(i) == "import") {
			i++
		}
		i++
	}
	from := p.tokText(t0) == "from"
	var item []int // name token indexes of the current item
	flush := func() {
		switch {
		case len(item) == 0:
		case len(item) >= 2 && p.tokText(item[len(item)-2]) == "as":
			p.bind(p.span(item[len(item)-1]), BindImport)
		case from:
			p.bind(p.span(item[len(item)-1]), BindImport)
		default:
			p.bind(p.span(item[0]), BindImport)
		}
		item = item[:0]
	}
	for ; i < len(p.toks); i++ {
		switch k := p.toks[i].kind; {
		case k == TokName || k == TokKeyword && p.tokText(i) == "as":
			item = append(item, i)
		case k == TokOp && p.tokText(i) == ",":
			flush()
		case k == TokSpace || k == TokOp || k == TokOpen || k == TokClose:
		default:
			flush()
			return
		}
	}
	flush()
}
