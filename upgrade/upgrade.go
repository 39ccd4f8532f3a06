package upgrade

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules"
)

// Options configure [Upgrade].
type Options struct {
	// Macros says how the tool's imports resolve ([macros.Options]).
	Macros macros.Options
	// Modernize walks toward the newest profile, capped by the behaviour
	// ceiling and the deployment ceiling. Without it (and without
	// TargetProfile) the upgrade is the minimal bump: profile= moves only
	// when the tool needs it to validate.
	Modernize bool
	// TargetProfile, when set, walks toward it: an explicit cap that may
	// pass the deployment ceiling (but not the behaviour ceiling without
	// AllowBehaviorChange).
	TargetProfile string
	// AllowBehaviorChange lifts the behaviour gate; it needs a walk
	// (Modernize or TargetProfile).
	AllowBehaviorChange bool
	// BlockConsider makes consider-level behaviour codes stop a walk too,
	// not only must_fix ones.
	BlockConsider bool
	// Rules are the fixable rules of the selection: GTR006, when among
	// them, repairs a tool that validates at no profile before anything
	// else; the others format the upgraded tool. Nil is [BaseRules].
	Rules []*rules.Rule
	// Now is when the upgrade runs, for the age of the deployment
	// snapshot; zero means time.Now.
	Now time.Time
	// Context, when not nil, bounds the upgrade.
	Context context.Context
	// Tree, when not nil, is the caller's parse of the tool's bytes,
	// saving a parse.
	Tree *cst.Tree

	noIdempotence bool // the idempotence gate's own run
	doc           *Doc // the tool parsed and expanded already, for that run
	// valid are the verdicts of the first run, whose docs that run shares.
	valid map[validKey]bool
}

// BaseRules is the selection an upgrade runs when none is given: GTR006,
// the repair precondition, and the layout rules (family fmt).
func BaseRules() []*rules.Rule {
	out := []*rules.Rule{rules.GTR006}
	for _, r := range rules.All {
		if r.Family == rules.FamilyFmt {
			out = append(out, r)
		}
	}
	return out
}

// Result is what [Upgrade] made of a tool. Its JSON names are those of
// the predecessor's upgrade_tool.
type Result struct {
	// Formatted is the upgraded tool; the input when nothing changed or
	// the upgrade was refused.
	Formatted []byte `json:"-"`
	// Files are the imported macro files the upgrade rewrites, by the
	// path Galaxy opens, with their new bytes.
	Files map[string][]byte `json:"-"`
	// Changed reports whether Formatted or Files differ from the input.
	Changed bool `json:"changed"`
	// StepsApplied are the profiles step codemods advanced the tool past.
	StepsApplied []string `json:"steps_applied"`
	// Codes are the steps and rules that changed the tool, in order.
	Codes []string `json:"codes"`
	// BehaviorPreserving: true when no behaviour change the upgrade
	// crosses applies to the tool once the runtime fixes are credited,
	// false when one does, nil when it cannot be told (a profile that
	// does not place).
	BehaviorPreserving *bool  `json:"behavior_preserving"`
	BaselineProfile    string `json:"baseline_profile"`
	ReachedProfile     string `json:"reached_profile"`
	// StoppedAt is, in a walk, the profile it stopped at below its goal
	// on purpose (the behaviour ceiling, or the requested target when
	// that is gated); "" otherwise.
	StoppedAt string `json:"stopped_at"`
	// BlockingCodes are the applicable must_fix behaviour codes (and
	// consider ones under BlockConsider) that no runtime fix clears; in
	// the minimal mode a preview.
	BlockingCodes []string `json:"blocking_codes"`
	// AutoFixedCodes are the behaviour codes a runtime fix cleared, by
	// proof: the code's detector fired before the fix and is quiet after.
	AutoFixedCodes []string `json:"auto_fixed_codes"`
	// MissingUpgrade is the profile a walk stalled at for want of a step
	// codemod, "" when it did not stall.
	MissingUpgrade string `json:"missing_upgrade"`
	// Refused says why the upgrade was refused, naming the step or gate;
	// Formatted is then the input.
	Refused string `json:"refused"`
	// Notes explain the outcome, one line each, indented two spaces.
	Notes []string `json:"notes"`
	// Token is set when profile= is a token defined in an imported macro
	// file and the upgrade rewrites its definition there.
	Token *TokenBump `json:"profile_token,omitempty"`
	// MacroCodes are, for each macro file in Files, the steps that edit
	// it.
	MacroCodes map[string][]string `json:"-"`
	// Imports are the macro files the tool imports, as Galaxy opens
	// them.
	Imports []string `json:"-"`
}

// TokenBump is a profile token rewritten where an imported macro file
// defines it.
type TokenBump struct {
	File     string `json:"file"`
	Token    string `json:"token"`
	Old, New string
}

// FlagError reports options that do not go together.
type FlagError struct{ Msg string }

func (e *FlagError) Error() string { return e.Msg }

// UnknownProfileError reports a target profile Galaxy does not have.
type UnknownProfileError struct{ Profile string }

func (e *UnknownProfileError) Error() string {
	return fmt.Sprintf("unknown profile %q: profiles run from %s (the oldest) to %s (the newest)", e.Profile, Oldest(), Latest())
}

// CheckOptions reports options that are not valid together: an unknown
// target profile, or AllowBehaviorChange without a walk.
func CheckOptions(o Options) error {
	if o.TargetProfile != "" && !IsProfile(o.TargetProfile) {
		return &UnknownProfileError{Profile: o.TargetProfile}
	}
	if o.AllowBehaviorChange && !o.Modernize && o.TargetProfile == "" {
		return &FlagError{Msg: "--allow-behavior-change needs a walk: add --modernize or --target-profile PROFILE (the minimal bump never crosses a behaviour change it has to allow)"}
	}
	return nil
}

