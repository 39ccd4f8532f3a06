package cheetah

// parser holds the state of one Parse. It walks the text once, emitting
// contiguous tokens and building nodes in preorder as it goes; Cheetah's
// own parser (Cheetah/Parser.py) is the model for every decision, and the
// comments name the Cheetah method each function stands for.
type parser struct {
	src  string
	pos  int // next byte to read; every byte before it has a token
	end  int // the break point: the end of the text, or of a one-line body
	toks []tok
	errs ErrorList

	nodes []node
	open  []int32 // nodes being built, innermost last

	blocks []frame     // Cheetah's stack of open directives
	encl   []enclosure // the brackets open in the expressions being read: see expr
	binds  []Binding

	stopped bool // a #breakpoint was read: Cheetah reads nothing more

	// The limits of limits.go: where the generated Python goes, how deep
	// its brackets are and have been in the construct being read, how
	// many frames Cheetah's parser would be using, and which limits were
	// reported already.
	ctx    pyCtx
	pdepth int
	ppeak  int
	frames int
	limits uint8

	// open counts the blocks open on the stack by directive name, so that
	// an "#end" naming no open block and an "#arg" ask in constant time.
	openByName [64]int32

	// eolFrom and eolAt remember the last line end found: from eolFrom to
	// eolAt there is no line break, so that the directives of one long
	// line do not each search for its end.
	eolFrom, eolAt int
}

// frame is one open block: an entry of Cheetah's _openDirectivesStack.
type frame struct {
	name   string // directive that opened it: "if", "for", "def", ...
	id     uint8  // name's index in nodeNames
	outer  pyCtx  // the context around the block, for its clauses and after it
	open   Span   // that directive's "#name"
	block  int32  // the KindBlock node, or -1 when the tree no longer holds it
	clause string // the last clause seen: "", "elif", "else", "except", "finally"
}

// emit adds a token of kind k from p.pos to j and moves p.pos to j. Empty
// tokens are not emitted.
func (p *parser) emit(k TokenKind, j int) {
	if j <= p.pos {
		return
	}
	p.toks = append(p.toks, tok{start: int32(p.pos), kind: k})
	p.pos = j
}

// emitBlanks emits the blanks at p.pos as one TokSpace.
func (p *parser) emitBlanks() { p.emit(TokSpace, blanksEnd(p.src, p.pos, p.end)) }

func (p *parser) atEnd() bool { return p.pos >= p.end }

func (p *parser) peek() byte {
	if p.pos < p.end {
		return p.src[p.pos]
	}
	return 0
}

// errorf records an error of class ErrSyntax at off.
func (p *parser) errorf(off int, open Span, msg string) {
	p.errs = append(p.errs, &Error{Offset: off, Msg: msg, Class: ErrSyntax, Open: open})
}

// openNode starts a node of kind k as a child of the innermost open node.
func (p *parser) openNode(k Kind) int32 {
	i := int32(len(p.nodes))
	p.nodes = append(p.nodes, node{kind: k, parent: p.top(), tok0: int32(len(p.toks))})
	p.open = append(p.open, i)
	return i
}

func (p *parser) top() int32 {
	if len(p.open) == 0 {
		return -1
	}
	return p.open[len(p.open)-1]
}

// closeNode ends the innermost open node after the last emitted token.
func (p *parser) closeNode() {
	i := p.open[len(p.open)-1]
	p.open = p.open[:len(p.open)-1]
	n := &p.nodes[i]
	n.end = int32(len(p.nodes))
	n.tok1 = int32(len(p.toks))
}

// closeTo closes open nodes until depth remain.
func (p *parser) closeTo(depth int) {
	for len(p.open) > depth {
		p.closeNode()
	}
}

// insertBefore inserts new nodes of the given kinds in front of node d,
// the last subtree in preorder, each the parent of the next and the last
// the parent of d; the inserted nodes are left open. d must be closed and
// not on the open stack.
func (p *parser) insertBefore(d int32, kinds ...Kind) {
	k := int32(len(kinds))
	parent := p.nodes[d].parent
	tok0 := p.nodes[d].tok0
	n := int32(len(p.nodes))
	for range kinds {
		p.nodes = append(p.nodes, node{})
	}
	copy(p.nodes[d+k:], p.nodes[d:n])
	for i := d + k; i < n+k; i++ {
		q := &p.nodes[i]
		q.end += k
		if q.parent >= d {
			q.parent += k
		}
	}
	for j, kind := range kinds {
		i := d + int32(j)
		p.nodes[i] = node{kind: kind, parent: parent, tok0: tok0}
		parent = i
		p.open = append(p.open, i)
	}
	p.nodes[d+k].parent = parent
}

// parseTo parses top-level template text up to the break point bp:
// Cheetah's _HighLevelParser.parse.
func (p *parser) parseTo(bp int) {
	saved := p.end
	p.end = bp
	for !p.atEnd() && !p.stopped {
		p.topLevel()
	}
	p.end = saved
}

