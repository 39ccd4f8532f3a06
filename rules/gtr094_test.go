package rules

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestCommandRules checks the rules only a dedicated command applies:
// documented as every rule is, in no ruleset, not in All, found by
// LookupCommand, and refused by selection with the command's name.
func TestCommandRules(t *testing.T) {
	for _, r := range Commands {
		t.Run(r.Code, func(t *testing.T) {
			if !codeRE.MatchString(r.Code) || !nameRE.MatchString(r.Name) || !urlRE.MatchString(r.Cite) || !sinceRE.MatchString(r.Since) {
				t.Errorf("metadata: code %q, name %q, cite %q, since %q", r.Code, r.Name, r.Cite, r.Since)
			}
			for h, text := range map[string]string{"What": r.Doc.What, "Why": r.Doc.Why, "Example": r.Doc.Example, "FixSafety": r.Doc.FixSafety} {
				if strings.TrimSpace(text) == "" {
					t.Errorf("Doc.%s is empty", h)
				}
			}
			if len(r.Rulesets) > 0 || slices.Contains(All, r) || Lookup(r.Code) != nil {
				t.Error("a command's rule is in no ruleset and not in All")
			}
			if LookupCommand(strings.ToLower(r.Code)) != r {
				t.Error("LookupCommand does not find it")
			}
			_, err := Match(r.Code)
			var ue *UnknownError
			if !errors.As(err, &ue) || !strings.Contains(ue.Hint, "`"+commandApplying[r.Code]+"`") {
				t.Errorf("Match(%s) = %v, want a hint naming the command", r.Code, err)
			}
		})
	}
}
