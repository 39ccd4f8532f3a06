// Package tests holds the advisory checks of a tool's <tests>: Galaxy's
// tests linters (lib/galaxy/tool_util/linters/tests.py), read on the
// macro-expanded tool as Galaxy reads it.
package tests

import (
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// testCases returns the tool's <test> elements as Galaxy's linters find
// them (findall("./tests/test")): the tests of every <tests> child of the
// root, in document order. Galaxy numbers them from 1 in its messages.
// The list is made once per file and shared by the package's checks,
// which only read it.
func testCases(c *lint.Ctx) []*macros.Element {
	return lint.Memo(c, "tests.testCases", func() []*macros.Element { return lint.Path(c.Root, "tests/test") })
}

// has reports whether el carries attribute name, whatever its value:
// Galaxy tests `name in el.attrib`, so an empty value counts.
func has(el *macros.Element, name string) bool {
	_, ok := el.Get(name)
	return ok
}

// asBool is galaxy.util.asbool on an attribute that may be absent (then
// false). Galaxy raises on a value outside its true and false words; such
// a tool fails to lint there, and gtr reads the value as false.
func asBool(el *macros.Element, name string) bool {
	v, ok := el.Get(name)
	if !ok {
		return false
	}
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "true", "yes", "on", "y", "t", "1":
		return true
	}
	return false
}

// outputsByName is Galaxy's _collect_output_names: the children of the
// tool's <outputs> that have a non-empty name, by name, the last one
// winning as in a Python dict. Galaxy reads them only when the tool has
// exactly one <outputs>; with none or several the map is empty. The map
// is made once per file for the checks that read it.
func outputsByName(c *lint.Ctx) map[string]*macros.Element {
	return lint.Memo(c, "tests.outputsByName", func() map[string]*macros.Element { return collectOutputs(c) })
}

func collectOutputs(c *lint.Ctx) map[string]*macros.Element {
	out := map[string]*macros.Element{}
	outputs := lint.Children(c.Root, "outputs")
	if len(outputs) != 1 {
		return out
	}
	for el := range outputs[0].Elements() {
		if name := lint.Get(el, "name"); name != "" {
			out[name] = el
		}
	}
	return out
}

// outputNames returns the names of outputsByName in the tool's order, as
// Galaxy lists the valid names in its message (a dict's keys keep their
// first insertion place).
func outputNames(c *lint.Ctx) []string {
	var names []string
	seen := map[string]bool{}
	outputs := lint.Children(c.Root, "outputs")
	if len(outputs) != 1 {
		return names
	}
	for el := range outputs[0].Elements() {
		if name := lint.Get(el, "name"); name != "" && !seen[name] {
			seen[name] = true
			names = append(names, name)
		}
	}
	return names
}

// assertContainers are the elements whose descendants Galaxy's assertion
// linters read.
var assertContainers = map[string]bool{
	"assert_contents": true, "assert_stdout": true, "assert_stderr": true, "assert_command": true,
}

// assertions returns the elements below an assertion container anywhere
// in test, each once, in document order: the XPath
// .//*[self::assert_contents or …]//* of Galaxy's assertion linters.
//
// One walk: below a container every element is an assertion, so the
// containers nested in it add nothing and are not looked for.
func assertions(test *macros.Element) []*macros.Element {
	return appendAssertions(nil, test)
}

// appendAssertions appends to out the assertions below el, which is
// itself outside any assertion container.
func appendAssertions(out []*macros.Element, el *macros.Element) []*macros.Element {
	for _, k := range el.Children {
		if !k.PI && assertContainers[k.Tag] {
			out = appendBelow(out, k)
		} else {
			out = appendAssertions(out, k)
		}
	}
	return out
}

// appendBelow appends to out the elements below el, el excluded and
// processing instructions left out, in document order.
func appendBelow(out []*macros.Element, el *macros.Element) []*macros.Element {
	for _, k := range el.Children {
		if !k.PI {
			out = append(out, k)
		}
		out = appendBelow(out, k)
	}
	return out
}

// pyList renders names as Python prints a list of strings, as Galaxy's
// messages show the valid names: ['a', 'b'].
func pyList(names []string) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, n := range names {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(pyRepr(n))
	}
	b.WriteByte(']')
	return b.String()
}

// pyRepr is Python's repr of a plain string: single quotes unless the
// string holds one and no double quote.
func pyRepr(s string) string {
	q := "'"
	if strings.Contains(s, "'") && !strings.Contains(s, "\"") {
		q = "\""
	}
	s = strings.ReplaceAll(s, "\\", "\\\\")
	if q == "'" {
		s = strings.ReplaceAll(s, "'", "\\'")
	}
	return q + s + q
}
