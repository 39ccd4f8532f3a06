package fuzz

import (
	"strings"

	"pgregory.net/rapid"
)

// PlausibleDocument generates documents shaped like Galaxy tool files: an
// optional byte order mark, XML declaration and DOCTYPE, comments and
// processing instructions around one root element, nested elements with
// attributes in both quote styles and whitespace (newlines included) around
// '=', text with entity and character references, Cheetah-looking code
// ($x, #if, ${a.b}, \$), @TOKEN@ macros, CDATA, CRLF, lone CR, tabs and
// non-ASCII characters. A few percent of the parts are deliberately wrong
// (undefined entity, bare '&' or '<', "--" in a comment, a mismatched or
// missing end tag, a duplicate attribute, a control character, invalid
// UTF-8, a second root), so that about half the documents are well-formed.
func PlausibleDocument() *rapid.Generator[[]byte] {
	return rapid.Custom(func(t *rapid.T) []byte {
		g := &gen{t: t}
		g.document()
		return []byte(g.b.String())
	})
}

// Document generates what [PlausibleDocument] does and then, half of the
// time, damages it: random bytes spliced in, a range deleted or repeated, or
// the document truncated at a random point.
func Document() *rapid.Generator[[]byte] {
	return rapid.Custom(func(t *rapid.T) []byte {
		doc := PlausibleDocument().Draw(t, "plausible")
		return damage(t, doc)
	})
}

// damage applies up to three random edits to doc.
func damage(t *rapid.T, doc []byte) []byte {
	n := rapid.IntRange(0, 3).Draw(t, "edits")
	if rapid.Bool().Draw(t, "intact") {
		n = 0
	}
	for k := 0; k < n; k++ {
		at := rapid.IntRange(0, len(doc)).Draw(t, "at")
		switch rapid.IntRange(0, 3).Draw(t, "edit") {
		case 0: // splice random bytes in
			junk := rapid.SliceOfN(rapid.Byte(), 1, 8).Draw(t, "junk")
			doc = append(doc[:at:at], append(junk, doc[at:]...)...)
		case 1: // splice markup characters in
			junk := rapid.SampledFrom(markupJunk).Draw(t, "markup")
			doc = append(doc[:at:at], append([]byte(junk), doc[at:]...)...)
		case 2: // delete or repeat a range
			end := rapid.IntRange(at, len(doc)).Draw(t, "end")
			if rapid.Bool().Draw(t, "repeat") {
				doc = append(doc[:end:end], doc[at:]...)
			} else {
				doc = append(doc[:at:at], doc[end:]...)
			}
		case 3: // truncate
			doc = doc[:at]
		}
	}
	return doc
}

var markupJunk = []string{
	"<", ">", "&", "\"", "'", "=", "/", "</", "/>", "<!--", "-->", "<![CDATA[", "]]>", "<?", "?>",
	"<!DOCTYPE", "[", "]", "&#", ";", "\r", "\n", "\t", " ", "\x00", "\xEF\xBB\xBF", "\xC3", "\xFF",
}

// gen builds one document. Its methods draw from t and append to b.
type gen struct {
	t     *rapid.T
	b     strings.Builder
	depth int
}

// badChoice holds one true among many falses, away from both ends: rapid
// draws the ends of a range more often than the middle, and shrinks
// towards the start, which is then a part without a mistake.
var badChoice = func() []bool {
	c := make([]bool, 13)
	c[6] = true
	return c
}()

// bad reports whether to make the next part wrong: a small chance.
func (g *gen) bad(label string) bool {
	return rapid.SampledFrom(badChoice).Draw(g.t, label)
}

func (g *gen) pick(label string, options []string) string {
	return rapid.SampledFrom(options).Draw(g.t, label)
}

// chance reports true with about the given percentage. The window sits in
// the middle of the range for the reason given at badChoice.
func (g *gen) chance(label string, percent int) bool {
	v := rapid.IntRange(0, 99).Draw(g.t, label)
	return 50-percent/2 <= v && v < 50-percent/2+percent
}

