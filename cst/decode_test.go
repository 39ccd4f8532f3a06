package cst_test

import (
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
)

// firstElement parses src and returns the root element's first child
// element, or the root element when it has none.
func firstElement(t *testing.T, src string) (*cst.Tree, cst.Node) {
	t.Helper()
	tree := checkTree(t, []byte(src))
	root := tree.RootElement()
	for c := range root.Elements() {
		return tree, c
	}
	return tree, root
}

func TestContent(t *testing.T) {
	cases := []struct {
		name, src, content, all string
		malformed               bool
	}{
		{"plain", `<c>echo hi</c>`, "echo hi", "echo hi", false},
		{"references", `<c>a &amp;&amp; b &lt; c &#65;&#x42; &quot;&apos;&gt;</c>`, `a && b < c AB "'>`, `a && b < c AB "'>`, false},
		{"CDATA", `<c><![CDATA[if [ $x < 1 ]; then &amp; fi]]></c>`, "if [ $x < 1 ]; then &amp; fi", "if [ $x < 1 ]; then &amp; fi", false},
		{"CRLF and lone CR", "<c>a\r\nb\rc\n</c>", "a\nb\nc\n", "a\nb\nc\n", false},
		{"CRLF in CDATA", "<c><![CDATA[a\r\nb]]></c>", "a\nb", "a\nb", false},
		{"text and CDATA mixed", `<c>x=<![CDATA[$y]]>;</c>`, "x=$y;", "x=$y;", false},
		{"comments removed", `<c>a<!-- no -->b</c>`, "ab", "ab", false},
		{"PI skipped", `<c>a<?pi x?>b</c>`, "ab", "ab", false},
		{"stops at the first child", `<c>head<d>inner</d>tail</c>`, "head", "headtail", false},
		{"empty element", `<c/>`, "", "", false},
		{"undefined entity kept", `<c>&foo;</c>`, "&foo;", "&foo;", true},
		{"bare ampersand kept", `<c>a & b</c>`, "a & b", "a & b", true},
		{"invalid char ref kept", `<c>&#0;</c>`, "&#0;", "&#0;", true},
		{"astral char ref", `<c>&#x1F600;</c>`, "😀", "😀", false},
		{"leading zeros", `<c>&#x0000000041;&#0000000066;</c>`, "AB", "AB", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tree, el := firstElement(t, "<r>"+c.src+"</r>")
			if tree.WellFormed() == c.malformed {
				t.Fatalf("well-formed = %v, want %v: %v", tree.WellFormed(), !c.malformed, tree.Errors())
			}
			if got := cst.Content(el).Text; got != c.content {
				t.Errorf("Content = %q, want %q", got, c.content)
			}
			if got := cst.AllContent(el).Text; got != c.all {
				t.Errorf("AllContent = %q, want %q", got, c.all)
			}
		})
	}
}

// TestOffsetMap checks the map of "a&amp;b\r\nc" inside <c>, which starts
// at source offset 3: "a" at 3, "&amp;" at 4-8, "b" at 9, "\r\n" at 10-11,
// "c" at 12; decoded "a&b\nc".
func TestOffsetMap(t *testing.T) {
	tree := checkTree(t, []byte("<c>a&amp;b\r\nc</c>"))
	d := cst.Content(tree.RootElement())
	if d.Text != "a&b\nc" {
		t.Fatalf("decoded %q", d.Text)
	}
	m := d.Map
	for _, c := range []struct{ dec, src, srcEnd int }{
		{0, 3, 3},   // start of "a"
		{1, 4, 4},   // start of "&amp;"; end of "a"
		{2, 9, 9},   // "b"; the end of "&amp;" is 9
		{3, 10, 10}, // "\r\n"
		{4, 12, 12}, // "c"; the end of "\r\n" is 12
		{5, 13, 13}, // end of the text
	} {
		if got := m.Source(c.dec); got != c.src {
			t.Errorf("Source(%d) = %d, want %d", c.dec, got, c.src)
		}
		if got := m.SourceEnd(c.dec); got != c.srcEnd {
			t.Errorf("SourceEnd(%d) = %d, want %d", c.dec, got, c.srcEnd)
		}
	}
	for _, c := range []struct {
		dec, src cst.Span
		verbatim bool
	}{
		{cst.Span{Start: 0, End: 1}, cst.Span{Start: 3, End: 4}, true},
		{cst.Span{Start: 1, End: 2}, cst.Span{Start: 4, End: 9}, false},
		{cst.Span{Start: 0, End: 2}, cst.Span{Start: 3, End: 9}, false},
		{cst.Span{Start: 3, End: 4}, cst.Span{Start: 10, End: 12}, false},
		{cst.Span{Start: 2, End: 5}, cst.Span{Start: 9, End: 13}, false},
		{cst.Span{Start: 4, End: 5}, cst.Span{Start: 12, End: 13}, true},
		{cst.Span{Start: 2, End: 2}, cst.Span{Start: 9, End: 9}, true},
	} {
		if got := m.SourceSpan(c.dec); got != c.src {
			t.Errorf("SourceSpan(%v) = %v, want %v", c.dec, got, c.src)
		}
		if got := m.Verbatim(c.dec); got != c.verbatim {
			t.Errorf("Verbatim(%v) = %v, want %v", c.dec, got, c.verbatim)
		}
	}
	if m.Verbatim(cst.Span{Start: 5, End: 6}) {
		t.Errorf("a range past the text is verbatim")
	}
}

