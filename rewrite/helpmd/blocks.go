package helpmd

import (
	"strings"

	"github.com/galaxy-gtr/gtr/cst/rst"
)

// blocks writes a sequence of body elements at section depth depth,
// separated by a blank line, or by a line break only when tight (the
// items of a compact list).
func (c *converter) blocks(nodes []*rst.Node, depth int, tight bool) string {
	var parts []string
	var prev *rst.Node // the last block written, for list markers
	for _, n := range nodes {
		s, shown := c.block(n, depth, prev)
		if !shown {
			continue
		}
		parts = append(parts, s)
		prev = n
	}
	sep := "\n\n"
	if tight {
		sep = "\n"
	}
	return strings.Join(parts, sep)
}

// block writes one body element; shown is false for the elements docutils
// does not render. prev is the block written before it.
func (c *converter) block(n *rst.Node, depth int, prev *rst.Node) (s string, shown bool) {
	if n.Kind.Invisible() {
		return "", false
	}
	switch n.Kind {
	case rst.KindSystemMessage:
		// Valid documents carry INFO messages only, which html4css1 does
		// not show at Galaxy's report level.
		if n.Level < 2 {
			return "", false
		}
		c.refuse(n, "a docutils system message")
	case rst.KindSection:
		return c.section(n, depth), true
	case rst.KindParagraph:
		if len(n.Classes) > 0 {
			c.refuse(n, "a paragraph with the class "+strings.Join(n.Classes, " ")+" (.. class::)")
		}
		p := c.paragraph(n.Children)
		if strings.TrimSpace(p) == "" {
			c.refuse(n, "an empty paragraph")
		}
		return p, true
	case rst.KindBulletList, rst.KindEnumeratedList:
		return c.list(n, prev), true
	case rst.KindLiteralBlock, rst.KindDoctestBlock:
		return c.fence(n), true
	case rst.KindBlockQuote:
		if compactQuote(n) {
			c.refuse(n, "a block quote of one paragraph")
		}
		return indent(c.blocks(n.Children, depth, false), "> ", "> "), true
	case rst.KindTransition:
		return "---", true
	case rst.KindTable:
		return c.table(n), true
	case rst.KindImage:
		return c.image(n), true
	case rst.KindReference:
		// An image with a :target: is a reference around the image.
		return c.inlines([]*rst.Node{n}), true
	case rst.KindAttribution:
		c.refuse(n, "a block quote attribution")
	default:
		c.refuse(n, constructName(n))
	}
	return "", true
}

// compactQuote reports whether html4css1 renders the paragraph of block
// quote n without <p>, which CommonMark's "> " cannot: a quote whose only
// shown child is a paragraph (invisible nodes do not count, as in
// docutils) outside a list, where
// should_be_compact_paragraph's compact_p holds. Inside a list it does
// not, and a list that holds a block quote is never simple enough to be
// rendered compact.
func compactQuote(n *rst.Node) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Kind == rst.KindBulletList || p.Kind == rst.KindEnumeratedList {
			return false
		}
	}
	shown := n.Shown()
	return len(shown) == 1 && shown[0].Kind == rst.KindParagraph
}

// constructName names a node's construct in a refusal.
func constructName(n *rst.Node) string {
	name := strings.ReplaceAll(n.Kind.String(), "_", " ")
	switch n.Kind {
	case rst.KindNote, rst.KindWarning, rst.KindAttention, rst.KindCaution, rst.KindDanger,
		rst.KindError, rst.KindHint, rst.KindImportant, rst.KindTip, rst.KindAdmonition:
		return "a " + name + " admonition"
	}
	if strings.ContainsAny(name[:1], "aeiou") {
		return "an " + name
	}
	return "a " + name
}

// section writes a section: its title as an ATX heading of its depth, then
// its body.
func (c *converter) section(n *rst.Node, depth int) string {
	depth++
	if depth > 6 {
		c.refuse(n, "a section nested deeper than six levels")
		return ""
	}
	if len(n.Children) == 0 || n.Children[0].Kind != rst.KindTitle {
		c.refuse(n, "a section without a title")
		return ""
	}
	title := n.Children[0]
	if title.Has("refid") {
		c.refuse(title, "a section title linked from a table of contents")
	}
	w := &inlineWriter{c: c, heading: true}
	w.nodes(title.Children)
	head := strings.Repeat("#", depth) + " " + strings.ReplaceAll(w.b.String(), "\n", " ")
	body := c.blocks(n.Children[1:], depth, false)
	if body == "" {
		return head
	}
	return head + "\n\n" + body
}

// paragraph writes a paragraph's inline content.
func (c *converter) paragraph(kids []*rst.Node) string {
	return c.inlines(kids)
}

// fence writes a literal, doctest or code block as a fenced code block,
// with the language of a code block as its info string.
func (c *converter) fence(n *rst.Node) string {
	for _, k := range n.Children {
		if k.Kind != rst.KindText {
			c.refuse(n, "a parsed literal block with inline markup")
			return ""
		}
	}
	lang := ""
	if n.Kind == rst.KindLiteralBlock {
		for _, cl := range n.Classes {
			switch {
			case cl == "code":
			case lang == "":
				lang = cl
			default:
				c.refuse(n, "a code block with classes")
			}
		}
		if lang != "" && !hasClass(n, "code") {
			c.refuse(n, "a literal block with a class")
		}
	}
	text := n.AsText()
	run := 2
	for _, l := range strings.Split(text, "\n") {
		t := strings.TrimLeft(l, " ")
		k := len(t) - len(strings.TrimLeft(t, "`"))
		run = max(run, k)
	}
	fence := strings.Repeat("`", run+1)
	if strings.ContainsAny(lang, "` \t") {
		c.refuse(n, "a code block language with spaces or backticks")
	}
	return fence + lang + "\n" + text + "\n" + fence
}

// hasClass reports whether n carries class cl.
func hasClass(n *rst.Node, cl string) bool {
	for _, x := range n.Classes {
		if x == cl {
			return true
		}
	}
	return false
}
