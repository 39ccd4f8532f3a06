package rst

import (
	"strings"
	"unicode/utf8"
)

// inliner reads the inline markup of one text (docutils' Inliner.parse).
// s is the text with backslash escapes turned into NULs; every position is
// a byte offset of s, mapped to the help text through p.
type inliner struct {
	m      *machine
	d      *doc
	p      ptext
	s      string
	lineno int
	parent *Node
	none   closerMemo // end-string searches that failed ([inliner.limit])
	// fnFrom and fnAt remember the last search for "]_": from fnFrom, the
	// first is at fnAt (-1: none).
	fnFrom, fnAt int
}

// inlineText parses the inline markup of p and returns the nodes and the
// system messages (RSTState.inline_text).
func (m *machine) inlineText(p ptext, lineno int) ([]*Node, []*Node) {
	in := &inliner{m: m, d: m.d, p: p, s: escape2null(p.s), lineno: lineno, parent: m.parent, none: newClosers(), fnFrom: -1}
	return in.parse()
}

// span maps s[i:j] to the help text.
func (in *inliner) span(i, j int) cstSpanT { return in.d.pspan(in.p, i, j) }

// text makes a text node of s[i:j].
func (in *inliner) text(i, j int) *Node { return in.d.newText(in.s[i:j], in.span(i, j)) }

// result is what a markup method returns: the end of the text before the
// construct, the nodes made, where the remaining text starts and the
// messages.
type result struct {
	before int
	nodes  []*Node
	rest   int
	msgs   []*Node
}

// initial is a match of docutils' initial inline pattern.
type initial struct {
	start, end int    // the whole match
	kind       string // "*", "**", "``", "_`", "|", "_", "__", "]_", "`"
	roleStart  int    // interpreted text: where the role starts
	role       string // interpreted text: the prefix role with colons
	refEnd     int    // reference: end of the name
	label      string // footnote label
	citation   bool
}

// parse is Inliner.parse.
func (in *inliner) parse() ([]*Node, []*Node) {
	s := in.s
	var processed, msgs []*Node
	lo := 0
	uStart := 0 // start of the unprocessed text
	for lo < len(s) {
		mt, ok := in.search(lo)
		if !ok {
			break
		}
		r := in.dispatch(mt, lo)
		msgs = append(msgs, r.msgs...)
		if len(r.nodes) > 0 {
			processed = in.implicit(processed, uStart, r.before)
			processed = append(processed, r.nodes...)
			uStart = r.rest
		}
		lo = r.rest
	}
	if uStart < len(s) {
		processed = in.implicit(processed, uStart, len(s))
	}
	return processed, msgs
}

// search finds the first match of the initial pattern in s[lo:].
//
// It walks forward keeping the class of the previous character, which is
// what startOK would decode again backwards at every position. It tries
// matchAt only where a match can begin: at one of the characters that
// start a construct, or at a name that an underscore may end. A reference
// name holds no space or line break, so when one comes before the next
// underscore, no name from i reaches an underscore.
func (in *inliner) search(lo int) (initial, bool) {
	s := in.s
	hi := len(s)
	under, space, newline := nextByte{c: '_', at: -1}, nextByte{c: ' ', at: -1}, nextByte{c: '\n', at: -1}
	startable := true // startOK(s, lo, i)
	for i := lo; i < hi; {
		if !startable {
			// Nothing starts here: skip the ASCII characters no
			// start-string may follow (the rest of a word), and the one
			// that ends them, after which one may.
			for i < hi && s[i] < utf8.RuneSelf && asciiBits[s[i]]&cbStartAfter == 0 {
				i++
			}
			if i < hi && s[i] < utf8.RuneSelf {
				i, startable = i+1, true
			}
			if i >= hi {
				break
			}
		}
		// charBits, with its ASCII case written out: this loop runs at
		// nearly every character of a help.
		bits, size := asciiBits[s[i]&0x7f], 1
		if s[i] >= utf8.RuneSelf {
			bits, size = charBits(s, i)
		}
		if startable {
			try := bits&cbStarts != 0
			if !try && bits&cbName != 0 {
				u := under.from(s, i)
				try = u < hi && u < space.from(s, i) && u < newline.from(s, i)
			}
			if try {
				if mt, ok := in.matchAt(lo, i); ok {
					return mt, true
				}
			}
		}
		startable = bits&cbStartAfter != 0
		i += size
	}
	return initial{}, false
}

