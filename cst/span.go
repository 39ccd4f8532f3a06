package cst

import (
	"bytes"
	"fmt"
	"sort"
)

// Span is a half-open byte range [Start, End) of a source text. Every span
// in this package and the packages built on it uses this convention.
type Span struct {
	Start, End int
}

// Len returns the number of bytes in s.
func (s Span) Len() int { return s.End - s.Start }

// Contains reports whether the byte offset off lies inside s.
func (s Span) Contains(off int) bool { return s.Start <= off && off < s.End }

// Covers reports whether s contains all of o.
func (s Span) Covers(o Span) bool { return s.Start <= o.Start && o.End <= s.End }

// String returns s as "[start,end)".
func (s Span) String() string { return fmt.Sprintf("[%d,%d)", s.Start, s.End) }

// Position is a human-readable location: 1-based line, 1-based byte column.
type Position struct {
	File   string
	Offset int // byte offset, 0-based
	Line   int // 1-based
	Column int // 1-based, in bytes
}

// IsValid reports whether p holds a line number.
func (p Position) IsValid() bool { return p.Line > 0 }

// String formats p as file:line:col, leaving out the parts that are unknown.
func (p Position) String() string {
	s := p.File
	if p.IsValid() {
		if s != "" {
			s += ":"
		}
		s += fmt.Sprintf("%d:%d", p.Line, p.Column)
	}
	if s == "" {
		s = "-"
	}
	return s
}

// LineIndex maps byte offsets to lines and columns. A line ends after "\n",
// after "\r\n", or after a "\r" not followed by "\n", as XML counts lines.
type LineIndex struct {
	starts []int // byte offset of the first byte of each line
	size   int
}

// The line ends NewLineIndex counts.
var newline, carriageReturn = []byte{'\n'}, []byte{'\r'}

// NewLineIndex builds the line index of src.
func NewLineIndex(src []byte) *LineIndex {
	// Counting the line ends first sizes the list: a guess from the
	// length either wastes room or, for a file of short lines, regrows it
	// by copying.
	n := bytes.Count(src, newline)
	if bytes.IndexByte(src, '\r') < 0 {
		starts := make([]int, 1, n+1)
		// Only "\n" ends lines: let IndexByte find them.
		for i := 0; ; {
			j := bytes.IndexByte(src[i:], '\n')
			if j < 0 {
				return &LineIndex{starts: starts, size: len(src)}
			}
			i += j + 1
			starts = append(starts, i)
		}
	}
	// "\r\n" counts twice here: room to spare, for the rare file with
	// carriage returns.
	starts := make([]int, 1, n+bytes.Count(src, carriageReturn)+1)
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\n':
			starts = append(starts, i+1)
		case '\r':
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			starts = append(starts, i+1)
		}
	}
	return &LineIndex{starts: starts, size: len(src)}
}

// Lines returns the number of lines (a final line without a newline counts).
func (x *LineIndex) Lines() int { return len(x.starts) }

// LineStart returns the byte offset at which the 1-based line starts.
func (x *LineIndex) LineStart(line int) int {
	if line < 1 {
		return 0
	}
	if line > len(x.starts) {
		return x.size
	}
	return x.starts[line-1]
}

// LineCol returns the 1-based line and byte column of off. Offsets past the
// end are clamped to the end.
func (x *LineIndex) LineCol(off int) (line, col int) {
	if off < 0 {
		off = 0
	}
	if off > x.size {
		off = x.size
	}
	i := sort.Search(len(x.starts), func(i int) bool { return x.starts[i] > off }) - 1
	return i + 1, off - x.starts[i] + 1
}

// Offset returns the byte offset of a 1-based line and byte column, clamped
// to the text.
func (x *LineIndex) Offset(line, col int) int {
	off := x.LineStart(line) + col - 1
	if off < 0 {
		return 0
	}
	if off > x.size {
		return x.size
	}
	return off
}
