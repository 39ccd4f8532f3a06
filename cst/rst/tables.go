package rst

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// tline is a table line as docutils' table parsers see it: characters, a
// pad character after each wide one, and the line it came from.
type tline struct {
	r    []rune
	byt  []int32 // byte offset in src.s of each rune of r (pads repeat the wide rune's end)
	src  line
	full int // byte length of src.s
}

// newTline pads the wide characters of l (StringList.pad_double_width).
func newTline(l line) tline {
	n := 0
	for _, r := range l.s {
		n++
		if isWide(r) {
			n++
		}
	}
	// One array holds both r and byt (a rune is an int32); r's capacity
	// ends where byt starts, so that growing r cannot overwrite byt.
	buf := make([]int32, 2*n)
	t := tline{r: buf[:0:n], byt: buf[n:n], src: l, full: len(l.s)}
	for i, r := range l.s {
		t.r = append(t.r, r)
		t.byt = append(t.byt, int32(i)) // a line has at most lineLengthLimit characters
		if isWide(r) {
			t.r = append(t.r, 0)
			t.byt = append(t.byt, int32(i+len(string(r))))
		}
	}
	return t
}

// at returns the character at i, or 0 past the end.
func (t tline) at(i int) rune {
	if i < 0 || i >= len(t.r) {
		return 0
	}
	return t.r[i]
}

// cut returns the characters [a, b) as a line with its position, pads
// removed and trailing whitespace stripped.
func (t tline) cut(a, b int) line {
	if a > len(t.r) {
		a = len(t.r)
	}
	if b > len(t.r) {
		b = len(t.r)
	}
	if b < a {
		b = a
	}
	var sb strings.Builder
	sb.Grow(b - a) // the length when the characters are ASCII
	for _, r := range t.r[a:b] {
		if r != 0 {
			sb.WriteRune(r)
		}
	}
	off := t.full
	if a < len(t.byt) {
		off = int(t.byt[a])
	}
	return line{s: rstrip(sb.String()), abs: t.src.abs, col: t.src.col + off}
}

// tableTop reads a grid or simple table (Body.table_top).
func (m *machine) tableTop(grid bool) step {
	ns, bf := m.table(grid)
	m.add(ns...)
	if !bf {
		m.add(m.d.warning(m.absLineNumber()+1, "Blank line required after table."))
	}
	return stay
}

// table isolates and parses a table (Body.table).
func (m *machine) table(grid bool) ([]*Node, bool) {
	var block []tline
	var msgs []*Node
	var bf bool
	if grid {
		block, msgs, bf = m.isolateGridTable()
	} else {
		block, msgs, bf = m.isolateSimpleTable()
	}
	if block == nil {
		return msgs, bf
	}
	var td *tableData
	var err *tableErr
	if grid {
		td, err = parseGridTable(block)
	} else {
		td, err = parseSimpleTable(block)
	}
	if err != nil {
		return append(m.malformedTable(block, err.msg, err.offset), msgs...), bf
	}
	tableline := m.absLineNumber() - len(block) + 1
	t := m.buildTable(td, tableline, block)
	return append([]*Node{t}, msgs...), bf
}

// isolateGridTable finds the lines of a grid table (Body.isolate_grid_table).
func (m *machine) isolateGridTable() ([]tline, []*Node, bool) {
	var msgs []*Node
	bf := true
	raw, indentedAt := m.getTextBlock(true)
	if indentedAt > 0 {
		msgs = append(msgs, m.d.errorMsg(indentedAt, "Unexpected indentation."))
		bf = false
	}
	block := make([]tline, len(raw))
	for i, l := range raw {
		s := l.s
		lead := len(s) - len(lstrip(s))
		block[i] = newTline(line{s: strip(s), abs: l.abs, col: l.col + lead})
	}
	width := len(block[0].r)
	for i := range block {
		c := block[i].at(0)
		if c != '+' && c != '|' {
			bf = false
			m.previousLine(len(block) - i)
			block = block[:i]
			break
		}
	}
	if len(block) == 0 || !isGridTableTop(string(block[len(block)-1].src.s)) {
		bf = false
		found := false
		for i := len(block) - 2; i > 1; i-- {
			if isGridTableTop(block[i].src.s) {
				m.previousLine(len(block) - i + 1)
				block = block[:i+1]
				found = true
				break
			}
		}
		if !found {
			return nil, append(msgs, m.malformedTable(block, "", 0)...), bf
		}
	}
	for i := range block {
		if len(block[i].r) != width {
			return nil, append(msgs, m.malformedTable(block, "", 0)...), bf
		}
		if c := block[i].r[len(block[i].r)-1]; c != '+' && c != '|' {
			return nil, append(msgs, m.malformedTable(block, "", 0)...), bf
		}
	}
	return block, msgs, bf
}

