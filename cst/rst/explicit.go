package rst

import (
	"strings"
)

// explicitMarkup reads an explicit markup construct and the ones that
// follow it (Body.explicit_markup).
func (m *machine) explicitMarkup() step {
	ns, bf := m.explicitConstruct()
	m.add(ns...)
	m.explicitList(bf)
	return stay
}

// explicitList reads the explicit constructs after the first one
// (Body.explicit_list).
func (m *machine) explicitList(bf bool) {
	newOff, bf := m.nestedListParseTitles(m.rest(), m.absLineOffset()+1, m.parent, stExplicit, bf, m.matchTitles)
	m.goTo(newOff)
	if !bf {
		m.add(m.unindentWarning("Explicit markup"))
	}
}

// anonymous reads an anonymous target "__ uri" (Body.anonymous).
func (m *machine) anonymous(mt match) step {
	ns, bf := m.anonymousTarget(mt)
	m.add(ns...)
	m.explicitList(bf)
	return stay
}

// explicitStart returns the end of ".. " (the explicit markup start with
// its spaces), or -1.
func explicitStart(s string) int {
	if !strings.HasPrefix(s, "..") || len(s) < 3 || s[2] != ' ' {
		return -1
	}
	i := 2
	for i < len(s) && s[i] == ' ' {
		i++
	}
	return i
}

// matchFootnote matches a footnote start '.. [label]' and returns the
// label and the match end.
func matchFootnote(s string) (string, int, bool) {
	i := explicitStart(s)
	if i < 0 || i >= len(s) || s[i] != '[' {
		return "", 0, false
	}
	j := strings.IndexByte(s[i:], ']')
	if j < 0 {
		return "", 0, false
	}
	label := s[i+1 : i+j]
	ok := false
	switch {
	case label == "#" || label == "*":
		ok = true
	case label != "" && strings.Trim(label, "0123456789") == "":
		ok = true
	case strings.HasPrefix(label, "#") && isSimplename(label[1:]):
		ok = true
	}
	if !ok {
		return "", 0, false
	}
	e, ok := spacesOrEnd(s, i+j+1)
	return label, e, ok
}

// matchCitation matches a citation start '.. [simplename]'.
func matchCitation(s string) (string, int, bool) {
	i := explicitStart(s)
	if i < 0 || i >= len(s) || s[i] != '[' {
		return "", 0, false
	}
	e := simplenameEnd(s, i+1)
	if e == i+1 || e >= len(s) || s[e] != ']' {
		return "", 0, false
	}
	end, ok := spacesOrEnd(s, e+1)
	return s[i+1 : e], end, ok
}

// matchIndicator matches '.. X' where X is c followed by neither a space
// nor the end of the line.
func matchIndicator(s string, c byte) (int, bool) {
	i := explicitStart(s)
	if i < 0 || i >= len(s) || s[i] != c || i+1 >= len(s) || s[i+1] == ' ' {
		return 0, false
	}
	return i + 1, true
}

// matchDirective matches '.. name::' and returns the name.
func matchDirective(s string) (string, int, bool) {
	i := explicitStart(s)
	if i < 0 {
		return "", 0, false
	}
	e := simplenameEnd(s, i)
	if e == i {
		return "", 0, false
	}
	j := e
	if j < len(s) && s[j] == ' ' {
		j++
	}
	if !strings.HasPrefix(s[j:], "::") {
		return "", 0, false
	}
	end, ok := spacesOrEnd(s, j+2)
	return s[i:e], end, ok
}

// explicitConstruct reads one explicit construct: footnote, citation,
// hyperlink target, substitution definition, directive or comment
// (Body.explicit_construct).
func (m *machine) explicitConstruct() ([]*Node, bool) {
	s := m.cur
	var errs []*Node
	if label, end, ok := matchFootnote(s); ok {
		return m.footnote(label, end)
	}
	if label, end, ok := matchCitation(s); ok {
		return m.citation(label, end)
	}
	if end, ok := matchIndicator(s, '_'); ok {
		ns, bf, err := m.hyperlinkTarget(end)
		if err == "" {
			return ns, bf
		}
		errs = append(errs, m.d.warning(m.absLineNumber(), err))
	} else if end, ok := matchIndicator(s, '|'); ok {
		ns, bf, err := m.substitutionDef(end)
		if err == "" {
			return ns, bf
		}
		errs = append(errs, m.d.warning(m.absLineNumber(), err))
	} else if name, end, ok := matchDirective(s); ok {
		return m.directive(name, end, nil)
	}
	mt, _ := matchLiteralPrefix(s, "..")
	ns, bf := m.comment(s, mt.end)
	return append(ns, errs...), bf
}

