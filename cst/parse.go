package cst

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"
)

// maxErrors bounds the errors kept for one file; a binary file would
// otherwise report one per byte.
const maxErrors = 100

var bom = []byte{0xEF, 0xBB, 0xBF}

type rawError struct {
	off int
	msg string
}

type parser struct {
	t   *Tree
	src []byte
	pos int
	// The tree's arrays and counts, held here while the parse appends to
	// them, so that each access does not go through t, and handed to t at
	// the end.
	toks   []token
	nodes  []node
	counts [numKinds]int32
	cur    int32   // the innermost open node, none before the document opens and after it closes
	elems  []int32 // open elements, innermost last

	errs      []rawError
	tooMany   bool
	rootState int   // 0 before the root element, 1 inside it, 2 after it
	root      int32 // the root element's node, 0 before it starts
	doctype   bool
	entities  map[string]bool // general entities declared in the internal subset
	anyBytes  bool            // a non-UTF-8 encoding is declared: do not check UTF-8

	// Undeclared entities are an error only when every declaration is known
	// to have been read: not when the DOCTYPE names an external subset or the
	// internal subset references parameter entities, unless the document is
	// standalone (XML 1.0 §4.1, WFC: Entity Declared).
	standalone  bool
	externalDTD bool

	openNames map[string]int // counts of open element names, kept while nesting is deep

	names    *nameTable // interned element and attribute names
	openAttr bool       // the last attribute value runs to the end of the file
	sawCR    bool       // the text or CDATA section being read holds a carriage return

	tooDeep bool // an element nested past MaxDepth has been reported

	// The CDATA sections of a run of adjacent ones, which libxml2 joins into
	// one node: the last one's node and their normalised length.
	cdataLast int32
	cdataRun  int
}

// Parse builds the lossless tree of src. It never fails: problems are in
// [Tree.Errors]. The file name is used in positions only. The tree keeps
// src; the caller must not modify it afterwards.
func Parse(file string, src []byte) *Tree {
	ntok, nnode := estimateSize(src)
	return parse(file, src, make([]token, 0, ntok), make([]node, 0, nnode), &nameTable{})
}

// parse is Parse appending the tokens and nodes to toks and nodes, empty
// slices with room for estimateSize's counts (see [Slabs.Parse]), and
// interning names in names. The parser only appends whole records and
// reads only what it has appended, so the arrays need not be zeroed.
func parse(file string, src []byte, toks []token, nodes []node, names *nameTable) *Tree {
	t := &Tree{file: file, src: src}
	// The stack of open elements starts with room for the nesting of real
	// files, which is at most 13 deep, instead of growing from nothing.
	p := &parser{t: t, src: src, toks: toks, nodes: nodes, elems: make([]int32, 0, 32), cur: none, names: names, cdataLast: none}
	p.document()
	t.toks, t.nodes, t.counts = p.toks, p.nodes, p.counts
	// The tree keeps the names as they are now; a shared table grows past
	// them, and the full slice expression keeps the tree from appending to it.
	t.names = names.list[:len(names.list):len(names.list)]
	if len(p.errs) > 0 {
		lines := t.Lines()
		for _, e := range p.errs {
			line, col := lines.LineCol(e.off)
			t.errs = append(t.errs, &Error{Pos: Position{File: file, Offset: e.off, Line: line, Column: col}, Msg: e.msg})
		}
		t.errs.Sort()
	}
	return t
}

// estimateSize returns capacities for the token and node arrays of src. Each
// '<' starts a tag and usually a text run, each '=' an attribute and each '&'
// a reference; on the Galaxy corpus these bounds exceed the real counts by
// 5-20%, so the arrays are allocated once instead of grown by copying, which
// took a fifth of the parse time.
func estimateSize(src []byte) (toks, nodes int) {
	lt := bytes.Count(src, []byte{'<'})
	eq := bytes.Count(src, []byte{'='})
	amp := bytes.Count(src, []byte{'&'})
	return 5*lt + 4*eq + 2*amp + 4, 3*lt + eq + 4
}

func (p *parser) errorf(off int, format string, args ...any) {
	if len(p.errs) >= maxErrors {
		if !p.tooMany {
			p.tooMany = true
			p.errs = append(p.errs, rawError{off, "too many errors; later ones are not reported"})
		}
		return
	}
	p.errs = append(p.errs, rawError{off, fmt.Sprintf(format, args...)})
}

