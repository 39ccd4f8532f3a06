package cst

import (
	"bytes"
	"sort"
	"strconv"
	"strings"
)

// Decoded is text as an XML processor reports it, with a map back to the
// source bytes it came from.
type Decoded struct {
	Text string
	Map  OffsetMap
}

// OffsetMap maps offsets in decoded text to source byte offsets. Decoded
// text differs from source where entity and character references are
// resolved, CDATA delimiters dropped, comments removed and "\r\n" normalised
// to "\n".
type OffsetMap struct {
	segs []segment
}

// segment maps decoded [dec, dec+decLen) to source [src, src+srcLen). A
// verbatim segment is copied byte for byte (its lengths are equal); any other
// segment is atomic (a reference or a line end) and only its ends map
// exactly. A lone "\r" normalised to "\n" has equal lengths but is atomic.
type segment struct {
	dec, src, decLen, srcLen int
	verbatim                 bool
}

// add appends a segment, merging adjacent verbatim ones.
func (m *OffsetMap) add(dec, src, decLen, srcLen int, verbatim bool) {
	if k := len(m.segs); k > 0 && verbatim {
		last := &m.segs[k-1]
		if last.verbatim && last.dec+last.decLen == dec && last.src+last.srcLen == src {
			last.decLen += decLen
			last.srcLen += srcLen
			return
		}
	}
	m.segs = append(m.segs, segment{dec, src, decLen, srcLen, verbatim})
}

func (m OffsetMap) find(off int) int {
	return sort.Search(len(m.segs), func(i int) bool { return m.segs[i].dec+m.segs[i].decLen > off })
}

// Source returns the source offset of the decoded offset off. An offset
// inside an atomic segment maps to the segment's start; the end of the text
// maps to the end of the last segment.
func (m OffsetMap) Source(off int) int {
	if len(m.segs) == 0 {
		return 0
	}
	i := m.find(off)
	if i == len(m.segs) {
		last := m.segs[len(m.segs)-1]
		return last.src + last.srcLen
	}
	s := m.segs[i]
	if off <= s.dec {
		return s.src
	}
	if s.verbatim {
		return s.src + off - s.dec
	}
	return s.src
}

// SourceEnd is like Source but maps an offset inside an atomic segment to the
// segment's end, as the end of a half-open range needs.
func (m OffsetMap) SourceEnd(off int) int {
	if len(m.segs) == 0 {
		return 0
	}
	i := m.find(off - 1)
	if off == 0 || i == len(m.segs) {
		return m.Source(off)
	}
	s := m.segs[i]
	if s.verbatim {
		return s.src + off - s.dec
	}
	return s.src + s.srcLen
}

// SourceSpan maps a decoded range to the smallest source range covering it.
func (m OffsetMap) SourceSpan(s Span) Span {
	if s.End <= s.Start {
		o := m.Source(s.Start)
		return Span{o, o}
	}
	return Span{m.Source(s.Start), m.SourceEnd(s.End)}
}

// Verbatim reports whether the decoded range s is copied byte for byte from
// one stretch of source, so that editing the source span edits exactly s.
func (m OffsetMap) Verbatim(s Span) bool {
	if s.End <= s.Start {
		return true
	}
	i := m.find(s.Start)
	if i == len(m.segs) {
		return false
	}
	seg := m.segs[i]
	return seg.verbatim && s.End <= seg.dec+seg.decLen
}

// Content returns the text of an element as lxml's .text gives it, with
// comments removed as Galaxy's parser removes them: the character data and
// CDATA up to the first child element, references resolved and line ends
// normalised. Galaxy reads <command>, <configfile> and <token> bodies this
// way.
func Content(n Node) Decoded {
	var d decoder
	for c := range n.Content() {
		if c.Kind() == KindElement {
			break
		}
		d.node(c)
	}
	return Decoded{Text: d.b.String(), Map: d.m}
}

// AllContent is like Content but includes the text after child elements
// too (the text of the element's own content, without descendants' text).
func AllContent(n Node) Decoded {
	var d decoder
	for c := range n.Content() {
		d.node(c)
	}
	return Decoded{Text: d.b.String(), Map: d.m}
}

type decoder struct {
	b strings.Builder
	m OffsetMap
}

func (d *decoder) node(c Node) {
	switch c.Kind() {
	case KindText:
		for tok := range c.Tokens() {
			d.token(tok)
		}
	case KindCDATA:
		tok := c.FirstToken()
		s := tok.Span()
		raw := tok.Bytes()
		end := len(raw)
		if len(raw) >= 12 && string(raw[len(raw)-3:]) == "]]>" {
			end -= 3
		}
		d.chars(raw[9:end], s.Start+9)
	}
}