// isolateSimpleTable finds the lines of a simple table
// (Body.isolate_simple_table).
func (m *machine) isolateSimpleTable() ([]tline, []*Node, bool) {
	start := m.pos
	in := m.input
	limit := len(in) - 1
	toplen := runeLen(strip(in[start].s))
	found, foundAt, end := 0, -1, -1
	i := start + 1
	for ; i <= limit; i++ {
		s := in[i].s
		if !isSimpleTableBorder(s) {
			continue
		}
		if runeLen(strip(s)) != toplen {
			m.nextLine(i - start)
			msgs := m.malformedTable(tlines(in[start:i+1]), "Bottom/header table border does not match top border.", 0)
			return nil, msgs, i == limit || isBlank(in[i+1].s)
		}
		found++
		foundAt = i
		if found == 2 || i == limit || isBlank(in[i+1].s) {
			end = i
			break
		}
	}
	if end < 0 {
		var block lines
		extra := ""
		if found > 0 {
			extra = " or no blank line after table bottom"
			m.nextLine(foundAt - start)
			block = in[start : foundAt+1]
		} else {
			m.nextLine(i - start - 1)
			block = in[start:]
		}
		msgs := m.malformedTable(tlines(block), "No bottom table border found"+extra+".", 0)
		return nil, msgs, extra == ""
	}
	m.nextLine(end - start)
	return tlines(in[start : end+1]), nil, end == limit || isBlank(in[end+1].s)
}

// tlines pads the lines of b.
func tlines(b lines) []tline {
	out := make([]tline, len(b))
	for i, l := range b {
		out[i] = newTline(l)
	}
	return out
}

// malformedTable reports a malformed table (Body.malformed_table).
func (m *machine) malformedTable(block []tline, detail string, offset int) []*Node {
	texts := make([]string, len(block))
	for i, t := range block {
		texts[i] = strings.ReplaceAll(string(t.r), "\x00", "")
	}
	data := strings.Join(texts, "\n")
	msg := "Malformed table."
	startline := m.absLineNumber() - len(block) + 1
	if detail != "" {
		msg += "\n" + detail
	}
	return []*Node{m.d.errorMsg(startline+offset, msg, data)}
}

// tableErr is a TableMarkupError.
type tableErr struct {
	msg    string
	offset int
}

// cell is one table cell: the rows and columns it spans past its own,
// its first line's offset in the table, and its lines.
type cell struct {
	morerows, morecols, offset int
	block                      lines
	used                       bool
}

// tableData is what a table parser returns: column widths, head rows and
// body rows.
type tableData struct {
	colwidths []int
	head      [][]*cell
	body      [][]*cell
}

// findHeadBodySep finds the head/body separator of a table
// (TableParser.find_head_body_sep); grid tables use '+=', simple tables
// '='.
func findHeadBodySep(block []tline, grid bool) (int, *tableErr) {
	sep := -1
	i := 0
	for i = range block {
		var is bool
		if grid {
			is = isGridHeadSep(block[i].r)
		} else {
			is = isRuneRun(block[i].r, '=', "= ")
		}
		if !is {
			continue
		}
		if sep > 0 {
			return 0, &tableErr{"Multiple head/body row separators (table lines " + itoa(sep+1) + " and " + itoa(i+1) + "); only one allowed.", i}
		}
		sep = i
		for k, r := range block[i].r {
			if r == '=' {
				block[i].r[k] = '-'
			}
		}
	}
	if sep == 0 || sep == len(block)-1 {
		return 0, &tableErr{"The head/body row separator may not be the first or last line of the table.", i}
	}
	return sep, nil
}

