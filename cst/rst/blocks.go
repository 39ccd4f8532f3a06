package rst

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// indent reads an indented block as block quotes (Body.indent).
func (m *machine) indent() step {
	block, _, offset, bf := m.getIndented(false, true)
	m.add(m.blockQuote(block, offset)...)
	if !bf {
		m.add(m.unindentWarning("Block quote"))
	}
	return stay
}

// blockQuote parses indented lines into block quotes, splitting off
// attributions (Body.block_quote).
func (m *machine) blockQuote(block lines, offset int) []*Node {
	var out []*Node
	for len(block) > 0 {
		bq := m.d.newNode(KindBlockQuote, m.d.span(block))
		bq.Line = offset + 1
		quoteLines, attrLines, attrOffset, rest, newOffset, ok := m.splitAttribution(block, offset)
		if !ok {
			quoteLines, rest = block, nil
		}
		bq.Span = m.d.span(quoteLines)
		m.nestedParse(quoteLines, offset, bq, false)
		out = append(out, bq)
		if attrLines != nil {
			attr, msgs := m.parseAttribution(attrLines, offset+attrOffset)
			bq.Append(attr)
			bq.Span.End = attr.Span.End
			out = append(out, msgs...)
		}
		if !ok {
			break
		}
		offset = newOffset
		block = rest
		for len(block) > 0 && block[0].s == "" {
			block = block[1:]
			offset++
		}
	}
	return out
}

// matchAttribution matches '(---?(?!-)|\u2014) *(?=[^ \n])' and returns
// the end of the dash and spaces.
func matchAttribution(s string) (int, bool) {
	i := 0
	switch {
	case strings.HasPrefix(s, "\u2014"):
		i = len("\u2014")
	case strings.HasPrefix(s, "---") && !strings.HasPrefix(s, "----"):
		i = 3
	case strings.HasPrefix(s, "--") && !strings.HasPrefix(s, "---"):
		i = 2
	default:
		return 0, false
	}
	for i < len(s) && s[i] == ' ' {
		i++
	}
	if i >= len(s) || s[i] == '\n' {
		return 0, false
	}
	return i, true
}

// splitAttribution splits a block quote's attribution off its lines
// (Body.split_attribution).
func (m *machine) splitAttribution(block lines, offset int) (quote, attr lines, attrOffset int, rest lines, newOffset int, ok bool) {
	blank := -2
	nonblankSeen := false
	for i := range block {
		s := rstrip(block[i].s)
		if s == "" {
			blank = i
			continue
		}
		if nonblankSeen && blank == i-1 {
			if e, found := matchAttribution(s); found {
				aend, ind, good := checkAttribution(block, i)
				if good {
					a := block[i:aend].clone()
					a.trimLeft(e, 0, 1)
					a.trimLeft(ind, 1, len(a))
					return block[:i], a, i, block[aend:], offset + aend, true
				}
			}
		}
		nonblankSeen = true
	}
	return block, nil, 0, nil, 0, false
}

// checkAttribution checks that the lines after an attribution's first are
// indented alike and returns the end of the attribution and that indent.
func checkAttribution(block lines, start int) (end, ind int, ok bool) {
	ind = -1
	i := start + 1
	for ; i < len(block); i++ {
		s := rstrip(block[i].s)
		if s == "" {
			break
		}
		li := indentOf(s)
		if ind < 0 {
			ind = li
		} else if li != ind {
			return 0, 0, false
		}
	}
	if ind < 0 {
		ind = 0
	}
	return i, ind, true
}

// parseAttribution reads an attribution's inline text.
func (m *machine) parseAttribution(block lines, offset int) (*Node, []*Node) {
	p := ptextOf(block).rstripped()
	lineno := 1 + offset
	ns, msgs := m.inlineText(p, lineno)
	n := m.d.newNode(KindAttribution, m.d.pspan(p, 0, len(p.s)), ns...)
	n.Line = lineno
	return n, msgs
}

// bullet starts a bullet list (Body.bullet).
func (m *machine) bullet(mt match) step {
	list := m.d.newNode(KindBulletList, m.d.lineSpan(m.curLine()))
	list.Line = m.absLineNumber()
	m.add(list)
	list.Set("bullet", string(firstRune(m.cur)))
	item, bf := m.listItem(mt.end)
	list.Append(item)
	newOff, bf := m.nestedListParse(m.rest(), m.absLineOffset()+1, list, stBulletList, bf, nil)
	m.goTo(newOff)
	list.Span.End = lastEnd(list)
	if !bf {
		m.add(m.unindentWarning("Bullet list"))
	}
	return stay
}

