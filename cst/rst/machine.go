package rst

import "unicode/utf8"

// state names the states of docutils' rst state machine.
type state uint8

const (
	stBody state = iota
	stBulletList
	stDefinitionList
	stEnumeratedList
	stFieldList
	stOptionList
	stLineBlock
	stExtensionOptions
	stExplicit
	stText
	stDefinition
	stLine
	stSubstitutionDef
	stQuotedLiteralBlock
)

// trans names a transition: a pattern tried on a line and the method run
// when it matches.
type trans uint8

const (
	trNone trans = iota
	trBlank
	trIndent
	trBullet
	trEnumerator
	trFieldMarker
	trOptionMarker
	trDoctest
	trLineBlock
	trGridTableTop
	trSimpleTableTop
	trExplicitMarkup
	trAnonymous
	trLine
	trText
	trUnderline
	trEmbeddedDirective
	trInitialQuoted
	trQuoted
)

// bodyTransitions is the transition order of Body and its specialised
// states.
var bodyTransitions = []trans{trBlank, trIndent, trBullet, trEnumerator, trFieldMarker,
	trOptionMarker, trDoctest, trLineBlock, trGridTableTop, trSimpleTableTop,
	trExplicitMarkup, trAnonymous, trLine, trText}

// textTransitions is the transition order of Text and its specialised
// states.
var textTransitions = []trans{trBlank, trIndent, trUnderline, trText}

// order returns the transitions the machine tries in its current state.
func (m *machine) order() []trans {
	switch m.state {
	case stText, stDefinition, stLine:
		return textTransitions
	case stSubstitutionDef:
		return []trans{trBlank, trIndent, trEmbeddedDirective, trText}
	case stQuotedLiteralBlock:
		if m.quote != 0 {
			return []trans{trBlank, trIndent, trQuoted, trText}
		}
		return []trans{trBlank, trIndent, trInitialQuoted, trText}
	}
	return bodyTransitions
}

// outcome says what a transition method wants the machine to do next, in
// place of the exceptions docutils raises.
type outcome uint8

const (
	goOn       outcome = iota // carry on with the next line
	endMachine                // EOFError: run the state's eof and stop
	retryAs                   // TransitionCorrection: retry the line with one transition
	switchTo                  // StateCorrection: back up, change state, retry
)

// step is a transition method's result.
type step struct {
	out   outcome
	next  state
	trans trans // for retryAs and switchTo
	keep  bool  // next is unset: stay in the current state
}

// stay keeps the current state.
var stay = step{keep: true}

// to moves to state s.
func to(s state) step { return step{next: s} }

// eofStep ends the machine.
var eofStep = step{out: endMachine}

// retry retries the current line with transition t.
func retry(t trans) step { return step{out: retryAs, trans: t} }

// machine is one run of docutils' state machine over a block of lines
// (RSTStateMachine for the document, NestedStateMachine below it).
type machine struct {
	d           *doc
	input       lines
	inOff       int // absolute line offset of input[0]
	pos         int // line_offset: index of the current line in input
	cur         string
	state       state
	parent      *Node
	matchTitles bool
	context     []line
	// contextBuf holds context when it is one line, as it nearly always
	// is, so that setting it takes no allocation. Nothing keeps context
	// beyond the call it is passed to.
	contextBuf [1]line

	blankFinish bool
	// EnumeratedList
	lastOrdinal int
	format      string
	auto        bool
	// Line
	eofcheck bool
	// QuotedLiteralBlock
	quote       rune
	qmessages   []*Node
	qInitLine   int
	optionErr   string
	titleSource string
	subName     string
}

// newMachine returns a machine over input rooted at parent. It reuses a
// machine given back by [doc.freeMachine]: a parse runs a nested machine
// for every block quote, list item and section, each used only until its
// caller has read where it stopped.
func (d *doc) newMachine(input lines, inOff int, parent *Node, initial state, matchTitles bool) *machine {
	var m *machine
	if n := len(d.spareMachines); n > 0 {
		m = d.spareMachines[n-1]
		d.spareMachines = d.spareMachines[:n-1]
	} else {
		m = new(machine)
	}
	*m = machine{d: d, input: input, inOff: inOff, parent: parent, state: initial,
		matchTitles: matchTitles, eofcheck: true}
	return m
}