func (g *gen) document() {
	if g.chance("bom", 10) {
		g.b.WriteString("\xEF\xBB\xBF")
	}
	if g.chance("decl", 40) {
		g.b.WriteString(g.xmlDecl())
	}
	g.misc()
	if g.chance("doctype", 5) {
		if g.bad("bad-doctype") {
			g.b.WriteString(g.pick("doctype", badDoctypes))
		} else {
			g.b.WriteString(g.pick("doctype", doctypes))
		}
		g.misc()
	}
	g.element()
	g.misc()
	if g.bad("second-root") {
		g.element()
	}
	if g.bad("trailing-text") {
		g.b.WriteString("x")
	}
}

var doctypes = []string{
	"<!DOCTYPE tool>",
	"<!DOCTYPE tool SYSTEM \"tool.dtd\">",
	"<!DOCTYPE tool PUBLIC \"-//G//DTD T//EN\" 'tool.dtd'>",
	"<!DOCTYPE tool [\n  <!ENTITY e \"value\">\n  <!ELEMENT tool ANY>\n  <!-- c -->\n]>",
	"<!DOCTYPE tool [<!ATTLIST tool id CDATA #IMPLIED>]>",
}

var badDoctypes = []string{
	"<!DOCTYPE tool [ junk ]>",
	"<!DOCTYPE>",
	"<!DOCTYPE tool SYSTEM>",
}

func (g *gen) xmlDecl() string {
	q := g.pick("decl-quote", []string{`"`, `'`})
	var b strings.Builder
	b.WriteString("<?xml version=" + q + g.pick("version", []string{"1.0", "1.0", "1.1", "1.3"}) + q)
	if g.chance("encoding", 50) {
		b.WriteString(" encoding=" + q + g.pick("encoding", []string{"UTF-8", "utf-8", "UTF-8", "ISO-8859-1"}) + q)
	}
	if g.chance("standalone", 20) {
		b.WriteString(" standalone=" + q + g.pick("standalone-value", []string{"yes", "no"}) + q)
	}
	b.WriteString(g.pick("decl-space", []string{"", " "}) + "?>")
	b.WriteString(g.newline())
	return b.String()
}

func (g *gen) newline() string {
	return g.pick("newline", []string{"\n", "\n", "\r\n", "\r", ""})
}

// misc writes whitespace, comments and processing instructions outside the
// root element.
func (g *gen) misc() {
	n := rapid.IntRange(0, 3).Draw(g.t, "misc")
	for range n {
		switch rapid.IntRange(0, 2).Draw(g.t, "misc-kind") {
		case 0:
			g.b.WriteString(g.pick("space", []string{" ", "\n", "\r\n", "\t", "  \n"}))
		case 1:
			g.b.WriteString(g.comment())
		case 2:
			g.b.WriteString(g.pi())
		}
	}
}

func (g *gen) comment() string {
	body := g.pick("comment", []string{" c ", "", " <param name=\"x\"/> ", " a - b ", " é ", "\n  multi\r\n  line\n"})
	if g.bad("double-dash") {
		body += "--"
	}
	return "<!--" + body + "-->"
}

func (g *gen) pi() string {
	return g.pick("pi", []string{"<?pi?>", "<?pi data?>", "<?xml-stylesheet href=\"a.xsl\"?>", "<?t\n a='1'?>"})
}

var elementNames = []string{"tool", "command", "param", "macros", "xml", "token", "when", "e", "a:b", "\u00e9l", "_x-1.2"}
var attrNames = []string{"name", "id", "type", "value", "argument", "label", "optional", "a:b", "xmlns:a", "\u00e9"}

