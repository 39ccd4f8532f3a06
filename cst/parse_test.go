package cst_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
)

// tokenCase is a small input with its exact token sequence and node outline.
type tokenCase struct {
	name string
	src  string
	toks string // "Kind \"text\"" per token, joined by " | "
	tree string // node kinds, children in parentheses
}

// tokenCases cover every token kind and every node kind, and the spellings
// of the real corpus (corpus notes §1-5): both quote styles, whitespace and
// newlines around '=', CRLF, lone CR, tabs, non-ASCII, XML declarations.
var tokenCases = []tokenCase{
	{"empty element", `<x/>`,
		`LT "<" | Name "x" | SlashGT "/>"`,
		`Document(Element(StartTag))`},
	{"empty element with space", `<x />`,
		`LT "<" | Name "x" | Space " " | SlashGT "/>"`,
		`Document(Element(StartTag))`},
	{"BOM", "\ufeff<x/>",
		`BOM "\ufeff" | LT "<" | Name "x" | SlashGT "/>"`,
		`Document(Element(StartTag))`},
	{"double-quoted attribute", `<x a="1"/>`,
		`LT "<" | Name "x" | Space " " | Name "a" | Eq "=" | Value "\"1\"" | SlashGT "/>"`,
		`Document(Element(StartTag(Attribute)))`},
	{"single-quoted attribute and end tag", `<x a='1'></x>`,
		`LT "<" | Name "x" | Space " " | Name "a" | Eq "=" | Value "'1'" | GT ">" | LTSlash "</" | Name "x" | GT ">"`,
		`Document(Element(StartTag(Attribute) EndTag))`},
	{"newline and tab around =", "<x a\n=\t'1'\n/>",
		`LT "<" | Name "x" | Space " " | Name "a" | Space "\n" | Eq "=" | Space "\t" | Value "'1'" | Space "\n" | SlashGT "/>"`,
		`Document(Element(StartTag(Attribute)))`},
	{"spaces around = and before >", `<x a = "1" >`,
		`LT "<" | Name "x" | Space " " | Name "a" | Space " " | Eq "=" | Space " " | Value "\"1\"" | Space " " | GT ">"`,
		`Document(Element(StartTag(Attribute)))`},
	{"two attributes", `<x a="1" b='2'/>`,
		`LT "<" | Name "x" | Space " " | Name "a" | Eq "=" | Value "\"1\"" | Space " " | Name "b" | Eq "=" | Value "'2'" | SlashGT "/>"`,
		`Document(Element(StartTag(Attribute Attribute)))`},
	{"CRLF", "<x>\r\n</x>\r\n",
		`LT "<" | Name "x" | GT ">" | Chars "\r\n" | LTSlash "</" | Name "x" | GT ">" | Space "\r\n"`,
		`Document(Element(StartTag Text EndTag))`},
	{"CRLF inside a tag", "<x\r\n  a=\"1\"\r\n/>",
		`LT "<" | Name "x" | Space "\r\n  " | Name "a" | Eq "=" | Value "\"1\"" | Space "\r\n" | SlashGT "/>"`,
		`Document(Element(StartTag(Attribute)))`},
	{"lone CR", "<x>\r</x>",
		`LT "<" | Name "x" | GT ">" | Chars "\r" | LTSlash "</" | Name "x" | GT ">"`,
		`Document(Element(StartTag Text EndTag))`},
	{"tabs", "<x\ta='\t'>\t</x>",
		`LT "<" | Name "x" | Space "\t" | Name "a" | Eq "=" | Value "'\t'" | GT ">" | Chars "\t" | LTSlash "</" | Name "x" | GT ">"`,
		`Document(Element(StartTag(Attribute) Text EndTag))`},
	{"non-ASCII", "<é a='ü'>✓ 😀\u00a0</é>",
		`LT "<" | Name "é" | Space " " | Name "a" | Eq "=" | Value "'ü'" | GT ">" | Chars "✓ 😀\u00a0" | LTSlash "</" | Name "é" | GT ">"`,
		`Document(Element(StartTag(Attribute) Text EndTag))`},
	{"invalid UTF-8", "<x>a\xffb</x>",
		`LT "<" | Name "x" | GT ">" | Chars "a\xffb" | LTSlash "</" | Name "x" | GT ">"`,
		`Document(Element(StartTag Text EndTag))`},
	{"XML declaration with single quotes", "<?xml version='1.0' encoding='UTF-8'?>\n<x/>",
		`XMLDecl "<?xml version='1.0' encoding='UTF-8'?>" | Space "\n" | LT "<" | Name "x" | SlashGT "/>"`,
		`Document(XMLDecl Element(StartTag))`},
	{"XML declaration 1.1", `<?xml version="1.1"?><x/>`,
		`XMLDecl "<?xml version=\"1.1\"?>" | LT "<" | Name "x" | SlashGT "/>"`,
		`Document(XMLDecl Element(StartTag))`},
	{"XML declaration 1.3 after BOM", "\ufeff<?xml version=\"1.3\" ?>\r\n<x/>",
		`BOM "\ufeff" | XMLDecl "<?xml version=\"1.3\" ?>" | Space "\r\n" | LT "<" | Name "x" | SlashGT "/>"`,
		`Document(XMLDecl Element(StartTag))`},
	{"text before the first element", "hi<x/>",
		`Chars "hi" | LT "<" | Name "x" | SlashGT "/>"`,
		`Document(Text Element(StartTag))`},
	{"whitespace around the root", " \n<x/>\n",
		`Space " \n" | LT "<" | Name "x" | SlashGT "/>" | Space "\n"`,
		`Document(Element(StartTag))`},
	{"comments before and after the root", "<!-- a -->\n<x/><!-- b -->",
		`Comment "<!-- a -->" | Space "\n" | LT "<" | Name "x" | SlashGT "/>" | Comment "<!-- b -->"`,
		`Document(Comment Element(StartTag) Comment)`},
	{"references", `<x>a&amp;b&#65;&#x42;</x>`,
		`LT "<" | Name "x" | GT ">" | Chars "a" | EntityRef "&amp;" | Chars "b" | CharRef "&#65;" | CharRef "&#x42;" | LTSlash "</" | Name "x" | GT ">"`,
		`Document(Element(StartTag Text EndTag))`},
	{"CDATA", `<x><![CDATA[a<b&c]]></x>`,
		`LT "<" | Name "x" | GT ">" | CDATA "<![CDATA[a<b&c]]>" | LTSlash "</" | Name "x" | GT ">"`,
		`Document(Element(StartTag CDATA EndTag))`},
	{"mixed content", `<x>a<!--c-->b<y/>c</x>`,
		`LT "<" | Name "x" | GT ">" | Chars "a" | Comment "<!--c-->" | Chars "b" | LT "<" | Name "y" | SlashGT "/>" | Chars "c" | LTSlash "</" | Name "x" | GT ">"`,
		`Document(Element(StartTag Text Comment Text Element(StartTag) Text EndTag))`},
	{"processing instructions", `<?pi data?><x><?q?></x>`,
		`PI "<?pi data?>" | LT "<" | Name "x" | GT ">" | PI "<?q?>" | LTSlash "</" | Name "x" | GT ">"`,
		`Document(PI Element(StartTag PI EndTag))`},
	{"DOCTYPE with internal subset", `<!DOCTYPE x [<!ENTITY e 'v'>]><x>&e;</x>`,
		`Doctype "<!DOCTYPE x [<!ENTITY e 'v'>]>" | LT "<" | Name "x" | GT ">" | EntityRef "&e;" | LTSlash "</" | Name "x" | GT ">"`,
		`Document(Doctype Element(StartTag Text EndTag))`},
	{"space in end tag", "<x></x\n>",
		`LT "<" | Name "x" | GT ">" | LTSlash "</" | Name "x" | Space "\n" | GT ">"`,
		`Document(Element(StartTag EndTag))`},
	{"Cheetah and macro tokens", `<command>#if $a: ${b.c} \$d @TOKEN@</command>`,
		`LT "<" | Name "command" | GT ">" | Chars "#if $a: ${b.c} \\$d @TOKEN@" | LTSlash "</" | Name "command" | GT ">"`,
		`Document(Element(StartTag Text EndTag))`},
	{"bare < is an error token", `<x>a < b</x>`,
		`LT "<" | Name "x" | GT ">" | Chars "a " | Error "<" | Chars " b" | LTSlash "</" | Name "x" | GT ">"`,
		`Document(Element(StartTag Text EndTag))`},
	{"bare & is an error token", `<x>&</x>`,
		`LT "<" | Name "x" | GT ">" | Error "&" | LTSlash "</" | Name "x" | GT ">"`,
		`Document(Element(StartTag Text EndTag))`},
	{"unquoted value is an error token", `<x a=1/>`,
		`LT "<" | Name "x" | Space " " | Name "a" | Eq "=" | Error "1" | SlashGT "/>"`,
		`Document(Element(StartTag(Attribute)))`},
	{"junk in a start tag", `<x ?? a="1">`,
		`LT "<" | Name "x" | Space " " | Error "??" | Space " " | Name "a" | Eq "=" | Value "\"1\"" | GT ">"`,
		`Document(Element(StartTag(Attribute)))`},
	{"junk in an end tag", `<x></x y="1">`,
		`LT "<" | Name "x" | GT ">" | LTSlash "</" | Name "x" | Space " " | Error "y=\"1\"" | GT ">"`,
		`Document(Element(StartTag EndTag))`},
	{"unclosed value runs to the end", `<x a="1/>`,
		`LT "<" | Name "x" | Space " " | Name "a" | Eq "=" | Value "\"1/>"`,
		`Document(Element(StartTag(Attribute)))`},
	{"mismatched end tag closes the named element", `<x><y></x>`,
		`LT "<" | Name "x" | GT ">" | LT "<" | Name "y" | GT ">" | LTSlash "</" | Name "x" | GT ">"`,
		`Document(Element(StartTag Element(StartTag) EndTag))`},
	{"stray end tag stays in its parent", `<x></y></x>`,
		`LT "<" | Name "x" | GT ">" | LTSlash "</" | Name "y" | GT ">" | LTSlash "</" | Name "x" | GT ">"`,
		`Document(Element(StartTag EndTag EndTag))`},
	{"empty input", ``, ``, `Document`},
}

