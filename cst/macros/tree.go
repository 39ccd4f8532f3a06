package macros

import (
	"iter"

	"github.com/galaxy-gtr/gtr/cst"
)

// Loc is a byte range in one source file: the tool or a macro file it
// imports. File is the name the file was parsed under (for imports, the
// path Galaxy opens: the tool's directory joined with the import text).
type Loc struct {
	File string
	Span cst.Span
}

// IsValid reports whether l names a file.
func (l Loc) IsValid() bool { return l.File != "" }

// Element is one node of an expanded tree, in lxml's model: a tag, ordered
// attributes, the text before the first child, the children, and the tail
// (the text after the element, up to its next sibling). Comments are gone,
// CDATA is plain text and references are resolved, as Galaxy's parser
// reports them.
type Element struct {
	Tag      string
	Attrs    []Attr
	Text     string
	Tail     string
	Children []*Element

	// Loc is where the element is written: the whole element in its source
	// file, start tag to end tag.
	Loc Loc
	// Via is the chain of expansions that moved the element to its place,
	// nil for an element written where it stands.
	Via *Step

	// PI marks a processing instruction inside the root element, which
	// lxml keeps as a node: Tag is its target and Text its data.
	PI bool
	// touched marks an element whose strings or children, or those of an
	// element below it, expansion changed (see untouched.go). It fits in
	// the padding after PI.
	touched bool

	// A tail is never substituted, so its origin is a span alone, which
	// packs next to PI: the element is 8 bytes smaller than with two
	// origins.
	tail   span32
	text   origin
	parent *Element
}

// Attr is one attribute of an [Element]. [Element.NameOrigin] and
// [Element.ValueOrigin] tell where its name and value came from.
type Attr struct {
	Name, Value string
	name, value origin
}

// origin is the compact provenance of a string of an element: a span in
// the element's own file, and the parts once a substitution changed it.
// The span is kept in 32-bit offsets, as the cst tree keeps its own: every
// attribute holds two origins and every element one (and the span of its
// tail), and the smaller records make the slabs of a converted tree about
// a tenth smaller.
type origin struct {
	span32
	parts *[]Part
}

// span32 is a source span in 32-bit offsets.
type span32 struct{ start, end int32 }

func span32Of(sp cst.Span) span32 { return span32{int32(sp.Start), int32(sp.End)} }

// span returns the span s as a cst.Span.
func (s span32) span() cst.Span { return spanOf(int(s.start), int(s.end)) }

// originAt returns the origin of a string decoded from sp, unchanged by
// substitution.
func originAt(sp cst.Span) origin { return origin{span32: span32Of(sp)} }

func (o origin) export(file string) Origin {
	out := Origin{Loc: Loc{file, o.span()}}
	if o.parts != nil {
		out.Parts = *o.parts
	}
	return out
}

// TextOrigin tells where e.Text came from.
func (e *Element) TextOrigin() Origin { return e.text.export(e.Loc.File) }

// TailOrigin tells where e.Tail came from.
func (e *Element) TailOrigin() Origin { return Origin{Loc: Loc{e.Loc.File, e.tail.span()}} }

// NameOrigin tells where the name of the attribute called name came from;
// the zero Origin when there is no such attribute.
func (e *Element) NameOrigin(name string) Origin {
	if i := e.attrIndex(name); i >= 0 {
		return e.Attrs[i].name.export(e.Loc.File)
	}
	return Origin{}
}

// ValueOrigin tells where the value of the attribute called name came
// from; the zero Origin when there is no such attribute.
func (e *Element) ValueOrigin(name string) Origin {
	if i := e.attrIndex(name); i >= 0 {
		return e.Attrs[i].value.export(e.Loc.File)
	}
	return Origin{}
}

// Origin tells where a string of the expanded tree came from.
type Origin struct {
	// Loc is the source range the string was decoded from before any token
	// substitution: an attribute name or value between its quotes, or the
	// character data, CDATA and comments of a text or tail.
	Loc Loc
	// Parts is nil when no token substitution changed the string. Otherwise
	// it covers the string piece by piece, in order.
	Parts []Part
}

// Part is one piece of a substituted string.
type Part struct {
	// Off is the byte offset where the piece starts; it ends where the next
	// part starts, or at the end of the string.
	Off int
	// Loc is the source the piece was decoded from: its exact bytes when the
	// source was written without references, CDATA or comments, otherwise
	// the whole text or attribute value that holds them.
	Loc Loc
	// Token is the token (or macro parameter, quote characters included)
	// whose definition holds the piece, "" for text written in place.
	Token string

	exact bool
}