// comment reads a comment (Body.comment). s is the line that started the
// construct: after a malformed target the machine has moved past it, and
// docutils reads the comment from where the machine stands.
func (m *machine) comment(s string, end int) ([]*Node, bool) {
	cur := m.curLine()
	if m.isNextLineBlank() {
		first := s[end:]
		if isBlank(first) {
			n := m.d.newNode(KindComment, m.d.lineSpan(cur))
			return []*Node{n}, true
		}
	}
	block, _, _, bf := m.getFirstKnownIndented(end, false, true, true)
	for len(block) > 0 && isBlank(block[len(block)-1].s) {
		block = block[:len(block)-1]
	}
	t := block.join()
	sp := m.d.lineSpan(cur)
	if len(block) > 0 {
		sp.End = m.d.span(block).End
	}
	n := m.d.newNode(KindComment, sp, m.d.newText(t, sp))
	return []*Node{n}, bf
}

// footnote reads a footnote (Body.footnote).
func (m *machine) footnote(label string, end int) ([]*Node, bool) {
	cur := m.curLine()
	lineno := m.absLineNumber()
	block, _, offset, bf := m.getFirstKnownIndented(end, false, true, true)
	name := normalizeName(label)
	fn := m.d.newNode(KindFootnote, m.d.lineSpan(cur))
	if len(block) > 0 {
		fn.Span.End = m.d.span(block).End
	}
	fn.Line = lineno
	d := m.d
	switch {
	case strings.HasPrefix(name, "#"):
		name = name[1:]
		fn.Set("auto", "1")
		if name != "" {
			fn.Names = append(fn.Names, name)
		}
		d.setID(fn, nil)
		d.autofootnotes = append(d.autofootnotes, fn)
	case name == "*":
		name = ""
		fn.Set("auto", "*")
		d.setID(fn, nil)
		d.symbolFootnotes = append(d.symbolFootnotes, fn)
	default:
		fn.Append(m.d.newNode(KindLabel, fn.Span, m.d.newText(label, fn.Span)))
		fn.Names = append(fn.Names, name)
		d.setID(fn, nil)
		d.footnotes = append(d.footnotes, fn)
	}
	if name != "" {
		d.noteExplicitTarget(fn, fn)
	} else {
		d.setID(fn, fn)
	}
	if len(block) > 0 {
		m.nestedParse(block, offset, fn, false)
	}
	return []*Node{fn}, bf
}

// citation reads a citation (Body.citation).
func (m *machine) citation(label string, end int) ([]*Node, bool) {
	cur := m.curLine()
	lineno := m.absLineNumber()
	block, _, offset, bf := m.getFirstKnownIndented(end, false, true, true)
	c := m.d.newNode(KindCitation, m.d.lineSpan(cur))
	if len(block) > 0 {
		c.Span.End = m.d.span(block).End
	}
	c.Line = lineno
	c.Append(m.d.newNode(KindLabel, c.Span, m.d.newText(label, c.Span)))
	c.Names = append(c.Names, normalizeName(label))
	m.d.citations = append(m.d.citations, c)
	m.d.noteExplicitTarget(c, c)
	if len(block) > 0 {
		m.nestedParse(block, offset, c, false)
	}
	return []*Node{c}, bf
}

// matchTargetName matches docutils' explicit target pattern at the start
// of s and returns the name (empty for the anonymous "_") and the match
// end.
func matchTargetName(s string) (name string, end int, anon, ok bool) {
	// The anonymous alternative: "_" then the colon.
	if strings.HasPrefix(s, "_") {
		if e, ok := targetTail(s, 1); ok {
			return "", e, true, true
		}
		return "", 0, false, false
	}
	quotes := []string{""}
	if strings.HasPrefix(s, "`") {
		quotes = []string{"`", ""}
	}
	for _, q := range quotes {
		start := len(q)
		if start >= len(s) || s[start] == ' ' || s[start] == '`' {
			continue
		}
		for e := start + 1; e <= len(s); e++ {
			if s[e-1] == '\n' {
				break
			}
			c := s[e-1]
			if c == ' ' || c == '\t' || c == 0 || isSpace(rune(c)) {
				continue
			}
			if !strings.HasPrefix(s[e:], q) {
				continue
			}
			if end, ok := targetTail(s, e+len(q)); ok {
				return s[start:e], end, false, true
			}
		}
	}
	return "", 0, false, false
}

// targetTail matches, at i, the end of a target name: no unescaped colon
// or whitespace before, an optional space, a colon, then spaces or the
// end.
func targetTail(s string, i int) (int, bool) {
	if i > 0 && s[i-1] == ':' && (i < 2 || s[i-2] != 0) {
		return 0, false
	}
	if i > 0 && (isSpace(rune(s[i-1])) || s[i-1] == 0) {
		return 0, false
	}
	j := i
	if j < len(s) && s[j] == ' ' {
		j++
	}
	if j < len(s) && s[j] == ':' {
		if e, ok := spacesOrEnd(s, j+1); ok {
			return e, true
		}
	}
	if j != i && i < len(s) && s[i] == ':' {
		if e, ok := spacesOrEnd(s, i+1); ok {
			return e, true
		}
	}
	return 0, false
}