// lastEnd returns the end of the span of n's last child, or of n.
func lastEnd(n *Node) int {
	end := n.Span.End
	if k := len(n.Children); k > 0 && n.Children[k-1].Span.End > end {
		end = n.Children[k-1].Span.End
	}
	return end
}

// listItem reads one list item whose text starts at column indent
// (Body.list_item).
func (m *machine) listItem(indent int) (*Node, bool) {
	start := m.curLine()
	var block lines
	var offset int
	var bf bool
	if len(m.cur) > indent {
		block, offset, bf = m.getKnownIndented(runeLen(m.cur[:indent]), false, true)
	} else {
		block, _, offset, bf = m.getFirstKnownIndented(indent, false, true, true)
	}
	item := m.d.newNode(KindListItem, m.d.lineSpan(start))
	if len(block) > 0 {
		item.Span.End = m.d.span(block).End
		m.nestedParse(block, offset, item, false)
	}
	return item, bf
}

// enumFormats are the enumerator formats' prefixes and suffixes.
var enumFormats = map[string][2]string{"parens": {"(", ")"}, "rparen": {"", ")"}, "period": {"", "."}}

// enumSequences are docutils' enumeration sequences, in the order it tries
// them.
var enumSequences = []string{"arabic", "loweralpha", "upperalpha", "lowerroman", "upperroman"}

// seqMatches reports whether text belongs to sequence seq.
func seqMatches(seq, t string) bool {
	all := func(set string) bool {
		if t == "" {
			return false
		}
		for i := 0; i < len(t); i++ {
			if strings.IndexByte(set, t[i]) < 0 {
				return false
			}
		}
		return true
	}
	switch seq {
	case "arabic":
		return all("0123456789")
	case "loweralpha":
		return len(t) == 1 && 'a' <= t[0] && t[0] <= 'z'
	case "upperalpha":
		return len(t) == 1 && 'A' <= t[0] && t[0] <= 'Z'
	case "lowerroman":
		return all("ivxlcdm")
	case "upperroman":
		return all("IVXLCDM")
	}
	return false
}

// parseEnumerator returns the sequence and ordinal of an enumerator
// (Body.parse_enumerator); the ordinal is -1 for an invalid roman numeral.
func parseEnumerator(mt match, expected string) (seq string, ordinal int) {
	t := mt.text
	switch {
	case t == "#":
		seq = "#"
	case expected != "":
		if seqMatches(expected, t) {
			seq = expected
		}
	case t == "i":
		seq = "lowerroman"
	case t == "I":
		seq = "upperroman"
	}
	if seq == "" {
		for _, s := range enumSequences {
			if seqMatches(s, t) {
				seq = s
				break
			}
		}
	}
	switch seq {
	case "#":
		return seq, 1
	case "arabic":
		n := 0
		for i := 0; i < len(t); i++ {
			n = n*10 + int(t[i]-'0')
			if n > 1<<30 {
				break
			}
		}
		return seq, n
	case "loweralpha":
		return seq, int(t[0]-'a') + 1
	case "upperalpha":
		return seq, int(t[0]-'A') + 1
	case "lowerroman":
		return seq, fromRoman(strings.ToUpper(t))
	case "upperroman":
		return seq, fromRoman(t)
	}
	return seq, -1
}

// isEnumeratedListItem checks the line after an enumerator: the item is
// valid when the ordinal is, and that line is blank, indented, missing, or
// starts with the next enumerator (Body.is_enumerated_list_item).
func (m *machine) isEnumeratedListItem(ordinal int, seq, format string) bool {
	if ordinal < 0 {
		return false
	}
	if m.pos+1 >= len(m.input) {
		return true
	}
	next := m.input[m.pos+1].s
	// The first character: an invalid byte counts as one.
	if _, size := utf8.DecodeRuneInString(next); next == "" || isBlank(next[:size]) {
		return true
	}
	nextEnum, autoEnum, ok := makeEnumerator(ordinal+1, seq, format)
	return ok && (strings.HasPrefix(next, nextEnum) || strings.HasPrefix(next, autoEnum))
}

