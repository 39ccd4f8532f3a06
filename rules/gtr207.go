package rules

import (
	"bytes"
	"encoding/binary"
	"strings"
	"unicode/utf8"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// GTR207 writes characters in text and attribute values the one canonical
// way.
var GTR207 = &Rule{
	Code:      "GTR207",
	Name:      "canonical-escaping",
	Summary:   "Escape only what XML requires: &lt; &amp; &gt; in text; also &quot; and whitespace references in attribute values.",
	Family:    FamilyFmt,
	Fix:       FixAlways,
	Rulesets:  []string{"default", "iuc", "strict"},
	Since:     "0.1.0",
	Cite:      "https://www.w3.org/TR/xml/#syntax",
	AppliesTo: TargetTool | TargetMacro,
	Order:     270,
	Doc: Doc{
		What: "Rewrites character and entity references and literal characters to one canonical spelling, " +
			"the one libxml2 (and so the predecessor) writes: in text '>' becomes &gt;, &quot; and &apos; " +
			"become the plain characters, and character references such as &#36; become the character; in " +
			"attribute values a literal tab or newline becomes the space an XML parser reads anyway, '>' " +
			"becomes &gt;, and a tab, newline or carriage return written as a reference stays one (&#9; " +
			"&#10; &#13;).",
		Why: "Readers should not have to decode &#36;HOME to see $HOME; and a newline inside an attribute " +
			"value is read as a space by every XML parser, so writing it as a newline misleads.",
		Example: "<command>cat $input &gt; $output</command>\n<param label='a\n   b'/>\n→\n" +
			"<command>cat $input &gt; $output</command>\n<param label=\"a    b\"/>",
		FixSafety: "Safe: the text and attribute values an XML parser reads are unchanged. CDATA sections, " +
			"comments and line ends in text are not touched.",
	},
	check: checkCanonicalEscaping,
}

func checkCanonicalEscaping(p *Pass) {
	var run textRun
	for _, tok := range markupCandidates(p) {
		switch tok.Kind() {
		case cst.TokChars, cst.TokEntityRef, cst.TokCharRef:
			// Only text.
			if tok.Node().Kind() != cst.KindText {
				continue
			}
			// Plain text without '>' is canonical already.
			if tok.Kind() == cst.TokChars && bytes.IndexByte(tok.Bytes(), '>') < 0 {
				continue
			}
			// So are the references text needs, the most common ones.
			if tok.Kind() == cst.TokEntityRef && canonicalTextRef(tok.Bytes()) {
				continue
			}
			want, ok := canonicalTextToken(tok)
			if !ok || want == tok.Text() {
				continue
			}
			if !run.extend(tok, want) {
				run.report(p)
				run = textRun{first: tok, span: tok.Span(), want: []byte(want)}
			}
		case cst.TokValue:
			n := tok.Node()
			// Only the value of an attribute; single-quoted values are
			// GTR203's first.
			if n.Kind() != cst.KindAttribute || n.ValueToken() != tok || n.Quote() != '"' {
				continue
			}
			vs := n.ValueSpan()
			raw := p.Tree.Source()[vs.Start:vs.End]
			if !hasAttrSpecial(raw) {
				continue
			}
			if want, changed, ok := canonicalAttrValue(raw); ok && changed {
				p.fixEdit(vs, "value of "+n.Name()+" is not escaped canonically", rewrite.ReplaceSpan(vs, want))
			}
		}
	}
	run.report(p)
}

// textRun is a run of adjacent references in text, each not written
// canonically (or one text token with a '>'):
// one finding and one edit for the run, so that a million references in a
// row are one finding, not a million.
type textRun struct {
	first cst.Token // the run's first token; the zero Token for no run
	n     int       // tokens after the first
	span  cst.Span
	want  []byte // the canonical spelling of the run so far
}

// extend adds tok to the run when both are references and tok starts
// where the run ends, in the same text node. Text with a '>' is a finding
// of its own, so that its message says what it is.
func (r *textRun) extend(tok cst.Token, want string) bool {
	if r.span.End != tok.Span().Start || r.span.End == 0 || r.first.Node() != tok.Node() ||
		r.first.Kind() == cst.TokChars || tok.Kind() == cst.TokChars {
		return false
	}
	r.n++
	r.span.End = tok.Span().End
	r.want = append(r.want, want...)
	return true
}

// report records the run's finding, if there is a run.
func (r *textRun) report(p *Pass) {
	if r.span.End == 0 {
		return
	}
	want := string(r.want)
	var msg string
	switch {
	case r.n > 0:
		msg = "references " + quoteShort(string(p.Tree.Source()[r.span.Start:r.span.End])) + " are written " + quoteShort(want) + " canonically"
	case r.first.Kind() == cst.TokChars:
		msg = "'>' in text is written &gt; canonically"
	default:
		msg = "reference " + r.first.Text() + " is written " + quoteShort(want) + " canonically"
	}
	p.fixEdit(r.span, msg, rewrite.ReplaceSpan(r.span, want))
}

// hasAttrSpecial reports whether a raw attribute value holds a byte that
// may not be canonical: a tab, a line end, '>' or a reference. Every
// value of a file passes through it, so it reads eight bytes at a time,
// and single bytes only from a word that may hold one ([maySpecial]). The
// last word of a value of eight bytes or more overlaps the one before; a
// shorter value is read as a word too when the bytes after it are there
// (within raw's capacity), those bytes then counting as spaces.
func hasAttrSpecial(raw []byte) bool {
	n := len(raw)
	if n < 8 {
		if n > 0 && cap(raw) >= 8 {
			keep := ^uint64(0) >> (64 - 8*uint(n)) // the low n bytes, raw's
			w := binary.LittleEndian.Uint64(raw[:8])
			return maySpecial(w&keep|spaceBytes&^keep) && hasAttrSpecialBytes(raw)
		}
		return hasAttrSpecialBytes(raw)
	}
	for i := 0; ; i += 8 {
		i = min(i, n-8)
		if maySpecial(binary.LittleEndian.Uint64(raw[i:])) {
			return hasAttrSpecialBytes(raw[i:])
		}
		if i == n-8 {
			return false
		}
	}
}

// hasAttrSpecialBytes is [hasAttrSpecial] one byte at a time: a table
// lookup per byte beats a switch.
func hasAttrSpecialBytes(raw []byte) bool {
	for _, c := range raw {
		if attrSpecial[c] {
			return true
		}
	}
	return false
}

var attrSpecial = [256]bool{'\t': true, '\n': true, '\r': true, '>': true, '&': true}

const (
	lowBits    = 0x0101010101010101 // 0x01 in every byte
	highBits   = 0x8080808080808080 // 0x80 in every byte
	spaceBytes = 0x20 * lowBits     // ' ' in every byte
)

// maySpecial reports whether one of the eight bytes of w is below 0x0e
// (which takes in tab, newline and carriage return), '&' or '>': a
// superset of the bytes [attrSpecial] holds. Each test is the exact
// "has a byte less than n" of Hacker's Delight (6-1), a zero byte being
// one less than 1 once w is xored with the byte looked for.
func maySpecial(w uint64) bool {
	a, g := w^'&'*lowBits, w^'>'*lowBits
	return ((w-0x0e*lowBits)&^w|(a-lowBits)&^a|(g-lowBits)&^g)&highBits != 0
}

func quoteShort(s string) string {
	if len(s) > 20 {
		s = s[:20] + "…"
	}
	return "'" + s + "'"
}

// canonicalTextToken returns the canonical spelling of a text token. ok is
// false for tokens gtr cannot judge (malformed references).
func canonicalTextToken(tok cst.Token) (string, bool) {
	raw := tok.Text()
	switch tok.Kind() {
	case cst.TokChars:
		return strings.ReplaceAll(raw, ">", "&gt;"), true
	case cst.TokEntityRef, cst.TokCharRef:
		r, ok := refRune(raw)
		if !ok {
			return raw, false
		}
		return textRune(r), true
	}
	return raw, false
}

// canonicalTextRef reports whether an entity reference is one text must
// use, and so canonical already: textRune writes '<', '>' and '&' this way.
func canonicalTextRef(ref []byte) bool {
	switch string(ref) {
	case "&lt;", "&gt;", "&amp;":
		return true
	}
	return false
}

// textRune is how libxml2 writes a character in text content.
func textRune(r rune) string {
	switch r {
	case '<':
		return "&lt;"
	case '>':
		return "&gt;"
	case '&':
		return "&amp;"
	case '\r':
		return "&#13;"
	}
	return string(r)
}

// attrRune is how libxml2 writes a character in an attribute value.
func attrRune(r rune) string {
	switch r {
	case '<':
		return "&lt;"
	case '>':
		return "&gt;"
	case '&':
		return "&amp;"
	case '"':
		return "&quot;"
	case '\n':
		return "&#10;"
	case '\r':
		return "&#13;"
	case '\t':
		return "&#9;"
	}
	return string(r)
}

// canonicalAttrValue rewrites a double-quoted attribute value the canonical
// way: literal whitespace as the space a parser reads, references decoded
// and re-escaped. changed says whether the result differs from raw; the
// result is built only then, from the first unit written differently, since
// most values with a reference are canonical already. ok is false for values
// gtr cannot judge (malformed references).
func canonicalAttrValue(raw []byte) (want string, changed, ok bool) {
	var b strings.Builder
	for i := 0; i < len(raw); {
		var rep string // the canonical spelling of raw[i:j]
		j := i + 1
		switch raw[i] {
		case '\t', '\n':
			rep = " "
		case '\r':
			rep = " "
			if j < len(raw) && raw[j] == '\n' {
				j++
			}
		case '>':
			rep = "&gt;"
		case '&':
			k := bytes.IndexByte(raw[i:], ';')
			if k < 0 {
				return "", false, false
			}
			r, ok := refRune(string(raw[i : i+k+1]))
			if !ok {
				return "", false, false
			}
			rep, j = attrRune(r), i+k+1
		default:
			_, size := utf8.DecodeRune(raw[i:])
			if changed {
				b.Write(raw[i : i+size])
			}
			i += size
			continue
		}
		if !changed && string(raw[i:j]) != rep {
			changed = true
			b.Write(raw[:i])
		}
		if changed {
			b.WriteString(rep)
		}
		i = j
	}
	want = b.String()
	return want, changed && want != string(raw), true
}

// refRune decodes a predefined entity or character reference to the one
// character it stands for.
func refRune(ref string) (rune, bool) {
	text, ok := cst.DecodeReference(ref)
	if !ok {
		return 0, false
	}
	r, size := utf8.DecodeRuneInString(text)
	if size != len(text) {
		return 0, false
	}
	return r, true
}
