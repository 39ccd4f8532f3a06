package macros

import (
	"strconv"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
)

func spanOf(start, end int) cst.Span { return cst.Span{Start: start, End: end} }

// FromTree returns the tree lxml builds from a well-formed file when
// Galaxy parses it (comments removed, whitespace kept), without expanding
// macros: the canonical tree of the file. It fails on a file with
// well-formedness errors, as lxml does.
func FromTree(t *cst.Tree) (*Element, error) { return fromTree(t, nil) }

// FromTreeIn is [FromTree] with the elements in a's memory when a is not
// nil (see [Arena]): the tree must not be used after a's Reset.
func FromTreeIn(t *cst.Tree, a *Arena) (*Element, error) { return fromTree(t, a) }

// fromTree is FromTree with the tree in mem, when not nil.
func fromTree(t *cst.Tree, mem *Arena) (*Element, error) {
	if err := syntaxError(t); err != nil {
		return nil, err
	}
	c := converter{t: t, file: t.File(), src: t.Source()}
	// Names, and values and texts written without references, are cut from
	// the source instead of being allocated one by one.
	c.str = t.SourceString()
	root := t.RootElement()
	// The parser counted the nodes: a well-formed tree holds every element
	// and attribute inside its root element, and only PIs may lie outside,
	// so the counts bound what the root converts into.
	nEl := t.Count(cst.KindElement) + t.Count(cst.KindPI)
	nAttr := t.Count(cst.KindAttribute)
	if mem != nil {
		c.arena = arena{els: mem.els.take(nEl), attrs: mem.attrs.take(nAttr)}
		c.kids = mem.kids.take(nEl)[:nEl]
		// The scratch buffers of the last conversion serve again.
		c.buf, c.vbuf, c.stack, c.open = mem.buf[:0], mem.vbuf[:0], mem.stack[:0], mem.open[:0]
		defer func() { mem.buf, mem.vbuf, mem.stack, mem.open = c.buf, c.vbuf, c.stack, c.open }()
	} else {
		c.arena = arena{els: make([]Element, 0, nEl), attrs: make([]Attr, 0, nAttr)}
		c.kids = make([]*Element, nEl)
	}
	if c.stack == nil {
		c.stack = make([]*Element, 0, min(nEl, 128))
		c.open = make([]int32, 0, 16)
	}
	e := c.root(root.FirstToken().Index())
	if c.err != nil {
		return nil, c.err
	}
	end := e.Loc.Span.End
	e.tail = span32Of(spanOf(end, end))
	return e, nil
}

// syntaxError reports the first well-formedness error of t, which lxml
// would refuse to parse, or a file without a root element.
func syntaxError(t *cst.Tree) error {
	if errs := t.Errors(); len(errs) > 0 {
		e := errs[0]
		return &Error{Kind: ErrSyntax, Pos: e.Pos, Msg: e.Msg, Galaxy: "XMLSyntaxError: " + e.Msg, Err: errs}
	}
	if !t.RootElement().IsValid() {
		return &Error{Kind: ErrSyntax, Pos: t.Position(0), Msg: "document has no root element",
			Galaxy: "XMLSyntaxError: Document is empty"}
	}
	return nil
}

// converter turns the tokens of one well-formed cst tree into Elements.
// It reads the token list in order rather than walking the nodes: a
// well-formed tree's tokens follow the grammar closely enough to tell
// every tag, attribute and text piece by its kind alone, and a node walk
// costs several lookups per node (its kind, its siblings, the tokens that
// start and end it) where the token list costs one per token. The
// elements and attributes it fills are zero when it takes them (fresh
// slabs, or an [Arena]'s, which Reset clears), so it writes only what is
// not: converted strings have no parts, an empty element no text.
type converter struct {
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
	// stack holds, for every open element, the element and then the
	// children gathered for it so far; open holds where in stack each
	// open element is.
	stack []*Element
	open  []int32
	kids  []*Element // a slab the children slices are cut from
}

