package rewrite

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
)

// FileEdit is an [Edit] of one file among several: a change that spans a
// tool and the macro files it imports is a list of them.
type FileEdit struct {
	File string
	Edit
}

// In returns e as an edit of file.
func In(file string, e Edit) FileEdit { return FileEdit{File: file, Edit: e} }

// ApplyFiles applies edits to the files they name, whose bytes files holds,
// and returns the new bytes of every file an edit names (files itself is
// not modified). Every file's edits must apply ([Apply]); when one does
// not, ApplyFiles returns an error naming the file and no file.
func ApplyFiles(files map[string][]byte, edits []FileEdit) (map[string][]byte, error) {
	by := map[string][]Edit{}
	for _, e := range edits {
		by[e.File] = append(by[e.File], e.Edit)
	}
	out := make(map[string][]byte, len(by))
	for _, f := range slices.Sorted(maps.Keys(by)) {
		src, ok := files[f]
		if !ok {
			return nil, fmt.Errorf("%s: an edit names a file that is not loaded", f)
		}
		b, err := Apply(src, by[f])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		out[f] = b
	}
	return out, nil
}

// DeleteAttr returns the edit removing attribute a from its tag together
// with one adjacent separator, so that neither a double space nor two
// attributes run together are left behind: the whitespace after it when
// another attribute follows (which keeps the separator before it, such as
// the indentation of a wrapped tag), else the whitespace before it.
func DeleteAttr(a cst.Node) Edit {
	s := a.Span()
	next := a.LastToken().Next()
	if next.Kind() == cst.TokSpace {
		if after := next.Next(); after.Kind() == cst.TokName && after.Node().Kind() == cst.KindAttribute {
			return Edit{Start: s.Start, End: next.Span().End}
		}
	}
	if prev := a.FirstToken().Prev(); prev.Kind() == cst.TokSpace {
		return Edit{Start: prev.Span().Start, End: s.End}
	}
	return Edit{Start: s.Start, End: s.End}
}

// RenameAttr returns the edit giving attribute a a new name, its value and
// quoting untouched.
func RenameAttr(a cst.Node, name string) Edit {
	return ReplaceSpan(a.NameToken().Span(), name)
}

// SetAttrValue returns the edit replacing the value of attribute a between
// its quotes with value, escaped for a's quote character.
func SetAttrValue(a cst.Node, value string) Edit {
	return ReplaceSpan(a.ValueSpan(), EscapeAttr(value, a.Quote()))
}

// InsertAttr returns the edit adding name="value" to the start tag of
// element el: after the attribute called after when el has one, else
// after its last attribute, else after its name. The value is quoted with
// the quote character of the attribute it follows (double quotes when
// it follows the name) and escaped for it.
func InsertAttr(el cst.Node, name, value, after string) Edit {
	tag := el
	if tag.Kind() == cst.KindElement {
		tag = el.StartTag()
	}
	var last, anchor cst.Node
	for c := range tag.Children() {
		if c.Kind() != cst.KindAttribute {
			continue
		}
		last = c
		if after != "" && c.Name() == after {
			anchor = c
		}
	}
	q := byte('"')
	if ref := cmp.Or(anchor, last); ref.IsValid() && ref.Quote() == '\'' {
		q = '\''
	}
	text := attrText(name, value, q)
	switch {
	case anchor.IsValid():
		return InsertAfter(anchor, text)
	case last.IsValid():
		return InsertAfter(last, text)
	}
	end := tag.NameToken().Span().End
	return Edit{Start: end, End: end, New: text}
}

// InsertFirstAttr returns the edit adding name="value" to the start tag
// of element el as its first attribute, quoted as its first attribute is
// (double quotes when it has none) and escaped for it.
func InsertFirstAttr(el cst.Node, name, value string) Edit {
	tag := el
	if tag.Kind() == cst.KindElement {
		tag = el.StartTag()
	}
	q := byte('"')
	for a := range tag.Attrs() {
		if a.Quote() == '\'' {
			q = '\''
		}
		break
	}
	end := tag.NameToken().Span().End
	return Edit{Start: end, End: end, New: attrText(name, value, q)}
}

// attrText is name="value" with a space before it, quoted with q.
func attrText(name, value string, q byte) string {
	return " " + name + "=" + string(q) + EscapeAttr(value, q) + string(q)
}

// EscapeText escapes s for character data, as GTR207 writes text: "&",
// "<" and ">" as references.
func EscapeText(s string) string {
	if !strings.ContainsAny(s, "&<>") {
		return s
	}
	return textEscaper.Replace(s)
}

var textEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

// EscapeAttr escapes s for an attribute value quoted with q: the
// characters XML does not allow there as written, and q itself.
func EscapeAttr(s string, q byte) string {
	if !strings.ContainsAny(s, "&<\"'\t\n\r") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '&':
			b.WriteString("&amp;")
		case c == '<':
			b.WriteString("&lt;")
		case c == '"' && q == '"':
			b.WriteString("&quot;")
		case c == '\'' && q == '\'':
			b.WriteString("&apos;")
		case c == '\t':
			b.WriteString("&#9;")
		case c == '\n':
			b.WriteString("&#10;")
		case c == '\r':
			b.WriteString("&#13;")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
