// Package outputs holds the advisory checks that read a tool's <outputs>:
// the ports of Galaxy's output linters (lib/galaxy/tool_util/linters/
// output.py) and of the inputs linter that compares output names with
// input names, plus gtr's own filter-expression check.
package outputs

import (
	"slices"
	"unicode"
	"unicode/utf8"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// outputs returns the <data> then the <collection> children of every
// <outputs> child of the tool: Galaxy's findall("./outputs/data") +
// findall("./outputs/collection"). The order matters for the checks that
// report the second of two equal names or labels: every <data> comes
// before every <collection>, whatever the document order.
func outputs(c *lint.Ctx) []*macros.Element { return outputList(c).all }

// collections returns the <collection> children of every <outputs> child
// of the tool (./outputs/collection).
func collections(c *lint.Ctx) []*macros.Element {
	l := outputList(c)
	return l.all[l.data:]
}

// outputLists is what outputs and collections return, found once per
// file for the nine checks that read them.
type outputLists struct {
	all  []*macros.Element // the <data>, then the <collection> outputs
	data int               // how many of all are <data>
}

func outputList(c *lint.Ctx) outputLists {
	return lint.Memo(c, "outputs.outputs", func() outputLists {
		data := lint.Path(c.Root, "outputs/data")
		// Clipped: a caller that appends to the shared list gets a copy.
		all := slices.Clip(append(slices.Clip(data), lint.Path(c.Root, "outputs/collection")...))
		return outputLists{all: all, data: len(data)}
	})
}

// named keeps the elements that carry a name attribute (XPath's [@name],
// true for an empty value too).
func named(els []*macros.Element) []*macros.Element {
	var out []*macros.Element
	for _, e := range els {
		if _, ok := e.Get("name"); ok {
			out = append(out, e)
		}
	}
	return out
}

// has reports whether el carries attribute name, whatever its value:
// Python's `name in el.attrib`.
func has(el *macros.Element, name string) bool {
	_, ok := el.Get(name)
	return ok
}

// nameOr returns el's name attribute, or missing when it has none: the
// attrib.get("name", default) of Galaxy's messages.
func nameOr(el *macros.Element, missing string) string {
	if v, ok := el.Get("name"); ok {
		return v
	}
	return missing
}

// validCheetahPlaceholder reports whether name matches Galaxy's
// ^[a-zA-Z_]\w*$ under Python's re: an ASCII letter or underscore, then
// Unicode word characters (letters, numbers, underscore), and, because
// Python's $ also matches before a final newline, an optional "\n".
func validCheetahPlaceholder(name string) bool {
	if len(name) > 0 && name[len(name)-1] == '\n' {
		name = name[:len(name)-1]
	}
	if name == "" {
		return false
	}
	c := name[0]
	if c != '_' && (c|0x20 < 'a' || c|0x20 > 'z') {
		return false
	}
	for i := 1; i < len(name); {
		r, n := utf8.DecodeRuneInString(name[i:])
		if r == utf8.RuneError && n <= 1 {
			return false
		}
		if r != '_' && !unicode.IsLetter(r) && !unicode.IsNumber(r) {
			return false
		}
		i += n
	}
	return true
}

// toolTypeOK reports whether Galaxy's output module lints this tool's type.
func toolTypeOK(c *lint.Ctx) bool { return c.ToolTypeIn(lint.DefaultTypes...) }