func (g *gen) element() {
	name := g.pick("element", elementNames)
	g.b.WriteString("<" + name)
	g.attributes()
	g.b.WriteString(g.pick("before-gt", []string{"", "", " ", "\n  ", "\t"}))
	if g.depth >= 4 || g.chance("empty", 30) {
		g.b.WriteString("/>")
		return
	}
	g.b.WriteString(">")
	g.depth++
	n := rapid.IntRange(0, 4).Draw(g.t, "children")
	for range n {
		g.content()
	}
	g.depth--
	switch {
	case g.bad("missing-end-tag"):
	case g.bad("mismatched-end-tag"):
		g.b.WriteString("</" + g.pick("wrong-name", elementNames) + ">")
	default:
		g.b.WriteString("</" + name + g.pick("end-space", []string{"", "", " ", "\n"}) + ">")
	}
}

func (g *gen) attributes() {
	n := rapid.IntRange(0, 3).Draw(g.t, "attrs")
	used := map[string]bool{}
	for range n {
		name := g.pick("attr", attrNames)
		if used[name] && !g.bad("duplicate-attr") {
			continue
		}
		used[name] = true
		g.b.WriteString(g.pick("attr-space", []string{" ", " ", "\n    ", "\t", "\r\n  "}))
		g.b.WriteString(name)
		g.b.WriteString(g.pick("eq", []string{"=", "=", " = ", "\n=\n", "\t=", "= "}))
		q := g.pick("quote", []string{`"`, `"`, `'`})
		g.b.WriteString(q + g.value(q) + q)
	}
}

// value returns an attribute value to be written between quotes q.
func (g *gen) value(q string) string {
	var b strings.Builder
	n := rapid.IntRange(0, 4).Draw(g.t, "value-parts")
	for range n {
		part := g.pick("value-part", []string{
			"x", "input.fastq", "$input", "${a.b}", "@TOKEN@", "a > b", "&amp;", "&lt;", "&quot;", "&apos;",
			"&#10;", "&#x41;", " ", "\t", "\n", "\r\n", "\u00e9", "\u2713", "\U0001F600", "\u00a0", `"`, `'`,
		})
		if part == q {
			part = "&quot;"
		}
		if g.bad("value-error") {
			part = g.pick("value-bad", []string{"<", "&", "&foo;", "&#0;", "\x01", "\xFF", "&amp"})
		}
		b.WriteString(part)
	}
	return b.String()
}

func (g *gen) content() {
	switch rapid.IntRange(0, 5).Draw(g.t, "content") {
	case 0, 1:
		g.b.WriteString(g.text())
	case 2:
		g.element()
	case 3:
		g.b.WriteString(g.cdata())
	case 4:
		g.b.WriteString(g.comment())
	case 5:
		g.b.WriteString(g.pick("indent", []string{"\n  ", "\r\n\t", "\n", " "}))
	}
}

func (g *gen) text() string {
	var b strings.Builder
	n := rapid.IntRange(1, 5).Draw(g.t, "text-parts")
	for range n {
		part := g.pick("text-part", []string{
			"cat", " ", "\n", "\r\n", "\r", "\t", "$input", "${a.b}", "\\$HOME", "#if $x:\n", "#end if\n",
			"## comment\n", "#set $y = 1\n", "@TOKEN@", "a > b", "]]", "&amp;&amp;", "&lt;", "&gt;", "&quot;",
			"&apos;", "&#65;", "&#x1F600;", "\u00e9", "\u2713", "\U0001F600", "\u00a0", "\u200b",
		})
		if g.bad("text-error") {
			part = g.pick("text-bad", []string{
				"&", "a && b", "&foo;", "&#0;", "&#xD800;", "&#X41;", "<", "a < b", "]]>", "\x01", "\x0c",
				"\xFF", "\xC3", "\xEF\xBF\xBE",
			})
		}
		b.WriteString(part)
	}
	return b.String()
}

func (g *gen) cdata() string {
	body := g.pick("cdata", []string{"", "echo '$x' > '$out'", "a < b && c", "#if $x\r\n  y\r\n#end if", "]]", "<!DOCTYPE html>"})
	if g.bad("unclosed-cdata") {
		return "<![CDATA[" + body
	}
	return "<![CDATA[" + body + "]]>"
}