func (c *converter) loc(s cst.Span) Loc { return Loc{c.file, s} }

// text returns the source bytes of s as a string, without allocating.
func (c *converter) text(s cst.Span) string { return c.str[s.Start:s.End] }

// root converts the root element, whose '<' is token i; its tail is left
// for the caller.
func (c *converter) root(i int) *Element {
	t := c.t
	run := textRun{start: -1}
	// cur is the innermost open element and prev its last child so far,
	// nil before the first; c.stack[base] is cur, and its children follow
	// it there. The open elements around cur have their base in c.open.
	var cur, prev *Element
	base := 0
	// The stack's highest use, cleared at the end: an Arena keeps it for
	// the next tool, and it must keep no pointer to this one's elements.
	high := 0
	defer func() { clear(c.stack[:high]) }()
	for {
		switch kind := t.TokenKind(i); kind {
		case cst.TokChars:
			// Most texts are one piece of character data needing no
			// decoding, right before a tag (the indentation between
			// elements): cut from the source without a run.
			if run.start < 0 && endsText(t, i+1) && t.Token(i).Node().Verbatim() {
				sp := t.TokenSpan(i)
				if prev == nil {
					cur.Text, cur.text.span32 = c.text(sp), span32Of(sp)
				} else {
					prev.Tail, prev.tail = c.text(sp), span32Of(sp)
				}
				run.set = true
				i++
				continue
			}
			c.add(&run, i, kind)
			i++
		case cst.TokEntityRef, cst.TokCharRef, cst.TokCDATA, cst.TokComment:
			c.add(&run, i, kind)
			i++
		case cst.TokLT, cst.TokPI:
			sp := t.TokenSpan(i)
			if cur != nil {
				c.flushAt(&run, cur, prev, sp.Start)
			}
			var e *Element
			open := false
			if kind == cst.TokPI {
				e = c.arena.element()
				e.Loc = c.loc(sp)
				c.pi(e)
				i++
			} else {
				e, i, open = c.startTag(i, sp.Start)
			}
			if cur == nil && !open {
				return e // an empty root element
			}
			e.parent = cur
			c.stack = append(c.stack, e)
			high = max(high, len(c.stack))
			prev = e
			if open {
				if cur != nil {
					c.open = append(c.open, int32(base))
				}
				cur, prev, base = e, nil, len(c.stack)-1
			}
		case cst.TokLTSlash:
			// The end tag: "</", the name, perhaps a space, and ">".
			c.flushAt(&run, cur, prev, t.TokenSpan(i).Start)
			i += 2
			if t.TokenKind(i) == cst.TokSpace {
				i++
			}
			e := cur
			e.Loc.Span.End = t.TokenSpan(i).End
			i++
			if k := len(c.stack) - base - 1; k > 0 {
				if len(c.kids) < k {
					c.kids = make([]*Element, max(k, 256))
				}
				e.Children = c.kids[:k:k]
				c.kids = c.kids[k:]
				copy(e.Children, c.stack[base+1:])
			}
			if len(c.open) == 0 {
				c.stack = c.stack[:0]
				return e
			}
			// e stays in the stack as the last child of its parent.
			c.stack = c.stack[:base+1]
			base = int(c.open[len(c.open)-1])
			c.open = c.open[:len(c.open)-1]
			cur, prev = e.parent, e
		default:
			// What the parser reports outside the root element alone (a
			// DOCTYPE, an XML declaration) is one token, left out.
			i++
		}
	}
}

// endsText reports whether token i ends the text before it: a tag or a
// processing instruction starts there.
func endsText(t *cst.Tree, i int) bool {
	k := t.TokenKind(i)
	return k == cst.TokLT || k == cst.TokLTSlash || k == cst.TokPI
}

