package cst

import (
	"io"
	"iter"
	"sync"
	"unsafe"
)

// Tree is the lossless syntax tree of one file. It is immutable once built
// and safe for concurrent reading.
type Tree struct {
	file  string
	src   []byte
	toks  []token
	nodes []node
	errs  ErrorList
	names []string // element and attribute names, by node nameID; see nameTable

	// counts holds the number of nodes of each kind, which the parser
	// counts as it opens them: see [Tree.Count].
	counts [numKinds]int32

	linesOnce sync.Once
	lines     *LineIndex
}

type token struct {
	start int32
	node  int32 // innermost node holding the token
	kind  TokKind
}

// node is one node of a tree, 28 bytes. Parsing writes one node per tag,
// attribute and text run, so the record leaves out what the preorder layout
// determines cheaply; those links are derived when asked for:
//
//   - the first child of node i is i+1 when its subtree holds more than i;
//   - its next sibling is its after, when that lies inside its parent's
//     subtree;
//   - its previous sibling is the ancestor of i-1 whose parent is i's
//     parent, found by walking up the last nodes of that sibling's subtree
//     (each node is walked over for one sibling at most, so visiting every
//     previous sibling stays linear);
//   - its name and value tokens sit at fixed places among its tokens (see
//     nameTok and valueTok).
//
// The last child is stored: deriving it would walk up from the last node of
// the subtree, and for deeply nested elements left unclosed, asking each one
// for its end tag would take quadratic time.
type node struct {
	kind       Kind
	flags      uint8 // facts the parser found out on the way: flagVerbatim
	parent     int32
	first, end int32 // token range [first, end), children's tokens included
	lastChild  int32
	after      int32 // index of the first node after this subtree in preorder
	nameID     int32 // index of the name in Tree.names, or -1 when the node has no name
}

const none = -1

// flagVerbatim marks an attribute, text or CDATA node whose text as written
// is the text an XML processor reports: see [Node.Verbatim].
const flagVerbatim uint8 = 1

// Count returns the number of nodes of kind k in the tree. The parser
// counts them as it goes, so that callers can size what they build from
// the tree without walking it first.
func (t *Tree) Count(k Kind) int {
	if int(k) >= len(t.counts) {
		return 0
	}
	return int(t.counts[k])
}

// File returns the file name given to [Parse].
func (t *Tree) File() string { return t.file }

// Source returns the bytes the tree was parsed from. The caller must not
// modify them.
func (t *Tree) Source() []byte { return t.src }

// SourceString returns the bytes the tree was parsed from as a string,
// without copying them: nothing modifies them once parsed (see [Parse]),
// so slices of it can stand for names, values and texts of the source.
func (t *Tree) SourceString() string {
	return unsafe.String(unsafe.SliceData(t.src), len(t.src))
}

// Errors returns the well-formedness errors, in source order.
func (t *Tree) Errors() ErrorList { return t.errs }

// WellFormed reports whether parsing found no error.
func (t *Tree) WellFormed() bool { return len(t.errs) == 0 }

// Root returns the document node.
func (t *Tree) Root() Node { return Node{t, 0} }

// RootElement returns the first element child of the document, or the zero
// Node when there is none.
func (t *Tree) RootElement() Node {
	for c := range t.Root().Children() {
		if c.Kind() == KindElement {
			return c
		}
	}
	return Node{}
}

// Lines returns the tree's line index, built on first use.
func (t *Tree) Lines() *LineIndex {
	t.linesOnce.Do(func() { t.lines = NewLineIndex(t.src) })
	return t.lines
}

// Position returns the file, line and column of a byte offset.
func (t *Tree) Position(off int) Position {
	line, col := t.Lines().LineCol(off)
	return Position{File: t.file, Offset: off, Line: line, Column: col}
}

// Bytes prints the tree: the concatenation of all its tokens. It equals the
// source for every input.
func (t *Tree) Bytes() []byte {
	out := make([]byte, 0, len(t.src))
	for tok := range t.Tokens() {
		out = append(out, tok.Bytes()...)
	}
	return out
}

