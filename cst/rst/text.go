package rst

import (
	"strings"
)

// textState runs the Text state's transitions: the line after a first
// text line decides between paragraph, definition list and section title.
func (m *machine) textState(t trans, mt match) step {
	switch t {
	case trBlank:
		m.textBlank()
		return to(stBody)
	case trIndent:
		return m.definitionList()
	case trUnderline:
		return m.underline()
	}
	return m.paragraphText()
}

// textBlank ends a one-line paragraph (Text.blank).
func (m *machine) textBlank() {
	literalNext := m.paragraph(m.context, m.absLineNumber()-1)
	if literalNext {
		m.add(m.literalBlock()...)
	}
}

// hasLiteralMarker reports whether data ends with an unescaped "::".
func hasLiteralMarker(data string) bool {
	if !strings.HasSuffix(data, "::") {
		return false
	}
	n := 0
	for i := len(data) - 3; i >= 0 && data[i] == '\\'; i-- {
		n++
	}
	return n%2 == 0
}

// paragraph adds a paragraph of lines and its messages to the machine's
// parent, and reports whether a literal block follows
// (RSTState.paragraph).
func (m *machine) paragraph(block []line, lineno int) bool {
	p := ptextOf(block)
	data := p.rstripped()
	text := data
	literalNext := false
	if hasLiteralMarker(data.s) {
		literalNext = true
		switch {
		case len(data.s) == 2:
			return true
		case data.s[len(data.s)-3] == ' ' || data.s[len(data.s)-3] == '\n':
			text = data.slice(0, len(data.s)-3).rstripped()
		default:
			text = data.slice(0, len(data.s)-1)
		}
	}
	ns, msgs := m.inlineText(text, lineno)
	para := m.d.newNode(KindParagraph, m.d.pspan(data, 0, len(data.s)))
	para.adopt(ns)
	para.Line = lineno
	m.add(para)
	m.add(msgs...)
	return literalNext
}

// paragraphText reads the rest of a paragraph (Text.text).
func (m *machine) paragraphText() step {
	startline := m.absLineNumber() - 1
	var msg *Node
	block, indentedAt := m.getTextBlock(true)
	if indentedAt > 0 {
		msg = m.d.errorMsg(indentedAt, "Unexpected indentation.")
	}
	all := append(append([]line(nil), m.context...), block...)
	literalNext := m.paragraph(all, startline)
	m.add(msg)
	if literalNext {
		m.nextLine(1)
		m.add(m.literalBlock()...)
	}
	return to(stBody)
}

// literalBlock reads the literal block after "::" (Text.literal_block).
func (m *machine) literalBlock() []*Node {
	block, _, offset, bf := m.getIndented(false, true)
	for len(block) > 0 && isBlank(block[len(block)-1].s) {
		block = block[:len(block)-1]
	}
	if len(block) == 0 {
		return m.quotedLiteralBlock()
	}
	data := block.join()
	sp := m.d.span(block)
	lb := m.d.newNode(KindLiteralBlock, sp, m.d.newText(data, sp))
	lb.Line = offset + 1
	out := []*Node{lb}
	if !bf {
		out = append(out, m.unindentWarning("Literal block"))
	}
	return out
}

// quotedLiteralBlock reads an unindented literal block whose lines all
// start with one punctuation character (Text.quoted_literal_block).
func (m *machine) quotedLiteralBlock() []*Node {
	holder := m.d.newNode(KindParagraph, m.d.lineSpan(m.curLine()))
	input := m.input
	if m.pos >= 0 && m.pos <= len(input) {
		input = input[m.pos:]
	} else {
		input = nil
	}
	sm := m.d.newMachine(input, m.absLineOffset(), holder, stQuotedLiteralBlock, false)
	sm.run()
	m.goTo(sm.absLineOffset())
	m.d.freeMachine(sm)
	kids := holder.Children
	for _, k := range kids {
		k.Parent = nil
	}
	return kids
}

