package rules

import (
	"strings"
	"unicode"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// deleteAttr is [rewrite.DeleteAttr].
func deleteAttr(a cst.Node) rewrite.Edit { return rewrite.DeleteAttr(a) }

// renameAttr is [rewrite.RenameAttr].
func renameAttr(a cst.Node, name string) rewrite.Edit { return rewrite.RenameAttr(a, name) }

// hasDuplicateAttrs reports whether a tag names one attribute twice (a
// well-formedness error that leaves no safe way to edit the tag). Tags have
// few attributes, so comparing each with those before it is cheaper than a
// set.
func hasDuplicateAttrs(tag cst.Node) bool {
	for a := firstAttr(tag); a.IsValid(); a = nextAttr(a) {
		for b := firstAttr(tag); b != a; b = nextAttr(b) {
			if a.Name() == b.Name() {
				return true
			}
		}
	}
	return false
}

// The attribute helpers below read attributes as [cst.Node.Attrs],
// [cst.Node.Attr], [cst.Node.AttrValue] and [cst.Node.Get] do, following the
// sibling links themselves: those iterators allocate on every call, and the
// rules ask for attributes of nearly every element.

// firstAttr returns the first attribute of an element or start tag, or the
// zero Node.
func firstAttr(n cst.Node) cst.Node {
	if n.Kind() == cst.KindElement {
		n = n.StartTag()
	}
	if n.Kind() != cst.KindStartTag {
		return cst.Node{}
	}
	return attrFrom(n.FirstChild())
}

// nextAttr returns the attribute after a in its tag, or the zero Node.
func nextAttr(a cst.Node) cst.Node { return attrFrom(a.NextSibling()) }

// attrFrom returns the first attribute among c and its following siblings.
func attrFrom(c cst.Node) cst.Node {
	for ; c.IsValid(); c = c.NextSibling() {
		if c.Kind() == cst.KindAttribute {
			return c
		}
	}
	return cst.Node{}
}

// attrNode returns the attribute called name of an element or start tag, or
// the zero Node.
func attrNode(n cst.Node, name string) cst.Node {
	for a := firstAttr(n); a.IsValid(); a = nextAttr(a) {
		if string(a.NameToken().Bytes()) == name {
			return a
		}
	}
	return cst.Node{}
}

// attrValue returns the decoded value of the attribute called name and
// whether the attribute is present.
func attrValue(n cst.Node, name string) (string, bool) {
	a := attrNode(n, name)
	if !a.IsValid() {
		return "", false
	}
	return a.Value(), true
}

// attrGet returns the decoded value of the attribute called name, or "".
func attrGet(n cst.Node, name string) string {
	v, _ := attrValue(n, name)
	return v
}

// galaxyBool reads a boolean attribute value as Galaxy's string_as_bool
// does: "true", "yes", "on" and "1" (any case) are true, anything else
// false.
func galaxyBool(v string) bool {
	switch strings.ToLower(v) {
	case "true", "yes", "on", "1":
		return true
	}
	return false
}

// isPyWhitespace reports whether Python's str.strip() strips r: Unicode
// white space plus the ASCII information separators U+001C–U+001F.
func isPyWhitespace(r rune) bool {
	return unicode.IsSpace(r) || r >= 0x1c && r <= 0x1f
}

// pyStrip strips s as Python's str.strip() does.
func pyStrip(s string) string { return strings.TrimFunc(s, isPyWhitespace) }

// toolChild returns the first child element of the <tool> root called
// name, as Galaxy's root.find(name) does, or the zero Node.
func toolChild(p *Pass, name string) cst.Node {
	return p.Tree.RootElement().Element(name)
}
