package rst

import (
	"strings"
)

var tableOptions = map[string]optConv{"class": optClass, "name": optUnchanged, "align": optAny,
	"width": optLength, "widths": optAny}

var listTableOptions = map[string]optConv{"header-rows": optAny, "stub-columns": optAny,
	"width": optLength, "widths": optAny, "class": optClass, "name": optUnchanged, "align": optAny}

var csvTableOptions = map[string]optConv{"header-rows": optAny, "stub-columns": optAny,
	"header": optUnchanged, "width": optLength, "widths": optAny, "file": optAny, "url": optAny,
	"encoding": optAny, "class": optClass, "name": optUnchanged, "align": optAny,
	"delim": optAny, "keepspace": optFlag, "quote": optAny, "escape": optAny}

// tableTitle parses a table directive's optional title argument.
func (m *machine) tableTitle(dv *dirCall) (*Node, []*Node) {
	if len(dv.args) == 0 {
		return nil, nil
	}
	p := ptext{s: dv.args[0], segs: []pseg{{0, dv.lineno - 1, 0}}}
	ns, msgs := m.inlineText(p, dv.lineno)
	return m.d.newNode(KindTitle, dv.span, ns...), msgs
}

// runTable is the table directive: a title for the one table in its
// content.
func runTable(m *machine, dv *dirCall) []*Node {
	if len(dv.content) == 0 {
		return []*Node{m.d.warning(dv.lineno, `Content block expected for the "`+dv.name+`" directive; none found.`)}
	}
	title, msgs := m.tableTitle(dv)
	holder := m.d.newNode(KindContainer, dv.span)
	m.parseContent(dv, holder)
	if len(holder.Children) != 1 || holder.Children[0].Kind != KindTable {
		return []*Node{m.directiveError(dv, LevelError, `Error parsing content block for the "`+dv.name+`" directive: exactly one table expected.`)}
	}
	t := holder.Children[0]
	t.Parent = nil
	setClasses(t, dv, m.d)
	if a, ok := dv.opts["align"]; ok {
		t.Set("align", a)
	}
	if title != nil {
		t.Insert(0, title)
	}
	return append([]*Node{t}, msgs...)
}

// runListTable is the list-table directive: a bullet list of bullet lists
// as a table.
func runListTable(m *machine, dv *dirCall) []*Node {
	if len(dv.content) == 0 {
		return []*Node{m.directiveError(dv, LevelError, `The "`+dv.name+`" directive is empty; content required.`)}
	}
	title, msgs := m.tableTitle(dv)
	holder := m.d.newNode(KindContainer, dv.span)
	m.parseContent(dv, holder)
	bad := func(detail string) []*Node {
		return []*Node{m.directiveError(dv, LevelError, `Error parsing content block for the "`+dv.name+`" directive: `+detail)}
	}
	if len(holder.Children) != 1 || holder.Children[0].Kind != KindBulletList {
		return bad("exactly one bullet list expected.")
	}
	list := holder.Children[0]
	var rows [][]*Node
	ncols := 0
	for i, item := range list.Children {
		if len(item.Children) != 1 || item.Children[0].Kind != KindBulletList {
			return bad("two-level bullet list expected, but row " + itoa(i+1) + " does not contain a second-level bullet list.")
		}
		row := item.Children[0].Children
		if i == 0 {
			ncols = len(row)
		} else if len(row) != ncols {
			return bad("uniform two-level bullet list expected, but row " + itoa(i+1) + " does not contain the same number of items as row 1 (" + itoa(len(row)) + " vs " + itoa(ncols) + ").")
		}
		rows = append(rows, row)
	}
	entries := make([][]*Node, len(rows))
	for i, r := range rows {
		for _, item := range r {
			e := m.d.newNode(KindEntry, item.Span)
			e.Append(item.Children...)
			entries[i] = append(entries[i], e)
		}
	}
	headerRows := atoiDefault(dv.opts["header-rows"], 0)
	stubCols := atoiDefault(dv.opts["stub-columns"], 0)
	return append([]*Node{m.buildTableFromList(dv, title, ncols, headerRows, stubCols, entries)}, msgs...)
}

