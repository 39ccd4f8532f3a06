package upgrade

import (
	"fmt"
	"slices"
	"strings"
)

// minimal is the default upgrade: profile= moves only when the tool needs
// it to validate, to the oldest profile at or above its own that it
// validates at; an undeclared profile stays undeclared.
func (u *run) minimal() error {
	u.reached = u.baseline
	if !u.hasProfile {
		u.minimalNote = fmt.Sprintf("  no profile= declared: left undeclared (Galaxy runs the tool under its %s legacy defaults); rerun with --modernize to declare and upgrade a profile.", Baseline)
		return nil
	}
	if !u.placeable {
		u.unplaceableNote = unplaceableNote(false)
		return nil
	}
	ok, err := u.validAt(u.doc, u.floor)
	if err != nil {
		return err
	}
	if ok {
		u.minimalNote = fmt.Sprintf("  profile %s kept: the tool validates at its declared profile; rerun with --modernize to walk newer profiles.", u.baseline)
		return nil
	}
	p, ok, err := u.oldestValid(u.floor)
	if err != nil {
		return err
	}
	if !ok || !less(u.baseline, p) {
		u.minimalNote = fmt.Sprintf("  profile= left unchanged: the tool does not validate at any profile at or above %s, so no profile bump can make it valid; `gtr validate` shows what to fix first.", u.baseline)
		return nil
	}
	u.target, u.reached = p, p
	u.minimalNote = fmt.Sprintf("  profile %s→%s: bumped to the minimum profile the tool validates at after repair.", u.baseline, p)
	return nil
}

// walk moves the tool toward the newest profile (or the target), step
// codemod by step codemod, below the behaviour ceiling and, without a
// target, the deployment ceiling.
func (u *run) walk() error {
	u.reached = u.baseline
	goal := Latest()
	if t := u.opts.TargetProfile; t != "" {
		goal = t
	}
	ceiling := goal
	if u.opts.TargetProfile == "" && less(Deployment.Ceiling, ceiling) {
		ceiling = Deployment.Ceiling
	}
	floor := u.floor
	if !u.placeable {
		if !u.opts.AllowBehaviorChange {
			u.unplaceableNote = unplaceableNote(true)
			return nil
		}
		floor = Baseline
	}
	gated := false
	if u.placeable && !u.opts.AllowBehaviorChange && len(u.blockers) > 0 {
		first := u.firstBlocker()
		gc, ok := Below(first.Profile)
		if !ok || !less(floor, gc) {
			u.stoppedAt = u.baseline
			u.stopNote = fmt.Sprintf("  profile upgrade left profile= unchanged: %s appl%s to this tool and no profile between %s and %s predates the first change; see `gtr explain %s` for what changes there and how to update the tool, or rerun with --allow-behavior-change to upgrade anyway.",
				strings.Join(u.blockers, ", "), yIes(len(u.blockers)), u.baseline, first.Profile, first.Name)
			return nil
		}
		if less(gc, ceiling) {
			ceiling, gated = gc, true
		}
	}
	if less(ceiling, floor) {
		u.minimalNote = fmt.Sprintf("  profile %s kept: the target %s is older, and an upgrade never lowers a profile.", u.baseline, ceiling)
		return nil
	}
	var stalled string
	for range len(steps) + 2 {
		reached, ok, err := u.newestValid(floor, ceiling)
		if err != nil {
			return err
		}
		if !ok {
			u.minimalNote = fmt.Sprintf("  profile= left unchanged: the tool does not validate at any profile from %s to %s; `gtr validate` shows what to fix first.", u.baseline, ceiling)
			return nil
		}
		u.reached = reached
		if reached == ceiling {
			break
		}
		s, c, reason, err := u.codemodPast(reached, ceiling)
		if err != nil {
			return err
		}
		if c == nil {
			u.missing = reached
			if reason == "" {
				stalled = fmt.Sprintf("stalled at %s (no registered upgrade)", reached)
			} else {
				stalled = fmt.Sprintf("stalled at %s (%s)", reached, reason)
			}
			break
		}
		u.take(c, s.Code)
		u.stepsApplied = append(u.stepsApplied, reached)
		floor = reached
	}
	if less(u.baseline, u.reached) || !u.hasProfile && u.reached != Baseline {
		u.target = u.reached
	}
	if len(u.stepsApplied) > 0 || stalled != "" {
		var parts []string
		if len(u.stepsApplied) > 0 {
			parts = append(parts, "upgraded past "+strings.Join(u.stepsApplied, ", "))
		}
		if stalled != "" {
			parts = append(parts, stalled)
		}
		u.summary = "  " + strings.Join(parts, "; ")
	}
	if gated {
		u.stoppedAt = ceiling
		first := u.firstBlocker()
		u.stopNote = fmt.Sprintf("  profile upgrade stopped at %s (latest is %s): %s (%s at %s) appl%s to this tool and cannot be fixed automatically yet; see `gtr explain %s` for what changes there and how to update the tool, or rerun with --allow-behavior-change to upgrade anyway.",
			ceiling, Latest(), first.Name, first.Level, first.Profile, yIes(1), first.Name)
		if t := u.opts.TargetProfile; t != "" && less(ceiling, t) {
			u.stopNote += fmt.Sprintf(" The requested target %s lies past this boundary and also needs --allow-behavior-change.", t)
		}
	}
	if u.opts.TargetProfile == "" && ceiling == Deployment.Ceiling && u.reached == ceiling && less(ceiling, goal) {
		u.capNote = fmt.Sprintf("  profile walk capped at %s, the deployment ceiling: the newest profile every major public Galaxy server runs (snapshot %s). A newer declaration could not install on the lagging servers yet; pass --target-profile to upgrade past it deliberately.",
			Deployment.Ceiling, Deployment.Snapshot.Format("2006-01-02"))
	}
	return nil
}