// Upgrade upgrades one tool. It returns an error for options that do not
// go together, a tool that is not well-formed or whose imports cannot be
// read, and a run that stops (its context ends, its expansion grows past
// its bound); everything else, a refusal included, is a Result.
func Upgrade(file string, src []byte, opts Options) (*Result, error) {
	if err := CheckOptions(opts); err != nil {
		return nil, err
	}
	if opts.Rules == nil {
		opts.Rules = BaseRules()
	}
	if opts.Now.IsZero() {
		opts.Now = time.Now()
	}
	if opts.Context != nil {
		opts.Macros.Context = opts.Context
	}
	u := &run{opts: opts, file: file, src: src, valid: opts.valid}
	if err := u.start(); err != nil {
		return nil, err
	}
	if err := u.upgrade(); err != nil {
		return nil, err
	}
	return u.result(), nil
}

// fatal reports errors that stop a run rather than refuse an upgrade.
func fatal(err error) bool {
	var me *macros.Error
	if errors.As(err, &me) && (me.Kind == macros.ErrTooLarge || me.Kind == macros.ErrCanceled) {
		return true
	}
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// MalformedError reports a tool that is not well-formed XML.
type MalformedError struct{ Err error }

func (e *MalformedError) Error() string { return e.Err.Error() }
func (e *MalformedError) Unwrap() error { return e.Err }

// NotToolError reports a file whose root element is not <tool>.
type NotToolError struct{ File, Root string }

func (e *NotToolError) Error() string {
	return fmt.Sprintf("%s: not a Galaxy tool (its root element is <%s>, not <tool>)", e.File, e.Root)
}

// start reads the tool and what the upgrade decides on before changing
// anything.
func (u *run) start() error {
	u.files = map[string][]byte{u.file: u.src}
	d := u.opts.doc
	switch {
	case d != nil:
	case u.opts.Tree != nil && bytes.Equal(u.opts.Tree.Source(), u.src) && u.opts.Tree.File() == u.file:
		d = docOf(u.opts.Tree, u.opts.Macros)
	default:
		d = NewDoc(u.file, u.src, u.opts.Macros)
	}
	if err := d.Tree.Errors().Err(); err != nil {
		return &MalformedError{Err: err}
	}
	if root := d.Tree.RootElement().Name(); root != "tool" {
		return &NotToolError{File: u.file, Root: root}
	}
	if fatal(d.Err) {
		return d.Err
	}
	if d.Unresolved() {
		return d.Err
	}
	u.setDoc(d)
	u.orig = d
	u.declared, u.hasProfile = "", false
	if d.Root != nil {
		u.declared, u.hasProfile = d.Root.Get("profile")
	}
	u.baseline = Baseline
	u.placeable = true
	if u.hasProfile {
		u.baseline = strings.TrimSpace(u.declared)
		p, ok := Placeable(u.baseline)
		u.placeable = ok && !strings.Contains(u.baseline, "@")
		u.floor = p
	} else {
		u.floor = Baseline
	}
	u.tripped = Tripped(d)
	return nil
}

// upgrade runs the repair, the profile placement, the runtime fixes and
// the formatting, then the gates.
func (u *run) upgrade() error {
	// A tool Galaxy cannot expand cannot be validated or placed.
	if u.doc.View == nil {
		u.refuse(fmt.Sprintf("the tool does not expand, so no profile can be checked: %v", u.doc.Err))
		u.blockers = u.blockingCodes()
		return nil
	}
	if err := u.repair(); err != nil {
		return err
	}
	u.blockers = u.blockingCodes()
	var err error
	if u.walkMode() {
		err = u.walk()
	} else {
		err = u.minimal()
	}
	if err != nil || u.refused != "" {
		return err
	}
	if err := u.runtimeFixes(); err != nil || u.refused != "" {
		return err
	}
	if err := u.writeProfile(); err != nil || u.refused != "" {
		return err
	}
	if err := u.format(); err != nil || u.refused != "" {
		return err
	}
	return u.gates()
}

func (u *run) walkMode() bool { return u.opts.Modernize || u.opts.TargetProfile != "" }

// blockingCodes returns the applicable behaviour codes at or above the
// level that blocks, newer than the baseline, that no runtime fix clears
// (tried on a copy), in catalogue order.
func (u *run) blockingCodes() []string {
	var out []string
	for _, name := range u.tripped {
		c, _ := LookupCode(name)
		if c.Level != MustFix && (c.Level != Consider || !u.opts.BlockConsider) {
			continue
		}
		if u.placeable && !less(u.floor, c.Profile) {
			continue
		}
		if u.clearable(c) {
			continue
		}
		out = append(out, name)
	}
	return out
}

// clearable reports whether a runtime fix clears code c on the current
// tool: its plan applies, passes its gate, and leaves c's detector quiet.
func (u *run) clearable(c Code) bool {
	s := FixedBy(c.Name)
	if s == nil {
		return false
	}
	next, _, err := u.try(s)
	if err != nil || next == nil || Applies(c.Name, next.doc) {
		return false
	}
	u.tried = append(u.tried, triedFix{step: s, from: u.doc, to: next})
	return true
}

// refuse records why the upgrade is refused; the result is the input.
func (u *run) refuse(reason string) {
	if u.refused == "" {
		u.refused = reason
	}
}

// sortProfiles sorts profile versions oldest first.
func sortProfiles(ps []string) {
	slices.SortFunc(ps, func(a, b string) int {
		c, _ := Compare(a, b)
		return c
	})
}