// at formats the line and column of a byte offset, for messages that point
// at a second place in the file.
func (p *parser) at(off int) string {
	line, col := p.t.Lines().LineCol(off)
	return fmt.Sprintf("%d:%d", line, col)
}

// openNode starts a node as the last child of the innermost open node.
func (p *parser) openNode(k Kind) int32 {
	i := int32(len(p.nodes))
	if p.cur != none {
		p.nodes[p.cur].lastChild = i
	}
	// Appending a zero node and setting its fields, rather than appending
	// a literal, which the compiler builds on the stack and copies with
	// wide loads that must wait for the narrow stores just made.
	p.nodes = append(p.nodes, node{})
	r := &p.nodes[i]
	r.kind, r.parent, r.first, r.lastChild, r.nameID = k, p.cur, int32(len(p.toks)), none, none
	p.counts[k]++
	p.cur = i
	return i
}

// closeNode ends the innermost open node, which must be i.
func (p *parser) closeNode(i int32) {
	if p.cur != i {
		panic("cst: closing a node that is not innermost")
	}
	n := &p.nodes[i]
	n.end = int32(len(p.toks))
	n.after = int32(len(p.nodes))
	// The node's parent is the next innermost open node: none for the
	// document.
	p.cur = n.parent
}

// emit makes src[p.pos:end] a token of the innermost open node.
func (p *parser) emit(k TokKind, end int) int32 {
	if end <= p.pos {
		panic("cst: empty token")
	}
	i := int32(len(p.toks))
	p.toks = append(p.toks, token{start: int32(p.pos), node: p.cur, kind: k})
	p.pos = end
	return i
}

func (p *parser) document() {
	doc := p.openNode(KindDocument)
	if bytes.HasPrefix(p.src, bom) {
		p.emit(TokBOM, 3)
	}
	if p.atXMLDecl() {
		p.xmlDecl()
	}
	for p.pos < len(p.src) {
		p.item()
	}
	for len(p.elems) > 0 {
		e := p.elems[len(p.elems)-1]
		// Past the error limit, finding out where each element opened
		// would cost a search per element of a deep document for nothing.
		if !p.tooMany {
			p.errorf(len(p.src), "unclosed element <%s> opened at %s: add </%s> before the end of the file",
				p.nameOf(e), p.where(e), p.nameOf(e))
		}
		p.closeElement()
	}
	if p.rootState == 0 {
		if len(bytes.TrimLeft(p.src, " \t\r\n\xef\xbb\xbf")) == 0 {
			p.errorf(0, "document is empty: expected a root element such as <tool>")
		} else {
			p.errorf(len(p.src), "document has no root element: a tool file needs one element, such as <tool>...</tool>, around its content")
		}
	}
	p.closeNode(doc)
}

func (p *parser) atXMLDecl() bool {
	rest := p.src[p.pos:]
	return len(rest) > 5 && string(rest[:5]) == "<?xml" && isSpace(rest[5])
}

// item parses one construct at p.pos, or a text and the markup after it,
// and always consumes at least one byte.
func (p *parser) item() {
	var k Kind
	if p.src[p.pos] == '<' {
		k = p.markupAt(p.pos)
	} else if k = p.text(); k == KindInvalid {
		return
	}
	switch k {
	case KindComment:
		p.comment()
	case KindCDATA:
		p.cdata()
	case KindDoctype:
		p.doctypeDecl()
	case KindPI:
		p.pi()
	case KindEndTag:
		p.endTag()
	case KindStartTag:
		p.startTag()
	default:
		p.text()
	}
}

// markupAt returns the kind of markup starting at src[i], or KindInvalid
// when src[i] does not start markup.
func (p *parser) markupAt(i int) Kind {
	rest := p.src[i:]
	if len(rest) < 2 || rest[0] != '<' {
		return KindInvalid
	}
	switch rest[1] {
	case '!':
		switch {
		case bytes.HasPrefix(rest, []byte("<!--")):
			return KindComment
		case bytes.HasPrefix(rest, []byte("<![CDATA[")):
			return KindCDATA
		case bytes.HasPrefix(rest, []byte("<!DOCTYPE")):
			return KindDoctype
		}
	case '?':
		return KindPI
	case '/':
		return KindEndTag
	default:
		// nameByte answers for ASCII, startsName for the rest.
		if c := rest[1]; nameByte[c] == 2 || c >= 0x80 && startsName(p.src, i+1) {
			return KindStartTag
		}
	}
	return KindInvalid
}

