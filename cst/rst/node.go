package rst

import (
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
)

// Node is one element or text node of a document tree. Its Kind is the
// docutils node class; its attributes carry docutils' names.
type Node struct {
	Kind Kind
	// The small unexported fields sit beside Kind, in the bytes the
	// alignment of Span leaves free, so that a Node fits the 256-byte size
	// class of the allocator rather than the 288-byte one.
	referenced bool  // a target that a reference resolved to
	resolved   bool  // a reference or target already resolved
	indent     int32 // a line block line's indent, -1 when unset

	// Span is the byte range of the help text the node was read from; it
	// lies inside the text given to [Parse]. Nodes that docutils makes up
	// (generated labels, a table's colspecs) have the span of the construct
	// they belong to.
	Span cst.Span
	// Text is the value of a text node and the text of a raw or comment
	// node; element nodes keep their text in Text children.
	Text string
	// IDs, Names, DupNames, Classes and Backrefs are docutils' common list
	// attributes.
	IDs, Names, DupNames, Classes, Backrefs []string
	// Attrs holds the other attributes (refuri, refid, refname, uri, alt,
	// enumtype, …) as docutils spells them.
	Attrs map[string]string
	// Children lists the child nodes in document order.
	Children []*Node
	// Parent is the enclosing node; nil for the document.
	Parent *Node
	// Line is the 1-based line of the help text docutils gives the node
	// (its "line" attribute), 0 when it has none.
	Line int

	// Level is a system message's level (1 INFO … 4 SEVERE).
	Level int

	indirectRef string
	msg         *Message // a system message node's message
	raw         string   // an inline node's source text (docutils' rawsource)
}

// Get returns the attribute name, or "".
func (n *Node) Get(name string) string {
	if n.Attrs == nil {
		return ""
	}
	return n.Attrs[name]
}

// Has reports whether the attribute name is set.
func (n *Node) Has(name string) bool {
	if n.Attrs == nil {
		return false
	}
	_, ok := n.Attrs[name]
	return ok
}

// Set sets the attribute name to value.
func (n *Node) Set(name, value string) {
	if n.Attrs == nil {
		n.Attrs = make(map[string]string, 2)
	}
	n.Attrs[name] = value
}

// Del removes the attribute name.
func (n *Node) Del(name string) { delete(n.Attrs, name) }

// Shown returns the children of n that html4css1 renders: all but the
// invisible ones ([Kind.Invisible]), in order.
func (n *Node) Shown() []*Node {
	var kids []*Node
	for _, k := range n.Children {
		if !k.Kind.Invisible() {
			kids = append(kids, k)
		}
	}
	return kids
}

// Append adds children at the end of n and sets their parent.
func (n *Node) Append(children ...*Node) {
	if len(children) > 1 {
		// Room for all at once, rather than the doublings of one append
		// after another.
		n.Children = slices.Grow(n.Children, len(children))
	}
	for _, c := range children {
		if c == nil {
			continue
		}
		c.Parent = n
		n.Children = append(n.Children, c)
	}
}

// adopt makes children, a list made for n alone and not used after, the
// children of n, which has none: as Append would, without copying the
// list.
func (n *Node) adopt(children []*Node) {
	for _, c := range children {
		if c == nil {
			n.Append(children...)
			return
		}
	}
	for _, c := range children {
		c.Parent = n
	}
	if len(children) > 0 {
		n.Children = children
	}
}

// Insert inserts c as the i'th child of n.
func (n *Node) Insert(i int, c *Node) {
	c.Parent = n
	n.Children = append(n.Children, nil)
	copy(n.Children[i+1:], n.Children[i:])
	n.Children[i] = c
}

// Index returns the position of c among n's children, or -1.
func (n *Node) Index(c *Node) int {
	for i, x := range n.Children {
		if x == c {
			return i
		}
	}
	return -1
}

// Remove removes c from n's children.
func (n *Node) Remove(c *Node) {
	if i := n.Index(c); i >= 0 {
		n.Children = append(n.Children[:i], n.Children[i+1:]...)
	}
}

// Replace puts the nodes with in place of the child old.
func (n *Node) Replace(old *Node, with ...*Node) {
	i := n.Index(old)
	if i < 0 {
		return
	}
	rest := append([]*Node(nil), n.Children[i+1:]...)
	n.Children = n.Children[:i]
	n.Append(with...)
	n.Children = append(n.Children, rest...)
}

