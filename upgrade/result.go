package upgrade

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// result assembles what the run decided.
func (u *run) result() *Result {
	r := &Result{
		Formatted:       u.src,
		BaselineProfile: u.baseline,
		ReachedProfile:  u.reached,
		StoppedAt:       u.stoppedAt,
		BlockingCodes:   nonNil(u.blockers),
		AutoFixedCodes:  nonNil(u.autoFixed),
		StepsApplied:    nonNil(u.stepsApplied),
		MissingUpgrade:  u.missing,
		Codes:           []string{},
		Imports:         u.orig.Imports(),
	}
	if r.ReachedProfile == "" {
		r.ReachedProfile = u.baseline
	}
	if u.refused != "" {
		r.Refused = u.refused
		r.ReachedProfile = u.baseline
		r.StepsApplied, r.AutoFixedCodes, r.StoppedAt, r.MissingUpgrade = []string{}, []string{}, "", ""
		r.Notes = []string{"  upgrade refused, nothing changed: " + u.refused}
		r.BehaviorPreserving = boolPtr(true)
		return r
	}
	r.Formatted = u.files[u.file]
	for f, b := range u.files {
		if f == u.file || bytes.Equal(b, u.orig.Source(f)) {
			continue
		}
		if r.Files == nil {
			r.Files = map[string][]byte{}
		}
		r.Files[f] = b
	}
	r.Changed = !bytes.Equal(r.Formatted, u.src) || len(r.Files) > 0
	if len(r.Files) > 0 {
		r.Token = u.token
		r.MacroCodes = map[string][]string{}
		for f := range r.Files {
			r.MacroCodes[f] = u.macroCodes[f]
		}
	}
	if r.Changed {
		r.Codes = slices.Compact(slices.Clone(u.codes))
	}
	crossed, applicable, mustFix := u.verdict(r.ReachedProfile)
	residual := 0
	for _, c := range applicable {
		if !slices.Contains(u.autoFixed, c.Name) {
			residual++
		}
	}
	if u.placeable {
		r.BehaviorPreserving = boolPtr(residual == 0)
	}
	// The notes, in the predecessor's order, then gtr's own.
	add := func(s string) {
		if s != "" {
			r.Notes = append(r.Notes, s)
		}
	}
	add(u.summary)
	add(u.stopNote)
	add(u.minimalNote)
	add(u.unplaceableNote)
	if residual > 0 && less(u.baseline, r.ReachedProfile) {
		must := ""
		if mustFix > 0 {
			must = fmt.Sprintf(", %d must-fix", mustFix)
		}
		add(fmt.Sprintf("  profile %s→%s: %d of %d crossed Galaxy profile-behaviour change(s) apply to this tool%s (releases %s); review them (`gtr explain CODE`) before relying on this upgrade: %s.",
			u.baseline, r.ReachedProfile, residual, len(crossed), must, releases(applicable, u.autoFixed), names(applicable, u.autoFixed)))
	}
	if residual == 0 && u.placeable && less(u.baseline, r.ReachedProfile) {
		add(fmt.Sprintf("  profile %s→%s: upgrade crosses no behaviour change that applies to this tool — behavior-preserving.", u.baseline, r.ReachedProfile))
	}
	// What Galaxy says of each code the upgrade stops at or crosses
	// unfixed, with its pull request.
	var described []string
	describe := func(name string) {
		c, ok := LookupCode(name)
		if !ok || slices.Contains(described, name) {
			return
		}
		described = append(described, name)
		add(fmt.Sprintf("  %s (%s at %s): %s %s", c.Name, c.Level, c.Profile, c.Message, c.URL))
	}
	if u.stopNote != "" {
		for _, name := range u.blockers {
			describe(name)
		}
	}
	if less(u.baseline, r.ReachedProfile) {
		for _, c := range applicable {
			if !slices.Contains(u.autoFixed, c.Name) {
				describe(c.Name)
			}
		}
	}
	for _, n := range u.fixNotes {
		add(n)
	}
	for _, n := range u.stepNotes {
		add(n)
	}
	for _, f := range slices.Sorted(maps.Keys(r.Files)) {
		add(fmt.Sprintf("  rewrites the imported macro file %s (%s): every other tool importing it reads the change too; `gtr upgrade` over all of them writes it only when they all take the same change.",
			f, strings.Join(r.MacroCodes[f], ", ")))
	}
	add(u.capNote)
	if u.walkMode() && u.opts.TargetProfile == "" {
		add(staleDeploymentNote(u.opts.Now))
	}
	if _, standIn := SchemaOf(r.ReachedProfile); standIn != "" && (r.Changed || u.walkMode()) {
		add("  " + standIn + ".")
	}
	if r.Notes == nil {
		r.Notes = []string{}
	}
	return r
}

// verdict returns the behaviour codes the move from the baseline to
// reached crosses, those of them that apply to the tool (ready-level
// codes, which say the tool is ready, never do), and how many of the
// applicable ones are must_fix and not cleared.
func (u *run) verdict(reached string) (crossed, applicable []Code, mustFix int) {
	for _, c := range Crossed(u.baseline, reached) {
		crossed = append(crossed, c)
		if c.Level == Ready || !slices.Contains(u.tripped, c.Name) {
			continue
		}
		applicable = append(applicable, c)
		if c.Level == MustFix && !slices.Contains(u.autoFixed, c.Name) {
			mustFix++
		}
	}
	return crossed, applicable, mustFix
}

func releases(cs []Code, fixed []string) string {
	var ps []string
	for _, c := range cs {
		if !slices.Contains(ps, c.Profile) && !slices.Contains(fixed, c.Name) {
			ps = append(ps, c.Profile)
		}
	}
	return strings.Join(ps, ", ")
}

func names(cs []Code, fixed []string) string {
	var out []string
	for _, c := range cs {
		if !slices.Contains(fixed, c.Name) {
			out = append(out, c.Name)
		}
	}
	return strings.Join(out, ", ")
}

func boolPtr(b bool) *bool { return &b }

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