// nameOf returns the name of an element. The tree has no names before the
// parse ends: they are in the table.
func (p *parser) nameOf(elem int32) string {
	return p.names.list[p.nodes[elem].nameID]
}

// where formats the line and column at which a node starts.
func (p *parser) where(i int32) string {
	return p.at(int(p.toks[p.nodes[i].first].start))
}

// text parses character data up to the next markup. Outside the root element
// whitespace becomes Space tokens of the document and anything else is an
// error. Inside it, text returns the kind of the markup that ends the text,
// which charData has found out, so that item need not look again; it
// returns KindInvalid at the end of the file and outside the root element.
func (p *parser) text() Kind {
	if len(p.elems) == 0 {
		p.textOutsideRoot()
		return KindInvalid
	}
	n := p.openNode(KindText)
	first := len(p.toks)
	p.sawCR = false
	k := p.charData()
	p.checkText(first)
	// One Chars token holds no reference; charData notes carriage returns.
	if len(p.toks) == first+1 && p.toks[first].kind == TokChars && !p.sawCR {
		p.nodes[n].flags |= flagVerbatim
	}
	p.closeNode(n)
	return k
}

func (p *parser) textOutsideRoot() {
	end := p.pos
	for end < len(p.src) && isSpace(p.src[end]) {
		end++
	}
	if end > p.pos {
		p.checkSpan(p.pos, end, "whitespace outside the root element")
		p.emit(TokSpace, end)
		return
	}
	switch {
	case p.src[p.pos] == '<':
		// A '<' that starts no markup: its own message says more.
		p.errorf(p.pos, "%s", p.bareLT(p.pos))
	case p.rootState == 0:
		p.errorf(p.pos, "text before the root element: remove it; a tool file must start with markup such as <tool>")
	default:
		name := p.rootName()
		p.errorf(p.pos, "text after the end of the root element </%s>: remove it or move it inside <%s>", name, name)
	}
	n := p.openNode(KindText)
	save := len(p.errs)
	p.charData()
	if len(p.errs) > save && !p.tooMany {
		p.errs = p.errs[:save] // one error for the whole run is enough
	}
	p.closeNode(n)
}

// rootName returns the name of the root element, once it has started.
func (p *parser) rootName() string {
	if p.root == 0 {
		return "?"
	}
	return p.nameOf(p.root)
}

// charData emits Chars, EntityRef, CharRef and Error tokens up to the next
// '<' that starts markup, and returns the kind of that markup, or
// KindInvalid at the end of the file. It sets sawCR when the text holds a carriage
// return, which XML normalises.
func (p *parser) charData() Kind {
	src := p.src
	for p.pos < len(src) {
		i := p.pos
	scan:
		for {
			i = skipText(src, i)
			if i >= len(src) {
				break
			}
			switch c := src[i]; {
			case c == '<' || c == '&':
				break scan
			case c == '\r':
				p.sawCR = true
				i++
			case c >= 0x80:
				i = p.checkRune(i)
			case c < 0x20 && !isSpace(c):
				p.errorf(i, "invalid character U+%04X in text: XML does not allow this control character; remove it", c)
				i++
			case c == ']' && bytes.HasPrefix(src[i:], []byte("]]>")):
				p.errorf(i, "']]>' is not allowed in text: write ']]&gt;'")
				i += 3
			default:
				i++
			}
		}
		if i > p.pos {
			p.emit(TokChars, i)
		}
		if p.pos >= len(src) {
			return KindInvalid
		}
		if src[p.pos] == '&' {
			p.reference()
			continue
		}
		// '<': markup ends the text unless it cannot start markup.
		if k := p.markupAt(p.pos); k != KindInvalid {
			return k
		}
		p.errorf(p.pos, "%s", p.bareLT(p.pos))
		p.emit(TokError, p.pos+1)
	}
	return KindInvalid
}