// tokenString renders a tree's tokens in the tokenCase format.
func tokenString(tree *cst.Tree) string {
	var parts []string
	for tok := range tree.Tokens() {
		parts = append(parts, fmt.Sprintf("%v %q", tok.Kind(), tok.Text()))
	}
	return strings.Join(parts, " | ")
}

// outline renders the node kinds of a subtree, children in parentheses.
func outline(n cst.Node) string {
	var parts []string
	for c := range n.Children() {
		parts = append(parts, outline(c))
	}
	if len(parts) == 0 {
		return n.Kind().String()
	}
	return n.Kind().String() + "(" + strings.Join(parts, " ") + ")"
}

func TestTokens(t *testing.T) {
	for _, c := range tokenCases {
		t.Run(c.name, func(t *testing.T) {
			tree := checkTree(t, []byte(c.src))
			if got := tokenString(tree); got != c.toks {
				t.Errorf("tokens of %q:\ngot  %s\nwant %s", c.src, got, c.toks)
			}
			if got := outline(tree.Root()); got != c.tree {
				t.Errorf("tree of %q:\ngot  %s\nwant %s", c.src, got, c.tree)
			}
		})
	}
}

// TestTokenCasesCoverKinds checks that tokenCases show every token kind and
// every node kind at least once.
func TestTokenCasesCoverKinds(t *testing.T) {
	toks := map[cst.TokKind]bool{}
	nodes := map[cst.Kind]bool{}
	for _, c := range tokenCases {
		tree := cst.Parse("t.xml", []byte(c.src))
		for tok := range tree.Tokens() {
			toks[tok.Kind()] = true
		}
		for n := range tree.Root().Descendants() {
			nodes[n.Kind()] = true
		}
	}
	for k := cst.TokBOM; k <= cst.TokError; k++ {
		if !toks[k] {
			t.Errorf("no token case shows a %v token", k)
		}
	}
	for k := cst.KindDocument; k <= cst.KindCDATA; k++ {
		if !nodes[k] {
			t.Errorf("no token case shows a %v node", k)
		}
	}
}

