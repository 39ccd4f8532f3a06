package macros

import (
	"bytes"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
)

// refFromTree is FromTree as it was written before it read the token list:
// a walk of the nodes, kept so that the tests compare the two.
func refFromTree(t *cst.Tree) (*Element, error) {
	if err := syntaxError(t); err != nil {
		return nil, err
	}
	c := refConverter{t: t, file: t.File(), src: t.Source(), str: t.SourceString()}
	root := t.RootElement()
	nEl := t.Count(cst.KindElement) + t.Count(cst.KindPI)
	c.arena = arena{els: make([]Element, 0, nEl), attrs: make([]Attr, 0, t.Count(cst.KindAttribute))}
	c.kids = make([]*Element, nEl)
	e := c.element(root, root.Span().Start)
	if c.err != nil {
		return nil, c.err
	}
	end := e.Loc.Span.End
	e.tail = span32Of(spanOf(end, end))
	return e, nil
}

// refConverter turns the nodes of one well-formed cst tree into Elements.
type refConverter struct {
	t    *cst.Tree
	file string
	src  []byte
	str  string // src as a string
	// buf holds the decoded pieces of the text run being gathered: one
	// at a time, since a run is flushed before a child is converted.
	buf  []byte
	vbuf []byte // for attribute values
	err  error
	// texts holds decoded texts, which are cut from it rather than each
	// allocated: a Builder never changes the bytes of a string it returned.
	texts strings.Builder

	arena arena
	stack []*Element // children being gathered, for all open elements
	kids  []*Element // a slab the children slices are cut from
}

func (c *refConverter) loc(s cst.Span) Loc { return Loc{c.file, s} }

// text returns the source bytes of s as a string, without allocating.
func (c *refConverter) text(s cst.Span) string { return c.str[s.Start:s.End] }

// element converts an element or processing instruction node that starts
// at offset start; its tail is left for the caller.
func (c *refConverter) element(n cst.Node, start int) *Element {
	e := c.arena.element()
	if n.Kind() == cst.KindPI {
		e.Loc = c.loc(n.Span())
		c.pi(e)
		return e
	}
	e.Tag = n.Name() // interned by the parser
	// The children are walked as siblings rather than with the Attrs and
	// Content iterators: their loop bodies would be closures allocated for
	// every element. In a well-formed tree the first child is the start tag
	// and the last, unless the element is empty, the end tag.
	tag := n.FirstChild()
	first := len(c.arena.attrs)
	for a := tag.FirstChild(); a.IsValid(); a = a.NextSibling() {
		if a.Kind() != cst.KindAttribute {
			continue
		}
		// In a well-formed tree an attribute starts with its name token and
		// ends with its quoted value token.
		ns, vs := a.FirstToken().Span(), a.LastToken().Span()
		vs = spanOf(vs.Start+1, vs.End-1)
		value := c.text(vs)
		// The parser noted the values that need no decoding, most of them.
		if !a.Verbatim() && needsDecoding(value) {
			value = c.attrValue(value, vs.Start)
		}
		// The slab holds every attribute of the tree; each is written in
		// place: a composite literal would be built and copied.
		c.arena.attrs = c.arena.attrs[:len(c.arena.attrs)+1]
		at := &c.arena.attrs[len(c.arena.attrs)-1]
		at.Name, at.Value = c.text(ns), value
		at.name, at.value = originAt(ns), originAt(vs)
	}
	if last := len(c.arena.attrs); last > first {
		e.Attrs = c.arena.attrs[first:last:last]
	}
	// Runs of character data, CDATA and (removed) comments become the text
	// of the element or the tail of the child element or PI before them.
	base := len(c.stack)
	var prev *Element
	run := refRun{start: -1}
	// Where the content ends and the element ends: both after the start tag
	// when it is empty, else before and after the end tag. The element's end
	// is taken from its last child rather than from n.Span, which would look
	// up the token after the element, far ahead in a large one.
	tagEnd := tag.Span().End
	end, elEnd := tagEnd, tagEnd
	// set is whether the text or tail the next run would make is set
	// already, by a run of one text node needing no decoding: most runs
	// are that (the indentation between elements), and are cut from the
	// source without going through the run.
	set := false
	var next cst.Node
	for k := tag.NextSibling(); k.IsValid(); k = next {
		next = k.NextSibling()
		switch kind := k.Kind(); kind {
		case cst.KindText, cst.KindCDATA, cst.KindComment:
			if kind == cst.KindText && run.start < 0 && k.Verbatim() && endsRun(next.Kind()) {
				sp := k.Span()
				if prev == nil {
					e.Text, e.text = c.text(sp), originAt(sp)
				} else {
					prev.Tail, prev.tail = c.text(sp), span32Of(sp)
				}
				set = true
				continue
			}
			c.add(&run, k)
		case cst.KindElement, cst.KindPI:
			ks := k.FirstToken().Span().Start
			if !set {
				c.flushAt(e, prev, &run, ks)
			}
			set = false
			ch := c.element(k, ks)
			ch.parent = e
			c.stack = append(c.stack, ch)
			prev = ch
		case cst.KindEndTag:
			sp := k.Span()
			end, elEnd = sp.Start, sp.End
		}
	}
	e.Loc = c.loc(spanOf(start, elEnd))
	if !set {
		c.flushAt(e, prev, &run, end)
	}
	if k := len(c.stack) - base; k > 0 {
		if len(c.kids) < k {
			c.kids = make([]*Element, max(k, 256))
		}
		e.Children = c.kids[:k:k]
		c.kids = c.kids[k:]
		copy(e.Children, c.stack[base:])
		// The stack may outlive the conversion in an Arena: it keeps no
		// pointer to the elements.
		clear(c.stack[base:])
		c.stack = c.stack[:base]
	}
	return e
}

