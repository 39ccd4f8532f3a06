package rst

import "strings"

// matchSubstitutionName matches a substitution definition's name and
// closing bar, '(?![ ])(?P<name>.+?)(?<![\s\x00])\|([ ]+|$)', at the
// start of s.
func matchSubstitutionName(s string) (string, int, bool) {
	if s == "" || s[0] == ' ' {
		return "", 0, false
	}
	for e := 1; e < len(s); e++ {
		if s[e] != '|' {
			continue
		}
		c := s[e-1]
		if c == 0 || isSpace(rune(c)) {
			continue
		}
		if end, ok := spacesOrEnd(s, e+1); ok {
			return s[:e], end, true
		}
	}
	return "", 0, false
}

// substitutionDef reads ".. |name| directive:: ..." (Body.substitution_def).
func (m *machine) substitutionDef(end int) ([]*Node, bool, string) {
	cur := m.curLine()
	lineno := m.absLineNumber()
	start := m.pos
	block, _, offset, bf := m.getFirstKnownIndented(end, false, false, true)
	blockText := m.input[start:min(m.pos+1, len(m.input))].join()
	if len(block) == 0 {
		return nil, bf, "malformed substitution definition."
	}
	escaped := escape2null(rstrip(block[0].s))
	idx := 0
	var name string
	var mend int
	for {
		var ok bool
		name, mend, ok = matchSubstitutionName(escaped)
		if ok {
			break
		}
		idx++
		if idx >= len(block) {
			return nil, bf, "malformed substitution definition."
		}
		escaped += " " + escape2null(strip(block[idx].s))
	}
	block = block[idx:].clone()
	cut := mend - len(escaped) - 1
	first := strip(block[0].s) + " "
	k := len(first) + cut
	if k < 0 {
		k = 0
	}
	lead := len(block[0].s) - len(lstrip(block[0].s))
	block[0].col += lead + k
	block[0].s = first[k : len(first)-1]
	if block[0].s == "" {
		block = block[1:]
		offset++
	}
	for len(block) > 0 && isBlank(block[len(block)-1].s) {
		block = block[:len(block)-1]
	}
	sp := m.d.lineSpan(cur)
	sub := m.d.newNode(KindSubstitutionDefinition, sp)
	sub.Line = lineno
	if len(block) == 0 {
		return []*Node{m.d.warning(lineno, `Substitution definition "`+name+`" missing contents.`, blockText)}, bf, ""
	}
	block[0].s = strip(block[0].s)
	sub.Names = append(sub.Names, whitespaceNormalizeName(name))
	sm := m.d.newMachine(block, offset, sub, stSubstitutionDef, false)
	sm.blankFinish = bf
	sm.subName = sub.Names[0]
	sm.run()
	bf = sm.blankFinish
	m.d.freeMachine(sm)
	var kept []*Node
	for _, c := range sub.Children {
		if c.Kind == KindText || c.Kind.isInline() {
			kept = append(kept, c)
			continue
		}
		m.add(c)
	}
	sub.Children = nil
	sub.Append(kept...)
	bad := false
	sub.Walk(func(n *Node) bool {
		if n != sub && n.Kind != KindText && (len(n.IDs) > 0 ||
			n.Kind == KindReference && n.Has("anonymous") ||
			n.Kind == KindFootnoteReference && n.Has("auto")) {
			bad = true
		}
		return !bad
	})
	if bad {
		return []*Node{m.d.errorMsg(lineno, "Substitution definition contains illegal element:", blockText)}, bf, ""
	}
	if len(sub.Children) == 0 {
		return []*Node{m.d.warning(lineno, `Substitution definition "`+name+`" empty or invalid.`, blockText)}, bf, ""
	}
	m.d.noteSubstitutionDef(sub, name, m.parent)
	return []*Node{sub}, bf, ""
}

// embeddedDirective reads the directive of a substitution definition
// (SubstitutionDef.embedded_directive).
func (m *machine) embeddedDirective(mt match) step {
	ns, bf := m.directive(mt.text, mt.end, map[string]string{"alt": m.subName})
	m.add(ns...)
	if !m.atEOF() {
		m.blankFinish = bf
	}
	return eofStep
}

// noteSubstitutionDef records a substitution definition
// (document.note_substitution_def).
func (d *doc) noteSubstitutionDef(sub *Node, defName string, msgnode *Node) {
	name := whitespaceNormalizeName(defName)
	if old, ok := d.substitutionDefs[name]; ok {
		msg := d.errorMsg(sub.Line, `Duplicate substitution definition name: "`+name+`".`)
		if msgnode != nil {
			msgnode.Append(msg)
		}
		dupname(old, name)
	}
	put(&d.substitutionDefs, name, sub)
	put(&d.substitutionNames, strings.ToLower(name), name)
}
