package cst

import (
	"bytes"
	"iter"
)

// StartTag returns the start tag of an element (for an empty element, its
// only tag), or the zero Node.
func (n Node) StartTag() Node {
	if c := n.FirstChild(); n.Kind() == KindElement && c.Kind() == KindStartTag {
		return c
	}
	return Node{}
}

// EndTag returns the end tag of an element, or the zero Node for an empty
// element (<x/>) or one left unclosed.
func (n Node) EndTag() Node {
	if c := n.LastChild(); n.Kind() == KindElement && c.Kind() == KindEndTag {
		return c
	}
	return Node{}
}

// SelfClosing reports whether an element is written as one empty-element
// tag (<x/> or <x />).
func (n Node) SelfClosing() bool {
	st := n.StartTag()
	return st.IsValid() && st.LastToken().Kind() == TokSlashGT
}

// Attrs yields the attribute nodes of an element or start tag in order.
func (n Node) Attrs() iter.Seq[Node] {
	tag := n
	if n.Kind() == KindElement {
		tag = n.StartTag()
	}
	return func(yield func(Node) bool) {
		if tag.Kind() != KindStartTag {
			return
		}
		for c := range tag.Children() {
			if c.Kind() == KindAttribute && !yield(c) {
				return
			}
		}
	}
}

// Attr returns the attribute node called name on an element or start tag,
// or the zero Node.
func (n Node) Attr(name string) Node {
	for a := range n.Attrs() {
		if string(a.NameToken().Bytes()) == name {
			return a
		}
	}
	return Node{}
}

// AttrValue returns the decoded value of the attribute called name and
// whether the attribute is present.
func (n Node) AttrValue(name string) (string, bool) {
	a := n.Attr(name)
	if !a.IsValid() {
		return "", false
	}
	return a.Value(), true
}

// Get returns the decoded value of the attribute called name, or "".
func (n Node) Get(name string) string {
	v, _ := n.AttrValue(name)
	return v
}

// Content yields the content nodes of an element: everything between its
// start and end tags (text, CDATA, comments, PIs and child elements).
func (n Node) Content() iter.Seq[Node] {
	return func(yield func(Node) bool) {
		if n.Kind() != KindElement {
			return
		}
		for c := range n.Children() {
			if k := c.Kind(); k == KindStartTag || k == KindEndTag {
				continue
			}
			if !yield(c) {
				return
			}
		}
	}
}

// Elements yields the child elements of an element or of the document.
func (n Node) Elements() iter.Seq[Node] {
	return func(yield func(Node) bool) {
		for c := range n.Children() {
			if c.Kind() == KindElement && !yield(c) {
				return
			}
		}
	}
}

// ElementsNamed yields the child elements called name.
func (n Node) ElementsNamed(name string) iter.Seq[Node] {
	return func(yield func(Node) bool) {
		for c := range n.Elements() {
			if c.Is(name) && !yield(c) {
				return
			}
		}
	}
}

// Element returns the first child element called name, or the zero Node.
func (n Node) Element(name string) Node {
	for c := range n.ElementsNamed(name) {
		return c
	}
	return Node{}
}

// ContentSpan returns the byte range between an element's start and end
// tags. For an empty element it is the empty span after its tag.
func (n Node) ContentSpan() Span {
	st := n.StartTag()
	if !st.IsValid() {
		return Span{}
	}
	start := st.Span().End
	end := n.Span().End
	if et := n.EndTag(); et.IsValid() {
		end = et.Span().Start
	}
	return Span{start, end}
}

// IsWhitespace reports whether a text node consists of XML whitespace only.
func (n Node) IsWhitespace() bool {
	if n.Kind() != KindText {
		return false
	}
	for _, c := range n.Bytes() {
		if !isSpace(c) {
			return false
		}
	}
	return true
}

// ValueToken returns the quoted value token of an attribute, or the zero
// Token when it has none.
func (n Node) ValueToken() Token {
	if n.Kind() != KindAttribute {
		return Token{}
	}
	return n.t.tok(n.t.valueTok(n.i))
}

// Quote returns the quote character of an attribute value, or 0.
func (n Node) Quote() byte {
	v := n.ValueToken().Bytes()
	if len(v) == 0 {
		return 0
	}
	return v[0]
}

// ValueSpan returns the byte range of an attribute's value between its
// quotes.
func (n Node) ValueSpan() Span {
	tok := n.ValueToken()
	if !tok.IsValid() {
		return Span{}
	}
	s := tok.Span()
	raw := tok.Bytes()
	start, end := s.Start+1, s.End
	if len(raw) >= 2 && raw[len(raw)-1] == raw[0] {
		end--
	}
	return Span{start, end}
}

// RawValue returns an attribute's value as written, between the quotes.
func (n Node) RawValue() string {
	s := n.ValueSpan()
	if s.End <= s.Start {
		return ""
	}
	return string(n.t.src[s.Start:s.End])
}

// Value returns an attribute's value as an XML processor reports it:
// references resolved and whitespace characters normalised to spaces.
func (n Node) Value() string {
	s := n.ValueSpan()
	if s.End <= s.Start {
		return ""
	}
	raw := n.t.src[s.Start:s.End]
	// The parser has marked most values as needing no decoding.
	if n.Verbatim() || bytes.IndexAny(raw, "&\t\n\r") < 0 {
		return string(raw)
	}
	return decodeAttrValue(n.t.SourceString()[s.Start:s.End])
}
