package rst

import "strings"

// Repair is what [RepairText] makes of a help text: the deterministic
// repairs of its invalid reStructuredText that pass the repair gate, as
// insertions into the text.
//
// The gate (the predecessor's rst.repair_help_rst): every repair, and then
// all of them together, must strictly reduce the number of messages of
// level 2 (WARNING) or more, add no message of a kind (level and text)
// the text did not have, and leave the HTML Galaxy renders identical —
// the rendering drops every system message, so what the repairs remove
// is only the messages. A repair that fails the gate is not made; what
// no repair passes is left as it is.
type Repair struct {
	// Text is the repaired text: the text given to [RepairText] when
	// nothing was repaired.
	Text string
	// Insertions make Text from the text given, in order of offset.
	Insertions []Insertion
	// Repairs says what each repair made did, in the order made.
	Repairs []string
	// Before is the document read from the text given, After the one
	// read from Text.
	Before, After *Document
}

// Insertion is text inserted at an offset of the text given to
// [RepairText].
type Insertion struct {
	Offset int
	Text   string
}

// maxRepairReads bounds the documents [RepairText] reads to try repairs,
// and repairBytes the text they hold together beyond twice the text
// given, so that a help with thousands of messages, or a huge one, costs
// a time linear in its size: a few reads of a megabyte, up to 256 of the
// helps Galaxy tools have.
const (
	maxRepairReads = 256
	repairBytes    = 512 << 10
)

// RepairText applies to text, one at a time until none is left that
// passes the gate, the deterministic repairs of its invalid
// reStructuredText:
//
//   - "Title underline too short." and "Title overline too short.": the
//     underline (and overline) extended with its own character to the
//     title's width as docutils measures it (East Asian wide characters
//     count two columns, combining characters none);
//   - "... ends without a blank line; unexpected unindent." (bullet,
//     enumerated, definition, field and option lists, block quotes,
//     literal blocks, explicit markup) and "Line block ends without a
//     blank line.": a blank line inserted before the line that ends the
//     construct;
//   - "Unexpected indentation.": a blank line inserted before the
//     indented line;
//   - "Inline ... start-string without end-string.": the start-string's
//     "*", "`" and "|" escaped with a backslash, so that it reads as the
//     text it renders as.
//
// Other messages have no deterministic repair (an unknown directive or
// role, a literal block expected but not indented, a transition where
// none may stand, …) and are left to the author.
func RepairText(text string) *Repair {
	before := Parse(text)
	r := &Repair{Text: text, Before: before, After: before}
	// Valid text: nothing to repair.
	if before.Invalid() == nil {
		return r
	}
	html := HTML(before)
	cur, doc := text, before
	var made []string
	b := budget{reads: maxRepairReads, bytes: repairBytes + 2*len(text)}
	for b.reads > 0 {
		next, nd, what := firstRepair(cur, doc, html, &b)
		if nd == nil {
			break
		}
		cur, doc = next, nd
		made = append(made, what)
	}
	// The batch: each repair passed the gate against the text before it,
	// so together they pass it against the text given; checked all the
	// same, since the gate is what makes a repair safe.
	if len(made) == 0 || !improves(before, doc) || HTML(doc) != html {
		return r
	}
	ins, ok := insertions(text, cur)
	// Every repair inserts, so this holds; without it there is nothing
	// to hand back.
	if !ok {
		return r
	}
	r.Text, r.Insertions, r.Repairs, r.After = cur, ins, made, doc
	return r
}

// budget is what is left of the reads [RepairText] may make: documents,
// and bytes of text.
type budget struct{ reads, bytes int }

