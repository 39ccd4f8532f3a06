package version

import (
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// This file writes the new elements the engines add (token definitions,
// an <import>, a <macros> block, a macro file) in the file's own
// conventions: its newline, its indentation, one element a line where the
// file writes one element a line.

// tokenElement returns the definition of token name with value as XML.
func tokenElement(name, value string) string {
	return `<token name="` + name + `">` + rewrite.EscapeText(value) + `</token>`
}

// importElement returns the <import> of file as XML.
func importElement(file string) string {
	return "<import>" + rewrite.EscapeText(file) + "</import>"
}

// lineIndent returns the whitespace between the start of the line holding
// off and off, and whether only whitespace precedes off on its line.
func lineIndent(src []byte, off int) (string, bool) {
	i := off
	for i > 0 && (src[i-1] == ' ' || src[i-1] == '\t') {
		i--
	}
	if i > 0 && src[i-1] != '\n' {
		return "", false
	}
	return string(src[i:off]), true
}

// indentUnit returns the file's indentation step: how much deeper the
// first child element of the root stands than the root, or four spaces
// when that does not tell.
func indentUnit(t *cst.Tree) string {
	src, root := t.Source(), t.RootElement()
	outer, ok := lineIndent(src, root.Span().Start)
	for c := range root.Elements() {
		inner, alone := lineIndent(src, c.Span().Start)
		if ok && alone && len(inner) > len(outer) && strings.HasPrefix(inner, outer) {
			return inner[len(outer):]
		}
		break
	}
	return "    "
}

// insertFirst returns the edit writing texts, elements written as XML, as
// the first children of the element node el: each on a line of its own,
// indented as el's first child element is (one unit deeper than el when it
// has none), or side by side when el's content is written on one line.
func insertFirst(el cst.Node, texts []string, unit string) rewrite.Edit {
	src := el.Tree().Source()
	nl := rewrite.Newline(src)
	for c := range el.Elements() {
		at := c.Span().Start
		indent, alone := lineIndent(src, at)
		if !alone {
			return rewrite.Edit{Start: at, End: at, New: strings.Join(texts, "")}
		}
		return rewrite.Edit{Start: at, End: at, New: strings.Join(texts, nl+indent) + nl + indent}
	}
	outer, alone := lineIndent(src, el.Span().Start)
	if el.SelfClosing() {
		tag := el.StartTag().Span()
		open := strings.TrimRight(string(src[tag.Start:tag.End-2]), " \t\r\n") + ">"
		return rewrite.Edit{Start: tag.Start, End: tag.End, New: open + block(texts, outer, unit, nl, alone) + "</" + el.Name() + ">"}
	}
	content := el.ContentSpan()
	if isLayout(string(src[content.Start:content.End])) {
		return rewrite.Edit{Start: content.Start, End: content.End, New: block(texts, outer, unit, nl, alone)}
	}
	end := el.EndTag().Span().Start
	return rewrite.Edit{Start: end, End: end, New: strings.Join(texts, "")}
}

// block returns texts as the content of an element indented by outer:
// each on a line of its own one unit deeper, and the end tag's line, or
// side by side when the element does not stand on a line of its own.
func block(texts []string, outer, unit, nl string, lines bool) string {
	if !lines {
		return strings.Join(texts, "")
	}
	inner := outer + unit
	return nl + inner + strings.Join(texts, nl+inner) + nl + outer
}

// insertBlock returns the edit adding a <macros> element holding texts as
// the first child element of the root <tool> of t.
func insertBlock(t *cst.Tree, texts []string, unit string) rewrite.Edit {
	root := t.RootElement()
	src := t.Source()
	nl := rewrite.Newline(src)
	for c := range root.Elements() {
		at := c.Span().Start
		indent, alone := lineIndent(src, at)
		if !alone {
			return rewrite.Edit{Start: at, End: at, New: "<macros>" + strings.Join(texts, "") + "</macros>"}
		}
		return rewrite.Edit{Start: at, End: at, New: "<macros>" + block(texts, indent, unit, nl, true) + "</macros>" + nl + indent}
	}
	outer, _ := lineIndent(src, root.Span().Start)
	return insertFirst(root, []string{"<macros>" + block(texts, outer+unit, unit, nl, true) + "</macros>"}, unit)
}

// newMacroFile returns a macro file holding texts, one a line, with the
// newline nl and indentation unit.
func newMacroFile(texts []string, unit, nl string) []byte {
	return []byte("<macros>" + block(texts, "", unit, nl, true) + "</macros>" + nl)
}
