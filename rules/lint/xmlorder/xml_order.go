// Package xmlorder holds the check of the order of a tool's top-level
// elements: Galaxy's linters/xml_order.py (planemo lint's XMLOrder) on the
// macro-expanded view, and the IUC order GTR013.1 sorts the tool file
// into, which the two halves of GTR013 share.
package xmlorder

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// iucOrder is the IUC order of <tool> children GTR013.1 sorts into.
var iucOrder = []string{
	"description", "macros", "edam_topics", "edam_operations", "xrefs", "parallelism",
	"requirements", "code", "stdio", "version_command", "command", "environment_variables",
	"configfiles", "inputs", "request_param_translation", "outputs", "tests", "help", "citations",
}

// IUCRank returns the place of the <tool> child tag in the IUC order, and
// false for a tag the order does not list (it keeps its place).
func IUCRank(tag string) (int, bool) {
	r, ok := iucRank[tag]
	return r, ok
}

var iucRank = rankOf(iucOrder)

// galaxyRank is Galaxy's TAG_ORDER (xml_order.py). Its
// DATASOURCE_TAG_ORDER, for tool_type="data_source", is never used: the
// module lints default and manage_data tools only.
var galaxyRank = rankOf([]string{"description", "macros", "options", "edam_topics", "edam_operations", "xrefs",
	"parallelism", "requirements", "required_files", "code", "stdio", "version_command", "command",
	"environment_variables", "configfiles", "inputs", "outputs", "tests", "help", "citations"})

func rankOf(order []string) map[string]int {
	m := make(map[string]int, len(order))
	for i, tag := range order {
		m[tag] = i
	}
	return m
}

// Reorders reports whether GTR013.1 reorders the tool file t: its root is
// a <tool> with an end tag whose children the IUC order lists are not in
// that order, and nothing but elements and whitespace lies among them (a
// comment, processing instruction or text would be re-associated).
func Reorders(t *cst.Tree) bool {
	root := t.RootElement()
	if root.Name() != "tool" || !root.EndTag().IsValid() {
		return false
	}
	last, sorted := -1, true
	for c := range root.Content() {
		switch {
		case c.Kind() == cst.KindText && c.IsWhitespace():
		case c.Kind() == cst.KindElement:
			if r, ok := iucRank[c.Name()]; ok {
				sorted = sorted && r >= last
				last = r
			}
		default:
			return false
		}
	}
	return !sorted
}

// XMLOrder is GTR013.2, the advisory half of GTR013: the order of the
// top-level elements of the expanded tool, as Galaxy's XMLOrder linter
// checks it, where GTR013.1 does not reorder the tool file.
var XMLOrder = &lint.Check{
	Code:    "GTR013.2",
	Name:    "xml-order",
	Summary: "The expanded tool's top-level elements should come in Galaxy's order (report-only, where GTR013.1 cannot sort them).",
	Linters: []string{"XMLOrder"},
	Cite:    "https://galaxy-iuc-standards.readthedocs.io/en/latest/best_practices/tool_xml.html#coding-style",
	Since:   "0.8.0",
	Doc: lint.Doc{
		What: "Reads the children of <tool> in the macro-expanded tool, as Galaxy's XMLOrder linter does, and " +
			"reports each one that its order (description, macros, options, edam_topics, edam_operations, " +
			"xrefs, parallelism, requirements, required_files, code, stdio, version_command, command, " +
			"environment_variables, configfiles, inputs, outputs, tests, help, citations) puts before the " +
			"listed element just before it, on the tool types Galaxy lints the order of (default, " +
			"manage_data). A tool file " +
			"whose own children GTR013.1 sorts is GTR013.1's: this half reports what is left, an order an " +
			"<expand> at the top level brings or one GTR013.1 leaves alone because of a comment among the " +
			"children. The finding is at the element where it is written, in the macro file when the element " +
			"comes from one.",
		Why: "Tools that share one layout are quicker to read and review; planemo lint warns about every " +
			"element out of order in the tool Galaxy loads, including the ones its macros bring.",
		Example: "<command>…</command>\n<expand macro=\"requirements\"/>\n→ reported: [requirements] elements should come before [command]; " +
			"move the <expand> before <command>.",
		FixSafety: "Advisory only: moving a top-level <expand> changes where every element of its macro lands, " +
			"and moving an element past a comment would re-associate the comment, so the author decides.",
	},
	Run: func(c *lint.Ctx) {
		if !c.Tool || c.Root == nil || !c.ToolTypeIn(lint.DefaultTypes...) || Reorders(c.File) {
			return
		}
		lastTag, lastKey := "", -1
		for _, el := range c.Root.Children {
			key, ok := galaxyRank[el.Tag]
			if el.PI || !ok {
				continue
			}
			// Galaxy compares with the element before only when its key is
			// truthy: description, key 0, is compared with nothing, which
			// no key can come before anyway.
			if lastKey > 0 && lastKey > key {
				c.Report("XMLOrder", el, fmt.Sprintf("Best practice violation [%s] elements should come before [%s]", el.Tag, lastTag),
					fmt.Sprintf("Move <%s> before <%s> where they are written: in the tool file, or the top-level <expand> that brings one.", el.Tag, lastTag))
			}
			lastTag, lastKey = el.Tag, key
		}
	},
}