// inlineStarts are the characters the constructs of the initial pattern
// other than references begin with.
const inlineStarts = "*`_|[:"

// nextByte finds the next occurrence of one byte in a string. It remembers
// the last one found, so that a scan moving forward searches each stretch
// of the string once.
type nextByte struct {
	c  byte
	at int // the occurrence found last: -1 before the first search, len(s) when there is none
}

// from returns the index of the first c at or after i, or len(s).
func (n *nextByte) from(s string, i int) int {
	if n.at < i {
		n.at = len(s)
		if j := strings.IndexByte(s[i:], n.c); j >= 0 {
			n.at = i + j
		}
	}
	return n.at
}

// matchAt tries the alternatives of the initial pattern at i.
func (in *inliner) matchAt(lo, i int) (initial, bool) {
	s := in.s
	hi := len(s)
	rest := s[i:]
	switch {
	case strings.HasPrefix(rest, "**") && nonSpaceAfter(s, i+2, hi):
		return initial{start: i, end: i + 2, kind: "**"}, true
	case strings.HasPrefix(rest, "*") && !strings.HasPrefix(rest, "**") && nonSpaceAfter(s, i+1, hi):
		return initial{start: i, end: i + 1, kind: "*"}, true
	case strings.HasPrefix(rest, "``") && nonSpaceAfter(s, i+2, hi):
		return initial{start: i, end: i + 2, kind: "``"}, true
	case strings.HasPrefix(rest, "_`") && nonSpaceAfter(s, i+2, hi):
		return initial{start: i, end: i + 2, kind: "_`"}, true
	case strings.HasPrefix(rest, "|") && !strings.HasPrefix(rest, "||") && nonSpaceAfter(s, i+1, hi):
		return initial{start: i, end: i + 1, kind: "|"}, true
	}
	// A reference name and "_" or "__": only worth trying when an
	// underscore follows the name or joins its parts.
	if max := simplenameEnd(s, i); max > i && strings.IndexByte(s[i:min(max+1, hi)], '_') >= 0 {
		for e := max; e > i; {
			if e < hi && s[e] == '_' {
				if e+1 < hi && s[e+1] == '_' && endOK(s, e+2, hi) {
					return initial{start: i, end: e + 2, kind: "__", refEnd: e}, true
				}
				if endOK(s, e+1, hi) {
					return initial{start: i, end: e + 1, kind: "_", refEnd: e}, true
				}
			}
			_, size := decodeLastRune(s, e)
			e -= size
			for e > i && !isWordEnd(s, i, e) {
				_, size := decodeLastRune(s, e)
				e -= size
			}
		}
	}
	// A footnote or citation reference.
	if strings.HasPrefix(rest, "[") {
		if j := in.footnoteEnd(i); j > 1 {
			label := rest[1:j]
			if fnLabelOK(label) && endOK(s, i+j+2, hi) {
				return initial{start: i, end: i + j + 2, kind: "]_", label: label,
					citation: !isFootnoteLabel(label)}, true
			}
		}
	}
	// Interpreted text or a phrase reference, with an optional role.
	j := i
	role := ""
	if strings.HasPrefix(rest, ":") {
		if e := simplenameEnd(s, i+1); e > i+1 && e < hi && s[e] == ':' {
			role = s[i : e+1]
			j = e + 1
		}
	}
	if j < hi && s[j] == '`' && !strings.HasPrefix(s[j:], "``") && nonSpaceAfter(s, j+1, hi) {
		return initial{start: i, end: j + 1, kind: "`", roleStart: i, role: role}, true
	}
	if role != "" && s[i] == '`' {
		return initial{}, false
	}
	return initial{}, false
}

