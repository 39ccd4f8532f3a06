package rst

import "unicode"

// columnWidth returns the display width of s as docutils' column_width
// counts it: East Asian wide and full-width characters count 2, combining
// characters 0.
func columnWidth(s string) int {
	w := 0
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r):
		case isWide(r):
			w += 2
		default:
			w++
		}
	}
	return w
}

// isWide reports whether r is East Asian wide or full-width.
func isWide(r rune) bool {
	return r >= 0x1100 && (r <= 0x115f || r == 0x2329 || r == 0x232a ||
		(r >= 0x2e80 && r <= 0xa4cf && r != 0x303f) ||
		(r >= 0xac00 && r <= 0xd7a3) || (r >= 0xf900 && r <= 0xfaff) ||
		(r >= 0xfe30 && r <= 0xfe6f) || (r >= 0xff00 && r <= 0xff60) ||
		(r >= 0xffe0 && r <= 0xffe6) || (r >= 0x1f300 && r <= 0x1f64f) ||
		(r >= 0x1f900 && r <= 0x1f9ff) || (r >= 0x20000 && r <= 0x3fffd))
}

// runeLen returns the number of characters of s (Python's len).
func runeLen(s string) int {
	n := 0
	for range s {
		n++
	}
	return n
}

// underline handles an underlined section title (Text.underline).
func (m *machine) underline() step {
	lineno := m.absLineNumber()
	titleLine := m.context[0]
	title := rstrip(titleLine.s)
	under := rstrip(m.cur)
	var msgs []*Node
	if columnWidth(title) > runeLen(under) {
		if runeLen(under) < 4 {
			if m.matchTitles {
				m.add(m.d.info(lineno, "Possible title underline, too short for the title.\nTreating it as ordinary text because it's so short."))
			}
			return retry(trText)
		}
		msgs = append(msgs, m.d.warning(lineno, "Title underline too short.", titleLine.s+"\n"+m.cur))
	}
	if !m.matchTitles {
		m.add(msgs...)
		m.add(m.d.severe(m.absLineNumber(), "Unexpected section title.", titleLine.s+"\n"+m.cur))
		return to(stBody)
	}
	style := under[:1]
	m.context = nil
	m.titleSource = title + "\n" + under
	p := ptextLine(titleLine).rstripped()
	if m.section(p, style, lineno-1, msgs, m.d.lineSpan(titleLine).Start) {
		return eofStep
	}
	return to(stBody)
}

// section checks a section title and, when it starts a subsection of the
// current section, reads that subsection. It reports true when the current
// machine must end so that a parent section can take the title
// (RSTState.section raising EOFError).
func (m *machine) section(title ptext, style string, lineno int, msgs []*Node, start int) bool {
	ok, eof := m.checkSubsection(style, lineno)
	if eof {
		return true
	}
	if !ok {
		return false
	}
	return m.newSubsection(title, lineno, msgs, start)
}

// checkSubsection compares a title style with the styles seen so far
// (RSTState.check_subsection).
func (m *machine) checkSubsection(style string, lineno int) (ok, eof bool) {
	d := m.d
	level := -1
	for i, s := range d.titleStyles {
		if s == style {
			level = i + 1
			break
		}
	}
	if level < 0 {
		if len(d.titleStyles) == d.sectionLevel {
			d.titleStyles = append(d.titleStyles, style)
			return true, false
		}
		m.add(m.titleInconsistent(lineno))
		return false, false
	}
	if level <= d.sectionLevel {
		d.sectionLevel = level
		if len(style) == 2 {
			d.bubbleUp = true
		}
		m.previousLine(len(style) + 1)
		return false, true
	}
	if level == d.sectionLevel+1 {
		return true, false
	}
	m.add(m.titleInconsistent(lineno))
	return false, false
}

// titleInconsistent reports a title whose level does not fit.
func (m *machine) titleInconsistent(lineno int) *Node {
	src := m.titleSource
	return m.d.severe(lineno, "Title level inconsistent:", src)
}

// newSubsection reads a new section below the current one
// (RSTState.new_subsection); it reports true when the machine must end.
func (m *machine) newSubsection(title ptext, lineno int, msgs []*Node, start int) bool {
	d := m.d
	mylevel := d.sectionLevel
	d.sectionLevel++
	sec := m.d.newNode(KindSection, cstSpan(start, d.poff(title, len(title.s))))
	m.add(sec)
	ns, tmsgs := m.inlineText(title, lineno)
	t := m.d.newNode(KindTitle, d.pspan(title, 0, len(title.s)))
	t.adopt(ns)
	t.Line = lineno
	sec.Names = append(sec.Names, normalizeName(t.AsText()))
	sec.Append(t)
	sec.Append(msgs...)
	sec.Append(tmsgs...)
	sec.Line = lineno
	d.noteImplicitTarget(sec, sec)
	newOff := m.nestedParseTitles(m.rest(), m.absLineOffset()+1, sec)
	m.goTo(newOff)
	sec.Span.End = lastEnd(sec)
	if sec.Span.End < t.Span.End {
		sec.Span.End = t.Span.End
	}
	if d.sectionLevel <= mylevel {
		return true
	}
	d.sectionLevel = mylevel
	return false
}

