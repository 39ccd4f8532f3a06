package schema

import (
	"fmt"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
)

// Expanded returns Galaxy's macro-expanded view of a tool as an [Element]
// tree, the tree Galaxy validates. The Pos of each element is its
// *macros.Element, which knows where its bytes were written and through
// which expansions they came; [Locate] turns an [Error] into the source
// position to fix.
//
// Processing instructions are left out of the children, and Text joins
// an element's text with its children's tails, as an XML parser reports
// character data.
//
// The view reads r's tree in place: making it costs nothing, and it shows
// the tree as it is when read.
func Expanded(r *macros.Result) Element {
	return expandedElem{r.Root}
}

// expandedElem is the Element view of a *macros.Element. Being a struct
// of one pointer, it is stored in an interface value as the pointer
// itself: making a view of an element allocates nothing.
type expandedElem struct{ e *macros.Element }

func (x expandedElem) Name() string                { return x.e.Tag }
func (x expandedElem) NumAttrs() int               { return len(x.e.Attrs) }
func (x expandedElem) Attr(i int) (string, string) { return x.e.Attrs[i].Name, x.e.Attrs[i].Value }
func (x expandedElem) Pos() any                    { return x.e }

// appendAttrs appends the attributes to dst (see [validator.attrsOf]).
func (x expandedElem) appendAttrs(dst []attrPair) []attrPair {
	for _, a := range x.e.Attrs {
		dst = append(dst, attrPair{a.Name, a.Value})
	}
	return dst
}

// NumChildren counts the children that are not processing instructions.
func (x expandedElem) NumChildren() int {
	n := 0
	for _, c := range x.e.Children {
		if !c.PI {
			n++
		}
	}
	return n
}

// Child returns the i'th child that is not a processing instruction. It
// takes time in proportion to i; the validator lists all children at once
// with appendChildren instead.
func (x expandedElem) Child(i int) Element {
	for _, c := range x.e.Children {
		if c.PI {
			continue
		}
		if i == 0 {
			return expandedElem{c}
		}
		i--
	}
	panic("schema: child index out of range")
}

// appendChildren appends the children that are not processing
// instructions to dst (see [validator.childrenOf]).
func (x expandedElem) appendChildren(dst []Element) []Element {
	for _, c := range x.e.Children {
		if !c.PI {
			dst = append(dst, expandedElem{c})
		}
	}
	return dst
}

// appendContent appends the children that are not processing
// instructions to dst and reports whether Text is only whitespace, in one
// walk over the children and without joining the pieces (see
// [validator.contentOf]): element-only content asks this of every element
// that has children, and the tails between them are nearly always blank.
func (x expandedElem) appendContent(dst []Element) ([]Element, bool) {
	blank := isBlank(x.e.Text)
	for _, c := range x.e.Children {
		if !c.PI {
			dst = append(dst, expandedElem{c})
		}
		if blank && !isBlank(c.Tail) {
			blank = false
		}
	}
	return dst, blank
}

// Text returns the element's text joined with its children's tails; it
// is the element's own text, not copied, when no child has a tail.
func (x expandedElem) Text() string {
	for _, c := range x.e.Children {
		if c.Tail != "" {
			return joinText(x.e)
		}
	}
	return x.e.Text
}

