package cst

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"
)

// startTag parses "<name attrs... >" or "<name .../>" at p.pos and opens or
// completes an element.
func (p *parser) startTag() {
	start := p.pos
	switch {
	case len(p.elems) == 0 && p.rootState == 2:
		p.errorf(start, "extra content after the root element </%s>: a file holds one root element; move this element inside it or into a file of its own", p.rootName())
	case len(p.elems) == 0 && p.rootState == 0:
		p.rootState = 1
	}
	el := p.openNode(KindElement)
	if p.root == 0 {
		p.root = el
	}
	tag := p.openNode(KindStartTag)
	p.emit(TokLT, start+1)
	nameStart := p.pos
	p.emit(TokName, nameEnd(p.src, p.pos))
	elName := p.src[nameStart:p.pos]
	p.checkDepth(start, elName)
	p.checkName(nameStart, p.pos, "element name")
	id := p.names.intern(elName)
	p.nodes[el].nameID = id
	p.nodes[tag].nameID = id
	p.names.startTag()
	p.openAttr = false
	junk := false // the previous item was reported as unexpected
	for {
		ws := p.pos
		p.space()
		if p.pos >= len(p.src) {
			if !p.openAttr { // the unclosed value has been reported
				p.errorf(start, "unclosed start tag <%s>: add '>'", elName)
			}
			p.checkTag(start, elName)
			p.closeNode(tag)
			p.pushElement(el)
			return
		}
		c := p.src[p.pos]
		switch {
		case c == '>':
			p.emit(TokGT, p.pos+1)
			p.checkTag(start, elName)
			p.closeNode(tag)
			p.pushElement(el)
			return
		case c == '/' && p.pos+1 < len(p.src) && p.src[p.pos+1] == '>':
			p.emit(TokSlashGT, p.pos+2)
			p.checkTag(start, elName)
			p.closeNode(tag)
			p.closeNode(el)
			p.finishElement()
			return
		case c == '<':
			p.errorf(p.pos, "start tag <%s> is not closed: add '>' before this '<'", elName)
			p.checkTag(start, elName)
			p.closeNode(tag)
			p.pushElement(el)
			return
		case nameByte[c] == 2 || c >= 0x80 && startsName(p.src, p.pos):
			if p.pos == ws && !junk {
				p.errorf(p.pos, "attributes must be separated by whitespace: add a space before %s", p.src[p.pos:nameEnd(p.src, p.pos)])
			}
			p.attribute(elName)
			junk = false
		default:
			switch {
			case junk:
				// One message for a run of junk is enough.
			case c == '/':
				p.errorf(p.pos, "'/' in start tag <%s> must be followed directly by '>': write <%s/> for an empty element", elName, elName)
			default:
				p.errorf(p.pos, "unexpected %s in start tag <%s>: attributes are written name=\"value\"", describeByte(p.src, p.pos), elName)
			}
			junk = true
			p.emit(TokError, p.errorRunEnd())
		}
	}
}

// checkTag reports the start tag from start to p.pos when it is longer than
// libxml2 reads in one piece. It is apart from checkSpan so that the
// message, which names the element, is made only when needed.
func (p *parser) checkTag(start int, elName []byte) {
	if p.pos-start > MaxTextLen {
		p.longTag(start, elName)
	}
}

func (p *parser) longTag(start int, elName []byte) {
	p.checkSpan(start, p.pos, "start tag <"+elide(elName)+">")
}

