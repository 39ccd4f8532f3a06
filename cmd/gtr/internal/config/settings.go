package config

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/galaxy-gtr/gtr/rules"
)

// Flags are the selection flags of a command line: the top layer.
type Flags struct {
	Rulesets, Select, Ignore []string // as given; values may hold comma-separated lists
}

// Layer is one level of the selection, in the order they apply:
// default, file, per-file, flags. A layer that selects (Select, else
// Rulesets) replaces what the layers below chose; its Ignore then
// removes rules.
type Layer struct {
	Name     string // "default", "file", "per-file", "flags"
	Rulesets []string
	Select   []string
	Ignore   []string
}

// Mode says which rules a selection starts from and whether rulesets
// count.
type Mode int

const (
	// ModeRules is the selection of format, check and diff: the default
	// ruleset, replaced by the rulesets or codes a layer selects.
	ModeRules Mode = iota
	// ModeUpgrade is the selection of upgrade: base is the upgrade's own
	// rules, and rulesets do not apply (a config file's ruleset is left
	// out; the -ruleset flag is refused by the command).
	ModeUpgrade
)

// Resolver works out the rules of each file from the layers, keeping each
// distinct answer: the files of one config file with the same per-file
// entries share one. It is safe for concurrent use.
type Resolver struct {
	flags Flags
	mode  Mode
	base  []*rules.Rule                           // ModeUpgrade: the rules the upgrade starts from
	match func(tok string) ([]*rules.Rule, error) // ModeUpgrade: the upgrade's own matching (steps refused)

	mu    sync.Mutex
	cache map[string][]*rules.Rule
}

// NewResolver returns the resolver of format, check and diff for flags.
// It returns the error of an unknown name in flags, as resolving them
// alone would.
func NewResolver(flags Flags) (*Resolver, error) {
	r := &Resolver{flags: flags, mode: ModeRules, cache: map[string][]*rules.Rule{}}
	if _, err := r.Rules(nil, ""); err != nil {
		return nil, err
	}
	return r, nil
}

// NewUpgradeResolver returns the resolver of upgrade: the rules start as
// base, and match names the rules of a token (refusing the upgrade's
// steps).
func NewUpgradeResolver(flags Flags, base []*rules.Rule, match func(string) ([]*rules.Rule, error)) (*Resolver, error) {
	r := &Resolver{flags: flags, mode: ModeUpgrade, base: base, match: match, cache: map[string][]*rules.Rule{}}
	if _, err := r.Rules(nil, ""); err != nil {
		return nil, err
	}
	return r, nil
}

// Layers returns the layers that apply to the file at path (cleaned,
// absolute) under the config file f (nil for none), bottom first.
func (r *Resolver) Layers(f *File, path string) []Layer {
	ls := []Layer{{Name: "default"}}
	if r.mode == ModeRules {
		ls[0].Rulesets = []string{rules.DefaultRuleset}
	}
	if f != nil {
		l := Layer{Name: "file", Select: texts(f.Select), Ignore: texts(f.Ignore)}
		if r.mode == ModeRules {
			l.Rulesets = texts(f.Ruleset)
		}
		ls = append(ls, l)
		var ign []string
		for _, i := range f.Matching(path) {
			ign = append(ign, texts(f.PerFile[i].Codes)...)
		}
		if len(ign) > 0 {
			ls = append(ls, Layer{Name: "per-file", Ignore: ign})
		}
	}
	fl := Layer{Name: "flags", Select: r.flags.Select, Ignore: r.flags.Ignore}
	if r.mode == ModeRules {
		fl.Rulesets = r.flags.Rulesets
	}
	return append(ls, fl)
}

// Rules returns the rules of the file at path (cleaned, absolute) under
// the config file f (nil for none), sorted by code.
func (r *Resolver) Rules(f *File, path string) ([]*rules.Rule, error) {
	rs, _, err := r.RulesKey(f, path)
	return rs, err
}

// RulesKey is [Resolver.Rules] with a key that is the same for two files
// exactly when the layers give them the same rules by construction (the
// same config file and the same per-file entries), for callers that keep
// something per selection.
func (r *Resolver) RulesKey(f *File, path string) ([]*rules.Rule, string, error) {
	key := ""
	if f != nil {
		var b strings.Builder
		b.WriteString(f.Path)
		for _, i := range f.Matching(path) {
			b.WriteByte(0)
			b.WriteString(strconv.Itoa(i))
		}
		key = b.String()
	}
	r.mu.Lock()
	rs, ok := r.cache[key]
	r.mu.Unlock()
	if ok {
		return rs, key, nil
	}
	rs, err := r.resolve(r.Layers(f, path))
	if err != nil {
		return nil, "", err
	}
	r.mu.Lock()
	r.cache[key] = rs
	r.mu.Unlock()
	return rs, key, nil
}

// resolve applies the layers in order.
func (r *Resolver) resolve(layers []Layer) ([]*rules.Rule, error) {
	set := map[*rules.Rule]bool{}
	if r.mode == ModeUpgrade {
		for _, x := range r.base {
			set[x] = true
		}
	}
	for _, l := range layers {
		switch {
		case len(split(l.Select)) > 0:
			sel, err := r.matchAll(l.Select)
			if err != nil {
				return nil, err
			}
			set = sel
		case r.mode == ModeRules && len(split(l.Rulesets)) > 0:
			rs, err := rules.Selection{Rulesets: l.Rulesets}.Resolve()
			if err != nil {
				return nil, err
			}
			set = map[*rules.Rule]bool{}
			for _, x := range rs {
				set[x] = true
			}
		}
		ign, err := r.matchAll(l.Ignore)
		if err != nil {
			return nil, err
		}
		for x := range ign {
			delete(set, x)
		}
	}
	out := make([]*rules.Rule, 0, len(set))
	for x := range set {
		out = append(out, x)
	}
	slices.SortFunc(out, func(a, b *rules.Rule) int { return strings.Compare(a.Code, b.Code) })
	return out, nil
}

// matchAll returns the rules the tokens name.
func (r *Resolver) matchAll(toks []string) (map[*rules.Rule]bool, error) {
	match := rules.Match
	if r.match != nil {
		match = r.match
	}
	set := map[*rules.Rule]bool{}
	for _, tok := range split(toks) {
		rs, err := match(tok)
		if err != nil {
			return nil, err
		}
		for _, x := range rs {
			set[x] = true
		}
	}
	return set, nil
}

// split splits comma-separated values and drops empty ones.
func split(vals []string) []string {
	var out []string
	for _, v := range vals {
		for part := range strings.SplitSeq(v, ",") {
			if p := strings.TrimSpace(part); p != "" {
				out = append(out, p)
			}
		}
	}
	return out
}

func texts(vals []Value) []string {
	if vals == nil {
		return nil
	}
	out := make([]string, len(vals))
	for i, v := range vals {
		out[i] = v.Text
	}
	return out
}
