package rst

import (
	"fmt"
	"html"
	"sort"
	"strings"
)

// hnode is a node of a normalised HTML tree: an element with sorted
// attributes, or text with whitespace collapsed as HTML collapses it
// (kept inside <pre>).
type hnode struct {
	tag   string // "" for text
	attrs []string
	text  string
	kids  []*hnode
}

// voidTags are the HTML elements without end tags.
var voidTags = map[string]bool{"br": true, "hr": true, "img": true, "col": true, "meta": true, "input": true}

// parseHTML reads the html4css1 fragment s into a normalised tree.
func parseHTML(s string) *hnode {
	root := &hnode{tag: "#root"}
	stack := []*hnode{root}
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
		if k := len(top.kids); k > 0 && top.kids[k-1].tag == "" {
			top.kids[k-1].text += t
			if pre == 0 {
				top.kids[k-1].text = collapseSpace(top.kids[k-1].text)
			}
			return
		}
		top.kids = append(top.kids, &hnode{text: t})
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
				if stack[k].tag == name {
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
		n := &hnode{tag: name, attrs: attrs}
		top := stack[len(stack)-1]
		top.kids = append(top.kids, n)
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
func trimBlocks(n *hnode) {
	if n.tag == "pre" {
		return
	}
	for _, k := range n.kids {
		if k.tag != "" {
			trimBlocks(k)
		}
	}
	if inlineTags[n.tag] {
		return
	}
	var kept []*hnode
	for i, k := range n.kids {
		if k.tag == "" {
			prevBlock := i == 0 || (n.kids[i-1].tag != "" && !inlineTags[n.kids[i-1].tag])
			nextBlock := i == len(n.kids)-1 || (n.kids[i+1].tag != "" && !inlineTags[n.kids[i+1].tag])
			if prevBlock {
				k.text = strings.TrimLeft(k.text, " ")
			}
			if nextBlock {
				k.text = strings.TrimRight(k.text, " ")
			}
			if k.text == "" {
				continue
			}
		}
		kept = append(kept, k)
	}
	n.kids = kept
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

// describe names a node for a difference report.
func (n *hnode) describe() string {
	if n == nil {
		return "(nothing)"
	}
	if n.tag == "" {
		t := n.text
		if len(t) > 60 {
			t = t[:60] + "…"
		}
		return fmt.Sprintf("text %q", t)
	}
	return "<" + strings.Join(append([]string{n.tag}, n.attrs...), " ") + ">"
}

// firstDiff returns a description of the first difference between a and
// b, or "" when they are equal.
func firstDiff(a, b *hnode, path string) string {
	if a.tag != b.tag || a.text != b.text || strings.Join(a.attrs, " ") != strings.Join(b.attrs, " ") {
		return path + ": got " + a.describe() + ", want " + b.describe()
	}
	for i := 0; i < len(a.kids) || i < len(b.kids); i++ {
		var x, y *hnode
		if i < len(a.kids) {
			x = a.kids[i]
		}
		if i < len(b.kids) {
			y = b.kids[i]
		}
		p := fmt.Sprintf("%s/%d", path, i)
		if x == nil || y == nil {
			return p + ": got " + x.describe() + ", want " + y.describe()
		}
		if d := firstDiff(x, y, p+":"+y.tag); d != "" {
			return d
		}
	}
	return ""
}