// errorRunEnd returns the end of the junk run starting at p.pos inside a tag.
// A quoted string is one run, so that a value without a name is one error.
func (p *parser) errorRunEnd() int {
	if q := p.src[p.pos]; q == '"' || q == '\'' {
		if end := bytes.IndexByte(p.src[p.pos+1:], q); end >= 0 && bytes.IndexByte(p.src[p.pos+1:p.pos+1+end], '<') < 0 {
			return p.pos + 1 + end + 1
		}
	}
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

// describeByte names the character at src[i] for a message: printable
// characters as themselves, others by their code.
func describeByte(src []byte, i int) string {
	c := src[i]
	switch {
	case c >= 0x20 && c < 0x7f:
		return fmt.Sprintf("character %q", c)
	case c < 0x80:
		return fmt.Sprintf("character U+%04X", c)
	}
	r, size := utf8.DecodeRune(src[i:])
	if r == utf8.RuneError && size <= 1 {
		return fmt.Sprintf("byte 0x%02X", c)
	}
	return fmt.Sprintf("character %q (U+%04X)", r, r)
}

// attribute parses name = "value" in the start tag of element elName.
func (p *parser) attribute(elName []byte) {
	a := p.openNode(KindAttribute)
	p.attributeBody(a, elName)
	p.closeNode(a)
}

// attributeBody reads the tokens of attribute node a. It is apart from
// attribute so that closing the node needs no defer, which costs a little on
// every attribute.
func (p *parser) attributeBody(a int32, elName []byte) {
	nameStart := p.pos
	p.emit(TokName, nameEnd(p.src, p.pos))
	nameBytes := p.src[nameStart:p.pos]
	p.checkName(nameStart, p.pos, "attribute name")
	id := p.names.intern(nameBytes)
	p.nodes[a].nameID = id
	// Past the error limit, a million duplicates must not each work out
	// where the first one was.
	if prev := p.names.seenAttr(id, nameStart); prev >= 0 && !p.tooMany {
		p.errorf(nameStart, "duplicate attribute %s on <%s>: it is already set at %s; an attribute may appear once per element, so remove one",
			nameBytes, elName, p.at(prev))
	}
	p.space()
	if p.pos >= len(p.src) || p.src[p.pos] != '=' {
		p.errorf(nameStart, "attribute %s has no value: write %s=\"...\"", nameBytes, nameBytes)
		return
	}
	p.emit(TokEq, p.pos+1)
	p.space()
	if p.pos >= len(p.src) {
		p.errorf(p.pos, "attribute %s has no value: write %s=\"...\"", nameBytes, nameBytes)
		return
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
		return
	}
	// Most values hold nothing to check or to decode: one scan finds their
	// closing quote. The others are read again below.
	if end := skipValueTo(p.src, p.pos+1, q); end < len(p.src) && p.src[end] == q {
		p.nodes[a].flags |= flagVerbatim
		p.emit(TokValue, end+1) // the value token ends the attribute
		return
	}
	close := bytes.IndexByte(p.src[p.pos+1:], q)
	if close < 0 {
		// The value runs to the end of the file: one error says it all.
		p.errorf(p.pos, "value of attribute %s is missing its closing %c: add %c at the end of the value", nameBytes, q, q)
		p.openAttr = true
		p.emit(TokValue, len(p.src)) // the value token ends the attribute
		return
	}
	end := p.pos + 1 + close
	p.checkValue(p.pos+1, end)
	// Mostly values with references, which do need decoding; the few with
	// whitespace characters or non-ASCII text are searched once more.
	if bytes.IndexAny(p.src[p.pos+1:end], "&\t\n\r") < 0 {
		p.nodes[a].flags |= flagVerbatim
	}
	p.emit(TokValue, end+1) // the value token ends the attribute
}

// checkValue validates the characters and references of an attribute value.
func (p *parser) checkValue(start, end int) {
	src := p.src
	for i := skipValue(src, start, end); i < end; i = skipValue(src, i, end) {
		switch c := src[i]; {
		case c == '<':
			p.errorf(i, "'<' is not allowed in attribute values: write &lt;")
			i++
		case c == '&':
			e, _, msg := p.scanReference(i, true)
			if msg != "" {
				p.errorf(i, "%s", msg)
			}
			if e > end {
				e = end
			}
			i = e
		case c >= 0x80:
			i = p.checkRune(i)
		case c < 0x20 && !isSpace(c):
			p.errorf(i, "invalid character U+%04X in attribute value: XML does not allow this control character; remove it", c)
			i++
		default:
			i++
		}
	}
}

// space emits the whitespace at p.pos, if any, as a Space token. Mostly
// there is none, which one comparison tells (whitespace is below '!'):
// the compiler inlines that, and the loop over the whitespace is a
// function of its own.
func (p *parser) space() {
	if p.pos < len(p.src) && p.src[p.pos] <= ' ' {
		p.spaceRun()
	}
}

// spaceRun emits the whitespace at p.pos, if any, as a Space token.
func (p *parser) spaceRun() {
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

// deepNesting is the depth of open elements from which the parser counts
// the open element names, so that an end tag naming no open element is
// found out without searching a deep stack: without the counts, a run of
// unmatched end tags inside ever deeper elements takes quadratic time.
// Real files nest at most 13 deep.
const deepNesting = 64

// pushElement records that element el is open.
func (p *parser) pushElement(el int32) {
	p.elems = append(p.elems, el)
	switch {
	case p.openNames != nil:
		p.openNames[p.nameOf(el)]++
	case len(p.elems) > deepNesting:
		p.openNames = make(map[string]int, len(p.elems))
		for _, e := range p.elems {
			p.openNames[p.nameOf(e)]++
		}
	}
}

// closeElement closes the innermost open element at the current token.
func (p *parser) closeElement() {
	e := p.elems[len(p.elems)-1]
	p.elems = p.elems[:len(p.elems)-1]
	if p.openNames != nil {
		p.openNames[p.nameOf(e)]--
		if len(p.elems) < deepNesting/2 {
			p.openNames = nil
		}
	}
	p.closeNode(e)
	p.finishElement()
}

// endTag parses "</name>" and closes the element it names.
func (p *parser) endTag() {
	start := p.pos
	ne := nameEnd(p.src, start+2)
	name := p.src[start+2 : ne]
	p.checkName(start+2, ne, "element name")
	target := -1 // index into p.elems of the element this tag closes
	// With deep nesting, the counts tell when no open element has the name.
	search := ne > start+2 && (p.openNames == nil || p.openNames[string(name)] > 0)
	// The names are compared as tokens, not by their interned index: while
	// an element's name token is the last token read (its start tag was cut
	// short by this '<'), its bytes run to the end of the file, so it
	// matches no end tag.
	for k := len(p.elems) - 1; k >= 0 && search; k-- {
		if bytes.Equal(p.nameBytes(p.elems[k]), name) {
			target = k
			break
		}
	}
	switch {
	case len(p.elems) == 0:
		p.errorf(start, "end tag </%s> outside the root element: remove it", name)
	case ne == start+2:
		p.errorf(start, "end tag without a name: write </%s>", p.nameOf(p.elems[len(p.elems)-1]))
	case target < 0 && p.tooMany:
		// Past the error limit: no message, and no search for where the
		// innermost element opened.
	case target < 0:
		top := p.elems[len(p.elems)-1]
		p.errorf(start, "mismatched end tag: </%s> does not close <%s> opened at %s, and no open element is named %s: fix the name or remove the end tag",
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
	switch {
	case target >= 0:
		// The name is the element's, interned already.
		p.emit(TokName, ne)
		p.nodes[et].nameID = p.nodes[p.elems[target]].nameID
	case ne > start+2:
		p.emit(TokName, ne)
		p.nodes[et].nameID = p.names.intern(p.src[start+2 : ne])
	}
	p.space()
	if j := p.endTagJunkEnd(); j > p.pos {
		p.errorf(p.pos, "unexpected %s in end tag </%s>: an end tag holds only the element name; remove it", describeByte(p.src, p.pos), name)
		p.emit(TokError, j)
	}
	if p.pos < len(p.src) && p.src[p.pos] == '>' {
		p.emit(TokGT, p.pos+1)
	} else {
		p.errorf(p.pos, "end tag </%s> is not closed: add '>'", name)
	}
	if p.pos-start > MaxTextLen {
		p.checkSpan(start, p.pos, "end tag </"+elide(name)+">")
	}
	p.closeNode(et)
	if target >= 0 {
		p.closeElement()
	}
}

// nameBytes returns the bytes of the name token of element e as the tree
// will have them: up to the next token read, or to the end of the file
// while it is the last token read.
func (p *parser) nameBytes(e int32) []byte {
	i := p.nodes[e].first + 1 // the start tag's '<' comes first
	end := len(p.src)
	if int(i)+1 < len(p.toks) {
		end = int(p.toks[i+1].start)
	}
	return p.src[p.toks[i].start:end]
}

// endTagJunkEnd returns the end of the bytes between an end tag's name and
// its '>', or p.pos when there are none or when no '>' comes before the next
// '<' (then the end tag is reported unclosed instead).
func (p *parser) endTagJunkEnd() int {
	for i := p.pos; i < len(p.src); i++ {
		switch p.src[i] {
		case '>':
			return i
		case '<':
			return p.pos
		}
	}
	return p.pos
}

// doctypeDecl parses <!DOCTYPE ...> with its internal subset as one token.
func (p *parser) doctypeDecl() {
	start := p.pos
	n := p.openNode(KindDoctype)
	switch {
	case p.rootState != 0:
		p.errorf(start, "DOCTYPE must come before the root element: move it to the top of the file")
	case p.doctype:
		p.errorf(start, "a document may have only one DOCTYPE: remove this one")
	}
	p.doctype = true
	end, errOff, msg := p.scanDoctype(start)
	if msg != "" {
		p.errorf(errOff, "%s", msg)
		end = p.doctypeEnd(start)
	}
	if end < 0 {
		p.errorf(start, "unclosed DOCTYPE declaration: add '>' to end it")
		end = len(p.src)
	}
	p.checkChars(start, end, "DOCTYPE")
	p.checkSpan(start, end, "DOCTYPE declaration")
	p.emit(TokDoctype, end)
	p.closeNode(n)
}

// scanDoctype checks the DOCTYPE declaration starting at start:
//
//	<!DOCTYPE name [SYSTEM "uri" | PUBLIC "id" "uri"] [ '[' declarations ']' ] >
//
// It returns the offset after its '>', or -1 when the file ends first; or,
// for malformed declarations, where and what the first problem is. The
// declarations of the internal subset are checked for their outline only
// (keyword, quoted strings, closing '>'), not for their grammar.
func (p *parser) scanDoctype(start int) (end, errOff int, msg string) {
	src := p.src
	i := p.skipSpace(start + len("<!DOCTYPE"))
	ne := nameEnd(src, i)
	if ne == i {
		return 0, i, "DOCTYPE declaration without a root element name: write <!DOCTYPE tool>"
	}
	i = p.skipSpace(ne)
	switch {
	case bytes.HasPrefix(src[i:], []byte("SYSTEM")):
		p.externalDTD = true
		if i, msg = p.literals(i+6, 1); msg != "" {
			return 0, i, msg
		}
	case bytes.HasPrefix(src[i:], []byte("PUBLIC")):
		p.externalDTD = true
		if i, msg = p.literals(i+6, 2); msg != "" {
			return 0, i, msg
		}
	}
	i = p.skipSpace(i)
	if i < len(src) && src[i] == '[' {
		if i, errOff, msg = p.internalSubset(i + 1); msg != "" || i < 0 {
			return i, errOff, msg
		}
		i = p.skipSpace(i)
	}
	switch {
	case i >= len(src):
		return -1, 0, ""
	case src[i] != '>':
		return 0, i, fmt.Sprintf("unexpected %s in DOCTYPE declaration: write <!DOCTYPE name SYSTEM \"uri\" [...]>", describeByte(src, i))
	}
	return i + 1, 0, ""
}

// literals reads n quoted literals, each preceded by whitespace, from i. It
// returns the offset after them, or the offset of the problem and a message.
func (p *parser) literals(i, n int) (int, string) {
	for k := range n {
		j := p.skipSpace(i)
		if j == i || j >= len(p.src) || p.src[j] != '"' && p.src[j] != '\'' {
			return j, "DOCTYPE declaration: expected whitespace and a quoted identifier after SYSTEM or PUBLIC"
		}
		q := bytes.IndexByte(p.src[j+1:], p.src[j])
		if q < 0 {
			return j, "DOCTYPE declaration: quoted identifier is missing its closing quote"
		}
		if n == 2 && k == 0 {
			for x, c := range p.src[j+1 : j+1+q] {
				if !isPubidChar(c) {
					return j + 1 + x, fmt.Sprintf("DOCTYPE declaration: %s is not allowed in a public identifier: use letters, digits, spaces and -'()+,./:=?;!*#@$_%%", describeByte(p.src, j+1+x))
				}
			}
		}
		i = j + 1 + q + 1
	}
	return i, ""
}

// internalSubset checks the declarations after '[' at i up to the closing
// ']'. It returns the offset after ']' (or -1 at the end of the file), or
// the offset of the first problem and a message.
func (p *parser) internalSubset(i int) (end, errOff int, msg string) {
	src := p.src
	for {
		i = p.skipSpace(i)
		if i >= len(src) {
			return -1, 0, ""
		}
		rest := src[i:]
		switch {
		case rest[0] == ']':
			return i + 1, 0, ""
		case rest[0] == '%':
			ne := nameEnd(src, i+1)
			if ne == i+1 || ne >= len(src) || src[ne] != ';' {
				return 0, i, "DOCTYPE internal subset: malformed parameter entity reference: write %name;"
			}
			p.externalDTD = true // its declarations are not read
			i = ne + 1
		case bytes.HasPrefix(rest, []byte("<!--")):
			q := bytes.Index(src[i+4:], []byte("-->"))
			if q < 0 {
				return -1, 0, ""
			}
			i += 4 + q + 3
		case bytes.HasPrefix(rest, []byte("<?")):
			q := bytes.Index(src[i+2:], []byte("?>"))
			if q < 0 {
				return -1, 0, ""
			}
			i += 2 + q + 2
		case bytes.HasPrefix(rest, []byte("<!ENTITY")), bytes.HasPrefix(rest, []byte("<!ELEMENT")),
			bytes.HasPrefix(rest, []byte("<!ATTLIST")), bytes.HasPrefix(rest, []byte("<!NOTATION")):
			if errOff, msg = p.declHead(i); msg != "" {
				return 0, errOff, msg
			}
			if i = p.declEnd(i + 2); i < 0 {
				return -1, 0, ""
			}
		default:
			return 0, i, fmt.Sprintf("unexpected %s in the DOCTYPE internal subset: expected a declaration such as <!ENTITY name \"value\"> or ']'", describeByte(src, i))
		}
	}
}

// declHead checks that the markup declaration at i starts with its keyword,
// whitespace and a name ("%" and whitespace may come first for a parameter
// entity), and records the names of general entities. It returns the offset
// of a problem and a message, or "" when there is none.
func (p *parser) declHead(i int) (int, string) {
	src := p.src
	kw := i + 2
	for kw < len(src) && src[kw] >= 'A' && src[kw] <= 'Z' {
		kw++
	}
	keyword := string(src[i+2 : kw])
	j := p.skipSpace(kw)
	spaced := j > kw
	pe := keyword == "ENTITY" && j < len(src) && src[j] == '%'
	if pe {
		pct := j
		j = p.skipSpace(pct + 1)
		spaced = spaced && j > pct+1
	}
	ne := nameEnd(src, j)
	if !spaced || ne == j {
		return j, fmt.Sprintf("DOCTYPE internal subset: <!%s must be followed by whitespace and a name", keyword)
	}
	if msg := p.nameTooLong(j, ne, "declared name"); msg != "" {
		return j, msg
	}
	if keyword == "ENTITY" && !pe {
		if p.entities == nil {
			p.entities = map[string]bool{}
		}
		p.entities[string(src[j:ne])] = true
	}
	return 0, ""
}

// declEnd returns the offset after the '>' that ends a markup declaration,
// skipping quoted strings, or -1 when the file ends first.
func (p *parser) declEnd(i int) int {
	for i < len(p.src) {
		switch c := p.src[i]; c {
		case '"', '\'':
			q := bytes.IndexByte(p.src[i+1:], c)
			if q < 0 {
				return -1
			}
			i += q + 2
		case '>':
			return i + 1
		default:
			i++
		}
	}
	return -1
}

// isPubidChar reports whether c may appear in a public identifier.
func isPubidChar(c byte) bool {
	return c == ' ' || c == '\r' || c == '\n' || c < 0x80 && nameByte[c] != 0 && c != '_' && c != ':' && c != '.' ||
		strings.IndexByte("-'()+,./:=?;!*#@$_%", c) >= 0
}

func (p *parser) skipSpace(i int) int {
	for i < len(p.src) && isSpace(p.src[i]) {
		i++
	}
	return i
}

// doctypeEnd finds the '>' that ends a malformed DOCTYPE declaration: the
// first one outside quotes, brackets and comments. It returns the offset
// after it, or -1 when the file ends first.
func (p *parser) doctypeEnd(start int) int {
	i := start + len("<!DOCTYPE")
	depth := 0
	for i < len(p.src) {
		switch c := p.src[i]; {
		case c == '"' || c == '\'':
			q := bytes.IndexByte(p.src[i+1:], c)
			if q < 0 {
				return -1
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
				return -1
			}
			i += q + 7
		case c == '>' && depth <= 0:
			return i + 1
		default:
			i++
		}
	}
	return -1
}
