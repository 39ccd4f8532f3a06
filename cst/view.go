package cst

// Typed views (rowan's AstNode idea): thin value types over one element
// [Node] that read Galaxy concepts (a tool's id, a parameter's name, a test's
// outputs) without copying the tree. Conventions shared by every view:
//
//   - A view holds a Node; the zero view is invalid (IsValid reports false)
//     and all its methods return zero values, so accessors for optional
//     elements return an invalid view instead of a second result.
//   - AsX(n) returns the view and true when n is the element X reads.
//   - Attribute getters return the decoded attribute value as written, ""
//     when absent; values may hold unexpanded macro tokens (@TOKEN@). Attr
//     returns the attribute node itself, for edits.
//   - Child accessors read the tree as written, before macro expansion, but
//     look through <expand>: the elements passed to an <expand> (its content
//     and its named <token> blocks) are reported in place, because Galaxy
//     inserts them at the macro's <yield/>. What a macro itself defines is not
//     visible here.
//   - Sequences are iter.Seq values in document order.

import (
	"iter"
	"strings"
	"unicode"
)

// viewElem is the element a typed view reads. Every view embeds it.
type viewElem struct{ n Node }

// Node returns the element the view reads, or the zero Node.
func (v viewElem) Node() Node { return v.n }

// IsValid reports whether the view refers to an element.
func (v viewElem) IsValid() bool { return v.n.IsValid() }

// Span returns the byte range of the element.
func (v viewElem) Span() Span { return v.n.Span() }

// Pos returns the position of the element's first byte.
func (v viewElem) Pos() Position { return v.n.Pos() }

// Attr returns the attribute node called name, or the zero Node. Its
// ValueSpan is what an edit of the value replaces.
func (v viewElem) Attr(name string) Node { return v.n.Attr(name) }

// Get returns the decoded value of the attribute called name, or "".
func (v viewElem) Get(name string) string { return v.n.Get(name) }

// viewAs wraps n when it is an element with one of the given names.
func viewAs(n Node, names ...string) (viewElem, bool) {
	if n.Kind() != KindElement {
		return viewElem{}, false
	}
	for _, name := range names {
		if n.Is(name) {
			return viewElem{n}, true
		}
	}
	return viewElem{}, false
}

// viewElements yields the child elements of n in document order, looking
// through <expand>: an <expand> is replaced by its child elements, and a
// <token> child of an <expand> (content for a named yield) by its own.
func viewElements(n Node) iter.Seq[Node] {
	return func(yield func(Node) bool) {
		viewScan(n, func(c Node) viewStep {
			if !yield(c) {
				return viewStop
			}
			return viewSkip
		})
	}
}

// viewStep tells viewScan where to go on from an element.
type viewStep uint8

const (
	viewSkip    viewStep = iota // after the element
	viewDescend                 // with the elements inside it
	viewStop                    // nowhere: the scan ends
)

// viewScan calls f for each element viewElements(n) yields, in document
// order, and, after an element for which f returns viewDescend, for each
// element viewElements yields of that one, before going on. It reports
// false when f stopped it. The views that read nested blocks (inputs in
// conditionals, actions in conditionals, ...) are such scans.
//
// The subtree of n is a run of the preorder node array in which a node's
// after skips its children: the scan steps through it without recursion,
// in time linear in the size of the subtree however deep it is.
func viewScan(n Node, f func(Node) viewStep) bool {
	if n.t == nil {
		return true
	}
	t := n.t
	nodes := t.nodes
	for i, end := n.i+1, nodes[n.i].after; i < end; {
		r := &nodes[i]
		if r.kind != KindElement {
			i = r.after // a tag, text or comment: nothing to yield inside
			continue
		}
		c := Node{t, i}
		// An <expand> stands for its content, and so does a <token> passed
		// to an <expand> reached that way; n's own children are n's, even
		// when n is an <expand>. f sees no <expand>, so an <expand> whose
		// children are read was reached through another or is n.
		if c.Is("expand") || r.parent != n.i && c.Is("token") && (Node{t, r.parent}).Is("expand") {
			i++
			continue
		}
		switch f(c) {
		case viewStop:
			return false
		case viewDescend:
			i++
		default:
			i = r.after
		}
	}
	return true
}

// viewNamed yields the child elements of n called one of names, looking
// through <expand> as viewElements does.
func viewNamed(n Node, names ...string) iter.Seq[Node] {
	return func(yield func(Node) bool) {
		for c := range viewElements(n) {
			for _, name := range names {
				if c.Is(name) {
					if !yield(c) {
						return
					}
					break
				}
			}
		}
	}
}

// viewFirst returns the first child element of n called name, looking
// through <expand>, or the zero Node. Galaxy's find(name) reads the first
// one too.
func viewFirst(n Node, name string) Node {
	for c := range viewNamed(n, name) {
		return c
	}
	return Node{}
}

// viewMap turns a sequence of nodes into a sequence of views.
func viewMap[T any](seq iter.Seq[Node], wrap func(Node) T) iter.Seq[T] {
	return func(yield func(T) bool) {
		for n := range seq {
			if !yield(wrap(n)) {
				return
			}
		}
	}
}

// viewBool reports whether s is true as Galaxy's string_as_bool reads it:
// "true", "yes", "on" or "1", in any case.
func viewBool(s string) bool {
	switch strings.ToLower(s) {
	case "true", "yes", "on", "1":
		return true
	}
	return false
}

