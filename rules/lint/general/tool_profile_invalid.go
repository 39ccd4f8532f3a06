package general

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/galaxy-gtr/gtr/rules/lint"
)

// profileShape reports whether p matches Galaxy's PROFILE_PATTERN,
// ^[12]\d\.\d{1,2}$, with Python's semantics: \d is any Unicode decimal
// digit and $ also matches before a final newline.
func profileShape(p string) bool {
	p = strings.TrimSuffix(p, "\n")
	r := []rune(p)
	if len(r) < 4 || len(r) > 5 || (r[0] != '1' && r[0] != '2') || !unicode.IsDigit(r[1]) || r[2] != '.' {
		return false
	}
	for _, d := range r[3:] {
		if !unicode.IsDigit(d) {
			return false
		}
	}
	return true
}

// ToolProfileInvalid is GTR045: a profile that is not a Galaxy release.
var ToolProfileInvalid = &lint.Check{
	Code:    "GTR045",
	Name:    "tool-profile-invalid",
	Summary: "A declared profile should be a valid <year>.<minor> version (^[12]\\d\\.\\d{1,2}$; @ tokens skipped).",
	Linters: []string{"ToolProfileInvalid"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports a profile attribute (after macro expansion) that is not a two-digit year, a dot " +
			"and one or two digits, as Galaxy's ToolProfileInvalid linter does. A @TOKEN@ profile of a " +
			"tool that did not expand is left alone.",
		Why: "The profile selects the Galaxy behaviour the tool runs under; a value that is not a " +
			"release (24.1.0, 2024.1) is compared as a version anyway, so the tool gets defaults its " +
			"author did not pick, and a value that is no version at all stops Galaxy from loading it.",
		Example: "<tool id=\"t\" name=\"T\" version=\"1.0\" profile=\"21.1.0\">\n→\n<tool id=\"t\" name=\"T\" version=\"1.0\" profile=\"21.01\">",
		FixSafety: "Advisory only: which release the author meant, and so which behaviour the tool gets, " +
			"is theirs to say.",
	},
	Run: func(c *lint.Ctx) {
		// Galaxy's parse_profile: the attribute, else 16.01.
		p, ok := attr(c, "profile")
		if !ok || unexpanded(c, p) || profileShape(p) {
			return
		}
		c.ReportAttr("ToolProfileInvalid", c.Root, "profile",
			fmt.Sprintf("Tool specifies an invalid profile version [%s].", p),
			"Set profile to the Galaxy release the tool targets, written YY.MM as Galaxy numbers its releases (for example profile=\"23.0\").")
	},
}
