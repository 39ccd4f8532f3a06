package tests

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// TestsOutputCheckDiscovered is GTR084: a test of a discovering output
// that says nothing of what it discovers.
var TestsOutputCheckDiscovered = &lint.Check{
	Code:    "GTR084",
	Name:    "tests-output-check-discovered",
	Summary: "A discovering output's test must assert on the discovered datasets.",
	Linters: []string{"TestsOutputCheckDiscovered", "TestsOutputCollectionCheckDiscovered", "TestsOutputCollectionCheckDiscoveredNested"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-tests-test-output-collection",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "For a tool output with <discover_datasets>, reports a test <output> with neither count nor " +
			"<discovered_dataset> children, a test <output_collection> with neither count nor <element> " +
			"children, and, for a list:list or list:paired collection, one without nested <element>s or an " +
			"<element> with count.",
		Why: "Without them the test passes when the tool discovers no dataset at all, which is the usual " +
			"way such a tool breaks; planemo lint reports an error.",
		Example:   "<output_collection name=\"split\" type=\"list\"/>\n→\n<output_collection name=\"split\" type=\"list\" count=\"3\"/>",
		FixSafety: "Advisory only: the number and names of the discovered datasets are facts of a real run.",
	},
	Run: func(c *lint.Ctx) {
		if !c.ToolTypeIn(lint.TestsTypes...) || c.Partial() {
			return
		}
		tests := testCases(c)
		if len(tests) == 0 {
			return
		}
		outputs := outputsByName(c)
		for i, test := range tests {
			idx := i + 1
			for _, out := range lint.Children(test, "output") {
				decl := discovering(outputs, out)
				if decl == nil || has(out, "count") || lint.Child(out, "discovered_dataset") != nil {
					continue
				}
				c.Report("TestsOutputCheckDiscovered", out,
					fmt.Sprintf("Test %d: test output '%s' must have a 'count' attribute and/or 'discovered_dataset' children", idx, lint.Get(out, "name")),
					"Add count=\"N\" with the number of datasets the run discovers, or a <discovered_dataset designation=\"…\"> per dataset.")
			}
			for _, out := range lint.Children(test, "output_collection") {
				decl := discovering(outputs, out)
				if decl == nil {
					continue
				}
				name := lint.Get(out, "name")
				if !has(out, "count") && lint.Child(out, "element") == nil {
					c.Report("TestsOutputCollectionCheckDiscovered", out,
						fmt.Sprintf("Test %d: test collection '%s' must have a 'count' attribute or 'element' children", idx, name),
						"Add count=\"N\" with the number of elements the run discovers, or an <element name=\"…\"> per element.")
				}
				if t := lint.Get(decl, "type"); t != "list:list" && t != "list:paired" {
					continue
				}
				if !nestedElements(out) {
					c.Report("TestsOutputCollectionCheckDiscoveredNested", out,
						fmt.Sprintf("Test %d: test collection '%s' must contain nested 'element' tags and/or element children with a 'count' attribute", idx, name),
						"Describe the inner level too: <element name=\"…\"> children inside the outer <element>s, or count=\"N\" on them.")
				}
			}
		}
	},
}

// discovering returns the tool output a test output names when that
// output discovers datasets (a <discover_datasets> anywhere below it),
// else nil.
func discovering(outputs map[string]*macros.Element, out *macros.Element) *macros.Element {
	name := lint.Get(out, "name")
	if name == "" {
		return nil
	}
	decl, ok := outputs[name]
	if !ok || len(lint.FindAll(decl, "discover_datasets")) == 0 {
		return nil
	}
	return decl
}

// nestedElements reports whether out has an <element> child that has an
// <element> child or a count attribute (Galaxy's ./element/element and
// ./element[@count]).
func nestedElements(out *macros.Element) bool {
	for _, el := range lint.Children(out, "element") {
		if has(el, "count") || lint.Child(el, "element") != nil {
			return true
		}
	}
	return false
}