// WriteTo writes the printed tree to w.
func (t *Tree) WriteTo(w io.Writer) (int64, error) {
	n, err := w.Write(t.Bytes())
	return int64(n), err
}

// NumTokens returns the number of tokens.
func (t *Tree) NumTokens() int { return len(t.toks) }

// Token returns the i-th token of the file.
func (t *Tree) Token(i int) Token { return Token{t, int32(i)} }

// TokenKind returns the kind of the i-th token of the file: what
// t.Token(i).Kind() returns, for loops over every token of a file that
// would otherwise make a cursor for each.
func (t *Tree) TokenKind(i int) TokKind { return t.toks[i].kind }

// TokenSpan returns the byte range of the i-th token of the file: what
// t.Token(i).Span() returns, for loops over every token of a file that
// would otherwise make a cursor for each.
func (t *Tree) TokenSpan(i int) Span {
	return Span{int(t.toks[i].start), t.tokEnd(int32(i))}
}

// Tokens yields every token of the file in order.
func (t *Tree) Tokens() iter.Seq[Token] {
	return func(yield func(Token) bool) {
		for i := range t.toks {
			if !yield(Token{t, int32(i)}) {
				return
			}
		}
	}
}

// NodeCovering returns the innermost node of t that covers s, and of
// nodes spanning the same bytes the outermost (an empty element rather
// than its start tag): the element for an element's span, the attribute
// for a name or value, the text or CDATA node for part of a text. An
// empty span at the end of the file is covered by the node before it. It
// returns the zero Node when s lies outside t.
func (t *Tree) NodeCovering(s Span) Node {
	n := t.TokenAt(s.Start).Node()
	if !n.IsValid() {
		n = t.TokenAt(s.Start - 1).Node()
	}
	for n.IsValid() && !n.Span().Covers(s) {
		n = n.Parent()
	}
	for p := n.Parent(); p.IsValid() && p.Kind() != KindDocument && p.Span() == n.Span(); p = n.Parent() {
		n = p
	}
	return n
}

// TokenAt returns the token holding the byte at off, or the zero Token when
// off is outside the source.
func (t *Tree) TokenAt(off int) Token {
	if off < 0 || off >= len(t.src) {
		return Token{}
	}
	lo, hi := 0, len(t.toks)
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if int(t.toks[mid].start) <= off {
			lo = mid
		} else {
			hi = mid
		}
	}
	return Token{t, int32(lo)}
}

// nameTok returns the name token of node i, or none. Only elements, tags
// and attributes have names: an attribute's is its first token, an
// element's or tag's follows its '<' or '</'.
func (t *Tree) nameTok(i int32) int32 {
	r := &t.nodes[i]
	switch {
	case r.nameID == none:
		return none
	case r.kind == KindAttribute:
		return r.first
	}
	return r.first + 1
}

// valueTok returns the value token of attribute i, or none. The parser
// ends an attribute with its value token when it has one.
func (t *Tree) valueTok(i int32) int32 {
	r := &t.nodes[i]
	if r.end > r.first && t.toks[r.end-1].kind == TokValue {
		return r.end - 1
	}
	return none
}

func (t *Tree) tokEnd(i int32) int {
	if int(i)+1 < len(t.toks) {
		return int(t.toks[i+1].start)
	}
	return len(t.src)
}

// Token is a cursor on one token of a [Tree]. The zero Token is invalid.
type Token struct {
	t *Tree
	i int32
}

// IsValid reports whether tok refers to a token.
func (tok Token) IsValid() bool { return tok.t != nil }

// Index returns the token's position in the file's token list.
func (tok Token) Index() int { return int(tok.i) }

// Kind returns the token kind.
func (tok Token) Kind() TokKind {
	if tok.t == nil {
		return TokInvalid
	}
	return tok.t.toks[tok.i].kind
}

// Span returns the token's byte range.
func (tok Token) Span() Span {
	if tok.t == nil {
		return Span{}
	}
	return Span{int(tok.t.toks[tok.i].start), tok.t.tokEnd(tok.i)}
}

// Bytes returns the token's source bytes. The caller must not modify them.
func (tok Token) Bytes() []byte {
	if tok.t == nil {
		return nil
	}
	s := tok.Span()
	return tok.t.src[s.Start:s.End]
}

