// Package column converts byte offsets to the columns protocol clients
// count: SARIF, LSP, GitHub annotations and MCP use 1-based columns in
// UTF-16 code units. gtr's libraries count bytes; the conversion happens
// only at the edge, here.
package column

import (
	"unicode/utf8"

	"github.com/galaxy-gtr/gtr/cst"
)

// UTF16 returns the 1-based column of byte offset off of src in UTF-16 code
// units, counted from the start of its line as lines defines lines. An
// offset outside src is clamped to it.
func UTF16(src []byte, lines *cst.LineIndex, off int) int {
	off = min(max(off, 0), len(src))
	line, _ := lines.LineCol(off)
	col := 1
	for i := lines.LineStart(line); i < off; {
		if src[i] < utf8.RuneSelf { // ASCII: one byte, one unit
			col++
			i++
			continue
		}
		r, size := utf8.DecodeRune(src[i:])
		col++
		if r >= 0x10000 {
			col++
		}
		i += size
	}
	return col
}

// InTree is UTF16 for a parsed file.
func InTree(t *cst.Tree, off int) int { return UTF16(t.Source(), t.Lines(), off) }
