package rules

// GTR005 orders the attributes of the <tool> root element.
var GTR005 = &Rule{
	Code:     "GTR005",
	Name:     "tool-attribute-order",
	Summary:  "Reorder the root <tool> element's attributes to the documented prefix.",
	Family:   FamilyCodemod,
	Fix:      FixAlways,
	Rulesets: []string{"default", "iuc", "strict"},
	Since:    "0.1.0",
	Cite:     "https://galaxy-iuc-standards.readthedocs.io/en/latest/best_practices/tool_xml.html#tool-versions",
	Order:    70,
	Doc: Doc{
		What: "Puts the attributes of the <tool> root element in the order id, name, version, profile, " +
			"followed by any other attribute alphabetically.",
		Why: "The identity of a tool (id, name, version) and the profile that selects its behaviour " +
			"belong at the front, where readers look for them first.",
		Example: "<tool profile=\"22.05\" name=\"Cut\" id=\"cut\" version=\"1.0\">\n→\n" +
			"<tool id=\"cut\" name=\"Cut\" version=\"1.0\" profile=\"22.05\">",
		FixSafety: "Safe: XML attribute order carries no meaning, and Galaxy reads attributes by name. " +
			"Attributes move byte for byte into the existing attribute positions, so the tag's " +
			"whitespace layout is kept. Tags with a duplicated attribute or stray bytes are left alone.",
	},
	check: checkToolAttributeOrder,
}

// toolAttrRank is the documented prefix of <tool> attributes.
var toolAttrRank = rankTable(map[string]int{
	"id":      0,
	"name":    1,
	"version": 2,
	"profile": 3,
})

func checkToolAttributeOrder(p *Pass) {
	root := p.Tree.RootElement()
	// Only a <tool> root is ordered.
	if root.Name() != "tool" {
		return
	}
	reorderAttrs(p, root.StartTag(), toolAttrRank)
}