// TestLoneCRIsNotVerbatim is the regression test for a map that called a
// lone "\r" (decoded "\n", one byte each) verbatim.
func TestLoneCRIsNotVerbatim(t *testing.T) {
	tree := checkTree(t, []byte("<c>a\rb</c>"))
	d := cst.Content(tree.RootElement())
	if d.Text != "a\nb" {
		t.Fatalf("decoded %q", d.Text)
	}
	if d.Map.Verbatim(cst.Span{Start: 1, End: 2}) || d.Map.Verbatim(cst.Span{Start: 0, End: 3}) {
		t.Errorf("the normalised CR is reported verbatim")
	}
	if !d.Map.Verbatim(cst.Span{Start: 2, End: 3}) {
		t.Errorf("the b after the CR is not verbatim")
	}
}

func TestEmptyOffsetMap(t *testing.T) {
	var m cst.OffsetMap
	if m.Source(0) != 0 || m.SourceEnd(3) != 0 || !m.Verbatim(cst.Span{}) || m.Verbatim(cst.Span{Start: 0, End: 1}) {
		t.Errorf("zero OffsetMap answers wrongly")
	}
}

func TestAttrValue(t *testing.T) {
	cases := []struct {
		name, raw, want string
	}{
		{"plain", `abc`, "abc"},
		{"references", `a&amp;b&lt;&gt;&quot;&apos;`, `a&b<>"'`},
		{"char refs keep whitespace", `a&#10;b&#13;c&#9;d`, "a\nb\rc\td"},
		{"literal whitespace normalised", "a\tb\nc\r\nd\re", "a b c d e"},
		{"long char ref", `&#x0000000041;`, "A"},
		{"astral", `&#x1F600;`, "😀"},
		{"undefined entity kept", `&foo;`, "&foo;"},
		{"bare ampersand kept", `a & b`, "a & b"},
		{"unterminated reference kept", `&amp`, "&amp"},
		{"non-ASCII", `é ✓`, "é ✓"},
		{"other quote", `it's`, "it's"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tree := cst.Parse("t.xml", []byte(`<x a="`+c.raw+`"/>`))
			a := tree.RootElement().Attr("a")
			if got := a.RawValue(); got != c.raw {
				t.Errorf("RawValue = %q, want %q", got, c.raw)
			}
			if got := a.Value(); got != c.want {
				t.Errorf("Value = %q, want %q", got, c.want)
			}
		})
	}
}

// TestAttrWithoutValue checks the value accessors on broken attributes.
func TestAttrWithoutValue(t *testing.T) {
	for _, src := range []string{`<x a/>`, `<x a=1/>`, `<x a=`, `<x a="1`} {
		a := cst.Parse("t.xml", []byte(src)).RootElement().Attr("a")
		if !a.IsValid() {
			t.Fatalf("%q: attribute a not found", src)
		}
		_ = a.Value()
		_ = a.RawValue()
		if src == `<x a="1` {
			if a.RawValue() != "1" || a.Quote() != '"' {
				t.Errorf("%q: raw %q quote %q", src, a.RawValue(), a.Quote())
			}
		} else if a.RawValue() != "" || a.Quote() != 0 || a.ValueToken().IsValid() {
			t.Errorf("%q: raw %q quote %q", src, a.RawValue(), a.Quote())
		}
	}
}

func TestAppendChars(t *testing.T) {
	for _, tt := range []struct{ raw, want string }{
		{"", ""},
		{"a\nb", "a\nb"},
		{"a\r\nb\rc\r", "a\nb\nc\n"},
		{"\r\r\n\n", "\n\n\n"},
	} {
		if got := string(cst.AppendChars([]byte("x"), []byte(tt.raw))); got != "x"+tt.want {
			t.Errorf("AppendChars(%q) = %q, want %q", tt.raw, got, "x"+tt.want)
		}
	}
}

func TestAppendAttrValue(t *testing.T) {
	for _, c := range []struct{ raw, want string }{
		{"", ""},
		{"plain", "plain"},
		{"a\tb\nc\rd\r\ne", "a b c d e"},
		{"&lt;&amp;&gt;&quot;&apos;", `<&>"'`},
		{"&#9;&#x41;&#10;", "\tA\n"}, // references keep the characters they stand for
		{"&nbsp;x", "&nbsp;x"},       // an entity only a DTD declares stays as written
		{"a & b", "a & b"},
		{"&amp", "&amp"},
		{"\xff\xfe&lt;", "\xff\xfe<"}, // invalid UTF-8 is copied as it is
	} {
		got := cst.AppendAttrValue([]byte("pre:"), c.raw)
		if string(got) != "pre:"+c.want {
			t.Errorf("AppendAttrValue(%q) = %q, want %q", c.raw, got[len("pre:"):], c.want)
		}
	}
}