// firstRepair returns the text, document and description of the first
// repair of cur (read as doc) that passes the gate, trying the messages in
// order; a nil document when none does or the budget b runs out.
func firstRepair(cur string, doc *Document, html string, b *budget) (string, *Document, string) {
	var src []srcLine // doc's lines, split once a message needs them
	for _, m := range doc.Messages {
		if m.Level < LevelWarning {
			continue
		}
		for _, c := range candidates(doc, &src, m) {
			next := c.apply(cur)
			if b.reads <= 0 || b.bytes < len(next) {
				b.reads = 0
				return "", nil, ""
			}
			b.reads--
			b.bytes -= len(next)
			nd := Parse(next)
			if improves(doc, nd) && HTML(nd) == html {
				return next, nd, c.what
			}
		}
	}
	return "", nil, ""
}

// improves reports whether b, the document of a repaired text, has fewer
// messages of level 2 or more than a and none of a kind a has not.
func improves(a, b *Document) bool {
	kinds := map[string]bool{}
	na := 0
	for _, m := range a.Messages {
		if m.Level >= LevelWarning {
			kinds[messageKind(m)] = true
			na++
		}
	}
	nb := 0
	for _, m := range b.Messages {
		if m.Level < LevelWarning {
			continue
		}
		if !kinds[messageKind(m)] {
			return false
		}
		nb++
	}
	return nb < na
}

// messageKind is a message's level and text, which together name its kind.
func messageKind(m *Message) string { return m.Type() + " " + m.Text }

// candidate is one way to repair one message: insertions into the current
// text, in order of offset.
type candidate struct {
	what  string
	edits []Insertion
}

func (c candidate) apply(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 16)
	at := 0
	for _, e := range c.edits {
		b.WriteString(s[at:e.Offset])
		b.WriteString(e.Text)
		at = e.Offset
	}
	b.WriteString(s[at:])
	return b.String()
}

// candidates returns the repairs to try for m, a message of doc, in the
// order to try them; none when m has no deterministic repair. *src holds
// doc's lines once split.
func candidates(doc *Document, src *[]srcLine, m *Message) []candidate {
	line := func(n int) (srcLine, bool) { // 1-based
		if *src == nil {
			*src = splitLines(nil, doc.Text)
		}
		if n < 1 || n > len(*src) {
			return srcLine{}, false
		}
		return (*src)[n-1], true
	}
	blankBefore := func(what string, ns ...int) []candidate {
		var out []candidate
		for _, n := range ns {
			if l, ok := line(n); ok {
				out = append(out, candidate{what, []Insertion{{l.start, "\n"}}})
			}
		}
		return out
	}
	t := m.Text
	switch {
	case t == "Title underline too short.":
		// docutils names the underline's line; the title is above it.
		var out []candidate
		for _, n := range []int{m.Line, m.Line + 1} {
			if c, ok := extendAdornments(line, n-1, n); ok {
				out = append(out, c)
			}
		}
		return out
	case t == "Title overline too short.":
		// docutils names the overline's line; the title and the
		// underline follow.
		var out []candidate
		for _, n := range []int{m.Line, m.Line - 1} {
			if c, ok := extendAdornments(line, n+1, n, n+2); ok {
				out = append(out, c)
			}
		}
		return out
	case strings.HasSuffix(t, " ends without a blank line; unexpected unindent."),
		t == "Line block ends without a blank line.":
		// The line docutils names is the first line after the construct
		// or its last line, depending on the construct.
		what, _, _ := strings.Cut(t, " ends without")
		return blankBefore("insert a blank line after the "+strings.ToLower(what), m.Line, m.Line+1)
	case t == "Unexpected indentation.":
		return blankBefore("insert a blank line before the unexpectedly indented text", m.Line, m.Line+1)
	case strings.HasPrefix(t, "Inline ") && strings.HasSuffix(t, " start-string without end-string."):
		if c, ok := escapeMarks(doc.Text, m.marks); ok {
			return []candidate{c}
		}
	}
	return nil
}