// isWordEnd reports whether s[i:e] is a reference name (it ends in a word
// character, not a joiner).
func isWordEnd(s string, i, e int) bool {
	r, _ := decodeLastRune(s, e)
	return r != '_' && isWord(r)
}

// isFootnoteLabel reports whether label is a footnote label: digits, "#",
// "#name" or "*".
func isFootnoteLabel(label string) bool {
	switch {
	case label == "*" || label == "#":
		return true
	case strings.Trim(label, "0123456789") == "":
		return true
	case strings.HasPrefix(label, "#") && isSimplename(label[1:]):
		return true
	}
	return false
}

// fnLabelOK reports whether label is a footnote or citation label.
func fnLabelOK(label string) bool { return isFootnoteLabel(label) || isSimplename(label) }

// dispatch runs the method of the construct matched.
func (in *inliner) dispatch(mt initial, lo int) result {
	switch mt.kind {
	case "**":
		return in.inlineObj(mt, lo, KindStrong, false)
	case "*":
		return in.inlineObj(mt, lo, KindEmphasis, false)
	case "``":
		return in.inlineObj(mt, lo, KindLiteral, true)
	case "_`":
		return in.internalTarget(mt, lo)
	case "|":
		return in.substitutionReference(mt, lo)
	case "_", "__":
		return in.reference(mt)
	case "]_":
		return in.footnoteReference(mt)
	}
	return in.interpreted(mt, lo)
}

// quotedStart reports whether a start-string is enclosed in matching
// punctuation, or ends the text (Inliner.quoted_start).
func (in *inliner) quotedStart(mt initial, lo int) bool {
	s := in.s
	if mt.start == lo {
		return false
	}
	pre, _ := decodeLastRune(s, mt.start)
	if mt.end >= len(s) {
		return true
	}
	post, _ := decodeRune(s, mt.end)
	return matchChars(pre, post)
}

// endString finds the end-string of kind k in s[from:] (the search docutils
// makes on the rest of the text): its start and end.
func (in *inliner) endString(k Kind, from int) (int, int, bool) {
	s := in.s
	hi := len(s)
	var delim string
	var ck int
	switch k {
	case KindStrong:
		delim, ck = "**", closeStrong
	case KindEmphasis:
		delim, ck = "*", closeEmphasis
	case KindLiteral:
		delim, ck = "``", closeLiteral
	case KindTarget:
		delim, ck = "`", closeTarget
	}
	limit := in.limit(ck, from)
	for i := from; i < limit; i++ {
		if !strings.HasPrefix(s[i:], delim) {
			continue
		}
		before := nonSpaceEscBefore(s, from, i)
		if k == KindLiteral {
			before = nonSpaceBefore(s, from, i)
		}
		if before && endOK(s, i+len(delim), hi) {
			return i, i + len(delim), true
		}
	}
	in.failed(ck, from, limit)
	return 0, 0, false
}

// kindName is docutils' class name of k for messages.
func kindName(k Kind) string { return k.String() }

// inlineObj reads emphasis, strong, literal and inline targets
// (Inliner.inline_obj).
func (in *inliner) inlineObj(mt initial, lo int, k Kind, restore bool) result {
	s := in.s
	if in.quotedStart(mt, lo) {
		return result{before: mt.end, rest: mt.end}
	}
	es, ee, ok := in.endString(k, mt.end)
	if ok && es > mt.end {
		text := s[mt.end:es]
		if restore {
			text = unescape(text, true)
		}
		n := in.d.newNode(k, in.span(mt.start, ee), in.d.newText(text, in.span(mt.end, es)))
		return result{before: mt.start, nodes: []*Node{n}, rest: ee}
	}
	msg := in.d.warning(in.lineno, "Inline "+kindName(k)+" start-string without end-string.")
	prb := in.problematic(mt.start, mt.end, msg)
	return result{before: mt.start, nodes: []*Node{prb}, rest: mt.end, msgs: []*Node{msg}}
}