// parseGridTable parses a grid table (GridTableParser).
func parseGridTable(block []tline) (*tableData, *tableErr) {
	block = append([]tline(nil), block...)
	for i := range block {
		block[i].r = append([]rune(nil), block[i].r...)
	}
	sep, err := findHeadBodySep(block, true)
	if err != nil {
		return nil, err
	}
	g := &gridParser{block: block, bottom: len(block) - 1, right: len(block[0].r) - 1,
		rowseps: map[int]bool{0: true}, colseps: map[int]bool{0: true}}
	g.done = make([]int, len(block[0].r))
	for i := range g.done {
		g.done[i] = -1
	}
	corners := [][2]int{{0, 0}}
	for len(corners) > 0 {
		top, left := corners[0][0], corners[0][1]
		corners = corners[1:]
		if top == g.bottom || left == g.right || top <= g.done[left] {
			continue
		}
		bottom, right, ok := g.scanRight(top, left)
		if !ok {
			continue
		}
		for col := left; col < right; col++ {
			g.done[col] = bottom - 1
		}
		cb := get2DBlock(block, top+1, left+1, bottom, right)
		g.cells = append(g.cells, gridCell{top, left, bottom, right, cb})
		corners = append(corners, [2]int{top, right}, [2]int{bottom, left})
		sort.Slice(corners, func(i, j int) bool {
			if corners[i][0] != corners[j][0] {
				return corners[i][0] < corners[j][0]
			}
			return corners[i][1] < corners[j][1]
		})
	}
	for col := 0; col < g.right; col++ {
		if g.done[col] != g.bottom-1 {
			return nil, &tableErr{"Malformed table; parse incomplete.", 0}
		}
	}
	return g.structure(sep), nil
}

type gridCell struct {
	top, left, bottom, right int
	block                    lines
}

type gridParser struct {
	block            []tline
	bottom, right    int
	done             []int
	cells            []gridCell
	rowseps, colseps map[int]bool
}

func (g *gridParser) scanRight(top, left int) (int, int, bool) {
	ln := g.block[top]
	var cols []int
	for i := left + 1; i <= g.right; i++ {
		switch ln.at(i) {
		case '+':
			cols = append(cols, i)
			if bottom, rows, ncols, ok := g.scanDown(top, left, i); ok {
				for _, c := range append(cols, ncols...) {
					g.colseps[c] = true
				}
				for _, r := range rows {
					g.rowseps[r] = true
				}
				return bottom, i, true
			}
		case '-':
		default:
			return 0, 0, false
		}
	}
	return 0, 0, false
}

func (g *gridParser) scanDown(top, left, right int) (int, []int, []int, bool) {
	var rows []int
	for i := top + 1; i <= g.bottom; i++ {
		switch g.block[i].at(right) {
		case '+':
			rows = append(rows, i)
			if nrows, cols, ok := g.scanLeft(top, left, i, right); ok {
				return i, append(rows, nrows...), cols, true
			}
		case '|':
		default:
			return 0, nil, nil, false
		}
	}
	return 0, nil, nil, false
}

func (g *gridParser) scanLeft(top, left, bottom, right int) ([]int, []int, bool) {
	var cols []int
	ln := g.block[bottom]
	for i := right - 1; i > left; i-- {
		switch ln.at(i) {
		case '+':
			cols = append(cols, i)
		case '-':
		default:
			return nil, nil, false
		}
	}
	if ln.at(left) != '+' {
		return nil, nil, false
	}
	var rows []int
	for i := bottom - 1; i > top; i-- {
		switch g.block[i].at(left) {
		case '+':
			rows = append(rows, i)
		case '|':
		default:
			return nil, nil, false
		}
	}
	return rows, cols, true
}

// structure arranges the cells in rows (GridTableParser.structure_from_cells).
func (g *gridParser) structure(sep int) *tableData {
	rowseps := sortedKeys(g.rowseps)
	colseps := sortedKeys(g.colseps)
	rowindex := map[int]int{}
	for i, r := range rowseps {
		rowindex[r] = i
	}
	colindex := map[int]int{}
	for i, c := range colseps {
		colindex[c] = i
	}
	td := &tableData{}
	for i := 1; i < len(colseps); i++ {
		td.colwidths = append(td.colwidths, colseps[i]-colseps[i-1]-1)
	}
	rows := make([][]*cell, len(rowseps)-1)
	for i := range rows {
		rows[i] = make([]*cell, len(colseps)-1)
	}
	for _, c := range g.cells {
		rn, cn := rowindex[c.top], colindex[c.left]
		if rn >= len(rows) || cn >= len(rows[rn]) {
			continue
		}
		rows[rn][cn] = &cell{morerows: rowindex[c.bottom] - rn - 1, morecols: colindex[c.right] - cn - 1, offset: c.top + 1, block: c.block}
	}
	if sep > 0 {
		n := rowindex[sep]
		td.head, td.body = rows[:n], rows[n:]
	} else {
		td.body = rows
	}
	return td
}

func sortedKeys(m map[int]bool) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}

// get2DBlock cuts the rectangle [top, bottom) × [left, right) out of
// block and removes its common indent (StringList.get_2D_block).
func get2DBlock(block []tline, top, left, bottom, right int) lines {
	var out lines
	indent := right
	for i := top; i < bottom; i++ {
		l := block[i].cut(left, right)
		if l.s != "" {
			if n := indentOf(l.s); n < indent {
				indent = n
			}
		}
		out = append(out, l)
	}
	if 0 < indent && indent < right {
		out.trimLeft(indent, 0, len(out))
	}
	return out
}

