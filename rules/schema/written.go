package schema

import (
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
)

// Written returns the [Element] view of el, an element of a well-formed
// cst tree, as an XML parser reports it: attribute values decoded and
// normalised, character data with references resolved and line ends
// normalised, comments and processing instructions left out. For a tool
// that uses no macros this is the view Galaxy validates, without building
// the expanded tree; a tree with syntax errors has no such view.
//
// Pos of every element is its cst.Node.
func Written(el cst.Node) Element {
	n := 0
	if t := el.Tree(); t != nil {
		n = t.Count(cst.KindElement)
	}
	a := &nodeArena{free: make([]writtenNode, n)}
	return a.add(el)
}

// writtenElem is the Element view of a cst element node. It holds a
// pointer so that, like [expandedElem], it is stored in an interface value
// without an allocation of its own: a cst.Node is two words, and boxing
// one for every child element was the validator's main allocation. The
// nodes come from an arena made with the view, room for every element of
// the tree at once.
type writtenElem struct{ n *writtenNode }

// writtenNode is an element node and the arena its children's nodes come
// from.
type writtenNode struct {
	cst.Node
	arena *nodeArena
}

// nodeArena hands out writtenNodes from slabs that are never grown or
// reused, so every pointer handed out stays valid.
type nodeArena struct{ free []writtenNode }

func (a *nodeArena) add(n cst.Node) writtenElem {
	if len(a.free) == 0 {
		// Validating a view again lists its elements again.
		a.free = make([]writtenNode, 64)
	}
	w := &a.free[0]
	a.free = a.free[1:]
	*w = writtenNode{n, a}
	return writtenElem{w}
}

func (x writtenElem) Name() string { return x.n.Name() }
func (x writtenElem) Pos() any     { return x.n.Node }

// source returns the tree's source as a string, "" for the zero Node.
func (x writtenElem) source() string {
	if t := x.n.Tree(); t != nil {
		return t.SourceString()
	}
	return ""
}

// NumAttrs counts the attributes of the start tag.
func (x writtenElem) NumAttrs() int {
	n := 0
	for a := x.n.StartTag().FirstChild(); a.IsValid(); a = a.NextSibling() {
		if a.Kind() == cst.KindAttribute {
			n++
		}
	}
	return n
}

// Attr returns the i'th attribute of the start tag, its value decoded as
// macros.FromTree decodes it.
func (x writtenElem) Attr(i int) (string, string) {
	for a := x.n.StartTag().FirstChild(); a.IsValid(); a = a.NextSibling() {
		if a.Kind() != cst.KindAttribute {
			continue
		}
		if i == 0 {
			return a.NameToken().Text(), a.Value()
		}
		i--
	}
	panic("schema: attribute index out of range")
}

// appendAttrs appends the attributes of the start tag to dst, walking it
// once where Attr walks it up to the i'th (see [validator.attrsOf]).
func (x writtenElem) appendAttrs(dst []attrPair) []attrPair {
	src := x.source()
	for a := x.n.StartTag().FirstChild(); a.IsValid(); a = a.NextSibling() {
		if a.Kind() == cst.KindAttribute {
			// The name is interned: the name token's text, not copied.
			dst = append(dst, attrPair{a.Name(), attrValue(a, src)})
		}
	}
	return dst
}

// attrValue returns a.Value(), a slice of src (the tree's source as a
// string) rather than a copy when the value needs no decoding: most
// values do not, and the validator keeps them no longer than the tree.
func attrValue(a cst.Node, src string) string {
	s := a.ValueSpan()
	if s.End <= s.Start {
		return ""
	}
	// The parser marks the values that need no decoding.
	if a.Verbatim() {
		return src[s.Start:s.End]
	}
	return a.Value()
}

// NumChildren counts the child elements.
func (x writtenElem) NumChildren() int {
	n := 0
	for range x.n.Elements() {
		n++
	}
	return n
}

