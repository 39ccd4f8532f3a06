package macros

import (
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
)

// TestScans checks the byte scans that skip work, short and long inputs
// alike (they switch between a loop and a vectorised search), against
// plain definitions.
func TestScans(t *testing.T) {
	var tt tokenTable
	tt.set(tokenDef{name: "@X@"})
	var multi tokenTable
	multi.set(tokenDef{name: "@X@"})
	multi.set(tokenDef{name: "$Y"})
	for n := range 80 {
		for _, c := range []byte{'a', '&', '<', '\r', '\n', '\t', '@', '$'} {
			for _, at := range []int{0, n / 2, n - 1} {
				if n == 0 {
					at = -1
				}
				b := []byte(strings.Repeat("a", n))
				if at >= 0 {
					b[at] = c
				}
				s := string(b)
				checkPlain(t, s)
				if got, want := exactSpan(b, spanOf(0, n), n), !strings.ContainsAny(s, "&<\r"); got != want {
					t.Errorf("exactSpan(%q) = %v", s, got)
				}
				if got, want := needsDecoding(s), strings.ContainsAny(s, "&\t\n\r"); got != want {
					t.Errorf("needsDecoding(%q) = %v", s, got)
				}
				if got, want := tt.mayHold(s), strings.Contains(s, "@"); got != want {
					t.Errorf("mayHold(%q) = %v", s, got)
				}
				if got, want := multi.mayHold(s), strings.ContainsAny(s, "@$"); got != want {
					t.Errorf("mayHold(%q) with two first bytes = %v", s, got)
				}
			}
		}
	}
}

// checkPlain checks cst.Node.Verbatim, which the converter trusts to take
// a text as written, on the text s written as character
// data (a bare '&' written as a reference) and as CDATA, in a file with
// and without a carriage return elsewhere.
func checkPlain(t *testing.T, s string) {
	t.Helper()
	text := strings.NewReplacer("&", "&amp;", "<", "&lt;").Replace(s)
	for _, doc := range []struct {
		src   string
		cdata bool
	}{
		{"<r>" + text + "</r>", false},
		{"<r>" + text + "</r>\r\n", false},
		{"<r><![CDATA[" + s + "]]></r>", true},
		{"<r><![CDATA[" + s + "]]></r>\r\n", true},
	} {
		tr := cst.Parse("", []byte(doc.src))
		if !tr.WellFormed() {
			t.Fatalf("%q: %v", doc.src, tr.Errors())
		}
		k := tr.RootElement().StartTag().NextSibling()
		if k.Kind() == cst.KindEndTag {
			continue // s is empty
		}
		sp := k.Span()
		if doc.cdata {
			sp = spanOf(sp.Start+len("<![CDATA["), sp.End-len("]]>"))
		}
		raw := tr.Source()[sp.Start:sp.End]
		want := !strings.ContainsRune(string(raw), '\r') && (doc.cdata || !strings.ContainsRune(string(raw), '&'))
		if got := k.Verbatim(); got != want {
			t.Errorf("Verbatim of %q = %v", doc.src, got)
		}
	}
}