// viewAttrBool reads a boolean attribute with Galaxy's string_as_bool,
// returning def when the attribute is absent.
func viewAttrBool(n Node, name string, def bool) bool {
	v, ok := n.AttrValue(name)
	if !ok {
		return def
	}
	return viewBool(v)
}

// viewIsPySpace reports whether r is whitespace for Python's str.strip.
func viewIsPySpace(r rune) bool {
	return unicode.IsSpace(r) || (r >= 0x1c && r <= 0x1f)
}

// viewStrip trims whitespace from both ends as Python's str.strip does.
func viewStrip(s string) string { return strings.TrimFunc(s, viewIsPySpace) }

// viewIsLineBreak reports whether r ends a line for Python's str.splitlines.
func viewIsLineBreak(r rune) bool {
	switch r {
	case '\n', '\r', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
		return true
	}
	return false
}

// viewJoinStrip removes line breaks and strips the result, as Galaxy's
// xml_text does with "".join(text.splitlines()).strip().
func viewJoinStrip(s string) string {
	if strings.IndexFunc(s, viewIsLineBreak) >= 0 {
		s = strings.Map(func(r rune) rune {
			if viewIsLineBreak(r) {
				return -1
			}
			return r
		}, s)
	}
	return viewStrip(s)
}

// viewXMLText reads a value as Galaxy's xml_text(elem, name) does: the
// attribute called name when it is non-empty, otherwise the text of the
// first child element called name with line breaks removed and stripped.
func viewXMLText(n Node, name string) string {
	if v := n.Get(name); v != "" {
		return v
	}
	c := viewFirst(n, name)
	if !c.IsValid() {
		return ""
	}
	return viewJoinStrip(Content(c).Text)
}

// FileType is the kind of a Galaxy XML file, told by its root element.
type FileType uint8

// File types.
const (
	FileOther  FileType = iota // any other root element, or none
	FileTool                   // a <tool> root
	FileMacros                 // a <macros> root: a macro library tools import
)

// String returns "tool", "macros" or "other".
func (k FileType) String() string {
	switch k {
	case FileTool:
		return "tool"
	case FileMacros:
		return "macros"
	}
	return "other"
}

// FileKind classifies a parsed file by the name of its root element.
func FileKind(t *Tree) FileType {
	if t == nil {
		return FileOther
	}
	switch root := t.RootElement(); {
	case root.Is("tool"):
		return FileTool
	case root.Is("macros"):
		return FileMacros
	}
	return FileOther
}

// ArgumentName returns the parameter name Galaxy derives from an argument
// attribute when a <param> has no name: leading dashes stripped, the
// remaining dashes replaced by underscores ("--foo-bar" gives "foo_bar").
func ArgumentName(argument string) string {
	return strings.ReplaceAll(strings.TrimLeft(argument, "-"), "-", "_")
}

// TextElement is an element read for its character content, such as
// <description>, <edam_topic>, <xref> or <requirement>; views of elements
// with a text body (Command, Help, Citation, ...) embed it.
type TextElement struct{ viewElem }

// AsTextElement returns a TextElement view of any element.
func AsTextElement(n Node) (TextElement, bool) {
	if n.Kind() != KindElement {
		return TextElement{}, false
	}
	return TextElement{viewElem{n}}, true
}

// Text returns the element's text as Galaxy reads it (lxml's .text):
// character data and CDATA up to the first child element, references
// resolved, comments removed, line ends normalised, with an offset map back
// to the source.
func (e TextElement) Text() Decoded { return Content(e.n) }

// Value returns Text with surrounding whitespace stripped.
func (e TextElement) Value() string { return viewStrip(Content(e.n).Text) }

// IsCDATA reports whether the text is wrapped in CDATA: the content holds at
// least one CDATA section and, besides comments and whitespace, nothing else.
func (e TextElement) IsCDATA() bool {
	cdata := false
	for c := range e.n.Content() {
		switch c.Kind() {
		case KindCDATA:
			cdata = true
		case KindComment:
		case KindText:
			if !c.IsWhitespace() {
				return false
			}
		default:
			return false
		}
	}
	return cdata
}

// HasElements reports whether the element has child elements. Galaxy reads
// only the text before the first one, so text after it is silently ignored.
func (e TextElement) HasElements() bool {
	for range e.n.Elements() {
		return true
	}
	return false
}

// IsMixed reports whether the element holds both child elements and
// character data other than whitespace (in text or CDATA).
func (e TextElement) IsMixed() bool {
	if !e.HasElements() {
		return false
	}
	for c := range e.n.Content() {
		switch c.Kind() {
		case KindText:
			if !c.IsWhitespace() {
				return true
			}
		case KindCDATA:
			if strings.TrimFunc(viewCDATABody(c), viewIsXMLSpace) != "" {
				return true
			}
		}
	}
	return false
}

func viewIsXMLSpace(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\r' }

// viewCDATABody returns the text of a CDATA node between its delimiters (to
// the end of the node when the section is unclosed).
func viewCDATABody(c Node) string {
	raw := c.Bytes()
	if len(raw) < 9 {
		return ""
	}
	end := len(raw)
	if end >= 12 && string(raw[end-3:]) == "]]>" {
		end -= 3
	}
	return string(raw[9:end])
}

// ExpandsIn yields every <expand> element in the subtree of n, in document
// order, nested ones included.
func ExpandsIn(n Node) iter.Seq[Expand] {
	return func(yield func(Expand) bool) {
		for d := range n.Descendants() {
			if d.Is("expand") && !yield(Expand{viewElem{d}}) {
				return
			}
		}
	}
}
