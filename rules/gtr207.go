package rules

import (
	"bytes"
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
	for n := range p.Tree.Root().Descendants() {
		switch n.Kind() {
		case cst.KindText:
			for tok := range n.Tokens() {
				// Plain text without '>' is canonical already.
				if tok.Kind() == cst.TokChars && bytes.IndexByte(tok.Bytes(), '>') < 0 {
					continue
				}
				want, ok := canonicalTextToken(tok)
				if !ok || want == tok.Text() {
					continue
				}
				msg := "'>' in text is written &gt; canonically"
				if tok.Kind() != cst.TokChars {
					msg = "reference " + tok.Text() + " is written " + quoteShort(want) + " canonically"
				}
				p.FixSpan(tok.Span(), msg, rewrite.ReplaceSpan(tok.Span(), want))
			}
		case cst.KindAttribute:
			// Single-quoted values are GTR203's first.
			if n.Quote() != '"' || !n.ValueToken().IsValid() {
				continue
			}
			vs := n.ValueSpan()
			if bytes.IndexAny(p.Tree.Source()[vs.Start:vs.End], "\t\n\r>&") < 0 {
				continue
			}
			raw := n.RawValue()
			want, ok := canonicalAttrValue(raw)
			if ok && want != raw {
				p.FixSpan(n.ValueSpan(), "value of "+n.Name()+" is not escaped canonically",
					rewrite.ReplaceSpan(n.ValueSpan(), want))
			}
		}
	}
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
// and re-escaped.
func canonicalAttrValue(raw string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(raw); {
		c := raw[i]
		switch c {
		case '\t', '\n':
			b.WriteByte(' ')
			i++
		case '\r':
			b.WriteByte(' ')
			i++
			if i < len(raw) && raw[i] == '\n' {
				i++
			}
		case '>':
			b.WriteString("&gt;")
			i++
		case '&':
			j := strings.IndexByte(raw[i:], ';')
			if j < 0 {
				return raw, false
			}
			r, ok := refRune(raw[i : i+j+1])
			if !ok {
				return raw, false
			}
			b.WriteString(attrRune(r))
			i += j + 1
		default:
			_, size := utf8.DecodeRuneInString(raw[i:])
			b.WriteString(raw[i : i+size])
			i += size
		}
	}
	return b.String(), true
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