// problematic marks s[i:j] as problematic, linked to msg
// (Inliner.problematic).
func (in *inliner) problematic(i, j int, msg *Node) *Node {
	text := unescape(in.s[i:j], true)
	msgid := in.d.setID(msg, in.parent)
	prb := in.d.newNode(KindProblematic, in.span(i, j), in.d.newText(text, in.span(i, j)))
	prb.Set("refid", msgid)
	prbid := in.d.setID(prb, nil)
	msg.Backrefs = append(msg.Backrefs, prbid)
	if msg.msg != nil {
		msg.msg.marks = append(msg.msg.marks, prb.Span)
	}
	return prb
}

// internalTarget reads an inline target _`name`
// (Inliner.inline_internal_target).
func (in *inliner) internalTarget(mt initial, lo int) result {
	r := in.inlineObj(mt, lo, KindTarget, false)
	if len(r.nodes) == 1 && r.nodes[0].Kind == KindTarget {
		t := r.nodes[0]
		t.Names = append(t.Names, normalizeName(unescape(t.AsText(), false)))
		in.d.noteExplicitTarget(t, in.parent)
	}
	return r
}

// substitutionReference reads |name|, |name|_ and |name|__
// (Inliner.substitution_reference).
func (in *inliner) substitutionReference(mt initial, lo int) result {
	s := in.s
	if in.quotedStart(mt, lo) {
		return result{before: mt.end, rest: mt.end}
	}
	hi := len(s)
	limit := in.limit(closeSubstitution, mt.end)
	for i := mt.end; i < limit; i++ {
		if s[i] != '|' || !nonSpaceEscBefore(s, mt.end, i) {
			continue
		}
		e := -1
		for _, n := range []int{2, 1, 0} {
			if k := i + 1 + n; k <= hi && strings.Count(s[i+1:k], "_") == n && endOK(s, k, hi) {
				e = k
				break
			}
		}
		if e < 0 {
			continue
		}
		if i == mt.end {
			// An end-string right after the start-string: the search
			// stopped there, having looked no further.
			limit = 0
			break
		}
		n := e - i - 1
		text := s[mt.end:i]
		sub := in.d.newNode(KindSubstitutionReference, in.span(mt.start, e), in.d.newText(text, in.span(mt.end, i)))
		in.d.sawSubstitutionRef = true
		sub.raw = unescape(s[mt.start:i+1], true)
		subText := unescape(text, false)
		sub.Set("refname", whitespaceNormalizeName(subText))
		node := sub
		if n > 0 {
			ref := in.d.newNode(KindReference, in.span(mt.start, e))
			if n == 2 {
				ref.Set("anonymous", "1")
				in.d.sawAnonymous = true
			} else {
				ref.Set("refname", normalizeName(subText))
				in.d.noteRefname(ref)
			}
			ref.Append(sub)
			node = ref
		}
		return result{before: mt.start, nodes: []*Node{node}, rest: e}
	}
	in.failed(closeSubstitution, mt.end, limit)
	msg := in.d.warning(in.lineno, "Inline substitution_reference start-string without end-string.")
	prb := in.problematic(mt.start, mt.end, msg)
	return result{before: mt.start, nodes: []*Node{prb}, rest: mt.end, msgs: []*Node{msg}}
}

