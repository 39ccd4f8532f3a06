package rst

import (
	"runtime"
	"strings"
	"testing"
	"time"
)

// pathological returns a paragraph of about size bytes made of unit
// repeated, in lines of about 70 bytes: one paragraph, so that docutils'
// inline scan sees all of it at once.
func pathological(unit string, size int) string {
	var b strings.Builder
	b.Grow(size + size/70 + len(unit))
	line := 0
	for b.Len() < size {
		b.WriteString(unit)
		line += len(unit)
		if line > 70 {
			b.WriteByte('\n')
			line = 0
		}
	}
	return b.String()
}

// parseCPU returns the CPU time of reading and rendering text.
func parseCPU(text string) time.Duration {
	runtime.GC()
	start := cpuTime()
	_ = HTML(Parse(text))
	return cpuTime() - start
}

// TestInlineScanLinear pins that the inline scan takes time linear in the
// size of a paragraph of start-strings without end-strings (issue 16):
// docutils searches for an end-string from every start-string, which
// without the reader's memo of failed searches is quadratic.
func TestInlineScanLinear(t *testing.T) {
	if cpuTime() == 0 {
		t.Skip("skipping: no CPU time on this platform")
	}
	cases := []struct {
		unit       string
		small, big int
	}{
		{"*a ", 100_000, 1_000_000}, // emphasis
		{"**a ", 20_000, 200_000},   // strong
		{"``x ", 20_000, 200_000},   // inline literal
		{"`x ", 20_000, 200_000},    // interpreted text
		{":r:`x ", 20_000, 200_000}, // interpreted text with a role
		{"|a ", 20_000, 200_000},    // substitution reference
		{"_`a ", 20_000, 200_000},   // inline target
		{"`a`_ ", 20_000, 200_000},  // references to unknown targets
		{"[a ", 100_000, 1_000_000}, // "[" without "]_"
	}
	for _, c := range cases {
		t.Run(strings.TrimSpace(c.unit), func(t *testing.T) {
			small := parseCPU(pathological(c.unit, c.small))
			big := parseCPU(pathological(c.unit, c.big))
			ratio := float64(big) / float64(max(small, time.Millisecond))
			t.Logf("%q: %d bytes %v, %d bytes %v, ratio %.1f", c.unit, c.small, small, c.big, big, ratio)
			if ratio >= 20 {
				t.Errorf("%q: %d bytes take %.1f× the time of %d bytes, want < 20× (linear)", c.unit, c.big, ratio, c.small)
			}
		})
	}
}