// Text returns the token's source text.
func (tok Token) Text() string { return string(tok.Bytes()) }

// Node returns the innermost node holding the token.
func (tok Token) Node() Node {
	if tok.t == nil {
		return Node{}
	}
	return Node{tok.t, tok.t.toks[tok.i].node}
}

// Next returns the following token, or the zero Token at the end.
func (tok Token) Next() Token {
	if tok.t == nil || int(tok.i)+1 >= len(tok.t.toks) {
		return Token{}
	}
	return Token{tok.t, tok.i + 1}
}

// Prev returns the preceding token, or the zero Token at the start.
func (tok Token) Prev() Token {
	if tok.t == nil || tok.i == 0 {
		return Token{}
	}
	return Token{tok.t, tok.i - 1}
}

// Node is a cursor on one node of a [Tree]. Nodes are cheap values; the zero
// Node is invalid and its methods return zero values.
type Node struct {
	t *Tree
	i int32
}

func (n Node) rec() *node { return &n.t.nodes[n.i] }

// IsValid reports whether n refers to a node.
func (n Node) IsValid() bool { return n.t != nil }

// Tree returns the tree n belongs to.
func (n Node) Tree() *Tree { return n.t }

// Index returns the node's preorder index in its tree; the document is 0.
func (n Node) Index() int { return int(n.i) }

// Kind returns the node kind.
func (n Node) Kind() Kind {
	if n.t == nil {
		return KindInvalid
	}
	return n.rec().kind
}

// Span returns the node's byte range, children included.
func (n Node) Span() Span {
	if n.t == nil {
		return Span{}
	}
	r := n.rec()
	if r.first == r.end {
		off := len(n.t.src)
		if int(r.first) < len(n.t.toks) {
			off = int(n.t.toks[r.first].start)
		}
		return Span{off, off}
	}
	return Span{int(n.t.toks[r.first].start), n.t.tokEnd(r.end - 1)}
}

// Bytes returns the node's source bytes. The caller must not modify them.
func (n Node) Bytes() []byte {
	if n.t == nil {
		return nil
	}
	s := n.Span()
	return n.t.src[s.Start:s.End]
}

// Text returns the node's source text, markup included.
func (n Node) Text() string { return string(n.Bytes()) }

// Pos returns the position of the node's first byte.
func (n Node) Pos() Position {
	if n.t == nil {
		return Position{}
	}
	return n.t.Position(n.Span().Start)
}

// Parent returns the parent node, or the zero Node for the document.
func (n Node) Parent() Node {
	if n.t == nil || n.rec().parent == none {
		return Node{}
	}
	return Node{n.t, n.rec().parent}
}

// tok returns the token cursor for index i, or the zero Token for none.
func (t *Tree) tok(i int32) Token {
	if i == none {
		return Token{}
	}
	return Token{t, i}
}

// FirstChild returns the first child node, or the zero Node.
func (n Node) FirstChild() Node {
	if n.t == nil {
		return Node{}
	}
	// Nodes are stored in preorder: a first child follows its parent.
	if n.i+1 < n.rec().after {
		return Node{n.t, n.i + 1}
	}
	return Node{}
}

// LastChild returns the last child node, or the zero Node.
func (n Node) LastChild() Node {
	if n.t == nil {
		return Node{}
	}
	if c := n.rec().lastChild; c != none {
		return Node{n.t, c}
	}
	return Node{}
}

// NextSibling returns the next sibling node, or the zero Node.
func (n Node) NextSibling() Node {
	if n.t == nil {
		return Node{}
	}
	// The node after a subtree in preorder is its next sibling when it
	// has the same parent. Only the document has no parent, and no node
	// comes after its subtree.
	nodes := n.t.nodes
	r := &nodes[n.i]
	if a := r.after; int(a) < len(nodes) && nodes[a].parent == r.parent {
		return Node{n.t, a}
	}
	return Node{}
}

