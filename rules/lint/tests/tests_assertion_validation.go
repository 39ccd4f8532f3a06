package tests

import (
	"fmt"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
	"github.com/galaxy-gtr/gtr/rules/schema"
)

// TestsAssertionValidation is GTR100: test assertions that Galaxy's
// assertion schema does not declare.
var TestsAssertionValidation = &lint.Check{
	Code:    "GTR100",
	Name:    "tests-assertion-validation",
	Summary: "Test output assertions should validate against Galaxy's assertion models.",
	Linters: []string{"TestsAssertionValidation"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-tests-test-output-assert-contents",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Validates the assertions of every <test> — <assert_contents>, <assert_stdout>, " +
			"<assert_stderr>, <assert_command> and the assertions nested in them — against the assertion " +
			"elements and attributes of Galaxy's newest tool XSD (Galaxy's assertion models do not depend on the profile): unknown " +
			"assertions, undeclared attributes, missing required attributes, values that are not of the " +
			"attribute's type (a count that is not an integer, a boolean that is not true or false, an " +
			"enumeration outside its values). It reads the macro-expanded tool, as Galaxy does.",
		Why: "Galaxy's assertion models declare the same elements and attributes: an assertion that does " +
			"not validate fails when the test runs, or checks something other than what is written (an " +
			"n that is not a number, a misspelled optional attribute). Galaxy's newer " +
			"TestsAssertionValidation linter warns.",
		Example:   "<assert_contents>\n  <has_n_lines count=\"3\"/>\n</assert_contents>\n→\n<assert_contents>\n  <has_n_lines n=\"3\"/>\n</assert_contents>",
		FixSafety: "Advisory only: the intended assertion or attribute is the author's to choose; a near-miss name is only a guess.",
	},
	Run: func(c *lint.Ctx) {
		if !c.ToolTypeIn(lint.TestsTypes...) || c.Partial() || c.Result == nil {
			return
		}
		if !hasAssertionContainer(c) {
			return
		}
		// Galaxy validates assertions with its current models whatever the
		// tool's profile, so the newest schema is the one to ask.
		var errs []schema.Error
		if c.NewestErrors != nil {
			errs = c.NewestErrors() // the same validation, shared with GTR113 and the schema repairs
		} else {
			errs = schema.Validate(schema.Expanded(c.Result), schema.Newest())
		}
		// The scope is built only for a file with an error to place: most
		// files have none.
		var inside map[*macros.Element]bool
		for _, e := range errs {
			el, ok := e.Pos.(*macros.Element)
			if !ok {
				continue
			}
			if inside == nil {
				inside = assertionScope(c)
			}
			if !inside[el] {
				continue
			}
			reportAssertion(c, el, e)
		}
	},
}

// assertionScope returns the assertion containers of the tool's tests and
// every element below them.
// hasAssertionContainer reports whether a test of the tool holds an
// assertion container, that is whether [assertionScope] is non-empty (a
// container is in its own scope).
func hasAssertionContainer(c *lint.Ctx) bool {
	for _, test := range testCases(c) {
		for d := range test.Descendants() {
			if !d.PI && assertContainers[d.Tag] {
				return true
			}
		}
	}
	return false
}

func assertionScope(c *lint.Ctx) map[*macros.Element]bool {
	inside := map[*macros.Element]bool{}
	for _, test := range testCases(c) {
		for d := range test.Descendants() {
			if d.PI || !assertContainers[d.Tag] || inside[d] {
				continue
			}
			for a := range d.Descendants() {
				inside[a] = true
			}
		}
	}
	return inside
}

// reportAssertion reports one schema violation of an assertion at the
// bytes to edit, with what to do for its kind.
func reportAssertion(c *lint.Ctx, el *macros.Element, e schema.Error) {
	msg := e.Error()
	switch e.Kind {
	case schema.KindAttrNotAllowed:
		c.ReportAttrName("", el, e.Attr, msg,
			fmt.Sprintf("Remove %s from <%s>, or correct its name to one the assertion declares.", e.Attr, el.Tag))
	case schema.KindAttrMissing:
		// The validator names the missing attribute in its message only.
		attr := e.Attr
		if _, rest, ok := strings.Cut(e.Msg, "'"); ok && attr == "" {
			attr, _, _ = strings.Cut(rest, "'")
		}
		c.Report("", el, msg, fmt.Sprintf("Add the required attribute %s to <%s>.", attr, el.Tag))
	case schema.KindValue:
		if e.Attr != "" {
			c.ReportAttr("", el, e.Attr, msg, fmt.Sprintf("Give %s a value of its declared type.", e.Attr))
			return
		}
		c.ReportText("", el, msg, fmt.Sprintf("Give <%s> text of its declared type.", el.Tag))
	case schema.KindUnexpected:
		fix := fmt.Sprintf("Replace <%s> with an assertion Galaxy declares here, or remove it.", el.Tag)
		if len(e.Expected) > 0 && len(e.Expected) <= 8 {
			fix = fmt.Sprintf("Replace <%s> with one of %s, or remove it.", el.Tag, strings.Join(e.Expected, ", "))
		}
		c.Report("", el, msg, fix)
	case schema.KindMissing:
		c.Report("", el, msg, fmt.Sprintf("Add the required child elements to <%s>: %s.", el.Tag, strings.Join(e.Expected, ", ")))
	default:
		c.Report("", el, msg, fmt.Sprintf("Rewrite <%s> as Galaxy's assertion schema declares it.", el.Tag))
	}
}
