package validators

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// Text is GTR066: a validator whose text does not match its type.
var Text = &lint.Check{
	Code:    "GTR066",
	Name:    "validator-text",
	Summary: "A <validator> body should match its type (expr/regex carry text).",
	Linters: []string{"ValidatorHasNoText", "ValidatorHasText"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-inputs-param-validator",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports an expression or regex <validator> without text (Galaxy's ValidatorHasText) and " +
			"a validator of any other type with text (ValidatorHasNoText), text being what lxml sees " +
			"before the first child, white space included.",
		Why: "An expression or regex validator's text is the test it applies: without it the validator " +
			"fails when the tool loads or checks nothing. Other validators ignore their text, so text " +
			"there is a test the author believes in but Galaxy does not run.",
		Example: "<validator type=\"regex\" message=\"letters only\"/>\n→\n" +
			"<validator type=\"regex\" message=\"letters only\">^[A-Za-z]+$</validator>",
		FixSafety: "Advisory only: the missing test, or where the stray text belongs, is the author's to write.",
	},
	Run: func(c *lint.Ctx) {
		for _, v := range validators(c) {
			if needsText(v.vtype) && v.el.Text == "" {
				c.Report("ValidatorHasText", v.el,
					fmt.Sprintf("Parameter [%s]: %s validators are expected to contain text", v.param, v.vtype),
					fmt.Sprintf("Write the %s the validator tests as the element's text.", v.vtype))
			}
		}
		for _, v := range validators(c) {
			if !needsText(v.vtype) && v.el.Text != "" {
				c.ReportText("ValidatorHasNoText", v.el,
					fmt.Sprintf("Parameter [%s]: '%s' validators are not expected to contain text (found '%s')", v.param, v.vtype, v.el.Text),
					"Remove the text, which this validator type ignores; use its attributes (or an expression validator) for the test.")
			}
		}
	},
}