// nestedParseTitles parses a section's body with titles allowed.
func (m *machine) nestedParseTitles(block lines, inOff int, node *Node) int {
	return m.nestedParse(block, inOff, node, true)
}

// lineState runs the Line state's transitions: the line after an
// overline or transition marker.
func (m *machine) lineState(t trans, mt match) step {
	switch t {
	case trBlank:
		marker := strip(m.context[0].s)
		if runeLen(marker) < 4 {
			return m.stateCorrection(1)
		}
		m.add(m.transition(m.context[0]))
		return to(stBody)
	case trUnderline:
		over := m.context[0]
		block := over.s + "\n" + m.cur
		lineno := m.absLineNumber() - 1
		if runeLen(rstrip(over.s)) < 4 {
			return m.shortOverline(lineno, 1)
		}
		m.add(m.d.errorMsg(lineno, "Invalid section title or transition marker.", block))
		return to(stBody)
	}
	return m.overlinedTitle()
}

// transition makes a transition node for a marker line.
func (m *machine) transition(marker line) *Node {
	n := m.d.newNode(KindTransition, m.d.lineSpan(marker))
	m.d.sawTransition = true
	n.Line = marker.abs + 1
	return n
}

// stateCorrection backs up n lines and re-reads the marker as text in
// Body (Line.state_correction).
func (m *machine) stateCorrection(n int) step {
	m.previousLine(n)
	m.context = nil
	return step{out: switchTo, next: stBody, trans: trText}
}

// shortOverline reports a short overline read as text
// (Line.short_overline).
func (m *machine) shortOverline(lineno, n int) step {
	m.add(m.d.info(lineno, "Possible incomplete section title.\nTreating the overline as ordinary text because it's so short."))
	return m.stateCorrection(n)
}

// lineEOF handles the end of input after a marker line (Line.eof).
func (m *machine) lineEOF() step {
	marker := strip(m.context[0].s)
	if m.d.bubbleUp {
		m.d.bubbleUp = false
	} else if runeLen(marker) < 4 {
		return m.stateCorrection(1)
	}
	if m.eofcheck {
		n := m.transition(m.context[0])
		m.add(n)
	}
	m.eofcheck = true
	return stay
}

// overlinedTitle handles a line after an overline: a title with overline
// and underline (Line.text).
func (m *machine) overlinedTitle() step {
	lineno := m.absLineNumber() - 1
	over := m.context[0]
	titleLine := m.curLine()
	under := ""
	if !m.nextLine(1) {
		block := over.s + "\n" + titleLine.s
		if runeLen(rstrip(over.s)) < 4 {
			return m.shortOverline(lineno, 2)
		}
		m.add(m.d.severe(lineno, "Incomplete section title.", block))
		return to(stBody)
	}
	under = m.cur
	source := over.s + "\n" + titleLine.s + "\n" + under
	overS := rstrip(over.s)
	underS := rstrip(under)
	if !isLine(underS) {
		if runeLen(overS) < 4 {
			return m.shortOverline(lineno, 2)
		}
		m.add(m.d.severe(lineno, "Missing matching underline for section title overline.", source))
		return to(stBody)
	}
	if overS != underS {
		if runeLen(overS) < 4 {
			return m.shortOverline(lineno, 2)
		}
		m.add(m.d.severe(lineno, "Title overline & underline mismatch.", source))
		return to(stBody)
	}
	title := rstrip(titleLine.s)
	var msgs []*Node
	if columnWidth(title) > runeLen(overS) {
		if runeLen(overS) < 4 {
			return m.shortOverline(lineno, 2)
		}
		msgs = append(msgs, m.d.warning(lineno, "Title overline too short.", source))
	}
	style := overS[:1] + underS[:1]
	m.eofcheck = false
	m.titleSource = source
	p := ptextLine(titleLine).stripped()
	if m.section(p, style, lineno+1, msgs, m.d.lineSpan(over).Start) {
		return eofStep // Line.eof sees eofcheck unset and adds no transition
	}
	m.eofcheck = true
	return to(stBody)
}
