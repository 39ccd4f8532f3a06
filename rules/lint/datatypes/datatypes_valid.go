package datatypes

import (
	"fmt"
	"os"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
	"github.com/galaxy-gtr/gtr/rules/lint/datatypes/internal/conf"
)

// DatatypesValid is GTR098: a format, ftype or ext naming a datatype
// Galaxy does not know.
var DatatypesValid = &lint.Check{
	Code:    "GTR098",
	Name:    "datatypes-valid",
	Summary: "format/ftype/ext should name a known Galaxy datatype.",
	Linters: []string{"ValidDatatypes"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-outputs-data",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports each comma-separated item of a format, ftype or ext attribute, on any element below " +
			"<tool>, that is not an extension of Galaxy's datatypes_conf.xml.sample (with its " +
			"auto-compressed variants) nor of a datatypes_conf.xml beside the tool, as Galaxy's " +
			"ValidDatatypes linter does. Items are compared as written, spaces included; an item holding " +
			"an unexpanded @TOKEN@ is skipped. Unlike Galaxy's linter it reads neither <help format> (a " +
			"markup language) nor format=\"input\" under <outputs> (GTR112's concern).",
		Why: "A misspelt datatype makes Galaxy fall back to a generic one: the input accepts nothing, or " +
			"the output cannot be viewed or passed on. Galaxy reports an error.",
		Example:   "<data name=\"out\" format=\"tsv\"/>\n→\n<data name=\"out\" format=\"tabular\"/>",
		FixSafety: "Advisory only: the intended datatype cannot be told from a misspelling, and a custom datatype may be installed on the author's server.",
	},
	Run: func(c *lint.Ctx) {
		// Galaxy's datatypes module lints default and manage_data tools.
		if !c.ToolTypeIn(lint.DefaultTypes...) {
			return
		}
		// The datatypes_conf.xml beside the tool, read when an item is
		// not one of Galaxy's (few tools use another).
		var custom map[string]bool
		read := false
		known := func(f string) bool {
			if builtin[f] {
				return true
			}
			if !read {
				custom, read = besideExtensions(c), true
			}
			return custom[f]
		}
		// Galaxy asks .//*[@format], then ftype, then ext: the findings
		// come in that order, from one walk of the tree.
		var found [len(typeAttrs)][]*macros.Element
		// .//*[@attr]: elements below the root that carry attr.
		for _, k := range c.Root.Children {
			appendTyped(&found, k)
		}
		for i, attr := range typeAttrs {
			for _, el := range found[i] {
				v, _ := el.Get(attr)
				for _, f := range strings.Split(v, ",") {
					if lint.MayHoldToken(f) || known(f) {
						continue
					}
					// format="input" on an output is Galaxy's deprecated way
					// to take an input's datatype, which GTR112 reports.
					if f == "input" && underOutputs(el) {
						continue
					}
					c.ReportAttr("ValidDatatypes", el, attr, fmt.Sprintf("Unknown datatype [%s] used in %s element", f, el.Tag),
						fixFor(f))
				}
			}
		}
	},
}

// typeAttrs are the attributes that name datatypes, in the order Galaxy
// asks for them and of appendTyped's cases.
var typeAttrs = [...]string{"format", "ftype", "ext"}

// appendTyped appends el and each element below it to found[i] when it
// carries typeAttrs[i], in document order. <help format> names a markup
// language, not a datatype: Galaxy's linter reports "markdown" there,
// wrongly.
func appendTyped(found *[len(typeAttrs)][]*macros.Element, el *macros.Element) {
	if !el.PI && el.Tag != "help" {
		// One pass over the attributes, not one per name asked: every
		// element of the tool is walked. An attribute is set once.
		for _, a := range el.Attrs {
			switch a.Name {
			case "format":
				found[0] = append(found[0], el)
			case "ftype":
				found[1] = append(found[1], el)
			case "ext":
				found[2] = append(found[2], el)
			}
		}
	}
	for _, k := range el.Children {
		appendTyped(found, k)
	}
}

// underOutputs reports whether el is inside the tool's <outputs>.
func underOutputs(el *macros.Element) bool {
	for e := el.Parent(); e != nil; e = e.Parent() {
		if e.Tag == "outputs" && e.Parent() != nil && e.Parent().Parent() == nil {
			return true
		}
	}
	return false
}

// fixFor says what to do about the unknown datatype f.
func fixFor(f string) string {
	if t := strings.TrimSpace(f); t != f && builtin[t] {
		return fmt.Sprintf("Remove the spaces around %q: Galaxy compares the items between commas as written.", t)
	}
	return "Use the extension of a datatype Galaxy registers (see its datatypes_conf.xml.sample), or ship the datatype in the tool's datatypes_conf.xml."
}

// besideExtensions returns the extensions the datatypes_conf.xml beside
// the tool registers; none for content given in memory, no such file, or
// one that does not parse.
func besideExtensions(c *lint.Ctx) map[string]bool {
	path := c.Beside("datatypes_conf.xml")
	if path == "" {
		return nil
	}
	if _, err := c.Stat(path); err != nil {
		return nil // most directories have none: known from the run's memo
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	exts, err := conf.Extensions(path, src)
	if err != nil {
		return nil
	}
	out := make(map[string]bool, len(exts))
	for _, e := range exts {
		out[e] = true
	}
	return out
}
