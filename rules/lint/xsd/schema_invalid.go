// Package xsd holds the check that reads the whole tool against Galaxy's
// tool schema, as Galaxy's XSD linter does.
package xsd

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
	"github.com/galaxy-gtr/gtr/rules/schema"
)

// SchemaInvalid is GTR113: the expanded tool is not valid against
// Galaxy's tool schema.
var SchemaInvalid = &lint.Check{
	Code:    "GTR113",
	Name:    "schema-invalid",
	Summary: "The macro-expanded tool should be valid against Galaxy's tool schema (galaxy.xsd).",
	Linters: []string{"XSD"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Validates Galaxy's macro-expanded view of the tool against the newest tool schema gtr carries " +
			"(the galaxy.xsd planemo lint validates against) and reports every violation with libxml2's " +
			"message, as Galaxy's XSD linter does, located at the bytes to edit: in the tool, in an imported " +
			"macro file, or in the token that supplies the value.",
		Why: "planemo lint fails on a schema error, the IUC does not merge such a tool, and an element or " +
			"attribute the schema does not know is usually a misspelling Galaxy silently ignores.",
		Example: "<param name=\"x\" type=\"integer\" vaule=\"1\"/>\n→\n<param name=\"x\" type=\"integer\" value=\"1\"/>",
		FixSafety: "Advisory only: gtr format repairs the misspellings it can prove (GTR006, GTR017); what " +
			"is left needs the author to say what was meant. gtr validate tells at which profiles the tool " +
			"is valid.",
	},
	Run: func(c *lint.Ctx) {
		if c.Result == nil || !c.ToolTypeIn(lint.DefaultTypes...) {
			return
		}
		var errs []schema.Error
		if c.NewestErrors != nil {
			errs = c.NewestErrors()
		} else {
			errs = schema.Validate(schema.Expanded(c.Result), schema.Newest())
		}
		for i, e := range errs {
			if i == maxReported {
				c.Report("XSD", c.Root, fmt.Sprintf("... and %d more violations of the schema", len(errs)-i),
					"Run `gtr validate` on the tool to see every violation.")
				break
			}
			c.ReportAt("XSD", schema.Locate(c.Result, e), "Invalid XML: "+e.Error(), fixOf(e))
		}
	},
}

// maxReported bounds the violations reported one by one: past it, one
// finding counts the rest (gtr validate lists them all). Locating a
// violation costs up to the size of its element, so a generated tool of a
// hundred thousand undeclared attributes would otherwise cost their
// number squared.
const maxReported = 100

// fixOf says what to do about a schema error.
func fixOf(e schema.Error) string {
	switch e.Kind {
	case schema.KindAttrNotAllowed:
		return "Remove the attribute or correct its name; `gtr format` repairs a misspelling it can prove."
	case schema.KindValue:
		return "Give the attribute a value the schema allows; `gtr format` repairs a misspelt boolean or enumeration value it can prove."
	case schema.KindUnexpected:
		return "Move, rename or remove the element so that it is one the schema allows here; `gtr explain GTR113` shows an example."
	case schema.KindMissing:
		return "Add the element the schema requires here."
	case schema.KindAttrMissing:
		return "Add the attribute the schema requires on this element."
	}
	return "Make this part of the tool match Galaxy's schema; `gtr validate` shows the profiles at which the tool is valid."
}