func (d *decoder) token(tok Token) {
	s := tok.Span()
	raw := tok.Bytes()
	switch tok.Kind() {
	case TokEntityRef, TokCharRef:
		if r, ok := resolveRef(raw); ok {
			d.m.add(d.b.Len(), s.Start, len(r), len(raw), false)
			d.b.WriteString(r)
			return
		}
		d.chars(raw, s.Start)
	default:
		d.chars(raw, s.Start)
	}
}

// chars copies character data, normalising "\r\n" and lone "\r" to "\n".
func (d *decoder) chars(raw []byte, src int) {
	start := 0
	for {
		// Most texts hold no carriage return: IndexByte finds that out
		// many bytes at a time.
		k := bytes.IndexByte(raw[start:], '\r')
		if k < 0 {
			break
		}
		i := start + k
		if i > start {
			d.m.add(d.b.Len(), src+start, i-start, i-start, true)
			d.b.Write(raw[start:i])
		}
		n := 1
		if i+1 < len(raw) && raw[i+1] == '\n' {
			n = 2
		}
		d.m.add(d.b.Len(), src+i, 1, n, false)
		d.b.WriteByte('\n')
		start = i + n
	}
	if start < len(raw) {
		d.m.add(d.b.Len(), src+start, len(raw)-start, len(raw)-start, true)
		d.b.Write(raw[start:])
	}
}

// AppendChars appends character data to b, normalising "\r\n" and a lone
// "\r" to "\n" as XML parsers do.
func AppendChars(b, raw []byte) []byte {
	for {
		i := bytes.IndexByte(raw, '\r')
		if i < 0 {
			return append(b, raw...)
		}
		b = append(append(b, raw[:i]...), '\n')
		raw = raw[i+1:]
		if len(raw) > 0 && raw[0] == '\n' {
			raw = raw[1:]
		}
	}
}

// DecodeReference returns the text of a predefined entity reference (&amp;
// &lt; &gt; &quot; &apos;) or a character reference (&#NN; &#xHH;) as an
// XML parser reads it, and false for anything else, including references
// to characters XML does not allow.
func DecodeReference(ref string) (string, bool) { return resolveRef([]byte(ref)) }

// resolveRef returns the text of an entity or character reference.
func resolveRef(raw []byte) (string, bool) {
	if len(raw) < 3 || raw[0] != '&' || raw[len(raw)-1] != ';' {
		return "", false
	}
	body := string(raw[1 : len(raw)-1])
	if body[0] != '#' {
		v, ok := predefinedEntities[body]
		return v, ok
	}
	var v uint64
	var err error
	if len(body) > 1 && body[1] == 'x' {
		v, err = strconv.ParseUint(body[2:], 16, 32)
	} else {
		v, err = strconv.ParseUint(body[1:], 10, 32)
	}
	if err != nil || !isXMLChar(rune(v)) {
		return "", false
	}
	return string(rune(v)), true
}

// decodeAttrValue resolves references and applies XML attribute-value
// normalisation (see [AppendAttrValue]).
func decodeAttrValue(raw string) string {
	return string(AppendAttrValue(make([]byte, 0, len(raw)), raw))
}

// normalised marks the bytes of an attribute value as written that its
// value does not hold as they are.
var normalised = [256]bool{'&': true, '\t': true, '\n': true, '\r': true}

// AppendAttrValue appends to dst the value of an attribute written as raw
// (between its quotes), as an XML processor reports it and [Node.Value]
// returns it: references resolved, a reference that cannot be (an entity
// only a DTD declares) kept as written, and each literal tab, newline,
// carriage return or "\r\n" one space; characters written as references
// are kept.
func AppendAttrValue(dst []byte, raw string) []byte {
	for i := 0; i < len(raw); {
		switch raw[i] {
		case '\t', '\n':
			dst = append(dst, ' ')
			i++
		case '\r':
			dst = append(dst, ' ')
			i++
			if i < len(raw) && raw[i] == '\n' {
				i++
			}
		case '&':
			// Scanning stops at the next '&', so the whole loop stays
			// linear; there is no length limit, as "&#x0000041;" is valid.
			j := i + 1
			for j < len(raw) && raw[j] != ';' && raw[j] != '&' {
				j++
			}
			if j < len(raw) && raw[j] == ';' {
				if r, ok := DecodeReference(raw[i : j+1]); ok {
					dst = append(dst, r...)
					i = j + 1
					continue
				}
			}
			dst = append(dst, '&')
			i++
		default:
			// A run of bytes that stand for themselves, invalid UTF-8
			// included, is copied as it is.
			j := i + 1
			for j < len(raw) && !normalised[raw[j]] {
				j++
			}
			dst = append(dst, raw[i:j]...)
			i = j
		}
	}
	return dst
}