// extendAdornments returns the repair extending the adornment lines
// adorns (an underline, or an overline and an underline) to the width of
// the title on line title: each gets as many more of its own character as
// it falls short.
func extendAdornments(line func(int) (srcLine, bool), title int, adorns ...int) (candidate, bool) {
	tl, ok := line(title)
	if !ok {
		return candidate{}, false
	}
	width := columnWidth(rstrip(tl.exp))
	var edits []Insertion
	for _, n := range adorns {
		al, ok := line(n)
		if !ok {
			return candidate{}, false
		}
		a := strings.TrimLeft(rstrip(al.exp), " ")
		raw := rstrip(al.raw)
		if a == "" || strings.Trim(a, a[:1]) != "" || !isAdornmentChar(a[0]) || !strings.HasSuffix(raw, a) {
			return candidate{}, false
		}
		short := width - columnWidth(rstrip(al.exp))
		if short <= 0 {
			return candidate{}, false
		}
		edits = append(edits, Insertion{al.start + len(raw), strings.Repeat(a[:1], short)})
	}
	what := "extend the title underline"
	if len(adorns) == 2 {
		what = "extend the title overline and underline"
	}
	return candidate{what + " to the title's " + itoa(width) + " columns", edits}, true
}

// isAdornmentChar reports whether c can adorn a section title: the
// printable 7-bit ASCII punctuation docutils accepts.
func isAdornmentChar(c byte) bool {
	return strings.IndexByte("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", c) >= 0
}

// escapeMarks returns the repair escaping the markup characters of the
// start-strings at marks (spans of text) with a backslash.
func escapeMarks(text string, marks []cstSpanT) (candidate, bool) {
	var edits []Insertion
	for _, s := range marks {
		for i := s.Start; i < s.End && i < len(text); i++ {
			if c := text[i]; c == '*' || c == '`' || c == '|' {
				edits = append(edits, Insertion{i, `\`})
			}
		}
	}
	if len(edits) == 0 {
		return candidate{}, false
	}
	return candidate{"escape the " + strings.Join(strings.Fields(text[marks[0].Start:marks[0].End]), " ") + " start-string without end-string", edits}, true
}

// insertions returns the insertions that make b from a, when b is a with
// text inserted: the leftmost embedding of a in b, so that inserted runs
// go after the equal characters they extend.
func insertions(a, b string) ([]Insertion, bool) {
	var out []Insertion
	j := 0
	for i := 0; i < len(a); i++ {
		k := strings.IndexByte(b[j:], a[i])
		if k < 0 {
			return nil, false
		}
		if k > 0 {
			out = append(out, Insertion{i, b[j : j+k]})
		}
		j += k + 1
	}
	if j < len(b) {
		out = append(out, Insertion{len(a), b[j:]})
	}
	return out, true
}

// FirstFixed returns the first message of level 2 or more of r.Before
// whose kind the repairs made rarer, nil when nothing was repaired.
func (r *Repair) FirstFixed() *Message {
	if len(r.Repairs) == 0 {
		return nil
	}
	left := seriousKinds(r.After)
	for _, m := range r.Before.Messages {
		if m.Level < LevelWarning {
			continue
		}
		k := messageKind(m)
		if left[k] > 0 {
			left[k]--
			continue
		}
		return m
	}
	return nil
}

// Residual returns the first message of level 2 or more of r.Before
// whose kind r.After still has: what the repairs leave, in the words and
// at the line docutils gives it in the text as written. It is nil when
// r.Text is valid reStructuredText.
func (r *Repair) Residual() *Message {
	left := seriousKinds(r.After)
	for _, m := range r.Before.Messages {
		if m.Level >= LevelWarning && left[messageKind(m)] > 0 {
			return m
		}
	}
	return nil
}

// seriousKinds counts the messages of level 2 or more of d by kind.
func seriousKinds(d *Document) map[string]int {
	out := map[string]int{}
	for _, m := range d.Messages {
		if m.Level >= LevelWarning {
			out[messageKind(m)]++
		}
	}
	return out
}