// parseSimpleTable parses a simple table (SimpleTableParser).
func parseSimpleTable(block []tline) (*tableData, *tableErr) {
	block = append([]tline(nil), block...)
	for i := range block {
		block[i].r = append([]rune(nil), block[i].r...)
	}
	for _, k := range []int{0, len(block) - 1} {
		for j, r := range block[k].r {
			if r == '=' {
				block[k].r[j] = '-'
			}
		}
	}
	sep, err := findHeadBodySep(block, false)
	if err != nil {
		return nil, err
	}
	s := &simpleParser{block: block}
	s.columns, _ = s.parseColumns(block[0], 0)
	if len(s.columns) == 0 {
		return nil, &tableErr{"Malformed table; parse incomplete.", 0}
	}
	s.borderEnd = s.columns[len(s.columns)-1][1]
	firstStart, firstEnd := s.columns[0][0], s.columns[0][1]
	start := 1
	textFound := false
	for offset := 1; offset < len(block); offset++ {
		ln := block[offset]
		if isSpanLine(ln) {
			if err := s.parseRow(start, offset, &ln, offset); err != nil {
				return nil, err
			}
			start = offset + 1
			textFound = false
		} else if strip(string(sliceRunes(ln.r, firstStart, firstEnd))) != "" {
			if textFound && offset != start {
				if err := s.parseRow(start, offset, nil, 0); err != nil {
					return nil, err
				}
			}
			start = offset
			textFound = true
		} else if !textFound {
			start = offset + 1
		}
	}
	td := &tableData{}
	for _, c := range s.columns {
		td.colwidths = append(td.colwidths, c[1]-c[0])
	}
	first := 0
	if sep > 0 {
		for i, row := range s.table {
			if row[0].offset > sep {
				first = i
				break
			}
		}
	}
	td.head, td.body = s.table[:first], s.table[first:]
	return td, nil
}

// isSpanLine matches '-[ -]*$'.
func isSpanLine(t tline) bool { return isRuneRun(t.r, '-', "- ") }

// The tests of table lines read the characters in place: the strings
// they were written with cost an allocation per line. The pads after wide
// characters are NULs, which none of the tests accepts.

// isRuneRun reports whether r starts with first and holds only characters
// of set (which is ASCII).
func isRuneRun(r []rune, first rune, set string) bool {
	if len(r) == 0 || r[0] != first {
		return false
	}
	for _, c := range r {
		if c >= utf8.RuneSelf || strings.IndexByte(set, byte(c)) < 0 {
			return false
		}
	}
	return true
}

// isGridHeadSep reports whether r, without its trailing spaces, is a grid
// table's head/body separator: "+=", then "=" and "+", then "=+".
func isGridHeadSep(r []rune) bool {
	n := len(r)
	for n > 0 && r[n-1] == ' ' {
		n--
	}
	if n < 5 || r[0] != '+' || r[1] != '=' || r[n-2] != '=' || r[n-1] != '+' {
		return false
	}
	for _, c := range r[2 : n-2] {
		if c != '=' && c != '+' {
			return false
		}
	}
	return true
}

// sliceRunes returns r[a:b] clamped to r.
func sliceRunes(r []rune, a, b int) []rune {
	if a > len(r) {
		a = len(r)
	}
	if b > len(r) {
		b = len(r)
	}
	if b < a {
		return nil
	}
	return r[a:b]
}

type simpleParser struct {
	block     []tline
	columns   [][2]int
	borderEnd int
	table     [][]*cell
}

// parseColumns finds the column extents of a border line.
func (s *simpleParser) parseColumns(ln tline, offset int) ([][2]int, *tableErr) {
	var cols [][2]int
	str := ln.r
	end := 0
	for {
		begin := indexRune(str, '-', end)
		if begin < 0 {
			break
		}
		end = indexRune(str, ' ', begin)
		if end < 0 {
			end = len(str)
		}
		cols = append(cols, [2]int{begin, end})
	}
	if s.columns != nil {
		if len(cols) == 0 || cols[len(cols)-1][1] != s.borderEnd {
			return nil, &tableErr{"Column span incomplete in table line " + itoa(offset+1) + ".", offset}
		}
		cols[len(cols)-1][1] = s.columns[len(s.columns)-1][1]
	}
	return cols, nil
}