// freeMachine gives m back for [doc.newMachine] to reuse; nothing may
// use m afterwards.
func (d *doc) freeMachine(m *machine) {
	*m = machine{} // drop what m points to
	d.spareMachines = append(d.spareMachines, m)
}

// run runs the machine to the end of its input or until a state ends it.
func (m *machine) run() {
	m.pos = -1
	var only trans
	for {
		var st step
		if !m.nextLine(1) {
			st = m.eof()
			if st.out != switchTo {
				return
			}
		} else {
			st = m.checkLine(only)
		}
		only = trNone
		switch st.out {
		case endMachine:
			st2 := m.eof()
			if st2.out != switchTo {
				return
			}
			st = st2
		case retryAs:
			m.previousLine(1)
			only = st.trans
			continue
		}
		if st.out == switchTo {
			m.previousLine(1)
			m.state = st.next
			only = st.trans
			continue
		}
		if !st.keep {
			m.state = st.next
		}
	}
}

// checkLine tries the transitions of the current state (or only the one
// given) on the current line and runs the first that matches.
func (m *machine) checkLine(only trans) step {
	if only != trNone {
		if mt, ok := m.match(only, m.cur); ok {
			return m.dispatch(only, mt)
		}
		return stay
	}
	// Most lines start with a letter, which only an enumerator and text
	// can: the table of first bytes spares the other patterns.
	mask := ^uint32(0)
	if m.cur != "" {
		mask = firstByteTrans[m.cur[0]]
	}
	for _, t := range m.order() {
		if mask&(1<<t) == 0 {
			continue
		}
		if mt, ok := m.match(t, m.cur); ok {
			return m.dispatch(t, mt)
		}
	}
	return stay
}

// firstByteTrans holds, for each first byte of a line, the transitions
// whose patterns can match a line starting with it, as bits 1<<trans. A
// transition that it does not describe is always tried.
var firstByteTrans [256]uint32

func init() {
	for c := 0; c < 256; c++ {
		b := byte(c)
		bits := ^uint32(0)
		drop := func(t trans) { bits &^= 1 << t }
		if c < utf8.RuneSelf && !isSpace(rune(c)) {
			drop(trBlank) // other whitespace and the empty line start with bytes from 0xc2
		}
		if b != ' ' {
			drop(trIndent)
		}
		if b != '-' && b != '+' && b != '*' && c < utf8.RuneSelf {
			drop(trBullet) // the other bullets start with 0xe2
		}
		if b != '(' && b != '#' && !isAlnum7(b) {
			drop(trEnumerator)
		}
		if b != ':' {
			drop(trFieldMarker)
		}
		if b != '-' && b != '+' && b != '/' {
			drop(trOptionMarker)
		}
		if b != '>' {
			drop(trDoctest)
		}
		if b != '|' {
			drop(trLineBlock)
		}
		if b != '+' {
			drop(trGridTableTop)
		}
		if b != '=' {
			drop(trSimpleTableTop)
		}
		if b != '.' {
			drop(trExplicitMarkup)
		}
		if b != '_' {
			drop(trAnonymous)
		}
		if !isNonAlnum7(b) {
			drop(trLine)
			drop(trUnderline)
		}
		firstByteTrans[c] = bits
	}
}

// nextLine advances n lines; it reports false past the end of input.
func (m *machine) nextLine(n int) bool {
	m.pos += n
	if m.pos < 0 || m.pos >= len(m.input) {
		m.cur = ""
		m.noteSource()
		return false
	}
	m.cur = m.input[m.pos].s
	m.noteSource()
	return true
}

// previousLine backs up n lines.
func (m *machine) previousLine(n int) {
	m.pos -= n
	if m.pos < 0 || m.pos >= len(m.input) {
		m.cur = ""
	} else {
		m.cur = m.input[m.pos].s
	}
	m.noteSource()
}

// gotoLine jumps to the absolute line offset abs; it reports false past
// the end of input.
func (m *machine) gotoLine(abs int) bool {
	m.pos = abs - m.inOff
	if m.pos < 0 || m.pos >= len(m.input) {
		m.cur = ""
		m.noteSource()
		return false
	}
	m.cur = m.input[m.pos].s
	m.noteSource()
	return true
}

