package rules

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules/lint/inputs"
)

// GTR037_1 drops a <param> name that its argument already implies, in
// the tool file; GTR037.2 (inputs.NameRedundantArgument) reports the
// rest.
var GTR037_1 = &Rule{
	Code:     "GTR037.1",
	Name:     "redundant-param-name",
	Summary:  "Drop a <param> 'name' that equals the name Galaxy derives from its 'argument'.",
	Family:   FamilyCodemod,
	Fix:      FixAlways,
	Parent:   "GTR037",
	Rulesets: []string{"default", "iuc", "strict"},
	Planemo:  []string{"InputsNameRedundantArgument"},
	Since:    "0.1.0",
	Cite:     "https://galaxy-iuc-standards.readthedocs.io/en/latest/best_practices/tool_xml.html#parameter-name-argument-and-help",
	Order:    50,
	Changes:  []*rewrite.ViewChange{changeDerivedParamName},
	Doc: Doc{
		What: "Removes the name attribute of an input <param> (./inputs//param) when it equals the name " +
			"Galaxy derives from the param's argument: leading dashes stripped, every other dash " +
			"replaced by an underscore (Galaxy's _parse_name in lib/galaxy/tool_util/parser/util.py). The " +
			"attribute goes together with one neighbouring separator, so no double space is left.",
		Why: "The IUC documents that name is optional when argument is given; a redundant name is one " +
			"more thing to keep in sync, and planemo's InputsNameRedundantArgument linter warns about it.",
		Example: "<param name=\"min_length\" argument=\"--min-length\" type=\"integer\" value=\"0\"/>\n→\n" +
			"<param argument=\"--min-length\" type=\"integer\" value=\"0\"/>",
		FixSafety: "Safe: Galaxy uses the name attribute when present and otherwise derives exactly the " +
			"same name from argument, so the parameter's name, and every reference to it in the command, " +
			"tests and filters, is unchanged. Values with macro tokens (@…@), derived names that would " +
			"be empty, and tags with duplicated attributes are left alone; GTR037.2 reports those, and the " +
			"params that come from macros, on the expanded tool.",
	},
	check: checkRedundantParamName,
}

func checkRedundantParamName(p *Pass) {
	for _, param := range elementsOf(p).inputParams {
		dropRedundantName(p, param)
	}
}

func dropRedundantName(p *Pass, param cst.Node) {
	tag := param.StartTag()
	// One look at each attribute, by its interned name (no token read):
	// most params have no argument.
	var name, arg cst.Node
	for a := firstAttr(tag); a.IsValid(); a = nextAttr(a) {
		switch a.Name() {
		case "name":
			if !name.IsValid() {
				name = a
			}
		case "argument":
			if !arg.IsValid() {
				arg = a
			}
		}
	}
	// Both attributes are needed for the name to be redundant.
	if !name.IsValid() || !arg.IsValid() {
		return
	}
	// A duplicated attribute leaves it unclear which value Galaxy reads.
	if hasDuplicateAttrs(tag) {
		return
	}
	// Only a name equal to the one the argument implies is redundant; an
	// empty one is degenerate, and tokens expand to values gtr cannot see
	// here (GTR037.2 reports what is left, on the expanded tool).
	if !inputs.DroppableName(name.Value(), arg.Value()) {
		return
	}
	msg := fmt.Sprintf("name %q is what Galaxy derives from argument %q; drop it", name.Value(), arg.Value())
	p.fixEdit(name.Span(), msg, deleteAttr(name))
}