// Child returns the i'th child element.
func (x writtenElem) Child(i int) Element {
	for c := range x.n.Elements() {
		if i == 0 {
			return x.n.arena.add(c)
		}
		i--
	}
	panic("schema: child index out of range")
}

// appendChildren appends the child elements to dst (see
// [validator.childrenOf]).
func (x writtenElem) appendChildren(dst []Element) []Element {
	for c := range x.n.Elements() {
		dst = append(dst, x.n.arena.add(c))
	}
	return dst
}

// appendContent appends the child elements to dst and reports whether the
// text is only whitespace, in one walk over the content (see
// [validator.contentOf]): text written as whitespace is not decoded;
// anything else, a reference or CDATA, is. The text is tested with
// isBlank, whose common case is one comparison, where c.IsWhitespace
// tests byte by byte.
func (x writtenElem) appendContent(dst []Element) ([]Element, bool) {
	src := x.source()
	blank, decode := true, false
	for c := x.n.FirstChild(); c.IsValid(); c = c.NextSibling() {
		switch c.Kind() {
		case cst.KindElement:
			dst = append(dst, x.n.arena.add(c))
		case cst.KindText:
			if !decode {
				sp := c.Span()
				decode = !isBlank(src[sp.Start:sp.End])
			}
		case cst.KindCDATA:
			decode = true
		}
	}
	if decode {
		blank = isBlank(x.Text())
	}
	return dst, blank
}

// Text returns the element's character data, the text after its child
// elements included, as cst.AllContent decodes it.
//
// The validator asks this of every element of simple content, <command>
// and <help> among them, whose text is nearly always one run of source
// bytes: a text or CDATA section without references or carriage returns.
// Such text is that slice of the source, not copied; anything else is
// decoded by decodeText, which unlike cst.AllContent builds no offset map.
func (x writtenElem) Text() string {
	src := x.source()
	only, size, plain := "", 0, true
	for c := x.n.FirstChild(); c.IsValid(); c = c.NextSibling() {
		var piece string
		switch c.Kind() {
		case cst.KindText:
			sp := c.Span()
			piece = src[sp.Start:sp.End]
			plain = plain && !strings.ContainsAny(piece, "&\r")
		case cst.KindCDATA:
			start, end := cdataSpan(c)
			piece = src[start:end]
			plain = plain && strings.IndexByte(piece, '\r') < 0
		default:
			continue
		}
		if piece != "" {
			plain = plain && only == "" // a second piece: they are to be joined
			only = piece
			size += len(piece)
		}
	}
	if plain {
		return only
	}
	return x.decodeText(size)
}

// cdataSpan returns where the character data of a CDATA section lies, as
// cst's decoder reads it: without "<![CDATA[" and, when present, "]]>".
func cdataSpan(c cst.Node) (start, end int) {
	sp := c.FirstToken().Span()
	start, end = sp.Start+len("<![CDATA["), sp.End
	if sp.Len() >= 12 && string(c.FirstToken().Bytes()[sp.Len()-3:]) == "]]>" {
		end -= 3
	}
	return start, end
}

// decodeText joins the element's text and CDATA sections, references
// resolved and line ends normalised, as cst.AllContent does; size, the
// length of the pieces as written, bounds the result, since decoding
// never lengthens them.
func (x writtenElem) decodeText(size int) string {
	t := x.n.Tree()
	src, str := t.Source(), t.SourceString()
	b := make([]byte, 0, size)
	for c := x.n.FirstChild(); c.IsValid(); c = c.NextSibling() {
		switch c.Kind() {
		case cst.KindText:
			for tok := range c.Tokens() {
				sp := tok.Span()
				if k := tok.Kind(); k == cst.TokEntityRef || k == cst.TokCharRef {
					if r, ok := cst.DecodeReference(str[sp.Start:sp.End]); ok {
						b = append(b, r...)
						continue
					}
				}
				b = cst.AppendChars(b, src[sp.Start:sp.End])
			}
		case cst.KindCDATA:
			start, end := cdataSpan(c)
			b = cst.AppendChars(b, src[start:end])
		}
	}
	return string(b)
}
