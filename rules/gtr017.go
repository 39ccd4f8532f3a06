package rules

import (
	"strings"

	"github.com/galaxy-gtr/gtr/rewrite"
)

// GTR017 writes Python-style booleans the way the schema spells them.
var GTR017 = &Rule{
	Code:     "GTR017",
	Name:     "boolean-values",
	Summary:  "Normalize Python-style boolean attribute values (True/Yes/…) to canonical xs:boolean so a globally-invalid tool validates.",
	Family:   FamilyCodemod,
	Fix:      FixSometimes,
	Rulesets: []string{"default", "iuc", "strict"},
	Since:    "0.1.0",
	Cite:     "https://docs.galaxyproject.org/en/latest/dev/schema.html",
	Order:    2,
	Changes:  []*rewrite.ViewChange{changeBooleanSpelling},
	Doc: Doc{
		What: "When a tool is valid at no profile, rewrites each attribute value the schema rejects as a " +
			"boolean (xs:boolean, or Galaxy's PermissiveBoolean, which also takes True, False, yes and no) " +
			"but that is spelled as one in another case or style — True, TRUE, Yes, YES, on, False, No, " +
			"off, … — as true or false.",
		Why: "The schema takes only true, false, 1 and 0 (and, where PermissiveBoolean applies, True, False, " +
			"yes and no), so planemo lint and the IUC reject the tool; Galaxy itself reads all these " +
			"spellings with string_as_bool.",
		Example: "<param name=\"f\" type=\"select\" multiple=\"FALSE\">\n→\n" +
			"<param name=\"f\" type=\"select\" multiple=\"false\">",
		FixSafety: "Safe for what Galaxy does: Galaxy reads these attributes with string_as_bool (or asbool), " +
			"which takes true, yes and on in any case as true and everything else as false, so the value " +
			"read is the same. Applied only when the tool is valid at no profile before and, with GTR006's " +
			"repairs, valid at some profile after. Only values written in the tool file itself are " +
			"changed; a value from an imported macro file or a macro token is reported, not fixed.",
	},
	check: reportRepairs,
}

// canonicalBool returns how the schema writes the boolean v is a
// Python-style spelling of: "true" for true, yes and on, "false" for
// false, no and off, in any case. ok is false for anything else.
func canonicalBool(v string) (string, bool) {
	switch strings.ToLower(v) {
	case "true", "yes", "on":
		return "true", true
	case "false", "no", "off":
		return "false", true
	}
	return "", false
}