// bareLT explains why the '<' at i starts no markup.
func (p *parser) bareLT(i int) string {
	if i+1 < len(p.src) {
		switch c := p.src[i+1]; {
		case c == '!':
			return "'<!' starts no markup XML knows: write <!-- ... --> for a comment, <![CDATA[ ... ]]> for CDATA, or &lt; for a literal '<'"
		case c < 0x80 && nameByte[c] == 1:
			return fmt.Sprintf("element name cannot start with %q: a name starts with a letter, '_' or ':' (write &lt; for a literal '<')", c)
		}
	}
	return "bare '<' in text: write &lt; or wrap the text in CDATA"
}

// checkRune validates the multi-byte character at i and returns the offset
// after it.
func (p *parser) checkRune(i int) int {
	if p.anyBytes {
		return i + 1
	}
	r, size := utf8.DecodeRune(p.src[i:])
	if r == utf8.RuneError && size <= 1 {
		p.errorf(i, "invalid UTF-8 byte 0x%02X: save the file as UTF-8, or declare its encoding in <?xml version=\"1.0\" encoding=\"...\"?>", p.src[i])
		// One error per malformed sequence: skip its continuation bytes.
		j := i + 1
		for j < len(p.src) && j < i+4 && p.src[j]&0xC0 == 0x80 {
			j++
		}
		return j
	}
	if !isXMLChar(r) {
		p.errorf(i, "invalid character U+%04X: XML does not allow it; remove it", r)
	}
	return i + size
}

// checkChars reports the invalid characters in src[start:end], and sets
// sawCR when they hold a carriage return.
func (p *parser) checkChars(start, end int, where string) {
	src := p.src
	for i := skipChars(src, start, end); i < end; i = skipChars(src, i, end) {
		switch c := src[i]; {
		case c == '\r':
			p.sawCR = true
			i++
		case c >= 0x80:
			i = p.checkRune(i)
		case c < 0x20 && !isSpace(c):
			p.errorf(i, "invalid character U+%04X in %s: XML does not allow this control character; remove it", c, where)
			i++
		default:
			i++
		}
	}
}

// reference emits the entity or character reference at p.pos.
func (p *parser) reference() {
	end, kind, msg := p.scanReference(p.pos, false)
	if msg != "" {
		p.errorf(p.pos, "%s", msg)
	}
	p.emit(kind, end)
}

// scanReference reads the reference starting with '&' at i, in text or, when
// inAttr is set, in an attribute value. It returns its end, its token kind
// and, when it is not valid, an error message.
func (p *parser) scanReference(i int, inAttr bool) (end int, kind TokKind, msg string) {
	src := p.src
	j := i + 1
	if j < len(src) && src[j] == '#' {
		j++
		hex := j < len(src) && src[j] == 'x'
		if hex {
			j++
		}
		start := j
		var v int64
		for j < len(src) && (src[j] >= '0' && src[j] <= '9' || hex && (src[j]|0x20 >= 'a' && src[j]|0x20 <= 'f')) {
			d := int64(src[j] - '0')
			if src[j] > '9' {
				d = int64(src[j]|0x20-'a') + 10
			}
			if hex {
				v = v*16 + d
			} else {
				v = v*10 + d
			}
			if v > 0x10FFFF {
				v = 0x110000
			}
			j++
		}
		if j == start || j >= len(src) || src[j] != ';' {
			return i + 1, TokError, "malformed character reference: expected &#NN; or &#xHH; (write &amp; for a literal '&')"
		}
		if !isXMLChar(rune(v)) {
			return j + 1, TokCharRef, fmt.Sprintf("character reference %s refers to U+%04X, which XML does not allow; remove it", src[i:j+1], v)
		}
		return j + 1, TokCharRef, ""
	}
	ne := nameEnd(src, j)
	if ne == j {
		if inAttr {
			return i + 1, TokError, "bare '&' in attribute value: write &amp;"
		}
		return i + 1, TokError, "bare '&': write &amp; or wrap the text in CDATA"
	}
	name := src[j:ne]
	if msg := p.nameTooLong(j, ne, "entity name"); msg != "" {
		return max(ne, i+1), TokError, msg
	}
	if ne >= len(src) || src[ne] != ';' {
		return i + 1, TokError, fmt.Sprintf("entity reference &%s is missing its ';' (write &amp; for a literal '&')", name)
	}
	if _, ok := predefinedEntities[string(name)]; !ok && !p.entities[string(name)] && (p.standalone || !p.externalDTD) {
		return ne + 1, TokEntityRef, fmt.Sprintf("undefined entity &%s;: XML knows only &lt; &gt; &amp; &quot; &apos; (write &amp;%s; for literal text)", name, name)
	}
	return ne + 1, TokEntityRef, ""
}

