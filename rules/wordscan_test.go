package rules

import (
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"pgregory.net/rapid"
)

// The word-at-a-time scans are held to the byte-at-a-time tests they stand
// for, on bytes drawn mostly from those the tests look for, at every
// length around a word and with spare capacity after them or not.

// TestWhitespaceOnly holds whitespaceOnly to cst.Node.IsWhitespace on the
// text nodes of generated documents.
func TestWhitespaceOnly(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		text := rapid.StringOfN(rapid.SampledFrom([]rune{' ', ' ', ' ', '\t', '\n', '\r', 'x', '&', '\f', 0xa0}), 0, 40, -1).Draw(t, "text")
		tree := cst.Parse("t.xml", []byte("<a>"+text+"<b/>"+text+"</a>"))
		for n := range tree.Root().Descendants() {
			if n.Kind() != cst.KindText {
				continue
			}
			if got, want := whitespaceOnly(n.Bytes()), n.IsWhitespace(); got != want {
				t.Fatalf("whitespaceOnly(%q) = %v, IsWhitespace %v", n.Bytes(), got, want)
			}
		}
	})
}

// TestHasAttrSpecial holds hasAttrSpecial to hasAttrSpecialBytes.
func TestHasAttrSpecial(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		gen := rapid.SliceOfN(rapid.OneOf(
			rapid.SampledFrom([]byte{'a', ' ', '"', '\t', '\n', '\r', '&', '>', 0, 0x0d, 0x0e, 0x0f, 0x25, 0x27, 0x3d, 0x3f, 0x80, 0xff, 0xbe, 0xa6}),
			rapid.Byte(),
		), 0, 40)
		src := gen.Draw(t, "src")
		after := gen.Draw(t, "after")
		buf := append(append([]byte{}, src...), after...)
		raw := buf[:len(src):len(buf)]
		if rapid.Bool().Draw(t, "no spare capacity") {
			raw = buf[:len(src):len(src)]
		}
		if got, want := hasAttrSpecial(raw), hasAttrSpecialBytes(raw); got != want {
			t.Fatalf("hasAttrSpecial(%q) with %q after = %v, byte by byte %v", raw, after, got, want)
		}
	})
}

// TestMaySpecial checks that maySpecial finds every byte attrSpecial holds,
// alone in a word of any other bytes at every place.
func TestMaySpecial(t *testing.T) {
	for c := range 256 {
		if !attrSpecial[c] {
			continue
		}
		for other := range 256 {
			for p := range 8 {
				w := uint64(other) * lowBits
				w = w&^(0xff<<(8*p)) | uint64(c)<<(8*p)
				if !maySpecial(w) {
					t.Fatalf("maySpecial(%#016x) = false with %q at byte %d", w, rune(c), p)
				}
			}
		}
	}
}
