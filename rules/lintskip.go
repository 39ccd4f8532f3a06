package rules

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
)

// LintSkipTool is one tool of a directory that holds a .lint_skip file:
// its path (imports resolve next to it) and its bytes.
type LintSkipTool struct {
	Path string
	Src  []byte
}

// LintSkipRemoval is one suppression of a .lint_skip file that gtr can
// prove unneeded.
type LintSkipRemoval struct {
	Linter string   // the planemo linter class the line names
	Fixed  bool     // some tool needs format's fixes to be clean; false: every tool is clean already
	Codes  []string // the rules that cover the linter and report nothing after the fixes
}

// LintSkipPlan is what reconciling one .lint_skip file decided.
type LintSkipPlan struct {
	Removals []LintSkipRemoval // in the order of the file's lines
	// Sidecar is the new content of the .lint_skip file, nil when no
	// suppression is left and the file is to be deleted. It equals the
	// input when nothing is removed.
	Sidecar []byte
	// Tools maps the path of each tool that format's fixes change to its
	// fixed bytes, when some removal is Fixed (the suppression holds only
	// with the fixes written); empty otherwise.
	Tools map[string][]byte
}

// lintSkipExcluded are the rules whose silence proves nothing: they bind
// Galaxy's own validators and report nothing where those are missing.
var lintSkipExcluded = []string{"GTR100", "GTR101"}

// LintSkipNames returns the linter names a .lint_skip file suppresses, as
// planemo reads it: one name a line, surrounding whitespace trimmed, blank
// lines and lines starting with # ignored.
func LintSkipNames(sidecar []byte) []string {
	var out []string
	for _, line := range strings.Split(string(sidecar), "\n") {
		name := strings.TrimSpace(line)
		if name == "" || strings.HasPrefix(name, "#") {
			continue
		}
		out = append(out, name)
	}
	return out
}

// ReconcileLintSkip decides which suppressions of a .lint_skip file can
// go, for the tools of its directory. A line can go only when it names a
// Galaxy linter that gtr HAVEs (see [PlanemoParity]), none of whose
// covering rules is one whose silence proves nothing, and those rules
// report nothing for that linter on any tool once format's fixes (the
// default ruleset's) are made. A line naming a module, a PARTIAL or NONE
// linter, or an unknown name stays. Imports resolve as mo says (nil:
// from disk next to each tool).
//
// A tool that is not well-formed, or whose fixes a gate refuses, is an
// error: nothing can be proved about the directory then.
func ReconcileLintSkip(tools []LintSkipTool, sidecar []byte, mo *macros.Options) (*LintSkipPlan, error) {
	if len(tools) == 0 {
		return nil, errors.New("no tool in the directory")
	}
	if mo == nil {
		mo = &macros.Options{Cache: macros.NewCache()}
	}
	type candidate struct {
		name    string
		linters []string // name, and for a companion linter its subject's problem linters
		rules   []*Rule
		dirty   bool // a covering rule reports it on a tool as written
	}
	var cands []*candidate
	var report []*Rule
	for _, name := range LintSkipNames(sidecar) {
		p, ok := ParityOf(name)
		if !ok || p.Linter.Class != name || p.Status != ParityHave ||
			slices.ContainsFunc(p.Codes, func(c string) bool { return slices.Contains(lintSkipExcluded, c) }) ||
			slices.ContainsFunc(cands, func(c *candidate) bool { return c.name == name }) {
			continue
		}
		c := &candidate{name: name, linters: append([]string{name}, companions[name]...)}
		for _, code := range p.Codes {
			r := Lookup(code)
			c.rules = append(c.rules, r)
			if !slices.Contains(report, r) {
				report = append(report, r)
			}
		}
		cands = append(cands, c)
	}
	plan := &LintSkipPlan{Sidecar: sidecar, Tools: map[string][]byte{}}
	if len(cands) == 0 {
		return plan, nil
	}
	fixing, err := Selection{}.Resolve()
	if err != nil {
		return nil, err
	}
	fixing = slices.DeleteFunc(fixing, func(r *Rule) bool { return r.Advisory() })
	// reports says whether ds hold a finding of c's rules for c's
	// linters: a finding for another linter of a rule covering several is
	// not c's.
	reports := func(c *candidate, ds []Diagnostic) bool {
		return slices.ContainsFunc(ds, func(d Diagnostic) bool {
			return slices.ContainsFunc(c.rules, func(r *Rule) bool { return r.Code == d.Code }) &&
				(d.Linter == "" || slices.Contains(c.linters, d.Linter))
		})
	}
	changed := map[string][]byte{}
	for _, t := range tools {
		tree := cst.Parse(t.Path, t.Src)
		if !tree.WellFormed() {
			return nil, fmt.Errorf("%s: malformed XML", t.Path)
		}
		before := CheckWith(tree, report, mo)
		res, err := FormatWith(t.Path, t.Src, fixing, FormatOptions{Macros: mo, ExpansionGate: true, Tree: tree, Report: report})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", t.Path, err)
		}
		if res.Changed {
			changed[t.Path] = res.Output
		}
		after := res.Findings
		res.Release()
		cands = slices.DeleteFunc(cands, func(c *candidate) bool { return reports(c, after) })
		for _, c := range cands {
			c.dirty = c.dirty || reports(c, before)
		}
	}
	removed := map[string]bool{}
	for _, c := range cands {
		removed[c.name] = true
		var codes []string
		for _, r := range c.rules {
			codes = append(codes, r.Code)
		}
		plan.Removals = append(plan.Removals, LintSkipRemoval{Linter: c.name, Fixed: c.dirty, Codes: codes})
		if c.dirty {
			plan.Tools = changed
		}
	}
	plan.Sidecar = withoutLines(sidecar, removed)
	return plan, nil
}

// withoutLines returns sidecar without the lines naming a removed linter,
// every other byte kept; nil when no suppression is left.
func withoutLines(sidecar []byte, removed map[string]bool) []byte {
	if len(removed) == 0 {
		return sidecar
	}
	var b strings.Builder
	for _, line := range strings.SplitAfter(string(sidecar), "\n") {
		if !removed[strings.TrimSpace(line)] {
			b.WriteString(line)
		}
	}
	out := []byte(b.String())
	if len(LintSkipNames(out)) == 0 {
		return nil
	}
	return out
}