// reference reads name_ and name__ (Inliner.reference).
func (in *inliner) reference(mt initial) result {
	s := in.s
	name := s[mt.start:mt.refEnd]
	text := unescape(name, false)
	ref := in.d.newNode(KindReference, in.span(mt.start, mt.end), in.d.newText(name, in.span(mt.start, mt.refEnd)))
	ref.raw = unescape(s[mt.start:mt.end], true)
	ref.Set("name", whitespaceNormalizeName(text))
	if mt.kind == "__" {
		ref.Set("anonymous", "1")
		in.d.sawAnonymous = true
	} else {
		ref.Set("refname", normalizeName(text))
		in.d.noteRefname(ref)
	}
	return result{before: mt.start, nodes: []*Node{ref}, rest: mt.end}
}

// footnoteReference reads [label]_ (Inliner.footnote_reference).
func (in *inliner) footnoteReference(mt initial) result {
	label := mt.label
	refname := normalizeName(label)
	sp := in.span(mt.start, mt.end)
	d := in.d
	var ref *Node
	defer func() { ref.raw = unescape(in.s[mt.start:mt.end], true) }()
	if mt.citation {
		ref = in.d.newNode(KindCitationReference, sp, in.d.newText(label, in.span(mt.start+1, mt.end-2)))
		ref.Set("refname", refname)
		d.setID(ref, nil)
		put(&d.citationRefs, refname, append(d.citationRefs[refname], ref))
		d.noteRefname(ref)
		return result{before: mt.start, nodes: []*Node{ref}, rest: mt.end}
	}
	ref = in.d.newNode(KindFootnoteReference, sp)
	switch {
	case strings.HasPrefix(refname, "#"):
		refname = refname[1:]
		ref.Set("auto", "1")
		d.setID(ref, nil)
		d.autofootnoteRefs = append(d.autofootnoteRefs, ref)
	case refname == "*":
		refname = ""
		ref.Set("auto", "*")
		d.setID(ref, nil)
		d.symbolFootnoteRefs = append(d.symbolFootnoteRefs, ref)
	default:
		ref.Append(in.d.newText(label, in.span(mt.start+1, mt.end-2)))
	}
	if refname != "" {
		ref.Set("refname", refname)
		d.setID(ref, nil)
		put(&d.footnoteRefs, refname, append(d.footnoteRefs[refname], ref))
		d.noteRefname(ref)
	}
	return result{before: mt.start, nodes: []*Node{ref}, rest: mt.end}
}

// interpretedEnd finds the end of interpreted text or a phrase reference
// in s[from:]: the backquote, the end of the whole end-string (with a role
// suffix and "_" or "__") and the suffix role.
func (in *inliner) interpretedEnd(from int) (bq, end int, role, refend string, ok bool) {
	s := in.s
	hi := len(s)
	limit := in.limit(closeInterpreted, from)
	for i := from; i < limit; i++ {
		if s[i] != '`' || !nonUnescapedSpaceBefore(s, from, i) {
			continue
		}
		j := i + 1
		var roles []string
		if j < hi && s[j] == ':' {
			if e := simplenameEnd(s, j+1); e > j+1 && e < hi && s[e] == ':' {
				roles = append(roles, s[j:e+1])
			}
		}
		roles = append(roles, "")
		for _, r := range roles {
			k := j + len(r)
			for _, re := range []string{"__", "_", ""} {
				if !strings.HasPrefix(s[k:], re) {
					continue
				}
				if endOK(s, k+len(re), hi) {
					return i, k + len(re), r, re, true
				}
			}
		}
	}
	in.failed(closeInterpreted, from, limit)
	return 0, 0, "", "", false
}