// quotedState runs QuotedLiteralBlock's transitions.
func (m *machine) quotedState(t trans) step {
	switch t {
	case trBlank:
		if len(m.context) > 0 {
			return eofStep
		}
		return stay
	case trIndent:
		m.qmessages = append(m.qmessages, m.d.errorMsg(m.absLineNumber(), "Unexpected indentation."))
		m.previousLine(1)
		return eofStep
	case trInitialQuoted:
		m.quote = firstRune(m.cur)
		m.qInitLine = m.absLineNumber()
		m.context = append(m.contextBuf[:0], m.curLine())
		return stay
	case trQuoted:
		m.context = append(m.context, m.curLine())
		return stay
	}
	if len(m.context) > 0 {
		m.qmessages = append(m.qmessages, m.d.errorMsg(m.absLineNumber(), "Inconsistent literal block quoting."))
		m.previousLine(1)
	}
	return eofStep
}

// quotedEOF ends a quoted literal block (QuotedLiteralBlock.eof).
func (m *machine) quotedEOF() {
	if len(m.context) > 0 {
		t := lines(m.context).join()
		sp := m.d.span(m.context)
		lb := m.d.newNode(KindLiteralBlock, sp, m.d.newText(t, sp))
		lb.Line = m.qInitLine
		m.add(lb)
	} else {
		m.add(m.d.warning(m.absLineNumber(), "Literal block expected; none found."))
		m.previousLine(1)
	}
	m.add(m.qmessages...)
}

// definitionList starts a definition list (Text.indent).
func (m *machine) definitionList() step {
	list := m.d.newNode(KindDefinitionList, m.d.lineSpan(m.context[0]))
	item, bf := m.definitionListItem(m.context)
	list.Append(item)
	m.add(list)
	newOff, bf := m.nestedListParse(m.rest(), m.absLineOffset()+1, list, stDefinitionList, bf, nil)
	m.goTo(newOff)
	list.Span.End = lastEnd(list)
	if !bf {
		m.add(m.unindentWarning("Definition list"))
	}
	return to(stBody)
}

// definitionIndent reads a later item of a definition list
// (Definition.indent).
func (m *machine) definitionIndent() step {
	item, bf := m.definitionListItem(m.context)
	m.add(item)
	m.blankFinish = bf
	return to(stDefinitionList)
}

// definitionListItem reads a term line and its indented definition
// (Text.definition_list_item).
func (m *machine) definitionListItem(termline []line) (*Node, bool) {
	block, _, offset, bf := m.getIndented(false, true)
	item := m.d.newNode(KindDefinitionListItem, m.d.lineSpan(termline[0]))
	lineno := m.absLineNumber() - 1
	item.Line = lineno
	terms, msgs := m.term(termline, lineno)
	item.Append(terms...)
	def := m.d.newNode(KindDefinition, m.d.span(block), msgs...)
	item.Append(def)
	if len(block) > 0 {
		item.Span.End = def.Span.End
	}
	if strings.HasSuffix(termline[0].s, "::") {
		def.Append(m.d.info(lineno+1, `Blank line missing before literal block (after the "::")? Interpreted as a definition list item.`))
	}
	m.nestedParse(block, offset, def, false)
	return item, bf
}

// term reads a definition list term and its classifiers (Text.term).
func (m *machine) term(termline []line, lineno int) ([]*Node, []*Node) {
	p := ptextLine(termline[0])
	ns, msgs := m.inlineText(p, lineno)
	term := m.d.newNode(KindTerm, m.d.pspan(p, 0, len(p.s)))
	term.Line = lineno
	out := []*Node{term}
	for _, n := range ns {
		if n.Kind != KindText {
			out[len(out)-1].Append(n)
			continue
		}
		parts := splitClassifiers(n.Text)
		if len(parts) == 1 {
			out[len(out)-1].Append(n)
			continue
		}
		out[len(out)-1].Append(m.d.newText(rstrip(parts[0]), n.Span))
		for _, part := range parts[1:] {
			c := m.d.newNode(KindClassifier, n.Span, m.d.newText(part, n.Span))
			out = append(out, c)
		}
	}
	return out, msgs
}

// splitClassifiers splits s at ' +: +' (the classifier delimiter).
func splitClassifiers(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] != ' ' {
			continue
		}
		j := i
		for j < len(s) && s[j] == ' ' {
			j++
		}
		if j < len(s) && s[j] == ':' && j+1 < len(s) && s[j+1] == ' ' {
			k := j + 1
			for k < len(s) && s[k] == ' ' {
				k++
			}
			out = append(out, s[start:i])
			start = k
			i = k - 1
			continue
		}
		i = j - 1
	}
	return append(out, s[start:])
}
