package rules

import "github.com/galaxy-gtr/gtr/rewrite"

// GTR006 repairs near-miss misspellings that make a tool invalid.
var GTR006 = &Rule{
	Code:     "GTR006",
	Name:     "schema-typos",
	Summary:  "Repair near-miss spelling typos so a globally-invalid tool validates.",
	Family:   FamilyCodemod,
	Fix:      FixSometimes,
	Rulesets: []string{"default", "iuc", "strict"},
	Since:    "0.1.0",
	Cite:     "https://docs.galaxyproject.org/en/latest/dev/schema.html",
	Order:    1,
	Changes:  []*rewrite.ViewChange{changeSchemaTypo},
	Doc: Doc{
		What: "Validates Galaxy's macro-expanded view of a tool against the tool schema of every profile. " +
			"When the tool is valid at none, each element the schema does not expect, attribute it does " +
			"not allow and enumerated value outside its set is matched against the names and values the " +
			"schema allows there, with Python difflib's similarity and the predecessor's cutoff of 0.80: " +
			"<requirments> becomes <requirements>, lable= becomes label=, type=\"txt\" becomes type=\"text\". " +
			"An attribute name is taken only when the schema then allows it on that element; an element " +
			"name only when the schema then accepts it in that place.",
		Why: "A misspelt name is not an error Galaxy reports: it silently ignores the attribute or element, " +
			"so the tool runs without the help text, label or requirement its author wrote. Validating " +
			"against the schema is how planemo and the IUC catch it.",
		Example: "<param name=\"x\" type=\"integer\" lable=\"Threshold\" value=\"1\"/>\n→\n" +
			"<param name=\"x\" type=\"integer\" label=\"Threshold\" value=\"1\"/>",
		FixSafety: "Changes what Galaxy reads, on purpose: the misspelt name was ignored and is now read. " +
			"The repairs (with GTR017's) are applied only when the tool is valid at no profile before and " +
			"valid at some profile after, checked by validating the rewritten tool again. Only bytes " +
			"written in the tool file itself are changed, as byte edits of the name or value: a " +
			"misspelling in an imported macro file or spelled by a macro token is reported, not fixed. " +
			"The tool's profile is never changed, and an attribute is never renamed to one the element " +
			"already has. Tools whose imports gtr cannot read are not checked. The expansion-equality " +
			"gate accepts exactly these renames (to a name or value the schema declares, at similarity " +
			"0.80 or more).",
	},
	check: reportRepairs,
}