// interpreted reads interpreted text and phrase references
// (Inliner.interpreted_or_phrase_ref).
func (in *inliner) interpreted(mt initial, lo int) result {
	s := in.s
	matchStart := mt.end - 1
	role := ""
	position := ""
	if mt.role != "" {
		role = mt.role[1 : len(mt.role)-1]
		position = "prefix"
	} else if in.quotedStart(mt, lo) {
		return result{before: mt.end, rest: mt.end}
	}
	bq, end, suffixRole, refend, ok := in.interpretedEnd(mt.end)
	if ok && bq > mt.end {
		if suffixRole != "" {
			if role != "" {
				msg := in.d.warning(in.lineno, "Multiple roles in interpreted text (both prefix and suffix present; only one allowed).")
				prb := in.problematic(mt.roleStart, end, msg)
				return result{before: mt.roleStart, nodes: []*Node{prb}, rest: end, msgs: []*Node{msg}}
			}
			role = suffixRole[1 : len(suffixRole)-1]
			position = "suffix"
		}
		escaped := s[mt.end:bq]
		if refend != "" {
			if role != "" {
				msg := in.d.warning(in.lineno, "Mismatch: both interpreted text role "+position+" and reference suffix.")
				prb := in.problematic(mt.roleStart, end, msg)
				return result{before: mt.roleStart, nodes: []*Node{prb}, rest: end, msgs: []*Node{msg}}
			}
			return in.phraseRef(matchStart, end, mt.end, bq, escaped, refend == "__")
		}
		ns, msgs := in.role(role, mt.roleStart, end, mt.end, bq)
		return result{before: mt.roleStart, nodes: ns, rest: end, msgs: msgs}
	}
	msg := in.d.warning(in.lineno, "Inline interpreted text or phrase reference start-string without end-string.")
	prb := in.problematic(matchStart, mt.end, msg)
	return result{before: matchStart, nodes: []*Node{prb}, rest: mt.end, msgs: []*Node{msg}}
}

// embeddedLink matches an embedded "<uri>" or "<alias_>" at the end of
// text: the start of the whitespace before it and the bracket's contents.
func embeddedLink(text string) (start, open, close int, ok bool) {
	if !strings.HasSuffix(text, ">") || len(text) < 3 {
		return 0, 0, 0, false
	}
	close = len(text) - 1
	// The contents: anything but unescaped angle brackets.
	i := close - 1
	for i >= 0 {
		c := text[i]
		if c == '<' || c == '>' {
			if i > 0 && text[i-1] == 0 {
				i -= 2
				continue
			}
			break
		}
		i--
	}
	if i < 0 || text[i] != '<' {
		return 0, 0, 0, false
	}
	open = i
	if open+1 >= close {
		return 0, 0, 0, false
	}
	if r, _ := decodeRune(text, open+1); isSpace(r) {
		return 0, 0, 0, false
	}
	if r, _ := decodeLastRune(text, close); isSpace(r) || r == 0 {
		return 0, 0, 0, false
	}
	start = open
	for start > 0 && (text[start-1] == ' ' || text[start-1] == '\n') {
		start--
	}
	if start == open && open != 0 {
		return 0, 0, 0, false
	}
	return start, open, close, true
}

