package helpmd

import (
	"fmt"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/rst"
)

// Refusal is the error of [ToMarkdown] for a document holding a construct
// that CommonMark (with GFM tables) cannot express so that markdown-it
// renders what docutils renders.
type Refusal struct {
	Construct string // what cannot be converted, e.g. "definition list"
	Line      int    // its line in the help text, 0 when unknown
}

// Error says what cannot be converted and where.
func (r *Refusal) Error() string {
	if r.Line > 0 {
		return fmt.Sprintf("%s has no CommonMark equivalent (line %d of the help)", r.Construct, r.Line)
	}
	return r.Construct + " has no CommonMark equivalent"
}

// ToMarkdown writes the CommonMark of a parsed RST document: sections as
// ATX headings, paragraphs, emphasis, strong and literal text,
// interpreted text as emphasis, bullet and arabic enumerated lists (tight
// where html4css1 renders them compact), literal, doctest and code blocks
// as fenced code, block quotes, transitions, external links, standalone
// URIs, images, and tables with one header row and no spanning cells as
// pipe tables. Comments, targets and substitution definitions, which
// docutils does not show, are left out. Text is escaped so that it reads
// as written and no raw HTML is produced. Any other construct is a
// [*Refusal] naming it; the result is only a proposal, which [Equivalent]
// checks.
func ToMarkdown(doc *rst.Document) (string, error) {
	c := &converter{}
	out := c.blocks(doc.Root.Children, 0, false)
	if c.refusal != nil {
		return "", c.refusal
	}
	return out, nil
}

// converter holds the first refusal of a conversion.
type converter struct {
	refusal *Refusal
}

// refuse records that construct n cannot be converted; the first one is
// reported.
func (c *converter) refuse(n *rst.Node, construct string) {
	if c.refusal == nil {
		c.refusal = &Refusal{Construct: construct, Line: n.Line}
	}
}

// indent prefixes the first line of s with first and the others with
// rest; a line left empty gets rest without its trailing spaces.
func indent(s, first, rest string) string {
	lines := strings.Split(s, "\n")
	blank := strings.TrimRight(rest, " ")
	for i, l := range lines {
		switch {
		case i == 0 && l == "":
			lines[i] = strings.TrimRight(first, " ")
		case i == 0:
			lines[i] = first + l
		case l == "":
			lines[i] = blank
		default:
			lines[i] = rest + l
		}
	}
	return strings.Join(lines, "\n")
}