// startTag converts the start tag whose '<' is token i, at offset start,
// into a new element, and returns it with the index of the token after
// the tag and whether the element is open: false for an empty-element tag,
// which the element is all of.
func (c *converter) startTag(i, start int) (*Element, int, bool) {
	t := c.t
	e := c.arena.element()
	// The name follows the '<'. Cut from the source, it is the string the
	// parser interned, without looking it up.
	e.Tag = c.text(t.TokenSpan(i + 1))
	i += 2
	first := len(c.arena.attrs)
	for {
		switch t.TokenKind(i) {
		case cst.TokName:
			// An attribute: its name, perhaps spaces around '=', and its
			// quoted value.
			ns := t.TokenSpan(i)
			for i++; t.TokenKind(i) != cst.TokValue; i++ {
			}
			vs := t.TokenSpan(i)
			vs = spanOf(vs.Start+1, vs.End-1)
			value := c.text(vs)
			// The parser noted the values that need no decoding, most of
			// them, on the attribute node that holds the value token.
			if !t.Token(i).Node().Verbatim() && needsDecoding(value) {
				value = c.attrValue(value, vs.Start)
			}
			// The slab holds every attribute of the tree; each is written
			// in place: a composite literal would be built and copied.
			c.arena.attrs = c.arena.attrs[:len(c.arena.attrs)+1]
			at := &c.arena.attrs[len(c.arena.attrs)-1]
			at.Name, at.Value = c.text(ns), value
			at.name.span32, at.value.span32 = span32Of(ns), span32Of(vs)
		case cst.TokGT:
			e.Loc = c.loc(spanOf(start, start))
			c.setAttrs(e, first)
			return e, i + 1, true
		case cst.TokSlashGT:
			end := t.TokenSpan(i).End
			e.Loc = c.loc(spanOf(start, end))
			c.setAttrs(e, first)
			e.text.span32 = span32Of(spanOf(end, end))
			return e, i + 1, false
		}
		// A space, or the value token ending an attribute.
		i++
	}
}

// setAttrs gives e the attributes of the slab from first on.
func (c *converter) setAttrs(e *Element, first int) {
	if last := len(c.arena.attrs); last > first {
		e.Attrs = c.arena.attrs[first:last:last]
	}
}

// flushAt ends the text run of cur, whose last child so far is prev (nil
// for none), at offset at, where the next child or the end tag starts: it
// becomes the text of cur when no child precedes it, else the tail of
// prev. A run set already (see root) is left as it is: most are (the
// indentation before a tag), and flushAt is small enough to be inlined
// where a run ends, so that they cost no call.
func (c *converter) flushAt(run *textRun, cur, prev *Element, at int) {
	if run.set {
		run.set = false
		return
	}
	c.flush(run, cur, prev, at)
}

// flush is flushAt for a run not set already.
func (c *converter) flush(run *textRun, cur, prev *Element, at int) {
	var s string
	var o span32 // a converted text has no parts
	switch {
	case run.start < 0:
		// Empty: an empty element, or children without text between them.
		s, o = "", span32Of(spanOf(at, at))
	case run.verbatim:
		// One piece needing no decoding: cut from the source.
		s, o = c.text(spanOf(run.vs, run.ve)), span32Of(spanOf(run.start, run.end))
		run.start, run.pieces, run.verbatim = -1, 0, false
	default:
		s, o = c.keep(c.buf, run.start), span32Of(spanOf(run.start, run.end))
		run.start, run.pieces = -1, 0
	}
	if prev == nil {
		cur.Text, cur.text.span32 = s, o
	} else {
		prev.Tail, prev.tail = s, o
	}
}

