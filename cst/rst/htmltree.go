package rst

import (
	"fmt"
	"html"
	"sort"
	"strings"
)

// HTMLNode is a node of a normalised HTML tree: an element with sorted
// attributes, or text with whitespace collapsed as HTML collapses it
// (kept inside <pre>). Tests compare [HTML] with Galaxy's rendering as
// these trees, and package rewrite/helpmd compares renderings with them.
type HTMLNode struct {
	Tag   string   // "" for text
	Attrs []string // "name=value", sorted
	Text  string
	Kids  []*HTMLNode
}

// voidTags are the HTML elements without end tags.
var voidTags = map[string]bool{"br": true, "hr": true, "img": true, "col": true, "meta": true, "input": true}

// ParseHTML reads an HTML fragment, such as html4css1 writes or a
// Markdown renderer writes, into a normalised tree under a "#root"
// element: comments dropped, references decoded, whitespace collapsed
// outside <pre> and removed where HTML does not render it.
func ParseHTML(s string) *HTMLNode {
	root := &HTMLNode{Tag: "#root"}
	stack := []*HTMLNode{root}
	pre := 0
	addText := func(t string) {
		top := stack[len(stack)-1]
		t = html.UnescapeString(t)
		if pre == 0 {
			t = collapseSpace(t)
		}
		if t == "" {
			return
		}
		if k := len(top.Kids); k > 0 && top.Kids[k-1].Tag == "" {
			top.Kids[k-1].Text += t
			if pre == 0 {
				top.Kids[k-1].Text = collapseSpace(top.Kids[k-1].Text)
			}
			return
		}
		top.Kids = append(top.Kids, &HTMLNode{Text: t})
	}
	for len(s) > 0 {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			addText(s)
			break
		}
		if i > 0 {
			addText(s[:i])
		}
		s = s[i:]
		if strings.HasPrefix(s, "<!--") {
			j := strings.Index(s, "-->")
			if j < 0 {
				break
			}
			s = s[j+3:]
			continue
		}
		j := strings.IndexByte(s, '>')
		if j < 0 {
			addText(s)
			break
		}
		tag := s[1:j]
		s = s[j+1:]
		if strings.HasPrefix(tag, "/") {
			name := strings.ToLower(strings.TrimSpace(tag[1:]))
			for k := len(stack) - 1; k > 0; k-- {
				if stack[k].Tag == name {
					stack = stack[:k]
					break
				}
			}
			if name == "pre" && pre > 0 {
				pre--
			}
			continue
		}
		selfClose := strings.HasSuffix(tag, "/")
		tag = strings.TrimSuffix(tag, "/")
		name, attrs := parseTag(tag)
		n := &HTMLNode{Tag: name, Attrs: attrs}
		top := stack[len(stack)-1]
		top.Kids = append(top.Kids, n)
		if selfClose || voidTags[name] {
			continue
		}
		stack = append(stack, n)
		if name == "pre" {
			pre++
			s = strings.TrimPrefix(s, "\n")
		}
	}
	trimBlocks(root)
	return root
}

// collapseSpace turns whitespace runs into one space.
func collapseSpace(s string) string {
	var b strings.Builder
	sp := false
	for _, r := range s {
		if r == ' ' || r == '\n' || r == '\t' || r == '\r' {
			sp = true
			continue
		}
		if sp {
			b.WriteByte(' ')
			sp = false
		}
		b.WriteRune(r)
	}
	if sp {
		b.WriteByte(' ')
	}
	return b.String()
}

// inlineTags are the elements whose surrounding whitespace is rendered.
var inlineTags = map[string]bool{"a": true, "em": true, "strong": true, "tt": true, "code": true,
	"span": true, "cite": true, "sub": true, "sup": true, "abbr": true, "acronym": true,
	"var": true, "kbd": true, "img": true, "br": true, "object": true}

// trimBlocks removes whitespace that HTML does not render: at the start
// and end of block elements and between block elements.
func trimBlocks(n *HTMLNode) {
	if n.Tag == "pre" {
		return
	}
	for _, k := range n.Kids {
		if k.Tag != "" {
			trimBlocks(k)
		}
	}
	if inlineTags[n.Tag] {
		return
	}
	var kept []*HTMLNode
	for i, k := range n.Kids {
		if k.Tag == "" {
			prevBlock := i == 0 || (n.Kids[i-1].Tag != "" && !inlineTags[n.Kids[i-1].Tag])
			nextBlock := i == len(n.Kids)-1 || (n.Kids[i+1].Tag != "" && !inlineTags[n.Kids[i+1].Tag])
			if prevBlock {
				k.Text = strings.TrimLeft(k.Text, " ")
			}
			if nextBlock {
				k.Text = strings.TrimRight(k.Text, " ")
			}
			if k.Text == "" {
				continue
			}
		}
		kept = append(kept, k)
	}
	n.Kids = kept
}

// parseTag splits a start tag into its name and sorted "k=v" attributes.
func parseTag(t string) (string, []string) {
	t = strings.TrimSpace(t)
	i := strings.IndexAny(t, " \n\t")
	if i < 0 {
		return strings.ToLower(t), nil
	}
	name := strings.ToLower(t[:i])
	rest := t[i:]
	var attrs []string
	for {
		rest = strings.TrimLeft(rest, " \n\t")
		if rest == "" {
			break
		}
		eq := strings.IndexByte(rest, '=')
		if eq < 0 {
			attrs = append(attrs, rest)
			break
		}
		k := strings.TrimSpace(rest[:eq])
		rest = rest[eq+1:]
		v := ""
		if strings.HasPrefix(rest, `"`) {
			e := strings.IndexByte(rest[1:], '"')
			if e < 0 {
				e = len(rest) - 1
			}
			v = rest[1 : e+1]
			rest = rest[min(e+2, len(rest)):]
		} else {
			e := strings.IndexAny(rest, " \n\t")
			if e < 0 {
				e = len(rest)
			}
			v = rest[:e]
			rest = rest[e:]
		}
		v = html.UnescapeString(v)
		if k == "class" {
			f := strings.Fields(v)
			v = strings.Join(f, " ")
		}
		attrs = append(attrs, k+"="+v)
	}
	sort.Strings(attrs)
	return name, attrs
}

// Describe names a node for a difference report.
func (n *HTMLNode) Describe() string {
	if n == nil {
		return "(nothing)"
	}
	if n.Tag == "" {
		t := n.Text
		if len(t) > 60 {
			t = t[:60] + "…"
		}
		return fmt.Sprintf("text %q", t)
	}
	return "<" + strings.Join(append([]string{n.Tag}, n.Attrs...), " ") + ">"
}

// FirstDiff returns a description of the first difference between a and
// b, or "" when they are equal.
func FirstDiff(a, b *HTMLNode, path string) string {
	if a.Tag != b.Tag || a.Text != b.Text || strings.Join(a.Attrs, " ") != strings.Join(b.Attrs, " ") {
		return path + ": got " + a.Describe() + ", want " + b.Describe()
	}
	for i := 0; i < len(a.Kids) || i < len(b.Kids); i++ {
		var x, y *HTMLNode
		if i < len(a.Kids) {
			x = a.Kids[i]
		}
		if i < len(b.Kids) {
			y = b.Kids[i]
		}
		p := fmt.Sprintf("%s/%d", path, i)
		if x == nil || y == nil {
			return p + ": got " + x.Describe() + ", want " + y.Describe()
		}
		if d := FirstDiff(x, y, p+":"+y.Tag); d != "" {
			return d
		}
	}
	return ""
}