// StepKind tells how a [Step] moved elements.
type StepKind uint8

// Step kinds.
const (
	StepExpand StepKind = iota + 1 // an <expand> replaced by a copy of its macro's body
	StepYield                      // a <yield> replaced by a copy of the expand's content
)

// String returns "expand" or "yield".
func (k StepKind) String() string {
	switch k {
	case StepExpand:
		return "expand"
	case StepYield:
		return "yield"
	}
	return "invalid"
}

// Step is one link in the chain of expansions that moved an element. Steps
// are shared between elements and never modified.
type Step struct {
	Kind StepKind
	// nest is the length of the longest chain from this step through Prev
	// and AtVia, which expansion bounds (see maxNesting). It fits in the
	// padding after Kind.
	nest uint32
	// Name is the macro expanded, or the yield's name ("" when unnamed).
	Name string
	// At is the <expand> or <yield> element that was replaced.
	At Loc
	// AtVia is how the replaced <expand> or <yield> itself got there.
	AtVia *Step
	// Def is the macro definition (<xml> or <macro>) of a StepExpand.
	Def Loc
	// Prev is the element's chain before this step.
	Prev *Step
}

// depth returns the nesting of the chain that starts at s, 0 for nil.
func (s *Step) depth() int {
	if s == nil {
		return 0
	}
	return int(s.nest)
}

// Trail flattens the chain that starts at s into the expansions and yields
// that brought an element to its place, outermost (nearest the tool) first.
func (s *Step) Trail() []*Step {
	var out []*Step
	var walk func(*Step)
	walk = func(s *Step) {
		if s == nil {
			return
		}
		walk(s.AtVia)
		out = append(out, s)
		walk(s.Prev)
	}
	walk(s)
	return out
}

// Parent returns the element's parent, or nil for the root.
func (e *Element) Parent() *Element { return e.parent }

// Root returns the root of the tree e belongs to.
func (e *Element) Root() *Element {
	for e.parent != nil {
		e = e.parent
	}
	return e
}

// Get returns the value of the attribute called name and whether it is
// present.
func (e *Element) Get(name string) (string, bool) {
	if i := e.attrIndex(name); i >= 0 {
		return e.Attrs[i].Value, true
	}
	return "", false
}

// Attr returns the attribute called name, or nil.
func (e *Element) Attr(name string) *Attr {
	if i := e.attrIndex(name); i >= 0 {
		return &e.Attrs[i]
	}
	return nil
}

func (e *Element) attrIndex(name string) int {
	// The slice is read once: with e.Attrs in the loop, the compiler
	// loads it and checks the index again after every comparison that
	// calls memequal.
	attrs := e.Attrs
	for i := range attrs {
		if attrs[i].Name == name {
			return i
		}
	}
	return -1
}

// is reports whether e is an element (not a PI) called tag.
func (e *Element) is(tag string) bool { return !e.PI && e.Tag == tag }

// Elements yields the child elements of e, processing instructions
// excluded.
func (e *Element) Elements() iter.Seq[*Element] {
	return func(yield func(*Element) bool) {
		for _, c := range e.Children {
			if !c.PI && !yield(c) {
				return
			}
		}
	}
}

// Descendants yields e and every element below it in document order.
func (e *Element) Descendants() iter.Seq[*Element] {
	return func(yield func(*Element) bool) {
		e.walk(yield)
	}
}

func (e *Element) walk(yield func(*Element) bool) bool {
	if !yield(e) {
		return false
	}
	for _, c := range e.Children {
		if !c.walk(yield) {
			return false
		}
	}
	return true
}

// findAll appends to out every descendant of e (e excluded) for which match
// reports true, in document order, and returns it with the number of
// elements visited. It keeps its own stack, of the children lists being
// gone through: it searches macro bodies before their depth is checked.
func (e *Element) findAll(out []*Element, match func(*Element) bool) ([]*Element, int) {
	var buf [32][]*Element
	stack := append(buf[:0], e.Children)
	visited := 0
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if len(*top) == 0 {
			stack = stack[:len(stack)-1]
			continue
		}
		c := (*top)[0]
		*top = (*top)[1:]
		visited++
		if match(c) {
			out = append(out, c)
		}
		if len(c.Children) > 0 {
			stack = append(stack, c.Children)
		}
	}
	return out, visited
}
