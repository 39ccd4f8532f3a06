package rules

import (
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// attrRank orders attribute names: a lower rank comes first, equal ranks
// sort by name.
type attrRank func(name string) int

// unranked is the rank of attributes a convention does not list; they sort
// after the listed ones, alphabetically.
const unranked = 100

// rankTable returns an attrRank from a priority table.
func rankTable(table map[string]int) attrRank {
	return func(name string) int {
		if r, ok := table[name]; ok {
			return r
		}
		return unranked
	}
}

// rankedAttr is an attribute with its order key: (rank, name), the
// predecessor's.
type rankedAttr struct {
	node cst.Node
	rank int
	name string
}

func rankAttr(rank attrRank, a cst.Node) rankedAttr {
	name := a.Name()
	return rankedAttr{a, rank(name), name}
}

// compareRanked orders attributes by their key.
func compareRanked(a, b rankedAttr) int {
	if a.rank != b.rank {
		return a.rank - b.rank
	}
	return strings.Compare(a.name, b.name)
}

// reorderAttrs reports a start tag whose attributes are out of order and
// fixes it by permuting the attribute texts into the existing attribute
// slots: each attribute keeps its own spelling (quotes, value bytes, spacing
// around '='), and the whitespace between attributes stays where it is, so
// single-space tags stay single-spaced and wrapped tags keep their line
// layout. Only the slots whose attribute changes are edited.
func reorderAttrs(p *Pass, tag cst.Node, rank attrRank) {
	// Already in order, or fewer than two attributes: the common case,
	// decided without collecting the attributes, ranking each once.
	inOrder := true
	prev := rankAttr(rank, firstAttr(tag))
	for a := nextAttr(prev.node); a.IsValid() && inOrder; a = nextAttr(a) {
		cur := rankAttr(rank, a)
		inOrder = compareRanked(cur, prev) >= 0
		prev = cur
	}
	if inOrder {
		return
	}
	// Tags holding anything but names, whitespace and attributes (stray
	// bytes of a malformed tag) are left alone.
	if !plainTag(tag) {
		return
	}
	// A duplicated attribute is a parse error; which copy wins is unclear.
	if !p.Tree.WellFormed() && hasDuplicateAttrs(tag) {
		return
	}
	// Room for the attributes of most tags, so that neither list needs
	// the heap.
	var attrBuf, sortBuf [16]rankedAttr
	attrs := attrBuf[:0]
	for a := firstAttr(tag); a.IsValid(); a = nextAttr(a) {
		attrs = append(attrs, rankAttr(rank, a))
	}
	sorted := append(sortBuf[:0], attrs...)
	slices.SortStableFunc(sorted, compareRanked)
	// The moved texts are cut from the source, not copied.
	src := p.Tree.SourceString()
	var edits []rewrite.Edit
	for i, slot := range attrs {
		if sorted[i].node == slot.node {
			continue
		}
		if edits == nil {
			edits = make([]rewrite.Edit, 0, len(attrs)-i)
		}
		s := sorted[i].node.Span()
		edits = append(edits, rewrite.Replace(slot.node, src[s.Start:s.End]))
	}
	// Already in order.
	if len(edits) == 0 {
		return
	}
	// The message is built in one buffer, on the stack for most tags.
	msg := append(make([]byte, 0, 192), "attributes of <"...)
	msg = append(msg, tag.Name()...)
	msg = append(msg, "> are not in IUC order (expected "...)
	for i, a := range sorted {
		if i > 0 {
			msg = append(msg, ", "...)
		}
		msg = append(msg, a.name...)
	}
	msg = append(msg, ')')
	p.Fix(tag, string(msg), edits...)
}

// plainTag reports whether the tokens of tag itself (not its attributes')
// are only its '<', name, whitespace and closing '>' or '/>'.
func plainTag(tag cst.Node) bool {
	for tok := range tag.OwnTokens() {
		switch tok.Kind() {
		case cst.TokLT, cst.TokName, cst.TokSpace, cst.TokGT, cst.TokSlashGT:
		default:
			return false
		}
	}
	return true
}
