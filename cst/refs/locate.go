package refs

import (
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
)

// locator maps offsets of one string of the expanded view (an element's
// text or an attribute's value) to the source bytes it was decoded from.
// The string is the source's decoded text with each token replaced by its
// value: the pieces written in place are found, in order, in the decoded
// text, the others in the token definitions.
type locator struct {
	// direct, when set, says the string is written verbatim at whole:
	// offset i of the string is byte whole.Span.Start+i of the source.
	direct bool
	res    *macros.Result
	tokens map[cst.Node]cst.Decoded // decoded token definitions, shared by the locators of one index
	s      string                   // the expanded string
	file   string
	dec    cst.Decoded
	pieces []piece
	whole  macros.Loc // where the string is written, for what cannot be located exactly
}

// piece is a stretch [off, end) of the expanded string: written in place
// at offset at of the decoded source text, or (token set) supplied by a
// token's definition at loc.
type piece struct {
	off, end int
	at       int
	token    string
	loc      macros.Loc
}

// textLocator returns the locator of e's text.
func (b *builder) textLocator(e *macros.Element) *locator {
	o := e.TextOrigin()
	l := &locator{res: b.res, tokens: b.tokens, s: e.Text, file: e.Loc.File, whole: o.Loc}
	if l.verbatim(o) {
		return l
	}
	if n := b.res.Node(e.Loc); n.IsValid() && n.Kind() == cst.KindElement {
		l.dec = cst.Content(n)
	}
	l.align(e.Text, o)
	return l
}

// attrLocator returns the locator of the value of e's attribute name.
func (b *builder) attrLocator(e *macros.Element, name string) *locator {
	o := e.ValueOrigin(name)
	v, _ := e.Get(name)
	l := &locator{res: b.res, tokens: b.tokens, s: v, file: o.Loc.File, whole: o.Loc}
	if l.verbatim(o) {
		return l
	}
	n := b.res.Node(o.Loc)
	for n.IsValid() && n.Kind() != cst.KindAttribute && n.Kind() != cst.KindElement {
		n = n.Parent()
	}
	if n.Kind() == cst.KindAttribute {
		l.dec = cst.AttrContent(n)
	}
	l.align(v, o)
	return l
}

// verbatim reports whether the string is written verbatim where o says,
// and marks l direct then.
func (l *locator) verbatim(o macros.Origin) bool {
	src := l.source(o.Loc.File)
	l.direct = o.Parts == nil && src != nil && o.Loc.Span.End <= len(src) && string(src[o.Loc.Span.Start:o.Loc.Span.End]) == l.s
	return l.direct
}

// align splits s, decoded from o, into pieces.
func (l *locator) align(s string, o macros.Origin) {
	if o.Parts == nil {
		if l.dec.Text == s {
			l.pieces = []piece{{off: 0, end: len(s), at: 0}}
		}
		return
	}
	cur := 0
	for i, p := range o.Parts {
		end := len(s)
		if i+1 < len(o.Parts) {
			end = o.Parts[i+1].Off
		}
		if p.Token != "" {
			l.pieces = append(l.pieces, piece{off: p.Off, end: end, at: -1, token: p.Token, loc: p.Loc})
			continue
		}
		// Text written in place comes next in the decoded text, after
		// the names of the tokens replaced since the last such piece.
		k := strings.Index(l.dec.Text[cur:], s[p.Off:end])
		if k < 0 {
			l.pieces = nil
			return
		}
		l.pieces = append(l.pieces, piece{off: p.Off, end: end, at: cur + k})
		cur += k + end - p.Off
	}
}

// locate returns where the bytes [start, end) of the string are written,
// whether the span covers exactly those bytes, written verbatim, and the
// token whose definition supplies them.
func (l *locator) locate(start, end int) (macros.Loc, bool, string) {
	if l.direct {
		return macros.Loc{File: l.whole.File, Span: cst.Span{Start: l.whole.Span.Start + start, End: l.whole.Span.Start + end}}, true, ""
	}
	for _, p := range l.pieces {
		if start < p.off || end > p.end {
			continue
		}
		if p.token != "" {
			return l.inToken(p, start, end)
		}
		ds := cst.Span{Start: p.at + start - p.off, End: p.at + end - p.off}
		sp := l.dec.Map.SourceSpan(ds)
		return macros.Loc{File: l.file, Span: sp}, l.dec.Map.Verbatim(ds), ""
	}
	tok := ""
	for _, p := range l.pieces {
		if p.token != "" && start < p.end && end > p.off {
			tok = p.token
		}
	}
	return macros.Loc{File: l.whole.File, Span: cst.Span{Start: l.whole.Span.Start, End: l.whole.Span.Start}}, false, tok
}

// inToken locates [start, end) within a piece a token supplies: exactly
// when the piece is written verbatim in the token's definition, as its
// own bytes or within the decoded text of the definition.
func (l *locator) inToken(p piece, start, end int) (macros.Loc, bool, string) {
	text := l.s[p.off:p.end]
	if src := l.source(p.loc.File); src != nil && p.loc.Span.End <= len(src) && string(src[p.loc.Span.Start:p.loc.Span.End]) == text {
		sp := cst.Span{Start: p.loc.Span.Start + start - p.off, End: p.loc.Span.Start + end - p.off}
		return macros.Loc{File: p.loc.File, Span: sp}, true, p.token
	}
	at := macros.Loc{File: p.loc.File, Span: cst.Span{Start: p.loc.Span.Start, End: p.loc.Span.Start}}
	n := l.res.Node(p.loc)
	for n.IsValid() && n.Kind() != cst.KindElement {
		n = n.Parent()
	}
	if !n.IsValid() {
		return at, false, p.token
	}
	dec, ok := l.tokens[n]
	if !ok {
		dec = cst.Content(n)
		l.tokens[n] = dec
	}
	k := strings.Index(dec.Text, text)
	if k < 0 || strings.Contains(dec.Text[k+1:], text) {
		return at, false, p.token
	}
	ds := cst.Span{Start: k + start - p.off, End: k + end - p.off}
	return macros.Loc{File: p.loc.File, Span: dec.Map.SourceSpan(ds)}, dec.Map.Verbatim(ds), p.token
}

// source returns the bytes of a file the expansion read, or nil.
func (l *locator) source(file string) []byte {
	if t := l.res.Tree(file); t != nil {
		return t.Source()
	}
	return nil
}
