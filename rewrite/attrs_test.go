package rewrite

import (
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
)

func TestInsertAttrs(t *testing.T) {
	for _, c := range []struct {
		src, want string
		edit      func(el cst.Node) Edit
	}{
		{`<a/>`, `<a x="1&amp;2"/>`, func(el cst.Node) Edit { return InsertFirstAttr(el, "x", "1&2") }},
		{`<a b='q' c="r"/>`, `<a x='it&apos;s' b='q' c="r"/>`, func(el cst.Node) Edit { return InsertFirstAttr(el, "x", "it's") }},
		{`<a b='q' c="r"/>`, `<a b='q' c="r" x="1"/>`, func(el cst.Node) Edit { return InsertAttr(el, "x", "1", "") }},
		{`<a b='q' c="r"/>`, `<a b='q' x='1' c="r"/>`, func(el cst.Node) Edit { return InsertAttr(el, "x", "1", "b") }},
		{`<a></a>`, `<a x="1"></a>`, func(el cst.Node) Edit { return InsertAttr(el, "x", "1", "b") }},
	} {
		tree := cst.Parse("t.xml", []byte(c.src))
		e := c.edit(tree.RootElement())
		got := c.src[:e.Start] + e.New + c.src[e.End:]
		if got != c.want {
			t.Errorf("%s: got %s, want %s", c.src, got, c.want)
		}
	}
}

func TestEscapeText(t *testing.T) {
	for in, want := range map[string]string{
		"plain":            "plain",
		"a < b && c > d":   "a &lt; b &amp;&amp; c &gt; d",
		"]]> &amp; stays?": "]]&gt; &amp;amp; stays?",
	} {
		if got := EscapeText(in); got != want {
			t.Errorf("EscapeText(%q) = %q, want %q", in, got, want)
		}
	}
}