func TestKindStrings(t *testing.T) {
	for k := cst.TokInvalid; k <= cst.TokError; k++ {
		if s := k.String(); s == "" || strings.HasPrefix(s, "TokKind(") {
			t.Errorf("TokKind %d has no name", k)
		}
	}
	for k := cst.KindInvalid; k <= cst.KindCDATA; k++ {
		if s := k.String(); s == "" || strings.HasPrefix(s, "Kind(") {
			t.Errorf("Kind %d has no name", k)
		}
	}
	if s := cst.TokKind(200).String(); s != "TokKind(?)" {
		t.Errorf("unknown TokKind prints %q", s)
	}
	if s := cst.Kind(200).String(); s != "Kind(?)" {
		t.Errorf("unknown Kind prints %q", s)
	}
}

// TestNodeAccessors checks the element and attribute helpers on one tool.
func TestNodeAccessors(t *testing.T) {
	src := "<tool id=\"cat\" name='a &amp; b'\n  version=\"1\tx\r\ny\">\n" +
		"  <command><![CDATA[cat]]></command>\n" +
		"  <param name=\"p\" />\n" +
		"  <param name=\"q\"></param>\n" +
		"</tool>\n"
	tree := checkTree(t, []byte(src))
	root := tree.RootElement()
	if !root.Is("tool") || root.Name() != "tool" || root.Is("macros") {
		t.Fatalf("root element is %q", root.Name())
	}
	if v, ok := root.AttrValue("id"); !ok || v != "cat" {
		t.Errorf(`AttrValue("id") = %q, %v`, v, ok)
	}
	if _, ok := root.AttrValue("missing"); ok {
		t.Errorf(`AttrValue("missing") reports presence`)
	}
	name := root.Attr("name")
	if got := name.Value(); got != "a & b" {
		t.Errorf("decoded name = %q", got)
	}
	if got := name.RawValue(); got != "a &amp; b" {
		t.Errorf("raw name = %q", got)
	}
	if name.Quote() != '\'' || root.Attr("id").Quote() != '"' {
		t.Errorf("quotes %q %q", name.Quote(), root.Attr("id").Quote())
	}
	if got := root.Get("version"); got != "1 x y" {
		t.Errorf("normalised version = %q, want tab and CRLF as one space each", got)
	}
	var names []string
	for a := range root.Attrs() {
		names = append(names, a.Name())
	}
	if got := strings.Join(names, ","); got != "id,name,version" {
		t.Errorf("Attrs = %s", got)
	}
	var params []string
	for p := range root.ElementsNamed("param") {
		params = append(params, p.Get("name"))
		if p.SelfClosing() != (p.Get("name") == "p") {
			t.Errorf("param %s: SelfClosing = %v", p.Get("name"), p.SelfClosing())
		}
		if p.SelfClosing() == p.EndTag().IsValid() {
			t.Errorf("param %s: EndTag valid = %v", p.Get("name"), p.EndTag().IsValid())
		}
	}
	if got := strings.Join(params, ","); got != "p,q" {
		t.Errorf("params = %s", got)
	}
	cmd := root.Element("command")
	if cs := cmd.ContentSpan(); string(tree.Source()[cs.Start:cs.End]) != "<![CDATA[cat]]>" {
		t.Errorf("command content = %q", tree.Source()[cs.Start:cs.End])
	}
	if root.Element("nope").IsValid() {
		t.Errorf("Element of a missing name is valid")
	}
	n := 0
	for c := range root.Content() {
		if c.Kind() == cst.KindText && !c.IsWhitespace() {
			t.Errorf("text %q between the tool's children is not whitespace", c.Text())
		}
		n++
	}
	if n != 7 { // 4 whitespace texts and 3 elements
		t.Errorf("tool has %d content nodes, want 7", n)
	}
	if got := root.Pos(); got.Line != 1 || got.Column != 1 {
		t.Errorf("root at %v", got)
	}
	if got := root.Element("command").Pos().String(); got != "prop.xml:4:3" {
		t.Errorf("command at %s", got)
	}
}

