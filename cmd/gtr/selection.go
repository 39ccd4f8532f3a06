package main

import (
	"errors"
	"flag"
	"strings"

	"github.com/galaxy-gtr/gtr/rules"
)

// listFlag is a flag that may be repeated; each value may also hold a
// comma-separated list, split later by the consumer.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(v string) error {
	*l = append(*l, v)
	return nil
}

// selectionFlags are the rule selection flags of format, check and diff.
type selectionFlags struct {
	rulesets, sel, ignore listFlag
	maxExpansion          *int // -max-expansion, for the rules and the gate that expand
}

func addSelectionFlags(fs *flag.FlagSet) *selectionFlags {
	s := &selectionFlags{}
	fs.Var(&s.rulesets, "ruleset", "run the rules of ruleset `NAME` (cosmetic, default, iuc, strict);\nrepeatable or comma-separated, the union is taken (default \"default\")")
	fs.Var(&s.sel, "select", "run only rule `CODE` (a code such as GTR001, a parent code such as\nGTR018, or a planemo linter name); repeatable or comma-separated;\nreplaces the rulesets")
	fs.Var(&s.ignore, "ignore", "do not run rule `CODE`; repeatable or comma-separated; wins over\n-select and -ruleset")
	s.maxExpansion = maxExpansionFlag(fs)
	return s
}

// resolve returns the selected rules, or reports an unknown name as a usage
// error (with the closest known name) and returns ok false.
func (s *selectionFlags) resolve(e *env) (rs []*rules.Rule, code int, ok bool) {
	if *s.maxExpansion < 1 {
		return nil, e.usageError("-max-expansion: want a factor of at least 1, got %d", *s.maxExpansion), false
	}
	rs, err := rules.Selection{Rulesets: s.rulesets, Select: s.sel, Ignore: s.ignore}.Resolve()
	if err != nil {
		var ue *rules.UnknownError
		if errors.As(err, &ue) {
			return nil, e.usageError("%v", ue), false
		}
		return nil, e.usageError("%v", err), false
	}
	return rs, 0, true
}

// advisoryRules returns the advisory rules of rs.
func advisoryRules(rs []*rules.Rule) []*rules.Rule {
	var out []*rules.Rule
	for _, r := range rs {
		if r.Advisory() {
			out = append(out, r)
		}
	}
	return out
}