// codemodPast returns the first step codemod, in profile order, that
// carries the tool past reached (toward ceiling): among those not applied
// yet whose boundary ([boundaryOf]) is not newer than reached. It returns the reasons of the steps that tried and did
// not, "" when none applies.
func (u *run) codemodPast(reached, ceiling string) (*Step, *candidate, string, error) {
	var reasons []string
	for _, s := range steps {
		if s.Kind != KindCodemod || less(reached, boundaryOf(s)) || slices.Contains(u.codes, s.Code) {
			continue
		}
		c, reason, err := u.try(s)
		if err != nil {
			return nil, nil, "", err
		}
		if c == nil {
			if reason != "" {
				reasons = append(reasons, reason)
			}
			continue
		}
		next, ok, err := u.newestValidOf(c.doc, reached, ceiling)
		if err != nil {
			return nil, nil, "", err
		}
		if ok && less(reached, next) {
			return s, c, "", nil
		}
		reasons = append(reasons, fmt.Sprintf("%s (%s) does not make the tool validate past %s", s.Code, s.Name, reached))
	}
	return nil, nil, strings.Join(reasons, "; "), nil
}

// firstBlocker returns the blocking code with the oldest profile.
func (u *run) firstBlocker() Code {
	var first Code
	for _, name := range u.blockers {
		c, _ := LookupCode(name)
		if first.Name == "" || less(c.Profile, first.Profile) {
			first = c
		}
	}
	return first
}

func unplaceableNote(walk bool) string {
	flag := "--modernize --allow-behavior-change"
	if walk {
		flag = "--allow-behavior-change"
	}
	return "  profile= is a macro token that does not resolve to a version, so behaviour boundaries cannot be placed; profile= was left unchanged. Rerun with " + flag + " to upgrade without the behavior gate."
}

// yIes returns the verb ending for n subjects: "applies" or "apply".
func yIes(n int) string {
	if n == 1 {
		return "ies"
	}
	return "y"
}

// boundaryOf returns the profile a step codemod carries a tool past, as
// the schemas here draw it: its From, unless the schema of the profile
// after From stands in for earlier profiles too (a dev schema for several
// releases whose own schemas are missing), in which case the boundary
// moves back to the profile before the first of them.
func boundaryOf(s *Step) string {
	after := Between(s.From, Latest())
	if len(after) == 0 {
		return s.From
	}
	target := schemaFile(after[0])
	b := s.From
	for schemaFile(b) == target {
		prev, ok := Below(b)
		if !ok {
			break
		}
		b = prev
	}
	return b
}
