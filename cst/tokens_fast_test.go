package cst_test

import (
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"pgregory.net/rapid"
)

// TestTokenList holds the view to the tree's own accessors on documents
// well-formed or not, the empty one included.
func TestTokenList(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		pieces := []string{"<tool", " id=\"a\"", ">", "</tool>", "<![CDATA[x]]>", "<!-- c -->", "&amp;", "&#", "text", "\r\n", "<", "/>", "'", "<?pi x?>", ""}
		src := ""
		for _, p := range rapid.SliceOfN(rapid.SampledFrom(pieces), 0, 30).Draw(t, "pieces") {
			src += p
		}
		tree := cst.Parse("t.xml", []byte(src))
		l := tree.TokenList()
		if l.Len() != tree.NumTokens() {
			t.Fatalf("Len %d, NumTokens %d", l.Len(), tree.NumTokens())
		}
		for i := range l.Len() {
			if l.Kind(i) != tree.TokenKind(i) || l.Span(i) != tree.TokenSpan(i) {
				t.Fatalf("token %d: %v %v, tree says %v %v", i, l.Kind(i), l.Span(i), tree.TokenKind(i), tree.TokenSpan(i))
			}
		}
	})
	var zero cst.TokenList
	if zero.Len() != 0 {
		t.Fatal("zero TokenList is not empty")
	}
}