// indexRune returns the index of r in s at or after from, or -1.
func indexRune(s []rune, r rune, from int) int {
	for i := from; i < len(s); i++ {
		if i >= 0 && s[i] == r {
			return i
		}
	}
	return -1
}

// parseRow reads the lines [start, end) as one row, with an optional
// column-span line.
func (s *simpleParser) parseRow(start, end int, span *tline, spanOffset int) *tableErr {
	if end <= start && span == nil {
		return nil
	}
	var columns [][2]int
	if span != nil {
		var err *tableErr
		columns, err = s.parseColumns(*span, spanOffset)
		if err != nil {
			return err
		}
	} else {
		columns = append([][2]int(nil), s.columns...)
	}
	if err := s.checkColumns(start, end, columns); err != nil {
		return err
	}
	var row []*cell
	i := 0
	for _, c := range columns {
		morecols := 0
		if i >= len(s.columns) || c[0] != s.columns[i][0] {
			return &tableErr{"Column span alignment problem in table line " + itoa(start+2) + ".", start + 1}
		}
		for c[1] != s.columns[i][1] {
			i++
			morecols++
			if i >= len(s.columns) {
				return &tableErr{"Column span alignment problem in table line " + itoa(start+2) + ".", start + 1}
			}
		}
		row = append(row, &cell{morecols: morecols, offset: start})
		i++
	}
	for k, c := range columns {
		row[k].block = get2DBlock(s.block, start, c[0], end, c[1])
	}
	s.table = append(s.table, row)
	return nil
}

// checkColumns checks for text in column margins, widening the last
// column to fit its text (SimpleTableParser.check_columns).
func (s *simpleParser) checkColumns(start, end int, columns [][2]int) *tableErr {
	last := len(columns) - 1
	for i := range columns {
		cs, ce := columns[i][0], columns[i][1]
		next := 1 << 30
		if i+1 < len(columns) {
			next = columns[i+1][0]
		}
		for k := start; k < end; k++ {
			r := s.block[k].r
			if i == last && strip(string(sliceRunes(r, ce, len(r)))) != "" {
				text := rstrip(string(sliceRunes(r, cs, len(r))))
				newEnd := cs + len([]rune(text))
				mainStart, mainEnd := s.columns[len(s.columns)-1][0], s.columns[len(s.columns)-1][1]
				columns[i] = [2]int{cs, max(mainEnd, newEnd)}
				if newEnd > mainEnd {
					s.columns[len(s.columns)-1] = [2]int{mainStart, newEnd}
				}
			} else if strip(string(sliceRunes(r, ce, next))) != "" {
				return &tableErr{"Text in column margin in table line " + itoa(k+1) + ".", k}
			}
		}
	}
	return nil
}

// buildTable makes the table node (Body.build_table).
func (m *machine) buildTable(td *tableData, tableline int, block []tline) *Node {
	first, last := block[0].src, block[len(block)-1].src
	sp := cstSpan(m.d.off(first.abs, first.col), m.d.off(last.abs, last.col+len(last.s)))
	t := m.d.newNode(KindTable, sp)
	tg := m.d.newNode(KindTgroup, sp)
	tg.Set("cols", itoa(len(td.colwidths)))
	t.Append(tg)
	for _, w := range td.colwidths {
		cs := m.d.newNode(KindColspec, sp)
		cs.Set("colwidth", itoa(w))
		tg.Append(cs)
	}
	if len(td.head) > 0 {
		th := m.d.newNode(KindThead, sp)
		tg.Append(th)
		for _, row := range td.head {
			th.Append(m.buildTableRow(row, tableline, sp))
		}
	}
	tb := m.d.newNode(KindTbody, sp)
	tg.Append(tb)
	for _, row := range td.body {
		tb.Append(m.buildTableRow(row, tableline, sp))
	}
	return t
}

// buildTableRow makes one row (Body.build_table_row).
func (m *machine) buildTableRow(row []*cell, tableline int, sp cstSpanT) *Node {
	r := m.d.newNode(KindRow, sp)
	for _, c := range row {
		if c == nil {
			continue
		}
		e := m.d.newNode(KindEntry, sp)
		if len(c.block) > 0 {
			e.Span = m.d.span(c.block)
		}
		if c.morerows > 0 {
			e.Set("morerows", itoa(c.morerows))
		}
		if c.morecols > 0 {
			e.Set("morecols", itoa(c.morecols))
		}
		r.Append(e)
		if strings.Join(c.block.texts(), "") != "" {
			m.nestedParse(c.block, tableline+c.offset, e, false)
		}
	}
	return r
}