// TestZeroValues checks that the zero Node and Token answer with zero
// values instead of panicking.
func TestZeroValues(t *testing.T) {
	var n cst.Node
	var tok cst.Token
	if n.IsValid() || n.Kind() != cst.KindInvalid || n.Span() != (cst.Span{}) || n.Bytes() != nil ||
		n.Parent().IsValid() || n.FirstChild().IsValid() || n.NextSibling().IsValid() || n.Name() != "" ||
		n.StartTag().IsValid() || n.Attr("a").IsValid() || n.Get("a") != "" || n.Pos().IsValid() {
		t.Errorf("zero Node is not zero")
	}
	for range n.Children() {
		t.Errorf("zero Node has children")
	}
	for range n.Descendants() {
		t.Errorf("zero Node has descendants")
	}
	if tok.IsValid() || tok.Kind() != cst.TokInvalid || tok.Span() != (cst.Span{}) || tok.Bytes() != nil ||
		tok.Node().IsValid() || tok.Next().IsValid() || tok.Prev().IsValid() {
		t.Errorf("zero Token is not zero")
	}
	tree := cst.Parse("t.xml", []byte("<x/>"))
	if tree.TokenAt(-1).IsValid() || tree.TokenAt(4).IsValid() {
		t.Errorf("TokenAt outside the source is valid")
	}
	if tree.RootElement().Name() != "x" || cst.Parse("e.xml", nil).RootElement().IsValid() {
		t.Errorf("RootElement")
	}
}

// TestLinearTime parses inputs that would take minutes if some step were
// quadratic in the number of elements, attributes or errors.
func TestLinearTime(t *testing.T) {
	const n = 100000
	var attrs strings.Builder
	for i := range n {
		fmt.Fprintf(&attrs, " a%d=\"\"", i)
	}
	cases := map[string]string{
		"elements after the root":   "<r/>" + strings.Repeat("<a/>t", n),
		"attributes on one element": "<r" + attrs.String() + " a0=\"\"/>",
		"unclosed end tags":         "<r>" + strings.Repeat("</r x", n),
		"unclosed elements":         strings.Repeat("<a>", n),
		"mismatched end tags":       "<r>" + strings.Repeat("<a></b>", n) + "</r>",
		"bare ampersands":           "<r>" + strings.Repeat("& ", n) + "</r>",
		"quotes in a tag":           "<r " + strings.Repeat(`"<" `, n) + ">",
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			tree := cst.Parse("big.xml", []byte(src))
			if string(tree.Bytes()) != src {
				t.Fatal("round trip differs")
			}
			if tree.WellFormed() || len(tree.Errors()) > 101 {
				t.Errorf("%d errors", len(tree.Errors()))
			}
		})
	}
}
