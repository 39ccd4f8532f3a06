package upgrade

import (
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/rules"
)

// Select returns the fixable rules an upgrade runs: [BaseRules], replaced
// by the rules sel names when it names any, less those ignore names. Each
// value may hold a comma-separated list; codes, parent codes and planemo
// linter names match as in rule selection ([rules.Match]). The upgrade
// steps are not selectable: naming one is an error that says so.
func Select(sel, ignore []string) ([]*rules.Rule, error) {
	rs := BaseRules()
	if toks := rules.SplitList(sel); len(toks) > 0 {
		rs = []*rules.Rule{}
		for _, tok := range toks {
			got, err := match(tok)
			if err != nil {
				return nil, err
			}
			for _, r := range got {
				if !slices.Contains(rs, r) {
					rs = append(rs, r)
				}
			}
		}
	}
	for _, tok := range rules.SplitList(ignore) {
		got, err := match(tok)
		if err != nil {
			return nil, err
		}
		rs = slices.DeleteFunc(rs, func(r *rules.Rule) bool { return slices.Contains(got, r) })
	}
	return rs, nil
}

func match(tok string) ([]*rules.Rule, error) {
	if s := LookupStep(strings.TrimSpace(tok)); s != nil {
		return nil, &rules.UnknownError{What: "rule code or planemo linter", Name: tok,
			Hint: s.Code + " is internal to the `upgrade` pipeline, not selectable"}
	}
	return rules.Match(tok)
}
