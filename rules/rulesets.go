package rules

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Ruleset is a named set of rules. Membership is declared on each rule.
type Ruleset struct {
	Name        string
	Description string
}

// DefaultRuleset is used when no ruleset is named.
const DefaultRuleset = "default"

// Rulesets lists the rulesets in display order. cosmetic ⊂ default = iuc ⊂
// strict.
var Rulesets = []Ruleset{
	{"cosmetic", "Cosmetic whitespace only (indent, blank lines, shorthand)."},
	{"default", "Behaviour-preserving fixes and layout: what `gtr format` applies."},
	{"iuc", "The IUC conventions; mirrors 'default' today."},
	{"strict", "Everything in 'default' plus the advisory best-practice checks (report-only)."},
}

// RulesetRules returns the rules of a ruleset, sorted by code.
func RulesetRules(name string) []*Rule {
	var out []*Rule
	for _, r := range All {
		if slices.Contains(r.Rulesets, name) {
			out = append(out, r)
		}
	}
	return out
}

// UnknownError reports a ruleset, code or linter name that names nothing.
type UnknownError struct {
	What       string // "ruleset" or "rule code or planemo linter"
	Name       string // as the user wrote it
	Suggestion string // the closest known name, or ""
	Hint       string // extra advice, e.g. for non-selectable codes
}

func (e *UnknownError) Error() string {
	msg := fmt.Sprintf("unknown %s %q", e.What, e.Name)
	if e.Suggestion != "" {
		msg += fmt.Sprintf("; did you mean %q?", e.Suggestion)
	}
	if e.Hint != "" {
		msg += "; " + e.Hint
	}
	return msg
}

// Selection names rulesets and codes as the user gave them (flags may be
// repeated and comma-separated).
type Selection struct {
	Rulesets []string
	Select   []string
	Ignore   []string
}

// Resolve returns the selected rules, sorted by code, with ruff's precedence
// --ignore ▸ --select ▸ --ruleset: the base is the union of the rulesets
// (default when none); --select replaces the base; --ignore subtracts. Codes,
// parent codes and planemo linter names match case-insensitively.
func (s Selection) Resolve() ([]*Rule, error) {
	set := map[*Rule]bool{}
	names := splitList(s.Rulesets)
	if len(names) == 0 {
		names = []string{DefaultRuleset}
	}
	for _, name := range names {
		if !knownRuleset(strings.ToLower(name)) {
			return nil, &UnknownError{What: "ruleset", Name: name, Suggestion: closest(strings.ToLower(name), rulesetNames())}
		}
		for _, r := range RulesetRules(strings.ToLower(name)) {
			set[r] = true
		}
	}
	if sel := splitList(s.Select); len(sel) > 0 {
		set = map[*Rule]bool{}
		for _, tok := range sel {
			rs, err := Match(tok)
			if err != nil {
				return nil, err
			}
			for _, r := range rs {
				set[r] = true
			}
		}
	}
	for _, tok := range splitList(s.Ignore) {
		rs, err := Match(tok)
		if err != nil {
			return nil, err
		}
		for _, r := range rs {
			delete(set, r)
		}
	}
	out := make([]*Rule, 0, len(set))
	for r := range set {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out, nil
}

// Match returns the rules a selection token names: a code, a partition
// parent code, or a planemo linter name, case-insensitively.
func Match(tok string) ([]*Rule, error) {
	t := strings.TrimSpace(tok)
	if r := Lookup(t); r != nil {
		return []*Rule{r}, nil
	}
	if kids := Children(t); len(kids) > 0 {
		return kids, nil
	}
	var out []*Rule
	for _, r := range All {
		for _, p := range r.Planemo {
			if strings.EqualFold(p, t) {
				out = append(out, r)
				break
			}
		}
	}
	if len(out) > 0 {
		return out, nil
	}
	if r := LookupCommand(t); r != nil {
		return nil, &UnknownError{What: "rule code or planemo linter", Name: tok,
			Hint: r.Code + " is applied only by the dedicated `" + commandApplying[r.Code] + "` command"}
	}
	return nil, &UnknownError{What: "rule code or planemo linter", Name: tok, Suggestion: closest(t, selectableNames())}
}

// SplitList splits flag values that may be repeated and comma-separated
// into their non-empty, trimmed items.
func SplitList(vals []string) []string { return splitList(vals) }

func splitList(vals []string) []string {
	var out []string
	for _, v := range vals {
		for _, part := range strings.Split(v, ",") {
			if p := strings.TrimSpace(part); p != "" {
				out = append(out, p)
			}
		}
	}
	return out
}

func knownRuleset(name string) bool {
	for _, rs := range Rulesets {
		if rs.Name == name {
			return true
		}
	}
	return false
}

func rulesetNames() []string {
	var out []string
	for _, rs := range Rulesets {
		out = append(out, rs.Name)
	}
	return out
}

func selectableNames() []string {
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, r := range All {
		add(r.Code)
		add(r.Parent)
		for _, p := range r.Planemo {
			add(p)
		}
	}
	return out
}

// Closest returns the candidate nearest to s by edit distance
// (case-insensitive), when it is close enough to be a plausible typo, and
// "" otherwise: the "did you mean" of gtr's usage errors.
func Closest(s string, candidates []string) string { return closest(s, candidates) }

// closest is [Closest].
func closest(s string, candidates []string) string {
	best, bestD := "", -1
	ls := strings.ToLower(s)
	for _, c := range candidates {
		d := editDistance(ls, strings.ToLower(c))
		if bestD < 0 || d < bestD {
			best, bestD = c, d
		}
	}
	if bestD < 0 || bestD > max(2, len(s)/3) {
		return ""
	}
	return best
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