func (p *parser) comment() {
	n := p.openNode(KindComment)
	start := p.pos
	body := start + 4
	end := bytes.Index(p.src[body:], []byte("-->"))
	p.sawCR = false
	if end < 0 {
		p.errorf(start, "unclosed comment: add --> to end it")
		p.checkChars(body, len(p.src), "comment")
		p.checkBody(start, body, len(p.src), "comment", "Comment too big found")
		p.emit(TokComment, len(p.src))
		p.closeNode(n)
		return
	}
	end += body
	if dd := bytes.Index(p.src[body:end+1], []byte("--")); dd >= 0 {
		p.errorf(body+dd, "'--' is not allowed inside a comment: separate the dashes or remove them")
	}
	p.checkChars(body, end, "comment")
	p.checkBody(start, body, end, "comment", "Comment too big found")
	p.emit(TokComment, end+3)
	p.closeNode(n)
}

func (p *parser) cdata() {
	// A section right after another, with nothing between, joins its run.
	joins := p.cur != none && p.cdataLast != none && p.nodes[p.cur].lastChild == p.cdataLast
	n := p.openNode(KindCDATA)
	start := p.pos
	if len(p.elems) == 0 {
		p.errorf(start, "CDATA section outside the root element: move it inside the root element or remove it")
	}
	body := start + 9
	end := bytes.Index(p.src[body:], []byte("]]>"))
	p.sawCR = false
	if end < 0 {
		p.errorf(start, "unclosed CDATA section: add ]]> to end it")
		p.checkChars(body, len(p.src), "CDATA section")
		p.checkBody(start, body, len(p.src), "CDATA section", "CData section too big found")
		p.emit(TokCDATA, len(p.src))
		p.closeNode(n)
		return
	}
	p.checkChars(body, body+end, "CDATA section")
	size := p.checkBody(start, body, body+end, "CDATA section", "CData section too big found")
	if !p.sawCR {
		p.nodes[n].flags |= flagVerbatim
	}
	p.cdataRun = p.cdataJoin(start, size, joins)
	p.cdataLast = n
	p.emit(TokCDATA, body+end+3)
	p.closeNode(n)
}

func (p *parser) pi() {
	start := p.pos
	ne := nameEnd(p.src, start+2)
	target := string(p.src[start+2 : ne])
	n := p.openNode(KindPI)
	end := bytes.Index(p.src[start+2:], []byte("?>"))
	stop := len(p.src)
	if end >= 0 {
		stop = start + 2 + end + 2
	}
	switch {
	case target == "":
		p.errorf(start, "processing instruction without a target name: write <?target data?>")
	case target == "xml" && start == p.declStart():
		p.errorf(start, "XML declaration without a version: write <?xml version=\"1.0\"?>")
	case target == "xml":
		p.errorf(start, "XML declaration allowed only at the very start of the file: remove it, or remove everything before it (whitespace included)")
	case strings.EqualFold(target, "xml"):
		p.errorf(start, "processing instruction target %q is reserved: write the XML declaration as <?xml ...?> at the start of the file, or rename the target", target)
	case end >= 0 && ne < stop-2 && !isSpace(p.src[ne]):
		p.errorf(ne, "processing instruction target %q must be followed by whitespace: add a space after it", target)
	}
	if end < 0 {
		p.errorf(start, "unclosed processing instruction: add ?> to end it")
	}
	p.checkName(start+2, ne, "processing instruction target")
	p.sawCR = false
	p.checkChars(ne, stop, "processing instruction")
	// The data starts after the whitespace that follows the target.
	dataEnd := stop
	if end >= 0 {
		dataEnd -= len("?>")
	}
	if data := p.skipSpace(ne); data < dataEnd {
		p.checkBody(start, data, dataEnd, "processing instruction data", "PI too big found")
	}
	p.emit(TokPI, stop)
	p.closeNode(n)
}

// declStart returns the offset at which an XML declaration may start: 0, or
// 3 after a byte order mark.
func (p *parser) declStart() int {
	if bytes.HasPrefix(p.src, bom) {
		return 3
	}
	return 0
}

