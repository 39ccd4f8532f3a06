package rules

import (
	"strings"

	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rewrite/version"
)

// GTR094 describes what "gtr tokenize-version" does. It is not a rule
// that runs: it belongs to no ruleset and is not in [All]; the command
// applies it through package rewrite/version.
var GTR094 = &Rule{
	Code:    "GTR094",
	Name:    "tokenize-version",
	Summary: "Factor a literal version=\"<base>+galaxy<suffix>\" into @TOOL_VERSION@/@VERSION_SUFFIX@ tokens shared with the matching package requirement (gtr tokenize-version only).",
	Family:  FamilyCodemod,
	Fix:     FixSometimes,
	Since:   "0.6.0",
	Cite:    "https://galaxy-iuc-standards.readthedocs.io/en/latest/best_practices/tool_xml.html#tool-versions",
	Changes: []*rewrite.ViewChange{version.MacrosBlock},
	Doc: Doc{
		What: "Rewrites version=\"<base>+galaxy<suffix>\" as version=\"@TOOL_VERSION@+galaxy@VERSION_SUFFIX@\", " +
			"writes @TOOL_VERSION@ for the version of every package <requirement> written in the tool that pins " +
			"<base>, and defines the two tokens in the tool's <macros> (a new <macros> block when it has none) " +
			"or, with -macros-file, in a macro file beside the tool that the tool imports. A token the tool's " +
			"view defines already, in the tool or an imported macro file, is used as it is when its value is " +
			"the tokenization's.",
		Why: "The IUC's tool versions practice: the wrapped package's version is written once, as " +
			"@TOOL_VERSION@, and the wrapper's own revision as @VERSION_SUFFIX@, so that updating the " +
			"package changes one token and cannot leave the tool's version and its requirement apart.",
		Example: "<tool id=\"x\" name=\"X\" version=\"1.2+galaxy0\">\n  <requirements>\n    <requirement type=\"package\" version=\"1.2\">x</requirement>\n→\n" +
			"<tool id=\"x\" name=\"X\" version=\"@TOOL_VERSION@+galaxy@VERSION_SUFFIX@\">\n  <macros>\n    <token name=\"@TOOL_VERSION@\">1.2</token>\n" +
			"    <token name=\"@VERSION_SUFFIX@\">0</token>\n  </macros>\n  <requirements>\n    <requirement type=\"package\" version=\"@TOOL_VERSION@\">x</requirement>",
		FixSafety: "Kept only when Galaxy's macro-expanded view of the tool is unchanged (the expansion-equality " +
			"gate, with an empty <macros> read as none): the tokens substitute back to exactly the bytes they " +
			"replace. Skipped when the version is not a literal <base>+galaxy<suffix>, no package requirement " +
			"pins <base>, a token is already defined with another value, or an imported macro file cannot be " +
			"read. With -macros-file, a macro file other tools of the directory import changes only when their " +
			"views do not.",
	},
}

// Commands lists the rules that a dedicated command applies, in code
// order: in no ruleset, not selectable, not in [All]. "gtr rules
// -include-upgrade" and "gtr explain" show them.
var Commands = []*Rule{GTR092, GTR094}

// commandApplying names the command that applies each rule of [Commands].
var commandApplying = map[string]string{"GTR092": "convert-help", "GTR094": "tokenize-version"}

// LookupCommand returns the rule of [Commands] with the given code
// (case-insensitive), or nil.
func LookupCommand(code string) *Rule {
	code = strings.ToUpper(strings.TrimSpace(code))
	for _, r := range Commands {
		if r.Code == code {
			return r
		}
	}
	return nil
}