// phraseRef makes a phrase reference `text`_ or `text <uri>`_
// (Inliner.phrase_ref). [start, end) is the whole reference, [ts, te) its
// text between the backquotes.
func (in *inliner) phraseRef(start, end, ts, te int, escaped string, anonymous bool) result {
	d := in.d
	var target *Node
	aliasType := ""
	alias := ""
	textEnd := te
	text := escaped
	if ls, open, close, ok := embeddedLink(escaped); ok {
		text = escaped[:ls]
		textEnd = ts + ls
		aliasText := escaped[open+1 : close]
		rawAlias := unescape(aliasText, true)
		_, _, _, isURI := matchURI(aliasText, 0, len(aliasText))
		tsp := in.span(ts+ls, ts+close+1)
		if strings.HasSuffix(aliasText, "_") && !(strings.HasSuffix(rawAlias, `\_`) || isURI) {
			aliasType = "name"
			alias = normalizeName(unescape(aliasText[:len(aliasText)-1], false))
			target = in.d.newNode(KindTarget, tsp)
			target.Set("refname", alias)
			target.indirectRef = whitespaceNormalizeName(unescape(aliasText[:len(aliasText)-1], false))
		} else {
			aliasType = "uri"
			var parts []string
			for _, p := range splitEscapedWhitespace(aliasText) {
				parts = append(parts, strings.Join(strings.FieldsFunc(p, isSpace), ""))
			}
			alias = adjustURI(unescape(strings.Join(parts, " "), false))
			target = in.d.newNode(KindTarget, tsp)
			target.Set("refuri", alias)
			target.referenced = true
		}
		if text == "" {
			text = alias
			textEnd = te
		}
	}
	unesc := unescape(text, false)
	refname := normalizeName(unesc)
	sp := in.span(start, end)
	ref := in.d.newNode(KindReference, sp, in.d.newText(text, in.span(ts, textEnd)))
	ref.raw = unescape(in.s[start:end], true)
	ref.Set("name", whitespaceNormalizeName(unesc))
	nodes := []*Node{ref}
	switch {
	case anonymous && target != nil && aliasType == "name":
		ref.Set("refname", alias)
		d.noteRefname(ref)
	case anonymous && target != nil:
		ref.Set("refuri", alias)
	case anonymous:
		ref.Set("anonymous", "1")
		in.d.sawAnonymous = true
	case target != nil:
		target.Names = append(target.Names, refname)
		if aliasType == "name" {
			ref.Set("refname", alias)
			d.indirectTargets = append(d.indirectTargets, target)
			d.noteRefname(target)
			d.noteRefname(ref)
		} else {
			ref.Set("refuri", alias)
			d.noteExplicitTarget(target, in.parent)
		}
		nodes = append(nodes, target)
	default:
		ref.Set("refname", refname)
		d.noteRefname(ref)
	}
	return result{before: start, nodes: nodes, rest: end}
}

// implicit finds standalone URIs and e-mail addresses in s[lo:hi]
// (Inliner.implicit_inline) and appends the nodes it makes to out.
func (in *inliner) implicit(out []*Node, lo, hi int) []*Node {
	if lo >= hi {
		return out
	}
	s := in.s
	// Every URI has a colon and every address an at sign.
	if strings.IndexByte(s[lo:hi], ':') < 0 && strings.IndexByte(s[lo:hi], '@') < 0 {
		return append(out, in.text(lo, hi))
	}
	// As search does, the walk keeps the previous character's class in
	// place of startOK. A URI needs a colon and an address an at sign
	// before the next space or line break, so positions without one are
	// not tried.
	colon, at, space, newline := nextByte{c: ':', at: -1}, nextByte{c: '@', at: -1}, nextByte{c: ' ', at: -1}, nextByte{c: '\n', at: -1}
	startable := true // startOK(s, lo, i)
	for i := lo; i < hi; {
		try := startable
		if try {
			lim := min(hi, space.from(s, i), newline.from(s, i))
			if colon.from(s, i) >= lim && at.from(s, i) >= lim {
				if lim > i {
					// Nothing starts before lim: go on from there, with
					// the class of the character before it.
					i = lim
					r, _ := decodeLastRune(s, i)
					startable = classOf(r)&(clSpace|clOpener|clDelimiter) != 0
					continue
				}
				try = false // s[i] is the space or line break
			}
		}
		bits, size := asciiBits[s[i]&0x7f], 1
		if s[i] >= utf8.RuneSelf {
			bits, size = charBits(s, i)
		}
		startable = bits&cbStartAfter != 0
		if try {
			if e, scheme, email, ok := matchURI(s, i, hi); ok {
				if scheme != "" && !uriSchemes[strings.ToLower(scheme)] {
					return append(out, in.text(lo, hi))
				}
				text := s[i:e]
				uri := unescape(text, false)
				if email {
					uri = "mailto:" + uri
				}
				ref := in.d.newNode(KindReference, in.span(i, e), in.d.newText(text, in.span(i, e)))
				ref.Set("refuri", uri)
				out = in.implicit(out, lo, i)
				out = append(out, ref)
				return in.implicit(out, e, hi)
			}
		}
		i += size
	}
	return append(out, in.text(lo, hi))
}
