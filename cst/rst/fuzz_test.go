package rst

import (
	"os"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// rstPieces are fragments that generated texts are made of: markup that
// starts constructs, breaks them, or nests them.
var rstPieces = []string{
	"\n", "\n\n", "  ", "    ", "\t", "text", "word ", "Title\n=====\n", "=====\nT\n=====\n",
	"----\n", "* ", "- ", "1. ", "#. ", "(a) ", ":field: ", "-o  ", "--opt=X  ", "::\n\n", "> ",
	"| ", ">>> ", ".. ", ".. _t: ", "__ ", ".. |s| replace:: x\n", ".. note:: ", ".. image:: p.png\n",
	".. class:: c\n", ".. code-block:: sh\n\n   x\n", ".. [1] ", "[1]_", "[#]_", "*", "**", "``", "`",
	"`a <http://x>`_", "t_", "x__", "|s|", ":sub:`x`", ":bad:`x`", "http://a.org/b", "a@b.org",
	"+---+---+\n| a | b |\n+---+---+\n", "===  ===\na    b\n===  ===\n", "\\", "\u2022 ", "é", "中文",
	"\u00a0", "\r\n", "\x1c",
}

// genRST generates reStructuredText-like text from rstPieces.
func genRST(t *rapid.T) string {
	n := rapid.IntRange(0, 40).Draw(t, "n")
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString(rapid.SampledFrom(rstPieces).Draw(t, "piece"))
	}
	return b.String()
}

// checkInvariants parses text and checks what must hold for any input: no
// panic, spans inside the text, messages with valid levels, HTML made, and
// Check's verdict the document's.
func checkInvariants(t interface {
	Helper()
	Errorf(string, ...any)
}, text string) {
	t.Helper()
	doc := Parse(text)
	n := len(text)
	doc.Root.Walk(func(x *Node) bool {
		if x.Span.Start < 0 || x.Span.End > n || x.Span.Start > x.Span.End {
			t.Errorf("%s span %v outside the text [0,%d) of %q", x.Kind, x.Span, n, text)
		}
		return true
	})
	for _, m := range doc.Messages {
		if m.Level < LevelInfo || m.Level > LevelSevere {
			t.Errorf("message %q has level %d", m.Text, m.Level)
		}
		if m.Span.Start < 0 || m.Span.End > n || m.Span.Start > m.Span.End {
			t.Errorf("message %q span %v outside the text [0,%d)", m.Text, m.Span, n)
		}
	}
	_ = HTML(doc)
	if got, want := Check(text), doc.Invalid(); !sameMessage(got, want) {
		t.Errorf("Check(%q) = %v, want %v", text, got, want)
	}
}

// sameMessage reports whether a and b are both nil or say the same: level,
// line, span, text and details.
func sameMessage(a, b *Message) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.String() == b.String() && a.Span == b.Span
}

// TestPropertyInvariants checks the reader's invariants on generated text.
func TestPropertyInvariants(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) { checkInvariants(t, genRST(t)) })
}

// FuzzParse checks the reader's invariants on arbitrary text. It is seeded
// with the table cases; failing inputs are kept under
// testdata/fuzz/FuzzParse/.
//
//	go test -run='^$' -fuzz='^FuzzParse$' -fuzztime=5m ./cst/rst/
func FuzzParse(f *testing.F) {
	if b, err := os.ReadFile("testdata/cases.txtar"); err == nil {
		for _, file := range parseTxtar(string(b)) {
			if strings.HasSuffix(file.name, ".rst") {
				f.Add(file.data)
			}
		}
	}
	f.Fuzz(func(t *testing.T, text string) { checkInvariants(t, text) })
}

// FuzzPropertyInvariants runs the rapid property as a fuzz target.
func FuzzPropertyInvariants(f *testing.F) {
	f.Fuzz(rapid.MakeFuzz(func(t *rapid.T) { checkInvariants(t, genRST(t)) }))
}
