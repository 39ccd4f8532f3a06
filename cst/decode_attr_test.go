package cst

import (
	"testing"

	"pgregory.net/rapid"
)

// checkAttrContent checks AttrContent on every attribute of src: its text
// is the attribute's Value, and each verbatim stretch of it maps onto the
// same bytes of the source.
func checkAttrContent(t interface{ Fatalf(string, ...any) }, src string) {
	tr := Parse("t.xml", []byte(src))
	for n := range tr.Root().Descendants() {
		if n.Kind() != KindAttribute {
			continue
		}
		d := AttrContent(n)
		if d.Text != n.Value() {
			t.Fatalf("AttrContent of %q = %q, Value %q", n.Bytes(), d.Text, n.Value())
		}
		for i := 0; i < len(d.Text); i++ {
			s := Span{Start: i, End: i + 1}
			if !d.Map.Verbatim(s) {
				continue
			}
			o := d.Map.Source(i)
			if src[o] != d.Text[i] {
				t.Fatalf("byte %d of %q maps to source %d (%q)", i, d.Text, o, src[o])
			}
		}
		vs := n.ValueSpan()
		if sp := d.Map.SourceSpan(Span{0, len(d.Text)}); len(d.Text) > 0 && sp != vs {
			t.Fatalf("the whole of %q maps to %v, the value is at %v", d.Text, sp, vs)
		}
	}
}

func TestAttrContent(t *testing.T) {
	for _, src := range []string{
		`<a x="plain"/>`,
		`<a x="a &amp; b &lt;c&gt; &#65;&#x42;"/>`,
		"<a x='tab\there\nnl\r\ncrlf\rcr'/>",
		`<a x="&unknown; &amp"/>`,
		`<a x=""/>`,
		`<a x="é &quot;q&quot;"/>`,
	} {
		checkAttrContent(t, src)
	}
	d := AttrContent(Parse("t.xml", []byte(`<a x="p &amp; $q"/>`)).Root().Element("a").Attr("x"))
	if got := d.Map.SourceSpan(Span{Start: 4, End: 6}); got != (Span{Start: 14, End: 16}) || !d.Map.Verbatim(Span{Start: 4, End: 6}) {
		t.Errorf("$q after a reference maps to %v (verbatim %v), want [14,16)", got, d.Map.Verbatim(Span{Start: 4, End: 6}))
	}
	if d.Map.Verbatim(Span{Start: 1, End: 4}) {
		t.Error("a stretch over a reference is verbatim")
	}
}

func TestAttrContentProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := rapid.StringOfN(rapid.SampledFrom([]rune{'a', ' ', '\t', '\n', '\r', '&', ';', '#', 'x', '1', 'é', '<', '"'}), 0, 24, -1).Draw(t, "value")
		checkAttrContent(t, `<a x='`+v+`'/>`)
	})
}
