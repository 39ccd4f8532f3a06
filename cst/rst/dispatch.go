package rst

// dispatch runs the method of transition t in the current state, as the
// state classes of docutils' states.py define them.
func (m *machine) dispatch(t trans, mt match) step {
	switch m.state {
	case stText:
		return m.textState(t, mt)
	case stDefinition:
		switch t {
		case trIndent:
			return m.definitionIndent()
		}
		return eofStep
	case stLine:
		return m.lineState(t, mt)
	case stQuotedLiteralBlock:
		return m.quotedState(t)
	case stSubstitutionDef:
		switch t {
		case trEmbeddedDirective:
			return m.embeddedDirective(mt)
		case trText:
			if !m.atEOF() {
				m.blankFinish = m.isNextLineBlank()
			}
			return eofStep
		case trIndent:
			return m.indent()
		}
		return stay
	case stBody:
		return m.body(t, mt)
	}
	return m.specialized(t, mt)
}

// body runs Body's transition methods.
func (m *machine) body(t trans, mt match) step {
	switch t {
	case trBlank:
		return stay
	case trIndent:
		return m.indent()
	case trBullet:
		return m.bullet(mt)
	case trEnumerator:
		return m.enumerator(mt)
	case trFieldMarker:
		return m.fieldMarker(mt)
	case trOptionMarker:
		return m.optionMarker(mt)
	case trDoctest:
		return m.doctest()
	case trLineBlock:
		return m.lineBlock(mt)
	case trGridTableTop:
		return m.tableTop(true)
	case trSimpleTableTop:
		return m.tableTop(false)
	case trExplicitMarkup:
		return m.explicitMarkup()
	case trAnonymous:
		return m.anonymous(mt)
	case trLine:
		return m.lineTransition()
	case trText:
		m.context = append(m.contextBuf[:0], m.curLine())
		return to(stText)
	}
	return stay
}

// invalidInput ends a specialised machine, backing up so that the parent
// machine reads the line again (SpecializedBody.invalid_input).
func (m *machine) invalidInput() step {
	m.previousLine(1)
	return eofStep
}

// specialized runs the transition methods of the states for the second
// and later members of a compound construct: every transition ends the
// machine except the ones the state re-enables.
func (m *machine) specialized(t trans, mt match) step {
	switch t {
	case trBlank:
		if m.state == stLineBlock || m.state == stExplicit {
			return m.invalidInput()
		}
		return stay
	case trBullet:
		if m.state == stBulletList {
			if string(firstRune(m.cur)) != m.parent.Get("bullet") {
				return m.invalidInput()
			}
			item, bf := m.listItem(mt.end)
			m.add(item)
			m.blankFinish = bf
			return stay
		}
	case trText:
		if m.state == stDefinitionList {
			m.context = append(m.contextBuf[:0], m.curLine())
			return to(stDefinition)
		}
	case trEnumerator:
		if m.state == stEnumeratedList {
			return m.nextEnumerator(mt)
		}
	case trFieldMarker:
		if m.state == stFieldList || m.state == stExtensionOptions {
			field, bf := m.field(mt)
			m.add(field)
			m.blankFinish = bf
			return stay
		}
	case trOptionMarker:
		if m.state == stOptionList {
			item, bf, ok := m.optionListItem(mt)
			if !ok {
				return m.invalidInput()
			}
			if item == nil { // not an option list item after all
				return retry(trText)
			}
			m.add(item)
			m.blankFinish = bf
			return stay
		}
	case trLineBlock:
		if m.state == stLineBlock {
			lineno := m.absLineNumber()
			ln, msgs, bf := m.lineBlockLine(mt, lineno)
			m.add(ln)
			if m.parent.Parent != nil {
				m.parent.Parent.Append(msgs...)
			}
			m.blankFinish = bf
			return stay
		}
	case trExplicitMarkup:
		if m.state == stExplicit {
			ns, bf := m.explicitConstruct()
			m.add(ns...)
			m.blankFinish = bf
			return stay
		}
	case trAnonymous:
		if m.state == stExplicit {
			ns, bf := m.anonymousTarget(mt)
			m.add(ns...)
			m.blankFinish = bf
			return stay
		}
	}
	return m.invalidInput()
}

// eof runs the end-of-input method of the current state.
func (m *machine) eof() step {
	switch m.state {
	case stText:
		if len(m.context) > 0 {
			m.textBlank()
		}
	case stDefinition:
		m.previousLine(2)
	case stLine:
		return m.lineEOF()
	case stQuotedLiteralBlock:
		m.quotedEOF()
	}
	return stay
}

// firstRune returns the first character of s.
func firstRune(s string) rune {
	for _, r := range s {
		return r
	}
	return 0
}
