package cheetah

import (
	"iter"
	"slices"
	"sync"
)

// Token is one lexical token: a kind and the span of text it covers.
// Tokens are contiguous: together they cover the template text exactly.
type Token struct {
	Kind TokenKind
	Span Span
}

// tok is a token as stored: its end is the next token's start.
type tok struct {
	start int32
	kind  TokenKind
}

// node is one entry of the flat preorder node array, 20 bytes: the two
// small fields come last, after the four offsets.
type node struct {
	parent int32 // index of the parent, -1 for the root
	end    int32 // index after the last descendant
	tok0   int32 // first token
	tok1   int32 // index after the last token
	kind   Kind
	name   uint8 // index in nodeNames: the directive's name, or a block's or branch's heading directive's
}

// Template is a parsed Cheetah template. It is immutable.
type Template struct {
	src   string
	toks  []tok
	nodes []node
	errs  ErrorList
	binds []Binding
}

// Parse parses src as a Cheetah template. It never fails: problems are
// reported by [Template.Errors], and the tokens always cover src exactly.
func Parse(src string) *Template {
	sc := scratchPool.Get().(*scratch)
	t := parseWith(src, sc)
	// A hostile text may have grown the arrays far past any command's
	// needs: those go to the collector rather than stay in the pool.
	if cap(sc.toks) <= maxKeptTokens {
		scratchPool.Put(sc)
	}
	return t
}

// maxKeptTokens is the largest token array the pool keeps: 8 MiB, for a
// command of 1 to 4 MB, far above the largest in the corpus.
const maxKeptTokens = 1 << 20

// parseWith parses src in the arrays of sc, and leaves them in sc.
func parseWith(src string, sc *scratch) *Template {
	p := &parser{src: src, end: len(src), toks: sc.toks[:0], nodes: sc.nodes[:0], open: sc.open[:0], blocks: sc.blocks[:0],
		encl: sc.encl[:0], binds: sc.binds[:0], ctx: topCtx, eolFrom: 1}
	p.openNode(KindTemplate)
	p.parseTo(len(src))
	p.finish()
	p.closeTo(0)
	p.errs.sort()
	// Bindings are recorded directive by directive, in text order but for
	// a few a directive records after its others: References looks them
	// up by offset.
	if !slices.IsSortedFunc(p.binds, byStart) {
		slices.SortStableFunc(p.binds, byStart)
	}
	// The template keeps copies of exactly the size it needs: the scratch
	// arrays grow to the largest text parsed and serve the next parse.
	t := &Template{src: src, toks: exact(p.toks), nodes: exact(p.nodes), errs: p.errs, binds: exact(p.binds)}
	// Frames and bindings hold strings of the text: let it go.
	clear(p.blocks[:cap(p.blocks)])
	clear(p.binds[:cap(p.binds)])
	*sc = scratch{toks: p.toks, nodes: p.nodes, open: p.open, blocks: p.blocks, encl: p.encl, binds: p.binds}
	return t
}

func byStart(a, b Binding) int { return a.Span.Start - b.Span.Start }

// scratch holds the arrays a parse builds in, for the next parse to reuse:
// the token and node arrays of a text are not known in advance (a text
// has 0.16 tokens and 0.08 nodes a byte at the median, up to 0.6 and 0.3),
// and growing them a piece at a time, or guessing high, costs more than
// one copy of the result.
type scratch struct {
	toks   []tok
	nodes  []node
	open   []int32
	blocks []frame
	encl   []enclosure
	binds  []Binding
}