// makeEnumerator returns the enumerator of ordinal in seq and format and
// the auto-enumerator of format, each followed by a space.
func makeEnumerator(ordinal int, seq, format string) (string, string, bool) {
	var e string
	switch {
	case seq == "#":
		e = "#"
	case seq == "arabic":
		e = itoa(ordinal)
	case strings.HasSuffix(seq, "alpha"):
		if ordinal > 26 {
			return "", "", false
		}
		e = string(rune('a' + ordinal - 1))
	case strings.HasSuffix(seq, "roman"):
		r, ok := toRoman(ordinal)
		if !ok {
			return "", "", false
		}
		e = r
	}
	if strings.HasPrefix(seq, "lower") {
		e = strings.ToLower(e)
	} else if strings.HasPrefix(seq, "upper") {
		e = strings.ToUpper(e)
	}
	f := enumFormats[format]
	return f[0] + e + f[1] + " ", f[0] + "#" + f[1] + " ", true
}

// enumerator starts an enumerated list (Body.enumerator).
func (m *machine) enumerator(mt match) step {
	seq, ordinal := parseEnumerator(mt, "")
	if !m.isEnumeratedListItem(ordinal, seq, mt.format) {
		return retry(trText)
	}
	list := m.d.newNode(KindEnumeratedList, m.d.lineSpan(m.curLine()))
	m.add(list)
	if seq == "#" {
		list.Set("enumtype", "arabic")
	} else {
		list.Set("enumtype", seq)
	}
	f := enumFormats[mt.format]
	list.Set("prefix", f[0])
	list.Set("suffix", f[1])
	if ordinal != 1 {
		list.Set("start", itoa(ordinal))
		m.add(m.d.info(0, `Enumerated list start value not ordinal-1: "`+mt.text+`" (ordinal `+itoa(ordinal)+`)`))
	}
	item, bf := m.listItem(mt.end)
	list.Append(item)
	newOff, bf := m.nestedListParse(m.rest(), m.absLineOffset()+1, list, stEnumeratedList, bf, func(sm *machine) {
		sm.lastOrdinal = ordinal
		sm.format = mt.format
		sm.auto = seq == "#"
	})
	m.goTo(newOff)
	list.Span.End = lastEnd(list)
	if !bf {
		m.add(m.unindentWarning("Enumerated list"))
	}
	return stay
}

// nextEnumerator reads a later item of an enumerated list
// (EnumeratedList.enumerator).
func (m *machine) nextEnumerator(mt match) step {
	seq, ordinal := parseEnumerator(mt, m.parent.Get("enumtype"))
	if mt.format != m.format ||
		(seq != "#" && (seq != m.parent.Get("enumtype") || m.auto || ordinal != m.lastOrdinal+1)) ||
		!m.isEnumeratedListItem(ordinal, seq, mt.format) {
		return m.invalidInput()
	}
	if seq == "#" {
		m.auto = true
	}
	item, bf := m.listItem(mt.end)
	m.add(item)
	m.blankFinish = bf
	m.lastOrdinal = ordinal
	return stay
}

// fieldMarker starts a field list (Body.field_marker).
func (m *machine) fieldMarker(mt match) step {
	list := m.d.newNode(KindFieldList, m.d.lineSpan(m.curLine()))
	m.add(list)
	field, bf := m.field(mt)
	list.Append(field)
	newOff, bf := m.nestedListParse(m.rest(), m.absLineOffset()+1, list, stFieldList, bf, nil)
	m.goTo(newOff)
	list.Span.End = lastEnd(list)
	if !bf {
		m.add(m.unindentWarning("Field list"))
	}
	return stay
}

// field reads one field (Body.field).
func (m *machine) field(mt match) (*Node, bool) {
	cur := m.curLine()
	marker := m.cur[1:mt.end]
	name := marker[:strings.LastIndexByte(marker, ':')]
	namep := ptextLine(cur).slice(1, 1+len(name))
	lineno := m.absLineNumber()
	block, _, offset, bf := m.getFirstKnownIndented(mt.end, false, true, true)
	field := m.d.newNode(KindField, m.d.lineSpan(cur))
	field.Line = lineno
	nameNodes, nameMsgs := m.inlineText(namep, lineno)
	if m.state == stExtensionOptions {
		nameNodes, nameMsgs = []*Node{m.d.newText(name, m.d.pspan(namep, 0, len(name)))}, nil
	}
	field.Append(m.d.newNode(KindFieldName, m.d.pspan(namep, 0, len(name)), nameNodes...))
	body := m.d.newNode(KindFieldBody, m.d.span(block), nameMsgs...)
	field.Append(body)
	if len(block) > 0 {
		field.Span.End = body.Span.End
		if m.state == stExtensionOptions {
			optionFieldBody(m.d, block, body)
		} else {
			m.nestedParse(block, offset, body, false)
		}
	}
	return field, bf
}

