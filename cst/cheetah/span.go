package cheetah

import "fmt"

// Span is a half-open byte range [Start, End) in the template text.
type Span struct {
	Start, End int
}

// Len returns the number of bytes in s.
func (s Span) Len() int { return s.End - s.Start }

// Contains reports whether offset off lies in s.
func (s Span) Contains(off int) bool { return s.Start <= off && off < s.End }

// String returns s as "[start,end)".
func (s Span) String() string { return fmt.Sprintf("[%d,%d)", s.Start, s.End) }