// exact returns a copy of s with no spare capacity, or nil when s is
// empty.
func exact[S ~[]E, E any](s S) S {
	if len(s) == 0 {
		return nil
	}
	return slices.Clip(slices.Clone(s))
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// Source returns the template text.
func (t *Template) Source() string { return t.src }

// Tokens yields every token in order.
func (t *Template) Tokens() iter.Seq[Token] {
	return func(yield func(Token) bool) {
		for i := range t.toks {
			if !yield(t.Token(i)) {
				return
			}
		}
	}
}

// NumTokens returns the number of tokens.
func (t *Template) NumTokens() int { return len(t.toks) }

// Token returns the i-th token.
func (t *Template) Token(i int) Token {
	return Token{Kind: t.toks[i].kind, Span: t.span(i)}
}

// span returns the span of token i.
func (t *Template) span(i int) Span {
	end := len(t.src)
	if i+1 < len(t.toks) {
		end = int(t.toks[i+1].start)
	}
	return Span{int(t.toks[i].start), end}
}

// TokenAt returns the index of the token containing offset off, or -1 when
// off is outside the text.
func (t *Template) TokenAt(off int) int {
	if off < 0 || off >= len(t.src) {
		return -1
	}
	lo, hi := 0, len(t.toks)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if t.span(m).End <= off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// Errors returns the problems found, ordered by offset.
func (t *Template) Errors() ErrorList { return t.errs }

// Root returns the KindTemplate node.
func (t *Template) Root() Node { return Node{t, 0} }

// Node is a cursor on one node of a [Template]. The zero Node is invalid:
// its Kind is KindInvalid and its methods return zero values.
type Node struct {
	t *Template
	i int32
}

func (n Node) ok() bool { return n.t != nil }

// Kind returns the node's kind.
func (n Node) Kind() Kind {
	if !n.ok() {
		return KindInvalid
	}
	return n.t.nodes[n.i].kind
}

// Span returns the byte range the node covers.
func (n Node) Span() Span {
	if !n.ok() {
		return Span{}
	}
	x := n.t.nodes[n.i]
	if x.tok0 >= x.tok1 {
		off := len(n.t.src)
		if int(x.tok0) < len(n.t.toks) {
			off = int(n.t.toks[x.tok0].start)
		}
		return Span{off, off}
	}
	return Span{int(n.t.toks[x.tok0].start), n.t.span(int(x.tok1) - 1).End}
}

// Text returns the text the node covers.
func (n Node) Text() string {
	sp := n.Span()
	if !n.ok() {
		return ""
	}
	return n.t.src[sp.Start:sp.End]
}

// Name returns, for a directive, its name ("if", "end", "set", "else",
// ...); for a block or branch, the name of its heading directive; "" for
// other nodes. "#else if" is named "else".
func (n Node) Name() string {
	if !n.ok() {
		return ""
	}
	return nodeNames[n.t.nodes[n.i].name]
}

// Parent returns the node's parent, or the zero Node for the root.
func (n Node) Parent() Node {
	if !n.ok() || n.t.nodes[n.i].parent < 0 {
		return Node{}
	}
	return Node{n.t, n.t.nodes[n.i].parent}
}

// Children yields the node's child nodes in order.
func (n Node) Children() iter.Seq[Node] {
	return func(yield func(Node) bool) {
		if !n.ok() {
			return
		}
		end := n.t.nodes[n.i].end
		for c := n.i + 1; c < end; c = n.t.nodes[c].end {
			if !yield(Node{n.t, c}) {
				return
			}
		}
	}
}

// Descendants yields the node's descendants in preorder, not the node
// itself.
func (n Node) Descendants() iter.Seq[Node] {
	return func(yield func(Node) bool) {
		if !n.ok() {
			return
		}
		for c := n.i + 1; c < n.t.nodes[n.i].end; c++ {
			if !yield(Node{n.t, c}) {
				return
			}
		}
	}
}

// Tokens yields the node's tokens in order, with their indexes.
func (n Node) Tokens() iter.Seq2[int, Token] {
	return func(yield func(int, Token) bool) {
		if !n.ok() {
			return
		}
		x := n.t.nodes[n.i]
		for i := x.tok0; i < x.tok1; i++ {
			if !yield(int(i), n.t.Token(int(i))) {
				return
			}
		}
	}
}

// TokenRange returns the indexes [first, end) of the node's tokens.
func (n Node) TokenRange() (first, end int) {
	if !n.ok() {
		return 0, 0
	}
	x := n.t.nodes[n.i]
	return int(x.tok0), int(x.tok1)
}

// Template returns the template the node belongs to.
func (n Node) Template() *Template { return n.t }
