package schema

import "github.com/galaxy-gtr/gtr/cst"

// Written returns the [Element] view of el, an element of a well-formed
// cst tree, as an XML parser reports it: attribute values decoded and
// normalised, character data with references resolved and line ends
// normalised, comments and processing instructions left out. For a tool
// that uses no macros this is the view Galaxy validates, without building
// the expanded tree; a tree with syntax errors has no such view.
//
// Pos of every element is its cst.Node.
func Written(el cst.Node) Element { return writtenElem{el} }

// writtenElem is the Element view of a cst element node.
type writtenElem struct{ n cst.Node }

func (x writtenElem) Name() string { return x.n.Name() }
func (x writtenElem) Pos() any     { return x.n }

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
// once where Attr walks it up to the i'th (see [attrLister]); values are
// decoded only when asked for.
func (x writtenElem) appendAttrs(dst []attrPair, values bool) []attrPair {
	for a := x.n.StartTag().FirstChild(); a.IsValid(); a = a.NextSibling() {
		if a.Kind() != cst.KindAttribute {
			continue
		}
		p := attrPair{name: a.Name()} // interned: the name token's text, not copied
		if values {
			p.value = a.Value()
		}
		dst = append(dst, p)
	}
	return dst
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
			return writtenElem{c}
		}
		i--
	}
	panic("schema: child index out of range")
}

// appendChildren appends the child elements to dst (see [childAppender]).
func (x writtenElem) appendChildren(dst []Element) []Element {
	for c := range x.n.Elements() {
		dst = append(dst, writtenElem{c})
	}
	return dst
}

// Text returns the element's character data, the text after its child
// elements included.
func (x writtenElem) Text() string { return cst.AllContent(x.n).Text }

// textIsBlank reports whether the character data is only whitespace
// without decoding it when it is written as whitespace (see
// [blankTexter]); anything else, a reference or CDATA, is decoded.
func (x writtenElem) textIsBlank() bool {
	for c := range x.n.Content() {
		switch c.Kind() {
		case cst.KindText:
			if !c.IsWhitespace() {
				return isBlank(x.Text())
			}
		case cst.KindCDATA:
			return isBlank(x.Text())
		}
	}
	return true
}
