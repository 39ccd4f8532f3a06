package cst

import (
	"bytes"
	"fmt"
)

// startTag parses "<name attrs... >" or "<name .../>" at p.pos and opens or
// completes an element.
func (p *parser) startTag() {
	start := p.pos
	switch {
	case len(p.elems) == 0 && p.rootState == 2:
		p.errorf(start, "extra content after the root element </%s>: a file holds one root element", p.rootName())
	case len(p.elems) == 0 && p.rootState == 0:
		p.rootState = 1
	}
	el := p.openNode(KindElement)
	tag := p.openNode(KindStartTag)
	p.emit(TokLT, start+1)
	nameStart := p.pos
	name := p.emit(TokName, nameEnd(p.src, p.pos))
	p.t.nodes[el].name = name
	p.t.nodes[tag].name = name
	elName := p.src[nameStart:p.pos]
	var attrs [][]byte // names of the attributes seen so far
	for {
		ws := p.pos
		for p.pos < len(p.src) && isSpace(p.src[p.pos]) {
			p.pos++
		}
		if p.pos > ws {
			end := p.pos
			p.pos = ws
			p.emit(TokSpace, end)
		}
		if p.pos >= len(p.src) {
			p.errorf(start, "unclosed start tag <%s>: add '>'", elName)
			p.closeNode(tag)
			p.elems = append(p.elems, el)
			return
		}
		c := p.src[p.pos]
		switch {
		case c == '>':
			p.emit(TokGT, p.pos+1)
			p.closeNode(tag)
			p.elems = append(p.elems, el)
			return
		case c == '/' && p.pos+1 < len(p.src) && p.src[p.pos+1] == '>':
			p.emit(TokSlashGT, p.pos+2)
			p.closeNode(tag)
			p.closeNode(el)
			p.finishElement()
			return
		case c == '<':
			p.errorf(p.pos, "start tag <%s> is not closed: add '>' before this '<'", elName)
			p.closeNode(tag)
			p.elems = append(p.elems, el)
			return
		case startsName(p.src, p.pos):
			if p.pos == ws {
				p.errorf(p.pos, "attributes must be separated by whitespace")
			}
			attrs = p.attribute(attrs)
		default:
			p.errorf(p.pos, "unexpected %s in start tag <%s>", describeByte(p.src, p.pos), elName)
			p.emit(TokError, p.errorRunEnd())
		}
	}
}

// errorRunEnd returns the end of the junk run starting at p.pos inside a tag.
func (p *parser) errorRunEnd() int {
	i := p.pos + 1
	for i < len(p.src) {
		c := p.src[i]
		if isSpace(c) || c == '>' || c == '<' || c == '/' || c == '"' || c == '\'' || startsName(p.src, i) {
			break
		}
		i++
	}
	return i
}

func describeByte(src []byte, i int) string {
	c := src[i]
	if c >= 0x20 && c < 0x7f {
		return fmt.Sprintf("character %q", c)
	}
	return fmt.Sprintf("byte 0x%02X", c)
}

// attribute parses name = "value" and returns attrs with its name added.
func (p *parser) attribute(attrs [][]byte) [][]byte {
	a := p.openNode(KindAttribute)
	nameStart := p.pos
	name := p.emit(TokName, nameEnd(p.src, p.pos))
	p.t.nodes[a].name = name
	nameBytes := p.src[nameStart:p.pos]
	for _, prev := range attrs {
		if bytes.Equal(prev, nameBytes) {
			p.errorf(nameStart, "duplicate attribute %s: an attribute may appear once per element", nameBytes)
			break
		}
	}
	attrs = append(attrs, nameBytes)
	defer p.closeNode(a)
	p.space()
	if p.pos >= len(p.src) || p.src[p.pos] != '=' {
		p.errorf(nameStart, "attribute %s has no value: write %s=\"...\"", nameBytes, nameBytes)
		return attrs
	}
	p.emit(TokEq, p.pos+1)
	p.space()
	if p.pos >= len(p.src) {
		p.errorf(p.pos, "attribute %s has no value", nameBytes)
		return attrs
	}
	q := p.src[p.pos]
	if q != '"' && q != '\'' {
		p.errorf(p.pos, "value of attribute %s must be quoted: write %s=\"...\"", nameBytes, nameBytes)
		end := p.pos
		for end < len(p.src) && !isSpace(p.src[end]) && p.src[end] != '>' && p.src[end] != '<' &&
			!(p.src[end] == '/' && end+1 < len(p.src) && p.src[end+1] == '>') {
			end++
		}
		if end > p.pos {
			p.emit(TokError, end)
		}
		return attrs
	}
	close := bytes.IndexByte(p.src[p.pos+1:], q)
	if close < 0 {
		p.errorf(p.pos, "value of attribute %s is missing its closing %c", nameBytes, q)
		p.checkValue(p.pos+1, len(p.src))
		p.t.nodes[a].value = p.emit(TokValue, len(p.src))
		return attrs
	}
	end := p.pos + 1 + close
	p.checkValue(p.pos+1, end)
	p.t.nodes[a].value = p.emit(TokValue, end+1)
	return attrs
}