// optionFieldBody reads a directive option's value as plain paragraphs
// (ExtensionOptions.parse_field_body).
func optionFieldBody(d *doc, block lines, body *Node) {
	var cur lines
	flush := func() {
		if len(cur) > 0 {
			sp := d.span(cur)
			t := cur.join()
			body.Append(d.newNode(KindParagraph, sp, d.newText(t, sp)))
			cur = nil
		}
	}
	for _, l := range block {
		if !isBlank(l.s) {
			cur = append(cur, l)
		} else {
			flush()
		}
	}
	flush()
}

// optionMarker starts an option list (Body.option_marker).
func (m *machine) optionMarker(mt match) step {
	list := m.d.newNode(KindOptionList, m.d.lineSpan(m.curLine()))
	item, bf, ok := m.optionListItem(mt)
	if !ok {
		msg := m.d.errorMsg(0, "Invalid option list marker: "+m.optionErr)
		m.add(msg)
		block, _, offset, bf := m.getFirstKnownIndented(mt.end, false, true, true)
		m.add(m.blockQuote(block, offset)...)
		if !bf {
			m.add(m.unindentWarning("Option list"))
		}
		return stay
	}
	if item == nil {
		return retry(trText)
	}
	m.add(list)
	list.Append(item)
	newOff, bf := m.nestedListParse(m.rest(), m.absLineOffset()+1, list, stOptionList, bf, nil)
	m.goTo(newOff)
	list.Span.End = lastEnd(list)
	if !bf {
		m.add(m.unindentWarning("Option list"))
	}
	return stay
}

// optionListItem reads one option list item (Body.option_list_item). It
// returns a nil item when the marker has no description (not an option
// list item) and ok false when the marker is invalid.
func (m *machine) optionListItem(mt match) (*Node, bool, bool) {
	offset := m.absLineOffset()
	cur := m.curLine()
	opts, err := m.parseOptionMarker(mt, cur)
	if err != "" {
		m.optionErr = err
		return nil, false, false
	}
	block, _, loff, bf := m.getFirstKnownIndented(mt.end, false, true, true)
	if len(block) == 0 {
		m.goTo(offset)
		return nil, false, true
	}
	group := m.d.newNode(KindOptionGroup, m.d.pspan(ptextLine(cur), 0, mt.end), opts...)
	desc := m.d.newNode(KindDescription, m.d.span(block))
	item := m.d.newNode(KindOptionListItem, cstSpan(group.Span.Start, desc.Span.End), group, desc)
	m.nestedParse(block, loff, desc, false)
	return item, bf, true
}

// parseOptionMarker splits an option marker into option nodes
// (Body.parse_option_marker).
func (m *machine) parseOptionMarker(mt match, cur line) ([]*Node, string) {
	var out []*Node
	p := ptextLine(cur)
	marker := rstrip(m.cur[:mt.end])
	at := 0
	for _, os := range strings.Split(marker, ", ") {
		start := at
		at += len(os) + 2
		tokens := strings.Fields(os)
		delim := " "
		if len(tokens) == 0 {
			return nil, `wrong number of option tokens (=0), should be 1 or 2: "` + os + `"`
		}
		if i := strings.IndexByte(tokens[0], '='); i >= 0 {
			tokens = append([]string{tokens[0][:i], tokens[0][i+1:]}, tokens[1:]...)
			delim = "="
		} else if len(tokens[0]) > 2 && (strings.HasPrefix(tokens[0], "-") && !strings.HasPrefix(tokens[0], "--") || strings.HasPrefix(tokens[0], "+")) {
			tokens = append([]string{tokens[0][:2], tokens[0][2:]}, tokens[1:]...)
			delim = ""
		}
		if len(tokens) > 1 && strings.HasPrefix(tokens[1], "<") && strings.HasSuffix(tokens[len(tokens)-1], ">") {
			tokens = []string{tokens[0], strings.Join(tokens[1:], " ")}
		}
		if len(tokens) < 1 || len(tokens) > 2 {
			return nil, "wrong number of option tokens (=" + itoa(len(tokens)) + `), should be 1 or 2: "` + os + `"`
		}
		sp := m.d.pspan(p, start, start+len(os))
		opt := m.d.newNode(KindOption, sp)
		opt.Append(m.d.newNode(KindOptionString, sp, m.d.newText(tokens[0], sp)))
		if len(tokens) > 1 {
			arg := m.d.newNode(KindOptionArgument, sp, m.d.newText(tokens[1], sp))
			arg.Set("delimiter", delim)
			opt.Append(arg)
		}
		out = append(out, opt)
	}
	return out, ""
}