// PrevSibling returns the previous sibling node, or the zero Node.
func (n Node) PrevSibling() Node {
	if n.t == nil {
		return Node{}
	}
	r := n.rec()
	if r.parent == none || n.i-1 == r.parent {
		return Node{}
	}
	j := n.i - 1 // the last node of the previous sibling's subtree
	for n.t.nodes[j].parent != r.parent {
		j = n.t.nodes[j].parent
	}
	return Node{n.t, j}
}

// Children yields the child nodes in order. An element's children are its
// start tag, its content nodes and its end tag.
func (n Node) Children() iter.Seq[Node] {
	return func(yield func(Node) bool) {
		for c := n.FirstChild(); c.IsValid(); c = c.NextSibling() {
			if !yield(c) {
				return
			}
		}
	}
}

// Descendants yields n and every node below it in preorder.
func (n Node) Descendants() iter.Seq[Node] {
	return func(yield func(Node) bool) {
		if n.t == nil {
			return
		}
		// Nodes are stored in preorder, so a subtree is a contiguous run.
		for i := n.i; i < n.rec().after; i++ {
			if !yield(Node{n.t, i}) {
				return
			}
		}
	}
}

// Inspect walks the subtree of n in preorder, calling f for each node; when
// f returns false the children of that node are skipped.
func Inspect(n Node, f func(Node) bool) {
	if !n.IsValid() {
		return
	}
	// The subtree is a run of the preorder array, and a node's after skips
	// its children: the walk needs no stack however deep the tree.
	nodes := n.t.nodes
	for i, end := n.i, nodes[n.i].after; i < end; {
		if f(Node{n.t, i}) {
			i++
		} else {
			i = nodes[i].after
		}
	}
}

// Tokens yields every token inside the node, children's tokens included.
func (n Node) Tokens() iter.Seq[Token] {
	return func(yield func(Token) bool) {
		if n.t == nil {
			return
		}
		r := n.rec()
		for i := r.first; i < r.end; i++ {
			if !yield(Token{n.t, i}) {
				return
			}
		}
	}
}

// OwnTokens yields the tokens the node holds directly, not those of its
// children.
func (n Node) OwnTokens() iter.Seq[Token] {
	return func(yield func(Token) bool) {
		for tok := range n.Tokens() {
			if tok.t.toks[tok.i].node == n.i && !yield(tok) {
				return
			}
		}
	}
}

// FirstToken returns the node's first token, or the zero Token if it has
// none.
func (n Node) FirstToken() Token {
	if n.t == nil || n.rec().first == n.rec().end {
		return Token{}
	}
	return Token{n.t, n.rec().first}
}

// LastToken returns the node's last token, or the zero Token if it has none.
func (n Node) LastToken() Token {
	if n.t == nil || n.rec().first == n.rec().end {
		return Token{}
	}
	return Token{n.t, n.rec().end - 1}
}

// Verbatim reports whether n is an attribute whose quoted value, between
// the quotes, or a text or CDATA section whose bytes, are as written the
// text an XML processor reports for it ([Node.Value], or the character
// data): it holds no reference to resolve and no carriage return to
// normalise, nor, in an attribute value, a tab or newline that becomes a
// space. The parser finds this out as it reads the node, so callers need
// not search the bytes again. It reports false for every other node, and
// may for a node the parser reported an error in.
func (n Node) Verbatim() bool {
	return n.t != nil && n.rec().flags&flagVerbatim != 0
}

// NameToken returns the name token of an element, tag, attribute or
// processing instruction, or the zero Token.
func (n Node) NameToken() Token {
	if n.t == nil {
		return Token{}
	}
	return n.t.tok(n.t.nameTok(n.i))
}

// Name returns the name of an element, tag, attribute or processing
// instruction target; "" for other nodes and for tags without a name.
func (n Node) Name() string {
	if n.t == nil {
		return ""
	}
	// Every node with a name token has a name in the table (see nameTok):
	// the lookup is all there is to it, small enough to be inlined.
	if id := n.rec().nameID; id >= 0 {
		return n.t.names[id] // shared: no allocation
	}
	return ""
}

// Is reports whether n is an element named name.
func (n Node) Is(name string) bool {
	return n.Kind() == KindElement && n.Name() == name
}