// noteSource records the current line as the document's current line, as
// docutils' note_source observer does.
func (m *machine) noteSource() {
	if m.pos >= 0 && m.pos < len(m.input) {
		m.d.currentLine = m.input[m.pos].abs + 1
	}
}

// isNextLineBlank reports whether the next line is blank or missing.
func (m *machine) isNextLineBlank() bool {
	if m.pos+1 >= len(m.input) {
		return true
	}
	return isBlank(m.input[m.pos+1].s)
}

// atEOF reports whether the current line is the last or past it.
func (m *machine) atEOF() bool { return m.pos >= len(m.input)-1 }

// absLineOffset returns the 0-based absolute offset of the current line.
func (m *machine) absLineOffset() int { return m.pos + m.inOff }

// absLineNumber returns the 1-based absolute number of the current line.
func (m *machine) absLineNumber() int { return m.pos + m.inOff + 1 }

// curLine returns the current line.
func (m *machine) curLine() line {
	if m.pos >= 0 && m.pos < len(m.input) {
		return m.input[m.pos]
	}
	return line{abs: m.absLineOffset()}
}

// rest returns the input from the line after the current one.
func (m *machine) rest() lines {
	if m.pos+1 >= len(m.input) {
		return nil
	}
	return m.input[m.pos+1:]
}

// getTextBlock returns the lines from the current one up to a blank line
// and moves to its last line. With flushLeft, an indented line ends the
// block early and indentedAt gives its absolute 1-based line number.
func (m *machine) getTextBlock(flushLeft bool) (block lines, indentedAt int) {
	start := m.pos
	end := start
	for end < len(m.input) {
		s := m.input[end].s
		if isBlank(s) {
			break
		}
		if flushLeft && s[0] == ' ' {
			indentedAt = m.input[end].abs + 1
			break
		}
		end++
	}
	block = m.input[start:end]
	m.nextLine(len(block) - 1)
	return block, indentedAt
}

// indentedOpts are the options of docutils' StringList.get_indented.
type indentedOpts struct {
	untilBlank  bool
	keepIndent  bool // strip_indent=False
	blockIndent int  // -1 when unknown
	firstIndent int  // -1 when unknown
}

// getIndentedBlock extracts the indented block starting at input[start],
// as StringList.get_indented does.
func getIndentedBlock(input lines, start int, o indentedOpts) (block lines, indent int, blankFinish bool) {
	indent = o.blockIndent
	end := start
	first := o.firstIndent
	if o.blockIndent >= 0 && first < 0 {
		first = o.blockIndent
	}
	if first >= 0 {
		end++
	}
	blankFinish = true
	for end < len(input) {
		s := input[end].s
		if s != "" && (s[0] != ' ' || (o.blockIndent >= 0 && !isBlank(prefix(s, o.blockIndent)))) {
			blankFinish = end > start && isBlank(input[end-1].s)
			break
		}
		stripped := lstrip(s)
		if stripped == "" {
			if o.untilBlank {
				blankFinish = true
				break
			}
		} else if o.blockIndent < 0 {
			li := len(s) - len(stripped)
			if indent < 0 || li < indent {
				indent = li
			}
		}
		end++
	}
	block = input[start:end].clone()
	if first >= 0 && len(block) > 0 {
		block.trimLeft(first, 0, 1)
	}
	if indent > 0 && !o.keepIndent {
		from := 0
		if first >= 0 {
			from = 1
		}
		block.trimLeft(indent, from, len(block))
	}
	if indent < 0 {
		indent = 0
	}
	return block, indent, blankFinish
}

// byteCol returns the byte offset of the n'th character of s.
func byteCol(s string, n int) int {
	i := 0
	for k := 0; k < n && i < len(s); k++ {
		_, size := decodeRune(s, i)
		i += size
	}
	return i + max(0, n-runeLen(s))
}

// prefix returns the first n bytes of s (all of s when shorter).
func prefix(s string, n int) string {
	if n > len(s) {
		return s
	}
	return s[:n]
}