// doctest reads a doctest block (Body.doctest).
func (m *machine) doctest() step {
	block, _ := m.getTextBlock(false)
	t := block.join()
	sp := m.d.span(block)
	m.add(m.d.newNode(KindDoctestBlock, sp, m.d.newText(t, sp)))
	return stay
}

// lineBlock starts a line block (Body.line_block).
func (m *machine) lineBlock(mt match) step {
	block := m.d.newNode(KindLineBlock, m.d.lineSpan(m.curLine()))
	m.add(block)
	lineno := m.absLineNumber()
	ln, msgs, bf := m.lineBlockLine(mt, lineno)
	block.Append(ln)
	m.add(msgs...)
	if !bf {
		newOff, bf2 := m.nestedListParse(m.rest(), m.absLineOffset()+1, block, stLineBlock, false, nil)
		m.goTo(newOff)
		bf = bf2
	}
	if !bf {
		m.add(m.d.warning(lineno+1, "Line block ends without a blank line."))
	}
	block.Span.End = lastEnd(block)
	if len(block.Children) > 0 {
		if block.Children[0].indent < 0 {
			block.Children[0].indent = 0
		}
		nestLineBlockLines(block)
	}
	return stay
}

// lineBlockLine reads one line of a line block (Body.line_block_line).
func (m *machine) lineBlockLine(mt match, lineno int) (*Node, []*Node, bool) {
	whole := m.cur
	block, _, _, bf := m.getFirstKnownIndented(mt.end, true, true, true)
	p := ptextOf(block)
	ns, msgs := m.inlineText(p, lineno)
	ln := m.d.newNode(KindLine, m.d.span(block))
	ln.adopt(ns)
	if len(block) == 0 {
		ln.Span = cstSpan(m.d.off(lineno-1, 0), m.d.off(lineno-1, 1))
	}
	if rstrip(whole) != "|" {
		ln.indent = int32(mt.end - 1) // lines are at most lineLengthLimit long
	}
	return ln, msgs, bf
}

// nestLineBlockLines nests the lines of a line block by indent
// (Body.nest_line_block_lines).
func nestLineBlockLines(block *Node) {
	for i := 1; i < len(block.Children); i++ {
		if block.Children[i].indent < 0 {
			block.Children[i].indent = block.Children[i-1].indent
		}
	}
	nestLineBlockSegment(block)
}

// nestLineBlockSegment moves the lines indented past the least indent into
// nested line blocks.
func nestLineBlockSegment(block *Node) {
	least := int32(-1)
	for _, c := range block.Children {
		if least < 0 || c.indent < least {
			least = c.indent
		}
	}
	var items []*Node
	var inner *Node
	flush := func() {
		if inner != nil {
			nestLineBlockSegment(inner)
			items = append(items, inner)
			inner = nil
		}
	}
	for _, c := range block.Children {
		if c.indent > least {
			if inner == nil {
				inner = newNode(KindLineBlock, c.Span)
				inner.indent = c.indent
			}
			inner.Append(c)
			inner.Span.End = c.Span.End
			continue
		}
		flush()
		items = append(items, c)
	}
	flush()
	block.Children = nil
	block.Append(items...)
}

// lineTransition handles a line of repeated punctuation in Body: a
// section overline or transition (Body.line).
func (m *machine) lineTransition() step {
	if m.matchTitles {
		m.context = append(m.contextBuf[:0], m.curLine())
		return to(stLine)
	}
	s := strip(m.cur)
	if s == "::" {
		return retry(trText)
	}
	if len([]rune(s)) < 4 {
		m.add(m.d.info(m.absLineNumber(), "Unexpected possible title overline or transition.\nTreating it as ordinary text because it's so short."))
		return retry(trText)
	}
	m.add(m.d.severe(m.absLineNumber(), "Unexpected section title or transition.", m.cur))
	return stay
}

var _ = regexp.MustCompile