// endsRun reports whether a node of kind k, following a text run, ends
// it: a child, the end tag, or none (the zero Node's kind).
func endsRun(k cst.Kind) bool {
	return k == cst.KindElement || k == cst.KindPI || k == cst.KindEndTag || k == cst.KindInvalid
}

// flushAt is flush, with the empty run (an empty element, or children
// without text between them) set at once rather than finished and reset.
func (c *refConverter) flushAt(e, prev *Element, run *refRun, at int) {
	if run.start >= 0 {
		c.flush(e, prev, run, at)
		return
	}
	sp := span32{int32(at), int32(at)}
	if prev == nil {
		e.Text, e.text = "", origin{span32: sp}
	} else {
		prev.Tail, prev.tail = "", sp
	}
}

// flush ends a text run: it becomes the text of e when no child precedes
// it, else the tail of prev.
func (c *refConverter) flush(e, prev *Element, run *refRun, at int) {
	s, o := c.finish(run, at)
	if prev == nil {
		e.Text, e.text = s, o
	} else {
		prev.Tail, prev.tail = s, o.span32 // finish makes no parts
	}
	*run = refRun{start: -1}
}

// pi converts a processing instruction: lxml keeps it as a node whose text
// is everything after the target and the whitespace that follows it. e.Loc
// is already set.
func (c *refConverter) pi(e *Element) {
	raw := c.text(e.Loc.Span)
	body := strings.TrimSuffix(strings.TrimPrefix(raw, "<?"), "?>")
	i := 0
	for i < len(body) && !isSpace(body[i]) {
		i++
	}
	e.PI = true
	e.Tag = body[:i]
	j := i
	for j < len(body) && isSpace(body[j]) {
		j++
	}
	e.Text = body[j:]
	start := e.Loc.Span.Start + 2 + j
	e.text = originAt(spanOf(start, start+len(e.Text)))
}

// refRun gathers the pieces of one text or tail, decoded into the
// refConverter's buf.
type refRun struct {
	start, end int // the source of the whole run
	pieces     int // text and CDATA nodes
	verbatim   bool
	vs, ve     int // the only piece, when it needs no decoding
}

// add decodes one text, CDATA or comment node into the run. A first piece
// that needs no decoding is only noted: most texts are one such piece and
// are then cut from the source without copying.
func (c *refConverter) add(r *refRun, k cst.Node) {
	sp := k.Span()
	if r.start < 0 {
		r.start = sp.Start
		c.buf = c.buf[:0]
	}
	r.end = sp.End
	kind := k.Kind()
	switch kind {
	case cst.KindComment:
		// Removed by the parser; the text on both sides joins.
		return
	case cst.KindCDATA:
		sp = spanOf(sp.Start+len("<![CDATA["), sp.End-len("]]>"))
	}
	// The parser noted the texts and CDATA sections that are their own
	// text: no reference to resolve, no carriage return to normalise.
	if r.pieces == 0 && k.Verbatim() {
		r.pieces, r.verbatim, r.vs, r.ve = 1, true, sp.Start, sp.End
		return
	}
	if r.verbatim {
		c.buf = append(c.buf, c.src[r.vs:r.ve]...)
		r.verbatim = false
	}
	r.pieces++
	raw := c.src[sp.Start:sp.End]
	if kind == cst.KindCDATA {
		c.buf = cst.AppendChars(c.buf, raw)
		return
	}
	for off := 0; off < len(raw); {
		i := bytes.IndexByte(raw[off:], '&')
		if i < 0 {
			c.buf = cst.AppendChars(c.buf, raw[off:])
			break
		}
		c.buf = cst.AppendChars(c.buf, raw[off:off+i])
		i += off
		j := i + bytes.IndexByte(raw[i:], ';')
		s, ok := resolveRef(raw[i : j+1])
		if !ok && c.err == nil {
			c.err = &Error{Kind: ErrUnsupported, Pos: c.t.Position(sp.Start + i),
				Msg: "entity " + string(raw[i:j+1]) + " is declared in the DOCTYPE: expanding DTD entities is not supported"}
		}
		c.buf = append(c.buf, s...)
		off = j + 1
	}
}

// finish returns the decoded run, or "" at offset at when the run is empty.
func (c *refConverter) finish(r *refRun, at int) (string, origin) {
	if r.start < 0 {
		return "", originAt(spanOf(at, at))
	}
	if r.verbatim {
		return c.text(spanOf(r.vs, r.ve)), originAt(spanOf(r.start, r.end))
	}
	return c.keep(c.buf, r.start), originAt(spanOf(r.start, r.end))
}

// keep returns b, decoded from the source at offset at onwards, as a
// string cut from the shared chunk of decoded strings.
func (c *refConverter) keep(b []byte, at int) string {
	if c.texts.Cap()-c.texts.Len() < len(b) {
		// A new chunk; the strings cut from the old one keep it alive. A
		// decoded string is never longer than its source, so the rest of the
		// source bounds what the file can still need.
		c.texts = strings.Builder{}
		c.texts.Grow(max(len(b), min(len(c.src)-at, 1024)))
	}
	start := c.texts.Len()
	c.texts.Write(b)
	return c.texts.String()[start:]
}

func (c *refConverter) attrValue(raw string, at int) string {
	c.vbuf = cst.AppendAttrValue(c.vbuf[:0], raw)
	return c.keep(c.vbuf, at)
}
