package cst

import (
	"strings"
	"testing"
)

func TestNodeCovering(t *testing.T) {
	src := `<tool a="1"><x/>text<![CDATA[c]]></tool>`
	tree := Parse("t.xml", []byte(src))
	at := func(sub string) Span {
		i := strings.Index(src, sub)
		return Span{Start: i, End: i + len(sub)}
	}
	for _, c := range []struct {
		span Span
		kind Kind
		text string
	}{
		{at(`<tool a="1"><x/>text<![CDATA[c]]></tool>`), KindElement, src},
		{at(`<x/>`), KindElement, `<x/>`}, // the element, not its start tag of the same span
		{at(`1`), KindAttribute, `a="1"`},
		{at(`ex`), KindText, `text`},
		{at(`c]`), KindCDATA, `<![CDATA[c]]>`},
		{Span{Start: len(src), End: len(src)}, KindEndTag, `</tool>`}, // an empty span at the end of the file
	} {
		n := tree.NodeCovering(c.span)
		if n.Kind() != c.kind || n.Text() != c.text {
			t.Errorf("NodeCovering(%v) = %v %q, want %v %q", c.span, n.Kind(), n.Text(), c.kind, c.text)
		}
	}
	if n := tree.NodeCovering(Span{Start: len(src) + 5, End: len(src) + 6}); n.IsValid() {
		t.Errorf("a span past the file: got %v, want the zero Node", n.Kind())
	}
}