// topLevel parses one construct at p.pos, trying Cheetah's matchers in
// Cheetah's order.
func (p *parser) topLevel() {
	s, i, end := p.src, p.pos, p.end
	switch {
	case matchToken2(s, i, end, "##"):
		p.comment()
	case matchToken2(s, i, end, "#*"):
		p.blockComment()
	default:
		if h, ok := matchPlaceholder(s, i, end); ok {
			p.topPlaceholder(h)
		} else if name := matchDirective(s, i, end); name != "" {
			p.directive(name)
		} else if matchToken2(s, i, end, "<%") {
			p.psp()
		} else if j := matchSlurp(s, i, end); j > i {
			p.beginText()
			p.emit(TokSlurp, j)
			p.closeNode()
		} else {
			p.beginText()
			p.plainText()
			p.closeNode()
		}
	}
}

// beginText makes the KindText node at the end of the innermost open
// node the open one, starting a new one unless the last node there is a
// text node that ends at the last token.
func (p *parser) beginText() {
	t := p.top()
	if n := int32(len(p.nodes)) - 1; n > t && p.nodes[n].kind == KindText && p.nodes[n].parent == t &&
		p.nodes[n].tok1 == int32(len(p.toks)) {
		p.open = append(p.open, n)
		return
	}
	p.openNode(KindText)
}

// plainText emits text up to the next top-level construct: Cheetah's
// eatPlainText, which stops wherever matchTopLevelToken matches. Escapes
// and macro tokens become tokens of their own.
func (p *parser) plainText() {
	s, end := p.src, p.end
	start := p.pos
	i := start
	for i < end {
		// Most bytes are plain: skip them before looking closer.
		for i < end && !textStops[s[i]] {
			i++
		}
		if i == end {
			break
		}
		c := s[i]
		switch c {
		case '\\':
			if i+1 < end && (s[i+1] == '$' || s[i+1] == '#' && matchSlurp(s, i+1, end) == i+1) {
				p.emit(TokText, i)
				p.emit(TokEscape, i+2)
				i += 2
				continue
			}
		case '@':
			if j := matchMacro(s, i, end); j > i {
				p.emit(TokText, i)
				p.emit(TokMacro, j)
				i = j
				continue
			}
		case '#', '$', '<':
			if i > start && p.startsConstruct(i) {
				p.emit(TokText, i)
				return
			}
		}
		i++
	}
	p.emit(TokText, i)
}

// textStops are the bytes plainText looks at: escapes, macro tokens and
// the starts of top-level constructs.
var textStops = [256]bool{'\\': true, '@': true, '#': true, '$': true, '<': true}

// startsConstruct reports whether a top-level construct starts at i:
// Cheetah's matchTopLevelToken.
func (p *parser) startsConstruct(i int) bool {
	s, end := p.src, p.end
	switch s[i] {
	case '$':
		_, ok := matchPlaceholder(s, i, end)
		return ok
	case '<':
		return matchToken2(s, i, end, "<%")
	}
	return matchToken2(s, i, end, "##") || matchToken2(s, i, end, "#*") ||
		matchDirective(s, i, end) != "" || matchSlurp(s, i, end) > i
}

// comment emits a "##" comment up to the end of the line: eatComment.
func (p *parser) comment() {
	p.openNode(KindComment)
	p.emit(TokComment, min(p.lineEnd(p.pos), p.end))
	p.closeNode()
}

// blockComment emits a "#* ... *#" comment: eatMultiLineComment, whose
// loop skips one byte after every nested start or inner end token.
func (p *parser) blockComment() {
	s, end := p.src, p.end
	i := p.pos + 2
	level := 1
	for i < end {
		if matchToken2(s, i, end, "#*") {
			i += 2
			level++
		} else if matchToken2(s, i, end, "*#") {
			i += 2
			level--
			if level == 0 {
				break
			}
		}
		if i >= end {
			if level > 0 && i > p.pos+2 && (matchToken2(s, i-2, end, "#*") || matchToken2(s, i-2, end, "*#")) {
				// Cheetah's loop steps past the end here and crashes.
				p.errorf(end, Span{p.pos, p.pos + 2}, `block comment "#*" is not closed: it ends in a nested "#*" or "*#" at the end of the text`)
			}
			break
		}
		i++
	}
	p.openNode(KindComment)
	p.emit(TokBlockComment, min(i, end))
	p.closeNode()
}

// psp emits a "<% ... %>" block: eatPSP. Without "%>" Cheetah fails.
func (p *parser) psp() {
	p.openNode(KindPSP)
	start := p.pos
	i := start + 2
	for i < p.end && !matchToken2(p.src, i, p.end, "%>") {
		i++
	}
	if i < p.end {
		if pyStrip(p.src[start+2:i]) == "" {
			// Cheetah's addPSP reads the first byte of the stripped body.
			p.errorf(start, Span{start, i + 2}, `empty "<% %>" block`)
		}
		p.emit(TokPSP, i+2)
	} else {
		p.emit(TokPSP, p.end)
		p.errorf(p.end, Span{start, start + 2}, `"<%" is never closed by "%>"`)
	}
	p.closeNode()
}

// lineEnd returns lineEnd(p.src, i), remembering the answer: the
// directives and one-line bodies of one line each ask for its end.
func (p *parser) lineEnd(i int) int {
	if p.eolFrom <= i && i <= p.eolAt {
		return p.eolAt
	}
	p.eolFrom, p.eolAt = i, lineEnd(p.src, i)
	return p.eolAt
}