// checkValue validates the characters and references of an attribute value.
func (p *parser) checkValue(start, end int) {
	for i := start; i < end; {
		c := p.src[i]
		switch {
		case c == '<':
			p.errorf(i, "'<' is not allowed in attribute values: write &lt;")
			i++
		case c == '&':
			e, _, msg := p.scanReference(i)
			if msg != "" {
				p.errorf(i, "%s", msg)
			}
			if e > end {
				e = end
			}
			i = e
		case asciiClass[c] == clsNonASCII:
			i = p.checkRune(i)
		case asciiClass[c] == clsInvalid:
			p.errorf(i, "invalid character U+%04X in attribute value", c)
			i++
		default:
			i++
		}
	}
}

func (p *parser) space() {
	end := p.pos
	for end < len(p.src) && isSpace(p.src[end]) {
		end++
	}
	if end > p.pos {
		p.emit(TokSpace, end)
	}
}

// finishElement records that an element closed; closing the root ends the
// root state.
func (p *parser) finishElement() {
	if len(p.elems) == 0 && p.rootState == 1 {
		p.rootState = 2
	}
}

// closeElement closes the innermost open element at the current token.
func (p *parser) closeElement() {
	e := p.elems[len(p.elems)-1]
	p.elems = p.elems[:len(p.elems)-1]
	p.closeNode(e)
	p.finishElement()
}

// endTag parses "</name>" and closes the element it names.
func (p *parser) endTag() {
	start := p.pos
	ne := nameEnd(p.src, start+2)
	name := p.src[start+2 : ne]
	target := -1 // index into p.elems of the element this tag closes
	for k := len(p.elems) - 1; k >= 0 && ne > start+2; k-- {
		if bytes.Equal(Token{p.t, p.t.nodes[p.elems[k]].name}.Bytes(), name) {
			target = k
			break
		}
	}
	switch {
	case len(p.elems) == 0:
		p.errorf(start, "end tag </%s> outside the root element", name)
	case ne == start+2:
		p.errorf(start, "end tag without a name")
	case target < 0:
		top := p.elems[len(p.elems)-1]
		p.errorf(start, "mismatched end tag: </%s> does not close <%s> opened at %s, and no open element is named %s",
			name, p.nameOf(top), p.where(top), name)
	case target < len(p.elems)-1:
		top := p.elems[len(p.elems)-1]
		p.errorf(start, "mismatched end tag: </%s> closes <%s> opened at %s, but <%s> opened at %s is still open",
			name, name, p.where(p.elems[target]), p.nameOf(top), p.where(top))
		for len(p.elems)-1 > target {
			p.closeElement()
		}
	}
	et := p.openNode(KindEndTag)
	p.emit(TokLTSlash, start+2)
	if ne > start+2 {
		p.t.nodes[et].name = p.emit(TokName, ne)
	}
	p.space()
	if p.pos < len(p.src) && p.src[p.pos] == '>' {
		p.emit(TokGT, p.pos+1)
	} else {
		p.errorf(p.pos, "end tag </%s> is not closed: add '>'", name)
	}
	p.closeNode(et)
	if target >= 0 {
		p.closeElement()
	}
}

// doctypeDecl parses <!DOCTYPE ...> with its internal subset as one token.
func (p *parser) doctypeDecl() {
	start := p.pos
	n := p.openNode(KindDoctype)
	switch {
	case p.rootState != 0:
		p.errorf(start, "DOCTYPE must come before the root element")
	case p.doctype:
		p.errorf(start, "a document may have only one DOCTYPE")
	}
	p.doctype = true
	i := start + 9
	depth := 0
	end := -1
scan:
	for i < len(p.src) {
		switch c := p.src[i]; {
		case c == '"' || c == '\'':
			q := bytes.IndexByte(p.src[i+1:], c)
			if q < 0 {
				break scan
			}
			i += q + 2
		case c == '[':
			depth++
			i++
		case c == ']':
			depth--
			i++
		case depth > 0 && bytes.HasPrefix(p.src[i:], []byte("<!--")):
			q := bytes.Index(p.src[i+4:], []byte("-->"))
			if q < 0 {
				break scan
			}
			i += q + 7
		case depth > 0 && bytes.HasPrefix(p.src[i:], []byte("<!ENTITY")):
			j := i + 8
			for j < len(p.src) && isSpace(p.src[j]) {
				j++
			}
			if ne := nameEnd(p.src, j); ne > j {
				if p.entities == nil {
					p.entities = map[string]bool{}
				}
				p.entities[string(p.src[j:ne])] = true
			}
			i = j
		case c == '>' && depth <= 0:
			end = i + 1
			break scan
		default:
			i++
		}
	}
	if end < 0 {
		p.errorf(start, "unclosed DOCTYPE declaration: add '>' to end it")
		end = len(p.src)
	}
	p.checkChars(start, end, "DOCTYPE")
	p.emit(TokDoctype, end)
	p.closeNode(n)
}