// buildTableFromList is docutils' build_table_from_list: the table of a
// list-table or csv-table directive, with its title, a colspec per column
// (widths from the widths option, the first stubCols marked stub), the
// first headerRows rows of entries as its head and the others as its
// body.
func (m *machine) buildTableFromList(dv *dirCall, title *Node, ncols, headerRows, stubCols int, rows [][]*Node) *Node {
	widths := m.columnWidths(dv, ncols)
	t := m.d.newNode(KindTable, dv.span)
	if widths == nil {
		t.Classes = append(t.Classes, "colwidths-auto")
	} else if dv.has("widths") {
		t.Classes = append(t.Classes, "colwidths-given")
	}
	setClasses(t, dv, m.d)
	if title != nil {
		t.Append(title)
	}
	tg := m.d.newNode(KindTgroup, dv.span)
	tg.Set("cols", itoa(ncols))
	t.Append(tg)
	for c := 0; c < ncols; c++ {
		cs := m.d.newNode(KindColspec, dv.span)
		if widths != nil {
			cs.Set("colwidth", itoa(widths[c]))
		}
		if c < stubCols {
			cs.Set("stub", "1")
		}
		tg.Append(cs)
	}
	addRows := func(parent *Node, rs [][]*Node) {
		for _, r := range rs {
			row := m.d.newNode(KindRow, dv.span)
			row.Append(r...)
			parent.Append(row)
		}
	}
	if headerRows > 0 && headerRows <= len(rows) {
		th := m.d.newNode(KindThead, dv.span)
		addRows(th, rows[:headerRows])
		tg.Append(th)
		rows = rows[headerRows:]
	}
	tb := m.d.newNode(KindTbody, dv.span)
	addRows(tb, rows)
	tg.Append(tb)
	return t
}

// columnWidths returns the widths option as numbers, equal widths when it
// is absent, or nil for "auto".
func (m *machine) columnWidths(dv *dirCall, ncols int) []int {
	w, ok := dv.opts["widths"]
	if ok && strip(w) == "auto" {
		return nil
	}
	if ok {
		var out []int
		for _, f := range strings.FieldsFunc(w, func(r rune) bool { return r == ',' || isSpace(r) }) {
			out = append(out, atoiDefault(f, 1))
		}
		if len(out) == ncols {
			return out
		}
	}
	if ncols == 0 {
		return []int{}
	}
	out := make([]int, ncols)
	for i := range out {
		out[i] = 100 / ncols
	}
	return out
}

// runCSVTable is the csv-table directive over its content.
func runCSVTable(m *machine, dv *dirCall) []*Node {
	if dv.has("file") || dv.has("url") {
		return []*Node{m.directiveError(dv, LevelWarning, `"`+dv.name+`" directive disabled.`)}
	}
	if len(dv.content) == 0 {
		return []*Node{m.directiveError(dv, LevelError, `The "`+dv.name+`" directive requires content; none supplied.`)}
	}
	title, msgs := m.tableTitle(dv)
	delim := byte(',')
	if v := dv.opts["delim"]; v != "" {
		delim = v[0]
	}
	var rows [][]string
	if h, ok := dv.opts["header"]; ok {
		rows = append(rows, parseCSV(h, delim)...)
	}
	headerRows := atoiDefault(dv.opts["header-rows"], 0) + len(rows)
	rows = append(rows, parseCSV(dv.content.join(), delim)...)
	ncols := 0
	for _, r := range rows {
		if len(r) > ncols {
			ncols = len(r)
		}
	}
	entries := make([][]*Node, len(rows))
	for i, r := range rows {
		for _, c := range r {
			e := m.d.newNode(KindEntry, dv.span)
			if strip(c) != "" {
				var cl lines
				for k, s := range strings.Split(c, "\n") {
					cl = append(cl, line{s: s, abs: dv.contentOffset + k})
				}
				m.nestedParse(cl, dv.contentOffset, e, false)
			}
			entries[i] = append(entries[i], e)
		}
		for k := len(r); k < ncols; k++ {
			entries[i] = append(entries[i], m.d.newNode(KindEntry, dv.span))
		}
	}
	stubCols := atoiDefault(dv.opts["stub-columns"], 0)
	return append([]*Node{m.buildTableFromList(dv, title, ncols, headerRows, stubCols, entries)}, msgs...)
}

// parseCSV splits text into rows of fields as Python's csv module does
// with docutils' dialect (double quotes, spaces after delimiters skipped).
func parseCSV(text string, delim byte) [][]string {
	var rows [][]string
	var row []string
	var field strings.Builder
	inQuote, quoted, atStart := false, false, true
	flushField := func() {
		row = append(row, field.String())
		field.Reset()
		quoted, atStart = false, true
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case inQuote:
			if c == '"' {
				if i+1 < len(text) && text[i+1] == '"' {
					field.WriteByte('"')
					i++
				} else {
					inQuote = false
				}
			} else {
				field.WriteByte(c)
			}
		case c == '"' && atStart:
			inQuote, quoted, atStart = true, true, false
		case c == delim:
			flushField()
		case c == '\n':
			flushField()
			rows = append(rows, row)
			row = nil
		case c == ' ' && atStart:
		default:
			_ = quoted
			atStart = false
			field.WriteByte(c)
		}
	}
	if field.Len() > 0 || len(row) > 0 || !atStart {
		flushField()
	}
	if len(row) > 0 {
		rows = append(rows, row)
	}
	return rows
}
