package helpmd

import (
	"strconv"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/rst"
)

// list writes a bullet or arabic enumerated list. Its items are tight
// (no <p>) exactly when html4css1 renders the list compact. A list
// written right after another list of the same kind takes the other
// marker ("-" or "*", "." or ")"), since CommonMark would otherwise join
// the two.
func (c *converter) list(n *rst.Node, prev *rst.Node) string {
	return c.listIn(n, prev, false)
}

// listIn writes a list nested in one rendered compact (inCompact) or
// not.
func (c *converter) listIn(n *rst.Node, prev *rst.Node, inCompact bool) string {
	if len(n.Classes) > 0 {
		c.refuse(n, "a list with a class")
	}
	tight := rst.CompactList(n, inCompact)
	ordered := n.Kind == rst.KindEnumeratedList
	start := 1
	if ordered {
		if t := n.Get("enumtype"); t != "arabic" {
			c.refuse(n, "an enumerated list numbered "+t)
		}
		if s := n.Get("start"); s != "" {
			v, err := strconv.Atoi(s)
			if err != nil || v < 0 || v > 999999999 {
				c.refuse(n, "an enumerated list starting at "+s)
			}
			start = v
		}
	}
	alt := prev != nil && prev.Kind == n.Kind
	var items []string
	for i, it := range n.Children {
		if it.Kind != rst.KindListItem {
			c.refuse(it, constructName(it))
			continue
		}
		marker := "-"
		if alt {
			marker = "*"
		}
		if ordered {
			marker = strconv.Itoa(start+i) + "."
			if alt {
				marker = strconv.Itoa(start+i) + ")"
			}
		}
		body := c.itemBody(it, tight)
		pad := strings.Repeat(" ", len(marker)+1)
		if strings.TrimSpace(body) == "" {
			// CommonMark reads an empty item differently next to
			// blank lines and nested lists.
			c.refuse(it, "an empty list item")
			continue
		}
		items = append(items, indent(body, marker+" ", pad))
	}
	sep := "\n\n"
	if tight {
		sep = "\n"
	}
	return strings.Join(items, sep)
}

// itemBody writes a list item's blocks; a nested list inherits the
// compactness of a tight list, as html4css1 passes it down.
func (c *converter) itemBody(it *rst.Node, tight bool) string {
	var parts []string
	var prev *rst.Node
	for _, k := range it.Children {
		var s string
		if k.Kind == rst.KindBulletList || k.Kind == rst.KindEnumeratedList {
			s = c.listIn(k, prev, tight)
		} else {
			var shown bool
			s, shown = c.block(k, 0, prev)
			if !shown {
				continue
			}
		}
		parts = append(parts, s)
		prev = k
	}
	sep := "\n\n"
	if tight {
		sep = "\n"
	}
	return strings.Join(parts, sep)
}
