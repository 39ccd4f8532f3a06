package rules

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// GTR036 replaces the deprecated <output> output element.
var GTR036 = &Rule{
	Code:     "GTR036",
	Name:     "replace-output-element",
	Summary:  "Replace a deprecated <outputs><output type=\"data\"> with <data>, and <output type=\"collection\"> with <collection>.",
	Family:   FamilyCodemod,
	Fix:      FixAlways,
	Rulesets: []string{"default", "iuc", "strict"},
	Planemo:  []string{"OutputsOutput"},
	Since:    "0.1.0",
	Cite:     "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-outputs",
	Order:    40,
	Changes:  []*rewrite.ViewChange{changeOutputElement},
	Doc: Doc{
		What: "Rewrites an <output type=\"data\"> child of <outputs> as <data> (dropping type=\"data\"), and " +
			"an <output type=\"collection\"> as <collection>, renaming collection_type to type and " +
			"collection_type_source to type_source: the same remapping Galaxy's tool parser applies " +
			"when it reads <output> (lib/galaxy/tool_util/parser/xml.py, parse_outputs). Both the start " +
			"and end tags are renamed; every other attribute and all content stay byte for byte.",
		Why: "<output> is the generic form of expression tools; for dataset and collection outputs planemo's " +
			"OutputsOutput linter asks for <data> and <collection>, which the schema documents and " +
			"other linters check.",
		Example: "<output name=\"out\" type=\"data\" format=\"txt\"/>\n→\n<data name=\"out\" format=\"txt\"/>",
		FixSafety: "Safe: Galaxy parses <output type=\"data\"> exactly as <data>, and <output " +
			"type=\"collection\"> as <collection> after copying collection_type and collection_type_source " +
			"into type and type_source, which is what the rewrite writes. Skipped: expression outputs " +
			"(any other type, or a 'from' attribute, which makes the output an expression result), " +
			"outputs without a name, collections lacking collection_type or collection_type_source (Galaxy " +
			"cannot load those: it would set an attribute to None), collections that already carry a type_source, " +
			"and tags with duplicated attributes.",
	},
	check: checkOutputElement,
}

func checkOutputElement(p *Pass) {
	outputs := toolChild(p, "outputs")
	// No <outputs>, no outputs to rewrite.
	if !outputs.IsValid() {
		return
	}
	for out := range outputs.ElementsNamed("output") {
		replaceOutput(p, out)
	}
}

func replaceOutput(p *Pass, out cst.Node) {
	tag := out.StartTag()
	// A duplicated attribute leaves the remap ambiguous.
	if hasDuplicateAttrs(tag) {
		return
	}
	// An expression output's value comes from 'from'; it stays an <output>.
	if attrNode(out, "from").IsValid() {
		return
	}
	// Galaxy asserts every output has a name.
	if attrGet(out, "name") == "" {
		return
	}
	typ := attrNode(out, "type")
	var edits []rewrite.Edit
	var elem string
	switch typ.Value() {
	case "data":
		elem = "data"
		edits = append(edits, deleteAttr(typ))
	case "collection":
		ct, cts := attrNode(out, "collection_type"), attrNode(out, "collection_type_source")
		// Galaxy copies both attributes and fails to load when one is
		// missing; an existing type_source would be overwritten.
		if !ct.IsValid() || !cts.IsValid() || attrNode(out, "type_source").IsValid() {
			return
		}
		elem = "collection"
		edits = append(edits, deleteAttr(typ), renameAttr(ct, "type"), renameAttr(cts, "type_source"))
	default:
		// Any other type is an expression output.
		return
	}
	edits = append(edits, rewrite.ReplaceSpan(tag.NameToken().Span(), elem))
	if end := out.EndTag(); end.IsValid() {
		edits = append(edits, rewrite.ReplaceSpan(end.NameToken().Span(), elem))
	}
	p.Fix(tag, fmt.Sprintf("<output type=%q> is deprecated; use <%s>", typ.Value(), elem), edits...)
}
