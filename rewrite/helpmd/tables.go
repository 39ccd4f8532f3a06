package helpmd

import (
	"strings"

	"github.com/galaxy-gtr/gtr/cst/rst"
)

// table writes a grid or simple table as a GFM pipe table: it must have
// one header row, no title, no stub columns and no cell spanning rows or
// columns, and every cell must hold at most one paragraph.
func (c *converter) table(n *rst.Node) string {
	if len(n.Classes) > 0 {
		c.refuse(n, "a table with a class")
	}
	var tgroup *rst.Node
	for _, k := range n.Children {
		switch k.Kind {
		case rst.KindTgroup:
			if tgroup != nil {
				c.refuse(n, "a table with several column groups")
			}
			tgroup = k
		case rst.KindTitle:
			c.refuse(n, "a table with a title")
		default:
			c.refuse(k, "a table holding "+constructName(k))
		}
	}
	if tgroup == nil {
		c.refuse(n, "a table without columns")
		return ""
	}
	cols := 0
	var head, body []*rst.Node
	for _, k := range tgroup.Children {
		switch k.Kind {
		case rst.KindColspec:
			if k.Has("stub") && k.Get("stub") != "0" {
				c.refuse(n, "a table with stub columns")
			}
			cols++
		case rst.KindThead:
			head = append(head, k.Children...)
		case rst.KindTbody:
			body = append(body, k.Children...)
		}
	}
	if len(head) != 1 {
		c.refuse(n, "a table without exactly one header row")
		return ""
	}
	lines := []string{c.row(head[0], cols)}
	lines = append(lines, "|"+strings.Repeat(" --- |", cols))
	for _, r := range body {
		lines = append(lines, c.row(r, cols))
	}
	return strings.Join(lines, "\n")
}

// row writes one table row of cols cells.
func (c *converter) row(r *rst.Node, cols int) string {
	if len(r.Children) != cols {
		c.refuse(r, "a table row with spanning cells")
	}
	var b strings.Builder
	b.WriteString("|")
	for _, e := range r.Children {
		if e.Has("morerows") || e.Has("morecols") {
			c.refuse(e, "a table cell spanning rows or columns")
		}
		b.WriteString(" " + c.cell(e) + " |")
	}
	return b.String()
}

// cell writes a table cell's one paragraph on one line.
func (c *converter) cell(e *rst.Node) string {
	var paras []*rst.Node
	for _, k := range e.Children {
		switch k.Kind {
		case rst.KindParagraph:
			paras = append(paras, k)
		case rst.KindComment, rst.KindTarget, rst.KindSubstitutionDefinition:
		default:
			c.refuse(k, "a table cell holding "+constructName(k))
		}
	}
	if len(paras) == 0 {
		return ""
	}
	if len(paras) > 1 {
		c.refuse(e, "a table cell holding several paragraphs")
	}
	w := &inlineWriter{c: c, cell: true}
	w.nodes(paras[0].Children)
	return strings.TrimSpace(w.b.String())
}