// hyperlinkTarget reads ".. _name: uri" and ".. _name: other_"
// (Body.hyperlink_target). err is docutils' message for a malformed
// target.
func (m *machine) hyperlinkTarget(end int) ([]*Node, bool, string) {
	lineno := m.absLineNumber()
	cur := m.curLine()
	block, _, _, bf := m.getFirstKnownIndented(end, true, false, true)
	esc := make([]string, len(block))
	for i, l := range block {
		esc[i] = escape2null(l.s)
	}
	if len(esc) == 0 {
		return nil, bf, "malformed hyperlink target."
	}
	escaped := esc[0]
	idx := 0
	var name string
	var mend int
	var anon, ok bool
	for {
		name, mend, anon, ok = matchTargetName(escaped)
		if ok {
			break
		}
		idx++
		if idx >= len(esc) {
			return nil, bf, "malformed hyperlink target."
		}
		escaped += esc[idx]
	}
	esc = esc[idx:]
	blockLines := block[idx:]
	cut := mend - len(escaped) - 1 + len(esc[0]) + 1
	first := esc[0] + " "
	if cut < 0 {
		cut = 0
	}
	if cut > len(first) {
		cut = len(first)
	}
	esc[0] = strip(first[cut:])
	sp := m.d.lineSpan(cur)
	if len(block) > 0 {
		sp.End = m.d.span(block).End
	}
	_ = blockLines
	if anon {
		name = ""
	}
	t := m.makeTarget(esc, lineno, name, anon, sp)
	return []*Node{t}, bf, ""
}

// anonymousTarget reads "__ uri" (Body.anonymous_target).
func (m *machine) anonymousTarget(mt match) ([]*Node, bool) {
	lineno := m.absLineNumber()
	cur := m.curLine()
	block, _, _, bf := m.getFirstKnownIndented(mt.end, true, true, true)
	esc := make([]string, len(block))
	for i, l := range block {
		esc[i] = escape2null(l.s)
	}
	sp := m.d.lineSpan(cur)
	if len(block) > 0 {
		sp.End = m.d.span(block).End
	}
	return []*Node{m.makeTarget(esc, lineno, "", true, sp)}, bf
}

// makeTarget makes a target node from the lines after a target's name
// (Body.make_target).
func (m *machine) makeTarget(block []string, lineno int, name string, anon bool, sp cstSpanT) *Node {
	t := m.d.newNode(KindTarget, sp)
	t.Line = lineno
	d := m.d
	if len(block) > 0 && strings.HasSuffix(strip(block[len(block)-1]), "_") {
		parts := make([]string, len(block))
		for i, b := range block {
			parts[i] = strip(b)
		}
		if ref, ok := isReference(strings.Join(parts, " ")); ok {
			t.Set("refname", normalizeName(ref))
			t.indirectRef = ref
			m.addTarget(name, anon, "", t)
			d.indirectTargets = append(d.indirectTargets, t)
			if len(t.Names) > 0 {
				d.noteRefname(t)
			}
			return t
		}
	}
	var uris []string
	for _, part := range splitEscapedWhitespace(strings.Join(block, " ")) {
		uris = append(uris, strings.Join(strings.FieldsFunc(unescape(part, false), isSpace), ""))
	}
	m.addTarget(name, anon, strings.Join(uris, " "), t)
	return t
}

// isReference reports whether s is a reference "name_" or "`phrase`_"
// and returns the name (Body.is_reference).
func isReference(s string) (string, bool) {
	s = whitespaceNormalizeName(s)
	if strings.HasSuffix(s, "_") && isSimplename(s[:len(s)-1]) {
		return unescape(s[:len(s)-1], false), true
	}
	if strings.HasPrefix(s, "`") && strings.HasSuffix(s, "`_") && len(s) > 3 && s[1] != ' ' {
		inner := s[1 : len(s)-2]
		last := inner[len(inner)-1]
		if !isSpace(rune(last)) && last != 0 {
			return unescape(inner, false), true
		}
	}
	return "", false
}

// addTarget names a target and records it (Body.add_target).
func (m *machine) addTarget(name string, anon bool, refuri string, t *Node) {
	d := m.d
	if !anon {
		t.Names = append(t.Names, normalizeName(unescape(name, false)))
		if refuri != "" {
			t.Set("refuri", adjustURI(refuri))
		}
		d.noteExplicitTarget(t, m.parent)
		return
	}
	if refuri != "" {
		t.Set("refuri", refuri)
	}
	t.Set("anonymous", "1")
	d.sawAnonymous = true
	d.setID(t, nil)
}
