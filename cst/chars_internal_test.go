package cst

import (
	"bytes"
	"testing"

	"pgregory.net/rapid"
)

// TestSkipMatchesByteLoop checks the word-at-a-time skip functions against
// byte loops: each returns exactly the first byte it must stop at, for any
// bytes and any start.
func TestSkipMatchesByteLoop(t *testing.T) {
	first := func(src []byte, i, end int, stop func(c byte) bool) int {
		for i < end && !stop(src[i]) {
			i++
		}
		return i
	}
	forbidden := func(c byte) bool { return c < 0x20 && !isSpace(c) || c >= 0x80 }
	chars := func(c byte) bool { return forbidden(c) || c == '\r' }
	value := func(c byte) bool { return forbidden(c) || c == '<' || c == '&' }
	text := func(c byte) bool { return value(c) || c == ']' || c == '\r' }
	// skipValueTo stops at every control character, whitespace included.
	valueTo := func(c, q byte) bool { return c < 0x20 || c >= 0x80 || c == '<' || c == '&' || c == q }
	// Bytes next to the ones the functions stop at, where a borrow between
	// lanes would show, drawn often.
	near := rapid.SampledFrom([]byte{0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x21,
		';', '<', '=', '%', '&', '\'', '\\', ']', '^', 0x7F, 0x80, 0x9F, 0xA0, 0xBC, 0xDD, 0xFF, 'a'})
	rapid.Check(t, func(t *rapid.T) {
		src := rapid.SliceOf(rapid.OneOf(near, rapid.Byte())).Draw(t, "src")
		end := rapid.IntRange(0, len(src)).Draw(t, "end")
		i := rapid.IntRange(0, end).Draw(t, "i")
		if got, want := skipChars(src, i, end), first(src, i, end, chars); got != want {
			t.Fatalf("skipChars(%q, %d, %d) = %d, want %d", src, i, end, got, want)
		}
		if got, want := skipValue(src, i, end), first(src, i, end, value); got != want {
			t.Fatalf("skipValue(%q, %d, %d) = %d, want %d", src, i, end, got, want)
		}
		for _, q := range []byte{'"', '\''} {
			quote := func(c byte) bool { return valueTo(c, q) }
			if got, want := skipValueTo(src, i, q), first(src, i, len(src), quote); got != want {
				t.Fatalf("skipValueTo(%q, %d, %q) = %d, want %d", src, i, q, got, want)
			}
		}
		if got, want := skipText(src, i), first(src, i, len(src), text); got != want {
			t.Fatalf("skipText(%q, %d) = %d, want %d", src, i, got, want)
		}
	})
	// Every single stop byte at every lane of a word of plain text, and
	// every pair of bytes at adjacent lanes.
	for c := range 256 {
		for lane := range 8 {
			src := bytes.Repeat([]byte{'a'}, 17)
			src[lane+1] = byte(c)
			for d := range 256 {
				src[lane+2] = byte(d)
				if got, want := skipText(src, 1), first(src, 1, len(src), text); got != want {
					t.Fatalf("skipText(%q, 1) = %d, want %d", src, got, want)
				}
				quote := func(c byte) bool { return valueTo(c, '"') }
				if got, want := skipValueTo(src, 1, '"'), first(src, 1, len(src), quote); got != want {
					t.Fatalf("skipValueTo(%q, 1, '\"') = %d, want %d", src, got, want)
				}
				for end := 1; end <= len(src); end++ {
					if got, want := skipValue(src, 1, end), first(src, 1, end, value); got != want {
						t.Fatalf("skipValue(%q, 1, %d) = %d, want %d", src, end, got, want)
					}
					if got, want := skipChars(src, 1, end), first(src, 1, end, chars); got != want {
						t.Fatalf("skipChars(%q, 1, %d) = %d, want %d", src, end, got, want)
					}
				}
			}
		}
	}
}