// getIndented extracts an indented block whose indent is unknown
// (StateMachineWS.get_indented).
func (m *machine) getIndented(untilBlank, stripIndent bool) (block lines, indent, offset int, blankFinish bool) {
	offset = m.absLineOffset()
	block, indent, blankFinish = getIndentedBlock(m.input, m.pos, indentedOpts{untilBlank: untilBlank,
		keepIndent: !stripIndent, blockIndent: -1, firstIndent: -1})
	if len(block) > 0 {
		m.nextLine(len(block) - 1)
	}
	for len(block) > 0 && isBlank(block[0].s) {
		block = block[1:]
		offset++
	}
	return block, indent, offset, blankFinish
}

// getKnownIndented extracts a block indented by indent columns
// (StateMachineWS.get_known_indented).
func (m *machine) getKnownIndented(indent int, untilBlank, stripIndent bool) (block lines, offset int, blankFinish bool) {
	offset = m.absLineOffset()
	// The indent counts characters; the first line's marker may hold
	// multi-byte ones (a bullet such as "\u2022"), so it is cut in bytes.
	first := -1
	if m.pos >= 0 && m.pos < len(m.input) {
		first = byteCol(m.input[m.pos].s, indent)
	}
	block, _, blankFinish = getIndentedBlock(m.input, m.pos, indentedOpts{untilBlank: untilBlank,
		keepIndent: !stripIndent, blockIndent: indent, firstIndent: first})
	m.nextLine(len(block) - 1)
	for len(block) > 0 && isBlank(block[0].s) {
		block = block[1:]
		offset++
	}
	return block, offset, blankFinish
}

// getFirstKnownIndented extracts a block whose first line is indented by
// indent columns (StateMachineWS.get_first_known_indented).
func (m *machine) getFirstKnownIndented(indent int, untilBlank, stripIndent, stripTop bool) (block lines, ind, offset int, blankFinish bool) {
	offset = m.absLineOffset()
	block, ind, blankFinish = getIndentedBlock(m.input, m.pos, indentedOpts{untilBlank: untilBlank,
		keepIndent: !stripIndent, blockIndent: -1, firstIndent: indent})
	m.nextLine(len(block) - 1)
	if stripTop {
		for len(block) > 0 && isBlank(block[0].s) {
			block = block[1:]
			offset++
		}
	}
	return block, ind, offset, blankFinish
}

// nestedParse parses block into node with a new Body machine and returns
// the absolute line offset it stopped at (RSTState.nested_parse).
func (m *machine) nestedParse(block lines, inOff int, node *Node, matchTitles bool) int {
	sm := m.d.newMachine(block, inOff, node, stBody, matchTitles)
	sm.run()
	off := sm.absLineOffset()
	m.d.freeMachine(sm)
	return off
}

// nestedListParse runs a machine in the given initial state over block,
// carrying blankFinish in and out (RSTState.nested_list_parse).
func (m *machine) nestedListParse(block lines, inOff int, node *Node, initial state, blankFinish bool, setup func(*machine)) (int, bool) {
	sm := m.d.newMachine(block, inOff, node, initial, false)
	sm.blankFinish = blankFinish
	if setup != nil {
		setup(sm)
	}
	sm.run()
	off, bf := sm.absLineOffset(), sm.blankFinish
	m.d.freeMachine(sm)
	return off, bf
}

// nestedListParseTitles is nestedListParse with match_titles set.
func (m *machine) nestedListParseTitles(block lines, inOff int, node *Node, initial state, blankFinish, matchTitles bool) (int, bool) {
	sm := m.d.newMachine(block, inOff, node, initial, matchTitles)
	sm.blankFinish = blankFinish
	sm.run()
	off, bf := sm.absLineOffset(), sm.blankFinish
	m.d.freeMachine(sm)
	return off, bf
}

// goTo jumps to an absolute line offset, ignoring jumps past the end
// (RSTState.goto_line).
func (m *machine) goTo(abs int) { m.gotoLine(abs) }

// unindentWarning reports a construct that ends without a blank line.
func (m *machine) unindentWarning(what string) *Node {
	return m.d.warning(m.absLineNumber()+1, what+" ends without a blank line; unexpected unindent.")
}

// add appends nodes to the machine's parent.
func (m *machine) add(ns ...*Node) { m.parent.Append(ns...) }