// joinText returns e's text followed by its children's tails (processing
// instructions' tails included, their data not).
func joinText(e *macros.Element) string {
	n := len(e.Text)
	for _, c := range e.Children {
		n += len(c.Tail)
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(e.Text)
	for _, c := range e.Children {
		b.WriteString(c.Tail)
	}
	return b.String()
}

// Location is where an [Error] found in an expanded tool is to be fixed:
// the source bytes at fault, in the tool or in a macro file it imports, and
// how they reached the place where the error is.
type Location struct {
	// Loc is the source at fault: the element; for an attribute error the
	// attribute's value (its name when the attribute is not allowed); for
	// text the first text that is not blank; and for a string a single
	// token supplied, the token's definition.
	Loc macros.Loc
	// Pos is where Loc starts.
	Pos cst.Position
	// Via lists how the element got to its place, outermost (nearest the
	// tool) first: the <expand>s and <yield>s that moved it, then the
	// token substituted when Loc is a token's definition. It is empty for
	// bytes written in the tool where they stand.
	Via []Frame
}

// FrameKind tells what a [Frame] is.
type FrameKind uint8

// Frame kinds.
const (
	FrameExpand FrameKind = iota + 1 // an <expand macro=...> replaced by the macro's body
	FrameYield                       // a <yield> replaced by the content of an <expand>
	FrameToken                       // a @TOKEN@ (or macro parameter) substituted
)

// String returns "expand", "yield" or "token".
func (k FrameKind) String() string {
	switch k {
	case FrameExpand:
		return "expand"
	case FrameYield:
		return "yield"
	case FrameToken:
		return "token"
	}
	return "invalid"
}

// Frame is one step between the tool and the bytes at fault.
type Frame struct {
	Kind FrameKind
	// Name is the macro expanded, the yield's name ("" when unnamed) or
	// the token, quote characters included.
	Name string
	// Pos is the <expand> or <yield> element, or where the token is used.
	Pos cst.Position
}

// String describes the frame as the source shows it, such as
// `tool.xml:30:9 <expand macro="inputs">` or `tool.xml:1:40 token @PROFILE@`.
func (f Frame) String() string {
	switch f.Kind {
	case FrameExpand:
		return fmt.Sprintf("%s <expand macro=%q>", f.Pos, f.Name)
	case FrameYield:
		if f.Name == "" {
			return fmt.Sprintf("%s <yield/>", f.Pos)
		}
		return fmt.Sprintf("%s <yield name=%q/>", f.Pos, f.Name)
	}
	return fmt.Sprintf("%s token %s", f.Pos, f.Name)
}

// Locate returns where the error e, found by validating [Expanded](r), is
// to be fixed. A [KindProfile] error, which has no Pos, is located at the
// tool's profile attribute, or at the start of the tool when it has none.
func Locate(r *macros.Result, e Error) Location {
	el, ok := e.Pos.(*macros.Element)
	if (!ok || el == nil) && e.Kind == KindProfile && r.Root.Attr("profile") != nil {
		el, ok, e.Attr = r.Root, true, "profile"
	}
	if !ok || el == nil {
		l := macros.Loc{File: r.File()}
		return Location{Loc: l, Pos: r.Position(l)}
	}
	loc := Location{Loc: el.Loc}
	for _, st := range el.Via.Trail() {
		f := Frame{Kind: FrameExpand, Name: st.Name, Pos: r.Position(st.At)}
		if st.Kind == macros.StepYield {
			f.Kind = FrameYield
		}
		loc.Via = append(loc.Via, f)
	}
	switch {
	case e.Attr != "" && e.Kind == KindAttrNotAllowed:
		loc.at(r, el.NameOrigin(e.Attr), e.Attr)
	case e.Attr != "":
		v, _ := el.Get(e.Attr)
		loc.at(r, el.ValueOrigin(e.Attr), v)
	case e.Kind == KindText, e.Kind == KindValue:
		loc.atText(r, el)
	}
	loc.Pos = r.Position(loc.Loc)
	return loc
}

// at points loc at the string s of origin o: its one token's definition
// when a single token supplied every byte of it, else where it is written.
func (loc *Location) at(r *macros.Result, o macros.Origin, s string) {
	if !o.Loc.IsValid() {
		return
	}
	loc.Loc = o.Loc
	var only *macros.Part
	for i, p := range o.Parts {
		end := len(s)
		if i+1 < len(o.Parts) {
			end = o.Parts[i+1].Off
		}
		if p.Off == end {
			continue // an empty piece supplied nothing
		}
		if only != nil {
			return // several pieces: the bytes at fault cannot be told apart
		}
		only = &o.Parts[i]
	}
	if only == nil || only.Token == "" || !only.Loc.IsValid() {
		return
	}
	loc.Via = append(loc.Via, Frame{Kind: FrameToken, Name: only.Token, Pos: r.Position(o.Loc)})
	loc.Loc = only.Loc
}

// atText points loc at the first text of el (its text or a child's tail)
// that is not blank, else at el.Text.
func (loc *Location) atText(r *macros.Result, el *macros.Element) {
	if !isBlank(el.Text) || len(el.Children) == 0 {
		loc.at(r, el.TextOrigin(), el.Text)
		return
	}
	for _, c := range el.Children {
		if !isBlank(c.Tail) {
			loc.at(r, c.TailOrigin(), c.Tail)
			return
		}
	}
}
