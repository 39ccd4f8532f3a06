package rules

import (
	"encoding/binary"
	"strconv"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// GTR001 re-indents element-only content with four spaces per level.
var GTR001 = &Rule{
	Code:      "GTR001",
	Name:      "indentation",
	Summary:   "Canonical 4-space indentation; no tabs.",
	Family:    FamilyFmt,
	Fix:       FixAlways,
	Rulesets:  []string{"cosmetic", "default", "iuc", "strict"},
	Since:     "0.1.0",
	Cite:      "https://galaxy-iuc-standards.readthedocs.io/en/latest/best_practices/tool_xml.html#coding-style",
	AppliesTo: TargetTool | TargetMacro,
	Order:     10,
	Doc: Doc{
		What: "Lays out element-only content one child per line, indented by four spaces per nesting level, " +
			"with the closing tag at its parent's indentation. Blank lines and trailing whitespace between " +
			"elements go away.",
		Why: "One indentation style makes tools readable and diffs small; the IUC asks for 4 spaces and no tabs.",
		Example: "<inputs>\n  <param name=\"x\" type=\"data\"/>\n</inputs>\n→\n" +
			"<inputs>\n    <param name=\"x\" type=\"data\"/>\n</inputs>",
		FixSafety: "Safe: only whitespace-only text between child elements, comments and processing " +
			"instructions changes. Elements whose text Galaxy reads (<command>, <configfile>, <token>, " +
			"<help>, <option>, <filter>, …) and elements with mixed content are never touched.",
	},
	check: checkIndentation,
}

const indentUnit = "    "

// lfGaps and crlfGaps back the gap texts (a newline and the indentation of
// a level) of the first sixteen levels, so that the common gaps are slices
// of one constant rather than new strings.
const (
	indentSpaces = "                                                                "
	lfGaps       = "\n" + indentSpaces
	crlfGaps     = "\r\n" + indentSpaces
)

// gapText returns the newline nl followed by the indentation of depth.
func gapText(nl string, depth int) string {
	n := len(indentUnit) * depth
	switch {
	case n > len(indentSpaces):
	case nl == "\n":
		return lfGaps[:1+n]
	case nl == "\r\n":
		return crlfGaps[:2+n]
	}
	return nl + strings.Repeat(indentUnit, depth)
}

func checkIndentation(p *Pass) {
	for _, f := range elementLayout(p).indent {
		// The walk may have run in GTR004's turn: the code is set here.
		f.fix.Code = p.Rule.Code
		p.fix(f.at, f.fix.Message, f.fix)
	}
}

// layoutFindings is what one walk over a file's elements finds for the two
// rules that look at the whitespace between tags: GTR001's findings, in the
// order it reports them, and the elements GTR004 collapses. Both rules
// visit every element of the file and read the kinds of its children; one
// walk serves both.
type layoutFindings struct {
	indent []indentFinding
	empty  []cst.Node // elements holding whitespace only, in GTR004's order
}

// indentFinding is a finding of GTR001: where it is reported, and its fix
// (whose Code GTR001 sets when it reports it).
type indentFinding struct {
	at  cst.Span
	fix *rewrite.Fix
}

// elementLayout returns the layout findings of the pass's tree, walking it
// once per run: the rule of the two that runs first walks for both.
func elementLayout(p *Pass) *layoutFindings {
	return shared(p, "element layout", func() *layoutFindings { return walkLayout(p.Tree, p.Newline) })
}

// walkLayout walks the elements of t: the root element with GTR001's
// layout, and any other top-level element of a malformed file for GTR004
// alone, as each rule did on its own.
func walkLayout(t *cst.Tree, newline string) *layoutFindings {
	w := &layoutWalk{newline: newline}
	root := true
	for c := t.Root().FirstChild(); c.IsValid(); c = c.NextSibling() {
		if c.Kind() != cst.KindElement {
			continue
		}
		if root {
			w.element(c, 0)
			root = false
		} else {
			w.found.empty = collapsible(c, w.found.empty)
		}
	}
	return &w.found
}

// layoutWalk is the state of one walk of [walkLayout].
type layoutWalk struct {
	newline string // the file's newline, for the gaps GTR001 writes
	arena   indentArena
	found   layoutFindings
}

// indentArena hands out the edit lists and fixes of one file's findings
// from shared blocks: a misindented file has a finding for nearly every
// element, and an allocation for each list and each fix cost more than
// filling them. Each list is capped at its length, so that an append to
// one cannot reach the next.
type indentArena struct {
	edits []rewrite.Edit
	fixes []rewrite.Fix
}

// editList returns an empty list with room for n edits.
func (a *indentArena) editList(n int) []rewrite.Edit {
	if cap(a.edits)-len(a.edits) < n {
		// Blocks grow with the findings, so that a file with a few
		// findings does not clear a large one.
		a.edits = make([]rewrite.Edit, 0, max(n, min(2*cap(a.edits), 512), 16))
	}
	i := len(a.edits)
	a.edits = a.edits[:i+n]
	return a.edits[i : i : i+n]
}

// fix returns a zero fix of its own.
func (a *indentArena) fix() *rewrite.Fix {
	if len(a.fixes) == cap(a.fixes) {
		a.fixes = make([]rewrite.Fix, 0, max(min(2*cap(a.fixes), 64), 4))
	}
	a.fixes = a.fixes[:len(a.fixes)+1]
	return &a.fixes[len(a.fixes)-1]
}

// element fixes the layout gaps of el's content and those inside its
// child elements, in one walk of the children by sibling links (the
// content iterators would allocate for every element), and finds the
// elements there that GTR004 collapses. The finding for el comes after
// those inside it, for both rules; check sorts findings by position.
func (w *layoutWalk) element(el cst.Node, depth int) {
	c := el.FirstChild().NextSibling() // what follows the start tag
	// An empty-element tag holds nothing. Most elements are such leaves,
	// so this is looked at before the name.
	if !c.IsValid() {
		return
	}
	// Whitespace inside a payload element is data: GTR001 leaves it, and
	// GTR004 looks inside (its elements, and <help> itself) on its own.
	if isPayload(el.Name()) {
		w.found.empty = collapsible(el, w.found.empty)
		return
	}
	l := layout{inner: gapText(w.newline, depth+1), outer: gapText(w.newline, depth), arena: &w.arena}
	var last cst.Node // the last child: the end tag, unless el is unclosed
	for ; c.IsValid(); c = c.NextSibling() {
		last = c
		switch c.Kind() {
		case cst.KindEndTag:
			// Only the last child closes el; a stray end tag in a
			// malformed file is passed over like the start tag.
			continue
		case cst.KindText:
			l.text(c)
			l.hasText = true
			continue
		case cst.KindCDATA:
			l.off = true // mixed content
			continue
		case cst.KindElement:
			w.element(c, depth+1)
			l.hasChild = true
		case cst.KindComment, cst.KindPI:
			l.hasChild = true
		default:
			l.other = true
		}
		// Every other content node has a gap before it.
		l.gap(c, l.inner)
	}
	closed := last.Kind() == cst.KindEndTag
	// A closed element of whitespace text alone is GTR004's to collapse.
	if closed && l.hasText && !l.off && !l.hasChild && !l.other {
		w.found.empty = append(w.found.empty, el)
	}
	// An unclosed element keeps its layout; content of text alone is
	// not laid out.
	if !closed || l.off || !l.hasChild {
		return
	}
	l.gap(last, l.outer)
	if len(l.edits) == 0 {
		return
	}
	tail := ""
	if depth < len(indentMsgTails) {
		tail = indentMsgTails[depth]
	} else {
		tail = indentMsgTail(depth)
	}
	msg := "children of <" + el.Name() + tail
	f := w.arena.fix()
	*f = rewrite.Fix{Message: msg, Edits: l.edits, Applicability: rewrite.Safe}
	w.found.indent = append(w.found.indent, indentFinding{at: l.first, fix: f})
}

// indentMsgTail returns what follows the element name in the finding for
// the children of an element at depth.
func indentMsgTail(depth int) string {
	return "> should be indented by " + strconv.Itoa(len(indentUnit)*(depth+1)) +
		" spaces (" + strconv.Itoa(len(indentUnit)) + " per level), one per line"
}

// indentMsgTails holds indentMsgTail of the first sixteen levels, so that
// a finding joins three strings rather than seven.
var indentMsgTails = func() (tails [16]string) {
	for d := range tails {
		tails[d] = indentMsgTail(d)
	}
	return tails
}()

// layout collects the edits that make the whitespace before each child of
// one element and before its end tag the canonical newline plus
// indentation, as its content is walked. A well laid out element, the
// common case, needs no allocation.
type layout struct {
	inner, outer string // the canonical gaps before a child and before the end tag
	off          bool   // the element keeps its layout: its content is mixed
	hasChild     bool   // a child element, comment or processing instruction was seen
	hasText      bool   // a text child was seen
	other        bool   // a child of another kind was seen (a malformed file's)

	pending    cst.Node // whitespace text seen since the last child
	pendingGap string   // its text when that is inner or outer, else ""
	edits      []rewrite.Edit
	first      cst.Span // the first gap edited: where the finding is reported
	arena      *indentArena
}

// text records content text c: the gap before the next child, if it is
// whitespace. Other text makes the content mixed.
func (l *layout) text(c cst.Node) {
	if l.off {
		return
	}
	l.pending, l.pendingGap = c, ""
	// Canonical gaps are whitespace; other text is looked at. (A switch
	// on the text would copy it to a string.)
	b := c.Bytes()
	if string(b) == l.inner {
		l.pendingGap = l.inner
	} else if string(b) == l.outer {
		l.pendingGap = l.outer
	} else {
		l.off = !whitespaceOnly(b)
	}
}

// whitespaceOnly reports whether b is XML whitespace only: what
// [cst.Node.IsWhitespace] says of a text node's bytes. A gap that is not
// the canonical one is mostly a newline and spaces, so eight spaces at a
// time are compared as one word.
func whitespaceOnly(b []byte) bool {
	for len(b) > 0 {
		if len(b) >= 8 && binary.LittleEndian.Uint64(b) == spaceBytes {
			b = b[8:]
			continue
		}
		switch b[0] {
		case ' ', '\t', '\n', '\r':
			b = b[1:]
		default:
			return false
		}
	}
	return true
}

// gap makes the gap before at, a child or the end tag, the text want.
func (l *layout) gap(at cst.Node, want string) {
	pending := l.pending
	l.pending = cst.Node{}
	if l.off || pending.IsValid() && l.pendingGap == want {
		return
	}
	// The start of at: its Span would also look up the end of its
	// subtree, far off in the tokens.
	start := at.FirstToken().Span().Start
	if l.edits == nil {
		// A misindented element usually needs all its gaps fixed: size
		// the edits for them at once.
		l.edits = l.arena.editList(countGaps(at))
		l.first = cst.Span{Start: start, End: start}
	}
	e := rewrite.Edit{Start: start, End: start, New: want}
	if pending.IsValid() {
		e = rewrite.Replace(pending, want)
	}
	l.edits = append(l.edits, e)
}

// countGaps returns the number of gaps from the one before c to the one
// before the end tag of c's parent: one before each child element,
// comment or processing instruction, and one before the end tag.
func countGaps(c cst.Node) int {
	n := 1
	for ; c.IsValid(); c = c.NextSibling() {
		switch c.Kind() {
		case cst.KindElement, cst.KindComment, cst.KindPI:
			n++
		}
	}
	return n
}