// pi converts a processing instruction: lxml keeps it as a node whose text
// is everything after the target and the whitespace that follows it. e.Loc
// is already set.
func (c *converter) pi(e *Element) {
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

// decoded marks the bytes of an attribute value as written that its value
// does not hold as they are; one load per byte is cheaper than a switch.
var decoded = [256]bool{'&': true, '\t': true, '\n': true, '\r': true}

// needsDecoding reports whether an attribute value as written differs
// from its value: it holds a reference or a character normalised to a
// space.
func needsDecoding(s string) bool {
	if len(s) >= 64 {
		// Long values (labels, help, validators) are searched faster four
		// times over with the vectorised search than once byte by byte.
		return strings.IndexByte(s, '&') >= 0 || strings.IndexByte(s, '\n') >= 0 ||
			strings.IndexByte(s, '\t') >= 0 || strings.IndexByte(s, '\r') >= 0
	}
	for i := 0; i < len(s); i++ {
		if decoded[s[i]] {
			return true
		}
	}
	return false
}

// attrValue returns the value of an attribute written as raw (at offset at
// of the source), as cst.Node.Value does ([cst.AppendAttrValue]). The
// value is cut from the converter's shared chunk of decoded strings
// rather than allocated.
func (c *converter) attrValue(raw string, at int) string {
	c.vbuf = cst.AppendAttrValue(c.vbuf[:0], raw)
	return c.keep(c.vbuf, at)
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// textRun gathers the pieces of one text or tail, decoded into the
// converter's buf.
type textRun struct {
	start, end int // the source of the whole run
	pieces     int // text and CDATA tokens
	verbatim   bool
	vs, ve     int // the only piece, when it needs no decoding
	// set is whether the text or tail the run would make is set already,
	// from a lone piece before a tag (see root): start is then -1.
	set bool
}

// add decodes token i, of the given kind (character data, a reference,
// CDATA or a comment), into the run. A first piece that needs no decoding
// is only noted: most texts are one such piece and are then cut from the
// source without copying.
func (c *converter) add(r *textRun, i int, kind cst.TokKind) {
	sp := c.t.TokenSpan(i)
	if r.start < 0 {
		r.start = sp.Start
		c.buf = c.buf[:0]
	}
	r.end = sp.End
	switch kind {
	case cst.TokComment:
		// Removed by the parser; the text on both sides joins.
		return
	case cst.TokCDATA:
		sp = spanOf(sp.Start+len("<![CDATA["), sp.End-len("]]>"))
	}
	// The parser noted the texts and CDATA sections that are their own
	// text, on their node: one character data token or CDATA section, no
	// reference to resolve, no carriage return to normalise.
	if r.pieces == 0 && kind != cst.TokEntityRef && kind != cst.TokCharRef && c.t.Token(i).Node().Verbatim() {
		r.pieces, r.verbatim, r.vs, r.ve = 1, true, sp.Start, sp.End
		return
	}
	if r.verbatim {
		c.buf = append(c.buf, c.src[r.vs:r.ve]...)
		r.verbatim = false
	}
	r.pieces++
	raw := c.src[sp.Start:sp.End]
	if kind == cst.TokChars || kind == cst.TokCDATA {
		c.buf = cst.AppendChars(c.buf, raw)
		return
	}
	s, ok := resolveRef(raw)
	if !ok && c.err == nil {
		c.err = &Error{Kind: ErrUnsupported, Pos: c.t.Position(sp.Start),
			Msg: "entity " + string(raw) + " is declared in the DOCTYPE: expanding DTD entities is not supported"}
	}
	c.buf = append(c.buf, s...)
}

// keep returns b, decoded from the source at offset at onwards, as a
// string cut from the shared chunk of decoded strings.
func (c *converter) keep(b []byte, at int) string {
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

var predefined = map[string]string{"lt": "<", "gt": ">", "amp": "&", "quot": `"`, "apos": "'"}

// resolveRef returns the text of a predefined entity or character
// reference (well-formedness is checked by the parser).
func resolveRef(ref []byte) (string, bool) {
	body := string(ref[1 : len(ref)-1])
	if body == "" || body[0] != '#' {
		v, ok := predefined[body]
		return v, ok
	}
	var v uint64
	var err error
	if len(body) > 1 && body[1] == 'x' {
		v, err = strconv.ParseUint(body[2:], 16, 32)
	} else {
		v, err = strconv.ParseUint(body[1:], 10, 32)
	}
	if err != nil {
		return "", false
	}
	return string(rune(v)), true
}
