package macros

import (
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"pgregory.net/rapid"
)

// TestAttrValueMatchesNodeValue checks the converter's decoding of
// attribute values against cst.Node.Value, which FromTree used before.
func TestAttrValueMatchesNodeValue(t *testing.T) {
	pieces := []string{"a", "é", " ", "\t", "\n", "\r", "\r\n", "\n\r", "&amp;", "&lt;", "&gt;", "&quot;", "&apos;",
		"&#65;", "&#x41;", "&#x1F600;", "&#10;", "&#13;", "&#9;", "@", "'", "=", ";", "&e;"}
	check := func(t interface{ Fatalf(string, ...any) }, value string) {
		for _, src := range []string{
			`<r a="` + value + `"/>`,
			`<!DOCTYPE r [<!ENTITY e "x">]><r a="` + value + `"/>`,
		} {
			tr := cst.Parse("", []byte(src))
			if !tr.WellFormed() {
				continue
			}
			var a cst.Node
			for n := range tr.RootElement().Attrs() {
				a = n
			}
			vs := a.ValueSpan()
			c := converter{src: tr.Source(), str: tr.SourceString()}
			raw := c.text(vs)
			got := raw
			if needsDecoding(raw) {
				got = c.attrValue(raw, vs.Start)
			}
			if want := a.Value(); got != want {
				t.Fatalf("value of %q: got %q, want %q", src, got, want)
			}
		}
	}
	for _, p := range pieces {
		check(t, p)
		check(t, p+p+"x"+p)
	}
	rapid.Check(t, func(t *rapid.T) {
		parts := rapid.SliceOfN(rapid.SampledFrom(pieces), 0, 40).Draw(t, "parts")
		check(t, strings.Join(parts, ""))
	})
}
