package helpmd

import (
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// HelpToMarkdown is the one difference a conversion makes to Galaxy's view
// of a tool: its <help>, which declared no format, gains
// format="markdown", and its text becomes Markdown that renders as the
// RST it replaces rendered ([Equivalent], checked on the views
// themselves).
var HelpToMarkdown = &rewrite.ViewChange{
	Name: "help-markdown",
	Attr: func(before, after *macros.Element, name string) bool {
		_, had := before.Get(name)
		v, _ := after.Get(name)
		return name == "format" && before.Tag == "help" && !had && v == "markdown"
	},
	Text: func(before, after *macros.Element) bool {
		_, had := before.Get("format")
		if v, _ := after.Get("format"); before.Tag != "help" || had || v != "markdown" {
			return false
		}
		doc, m := readValid(before.Text)
		if m != nil {
			return false
		}
		ok, _ := Equivalent(doc, after.Text)
		return ok
	},
}
