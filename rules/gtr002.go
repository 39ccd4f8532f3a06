package rules

// GTR002 orders the attributes of every <param> as the IUC asks.
var GTR002 = &Rule{
	Code:     "GTR002",
	Name:     "param-attribute-order",
	Summary:  "Reorder every <param> element's attributes to the IUC convention.",
	Family:   FamilyCodemod,
	Fix:      FixAlways,
	Rulesets: []string{"default", "iuc", "strict"},
	Since:    "0.1.0",
	Cite:     "https://galaxy-iuc-standards.readthedocs.io/en/latest/best_practices/tool_xml.html#coding-style",
	Order:    60,
	Doc: Doc{
		What: "Puts the attributes of each <param> (inputs, conditionals, repeats, sections, tests and " +
			"macros inside the tool file) in the IUC order: name, argument, type, format, min | truevalue, " +
			"max | falsevalue, value | checked, optional, label, help; any other attribute follows, " +
			"alphabetically.",
		Why: "A fixed order makes long parameter lists easy to scan and keeps diffs between tools small; " +
			"the IUC coding style lists it.",
		Example: "<param type=\"integer\" label=\"Size\" name=\"size\" value=\"3\"/>\n→\n" +
			"<param name=\"size\" type=\"integer\" value=\"3\" label=\"Size\"/>",
		FixSafety: "Safe: XML attribute order carries no meaning, and Galaxy reads attributes by name. " +
			"Each attribute is moved byte for byte (its quotes and value spelling are kept) into the " +
			"existing attribute positions, so the whitespace layout of the tag stays as it was. Tags " +
			"with a duplicated attribute or stray bytes are left alone.",
	},
	check: checkParamAttributeOrder,
}

// paramAttrRank is the IUC priority table for <param> attributes. Every
// attribute of every <param> is ranked on every pass: a switch does it
// faster than a map.
func paramAttrRank(name string) int {
	switch name {
	case "name":
		return 0
	case "argument":
		return 1
	case "type":
		return 2
	case "format":
		return 3
	case "min", "truevalue":
		return 4
	case "max", "falsevalue":
		return 5
	case "value", "checked":
		return 6
	case "optional":
		return 7
	case "label":
		return 8
	case "help":
		return 9
	}
	return unranked
}

func checkParamAttributeOrder(p *Pass) {
	for _, n := range elementsOf(p).params {
		reorderAttrs(p, n.StartTag(), paramAttrRank)
	}
}