func (p *parser) xmlDecl() {
	n := p.openNode(KindXMLDecl)
	start := p.pos
	end := bytes.Index(p.src[start:], []byte("?>"))
	if end < 0 {
		p.errorf(start, "unclosed XML declaration: add ?> to end it")
		p.emit(TokXMLDecl, len(p.src))
		p.closeNode(n)
		return
	}
	stop := start + end + 2
	p.checkSpan(start, stop, "XML declaration")
	p.checkXMLDecl(start+5, start+end)
	p.emit(TokXMLDecl, stop)
	p.closeNode(n)
}

// checkXMLDecl validates the pseudo-attributes of the XML declaration in
// src[i:end].
func (p *parser) checkXMLDecl(i, end int) {
	src := p.src[:end]
	order := []string{"version", "encoding", "standalone"}
	seen := 0
	for {
		j := i
		for j < end && isSpace(src[j]) {
			j++
		}
		if j == end {
			break
		}
		if j == i {
			p.errorf(j, "XML declaration: pseudo-attributes must be separated by whitespace: add a space before %s", src[j:nameEnd(src, j)])
			return
		}
		ne := nameEnd(src, j)
		name := string(src[j:ne])
		k := ne
		for k < end && isSpace(src[k]) {
			k++
		}
		if name == "" || k >= end || src[k] != '=' {
			p.errorf(j, "XML declaration: malformed pseudo-attribute: write <?xml version=\"1.0\" encoding=\"UTF-8\"?>")
			return
		}
		k++
		for k < end && isSpace(src[k]) {
			k++
		}
		if k >= end || src[k] != '"' && src[k] != '\'' {
			p.errorf(k, "XML declaration: value of %s must be quoted: write %s=\"...\"", name, name)
			return
		}
		q := bytes.IndexByte(src[k+1:], src[k])
		if q < 0 {
			p.errorf(k, "XML declaration: value of %s is missing its closing %c: add it after the value", name, src[k])
			return
		}
		val := string(src[k+1 : k+1+q])
		idx := -1
		for x := seen; x < len(order); x++ {
			if order[x] == name {
				idx = x
			}
		}
		switch {
		case idx < 0:
			p.errorf(j, "XML declaration: unexpected pseudo-attribute %q (allowed, in this order: version, encoding, standalone)", name)
			return
		case seen == 0 && idx != 0:
			p.errorf(j, "XML declaration: version must come first: write <?xml version=\"1.0\" %s=...?>", name)
			return
		}
		seen = idx + 1
		switch name {
		case "version":
			if !validVersion(val) {
				p.errorf(k, "XML declaration: malformed version %q: write version=\"1.0\"", val)
			}
		case "encoding":
			e := strings.ToLower(val)
			switch {
			case !validEncodingName(val):
				p.errorf(k, "XML declaration: malformed encoding name %q: write encoding=\"UTF-8\"", val)
			case wideEncoding(e):
				// The declaration was just read one byte per character, so
				// the file is not in this encoding.
				p.errorf(k, "XML declaration: the file declares encoding %q but is not encoded so: write encoding=\"UTF-8\"", val)
			}
			p.anyBytes = e != "utf-8" && e != "utf8"
		case "standalone":
			if val != "yes" && val != "no" {
				p.errorf(k, "XML declaration: standalone must be \"yes\" or \"no\"")
			}
			p.standalone = val == "yes"
		}
		i = k + 1 + q + 1
	}
	if seen == 0 {
		p.errorf(i, "XML declaration: missing version: write <?xml version=\"1.0\"?>")
	}
}

// wideEncoding reports whether the lower-case encoding name e stores ASCII
// characters in more than one byte, so that a document declaring it in
// ASCII bytes contradicts itself.
func wideEncoding(e string) bool {
	switch e {
	case "utf-16", "utf-16le", "utf-16be", "utf16", "ucs-2", "ucs2", "iso-10646-ucs-2",
		"utf-32", "utf-32le", "utf-32be", "utf32", "ucs-4", "ucs4", "iso-10646-ucs-4":
		return true
	}
	return false
}

func validVersion(v string) bool {
	if len(v) < 3 || v[:2] != "1." {
		return false
	}
	for _, c := range []byte(v[2:]) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func validEncodingName(v string) bool {
	if v == "" || !(v[0]|0x20 >= 'a' && v[0]|0x20 <= 'z') {
		return false
	}
	for _, c := range []byte(v) {
		if !(c|0x20 >= 'a' && c|0x20 <= 'z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}