// AsText returns the text content of n as docutils' astext gives it:
// the text of its text nodes in order (a system message's paragraphs and
// literal blocks separated by blank lines).
func (n *Node) AsText() string {
	var b strings.Builder
	n.writeText(&b)
	return b.String()
}

func (n *Node) writeText(b *strings.Builder) {
	if n.Kind == KindText {
		b.WriteString(n.Text)
		return
	}
	if n.Kind == KindOptionArgument {
		if d, ok := n.Attrs["delimiter"]; ok {
			b.WriteString(d)
		} else {
			b.WriteByte(' ')
		}
	}
	sep := ""
	switch {
	case n.Kind == KindOptionGroup:
		sep = ", "
	case n.Kind == KindOption:
	case n.Kind.isStructural():
		sep = "\n\n"
	}
	for i, c := range n.Children {
		if i > 0 {
			b.WriteString(sep)
		}
		c.writeText(b)
	}
}

// Walk calls f for n and every node below it in document order; it skips
// the children of a node for which f returns false.
func (n *Node) Walk(f func(*Node) bool) {
	if !f(n) {
		return
	}
	for i := 0; i < len(n.Children); i++ {
		n.Children[i].Walk(f)
	}
}

// hasClass reports whether n carries the class c.
func (n *Node) hasClass(c string) bool {
	for _, x := range n.Classes {
		if x == c {
			return true
		}
	}
	return false
}

// newNode returns a node of kind k spanning sp.
func newNode(k Kind, sp cst.Span, children ...*Node) *Node {
	n := &Node{Kind: k, Span: sp, indent: -1}
	n.Append(children...)
	return n
}

// newText returns a text node.
func newText(s string, sp cst.Span) *Node {
	return &Node{Kind: KindText, Text: s, Span: sp, indent: -1}
}

// newNode returns a node of kind k spanning sp, from the document's slab.
func (d *doc) newNode(k Kind, sp cst.Span, children ...*Node) *Node {
	if k == KindTarget {
		d.sawTarget = true
	}
	n := d.alloc()
	n.Kind, n.Span, n.indent = k, sp, -1
	n.Append(children...)
	return n
}

// newText returns a text node from the document's slab.
func (d *doc) newText(s string, sp cst.Span) *Node {
	n := d.alloc()
	n.Kind, n.Text, n.Span, n.indent = KindText, s, sp, -1
	return n
}

// The slab's chunks grow from minSlab nodes to maxSlab, so that a short
// help takes little more than it uses and a long one few allocations.
const (
	minSlab = 8
	maxSlab = 64
)

// alloc returns a zero node from the slab of nodes the document is made
// of: one allocation for many nodes, which all live as long as the tree.
// A document with a spare slab ([Check]'s, from [scratch]) takes its chunks from there
// before it makes new ones.
func (d *doc) alloc() *Node {
	if len(d.slab) == 0 {
		d.slab = d.spare.next()
		if d.slab != nil {
			d.slabSize = len(d.slab)
		} else {
			d.slabSize = min(max(2*d.slabSize, minSlab), maxSlab)
			d.slab = make([]Node, d.slabSize)
			d.spare.keep(d.slab)
		}
	}
	n := &d.slab[0]
	d.slab = d.slab[1:]
	return n
}

// slab is the node storage of one parse kept for the next: [Check]'s
// tree is gone once its verdict is known, so its nodes can be handed out
// again rather than a new slab allocated for each help text.
type slab struct {
	chunks [][]Node // the chunks, in the order they were handed out
	used   int      // how many of chunks the current parse has taken
}

// next returns the next chunk of zero nodes, or nil when s (which may be
// nil, for a document that keeps its tree) has none left.
func (s *slab) next() []Node {
	if s == nil || s.used == len(s.chunks) {
		return nil
	}
	s.used++
	return s.chunks[s.used-1]
}

// keep adds a chunk just made to s, when there is one, for the parses
// after this one.
func (s *slab) keep(chunk []Node) {
	if s != nil {
		s.chunks = append(s.chunks, chunk)
		s.used++
	}
}

// reset zeroes the nodes the parse took, so that the next parse gets zero
// nodes and the slab keeps nothing of this one's tree alive.
func (s *slab) reset() {
	for _, c := range s.chunks[:s.used] {
		clear(c)
	}
	s.used = 0
}
