package helpmd

import (
	"net/url"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/rst"
)

// canonicalTags maps the tags of both renderings that mean the same thing
// to one name: html4css1 writes <tt> for literal text and <cite> for
// interpreted text, shown in italics.
var canonicalTags = map[string]string{"tt": "code", "b": "strong", "i": "em", "cite": "em"}

// transparentTags are the elements the skeleton replaces by their
// content: sections' and html4css1's wrapping <div>s, the <span
// class="pre"> runs of literal text, table row groups, and the <code>
// that markdown-it puts inside <pre>.
var transparentTags = map[string]bool{"div": true, "span": true, "thead": true, "tbody": true, "tfoot": true}

// droppedTags are the elements the skeleton leaves out with their
// content: html4css1's column widths.
var droppedTags = map[string]bool{"colgroup": true, "col": true}

// keptAttrs are the attributes the skeleton keeps, by tag: where a link
// goes, which image is shown, and where a numbered list starts.
var keptAttrs = map[string]string{"a": "href", "img": "src", "ol": "start"}

// Skeleton reduces an HTML fragment to the semantic skeleton the
// render-equivalence gate compares: tag names made canonical, only the
// attributes of keptAttrs (a link's href and an image's src with
// percent-encoding decoded, an ordered list's start other than 1), the
// wrapping and grouping elements of transparentTags dissolved,
// the no-break space html4css1 writes in an empty table cell dropped,
// text with whitespace collapsed outside <pre> (ParseHTML has removed
// what HTML does not render between and around blocks) and the final newline of <pre> text dropped,
// and a paragraph holding nothing but an image (or a link around one)
// read as that image, as html4css1 writes a block image without one.
func Skeleton(html string) *rst.HTMLNode {
	root := rst.ParseHTML(html)
	out := &rst.HTMLNode{Tag: root.Tag}
	out.Kids = skeletonKids(root.Kids, false)
	return out
}

// skeletonKids reduces a node list; pre says it is inside <pre>.
func skeletonKids(kids []*rst.HTMLNode, pre bool) []*rst.HTMLNode {
	var out []*rst.HTMLNode
	add := func(n *rst.HTMLNode) {
		if n.Tag == "" {
			// Adjacent texts (around a dissolved <span>) read as one.
			if k := len(out); k > 0 && out[k-1].Tag == "" {
				out[k-1] = &rst.HTMLNode{Text: out[k-1].Text + n.Text}
				return
			}
		}
		out = append(out, n)
	}
	for _, k := range kids {
		switch {
		case k.Tag == "":
			add(&rst.HTMLNode{Text: k.Text})
		case droppedTags[k.Tag]:
		case transparentTags[k.Tag], pre && k.Tag == "code":
			for _, c := range skeletonKids(k.Kids, pre) {
				add(c)
			}
		default:
			add(skeletonNode(k, pre))
		}
	}
	// Texts are final only once merged.
	kept := out[:0]
	for _, n := range out {
		if n.Tag == "" {
			if pre {
				n.Text = strings.TrimSuffix(n.Text, "\n")
			} else {
				n.Text = collapse(n.Text)
			}
			if n.Text == "" {
				continue
			}
		}
		kept = append(kept, n)
	}
	return kept
}

// skeletonNode reduces one element.
func skeletonNode(k *rst.HTMLNode, pre bool) *rst.HTMLNode {
	tag := k.Tag
	if c, ok := canonicalTags[tag]; ok {
		tag = c
	}
	n := &rst.HTMLNode{Tag: tag}
	if name, ok := keptAttrs[tag]; ok {
		for _, a := range k.Attrs {
			v, found := strings.CutPrefix(a, name+"=")
			if !found || (tag == "ol" && v == "1") {
				continue
			}
			if tag != "ol" {
				if u, err := url.PathUnescape(v); err == nil {
					v = u
				}
			}
			n.Attrs = append(n.Attrs, name+"="+v)
		}
	}
	n.Kids = skeletonKids(k.Kids, pre || tag == "pre")
	// html4css1 writes an empty table cell as a no-break space.
	if (tag == "td" || tag == "th") && len(n.Kids) == 1 && n.Kids[0].Tag == "" && strings.TrimSpace(n.Kids[0].Text) == "" {
		n.Kids = nil
	}
	if tag == "p" && len(n.Kids) == 1 && isImage(n.Kids[0]) {
		return n.Kids[0]
	}
	return n
}

// isImage reports whether n is an image or a link holding only an image.
func isImage(n *rst.HTMLNode) bool {
	if n.Tag == "img" {
		return true
	}
	return n.Tag == "a" && len(n.Kids) == 1 && n.Kids[0].Tag == "img"
}

// collapse turns runs of HTML whitespace into one space, the way a
// browser shows text.
func collapse(s string) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		if r == ' ' || r == '\n' || r == '\t' || r == '\r' || r == '\f' {
			space = true
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	if space {
		b.WriteByte(' ')
	}
	return b.String()
}
