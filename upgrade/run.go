package upgrade

import (
	"bytes"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
	"github.com/galaxy-gtr/gtr/rules/schema"
)

// run is one upgrade of one tool.
type run struct {
	opts Options
	file string
	src  []byte

	orig  *Doc              // the tool as given
	doc   *Doc              // the tool as the upgrade has changed it so far
	files map[string][]byte // the tool and the macro files changed so far

	declared   string // profile= as Galaxy reads it (tokens substituted)
	hasProfile bool
	baseline   string // the profile the tool runs as: declared, or Baseline
	floor      string // the listed profile baseline places at
	placeable  bool   // baseline reads as a profile

	tripped  []string // behaviour codes that apply to the tool as given
	blockers []string

	target       string // the profile to write, "" for none
	reached      string
	stoppedAt    string
	missing      string
	stepsApplied []string
	codes        []string
	autoFixed    []string
	refused      string

	// Notes, by the place they take in the result.
	summary, stopNote, minimalNote, unplaceableNote, capNote string
	stepNotes, fixNotes                                      []string

	valid map[validKey]bool
	// pending is set while doc is nil because a step changed the tool's
	// bytes and the formatting run, next, parses them.
	pending bool
	token   *TokenBump
	// tried are the runtime fixes the behaviour gate tried, with the tool
	// they were tried on, for runtimeFixes to reuse.
	tried []triedFix
	// macroCodes are the steps that edited each macro file.
	macroCodes map[string][]string
}

type validKey struct {
	doc    *Doc
	schema string
}

// setDoc makes d the current tool.
func (u *run) setDoc(d *Doc) { u.doc = d }

// macroOptions returns the import options for the current files: the
// caller's, with the macro files the upgrade changed served from memory.
func (u *run) macroOptions(files map[string][]byte) macros.Options {
	mo := u.opts.Macros
	changed := false
	for f := range files {
		if f != u.file {
			changed = true
			break
		}
	}
	if !changed {
		return mo
	}
	all := maps.Clone(mo.Files)
	if all == nil {
		all = map[string][]byte{}
	}
	for f, b := range files {
		if f != u.file {
			all[f] = b
		}
	}
	mo.Files = all
	// A cache keyed by path would serve the file as it was on disk.
	mo.Cache = nil
	return mo
}

// triedFix is a runtime fix applied on a copy of the tool version from.
type triedFix struct {
	step *Step
	from *Doc
	to   *candidate
}

// candidate is the tool after a step, before it is taken.
type candidate struct {
	doc   *Doc
	files map[string][]byte
}

// try plans s on the current tool and applies its edits to a copy,
// gated: Galaxy's expanded view may change only as s declares. It returns
// nil and the step's reason when it refuses or the gate does, nil and ""
// when it has nothing to do.
func (u *run) try(s *Step) (*candidate, string, error) {
	u.doc.Target = u.target
	plan := s.Plan(u.doc)
	if len(plan.Refused) > 0 {
		return nil, fmt.Sprintf("%s (%s) cannot apply: %s", s.Code, s.Name, joinSentences(plan.Refused)), nil
	}
	if len(plan.Edits) == 0 {
		return nil, "", nil
	}
	all := u.doc.Files()
	for f, b := range u.files {
		all[f] = b
	}
	changed, err := rewrite.ApplyFiles(all, plan.Edits)
	if err != nil {
		return nil, fmt.Sprintf("%s (%s): its edits do not apply: %v", s.Code, s.Name, err), nil
	}
	next := maps.Clone(u.files)
	for f, b := range changed {
		next[f] = b
	}
	mb, ma := u.macroOptions(u.files), u.macroOptions(next)
	d := NewDoc(u.file, next[u.file], ma)
	if fatal(d.Err) {
		return nil, "", d.Err
	}
	if err := compare(u.doc, d, mb, ma, s.Changes); err != nil {
		if fatal(err) {
			return nil, "", err
		}
		return nil, fmt.Sprintf("%s (%s) changes more than it declares: %v", s.Code, s.Name, err), nil
	}
	if d.View == nil {
		return nil, fmt.Sprintf("%s (%s): the tool no longer expands: %v", s.Code, s.Name, d.Err), nil
	}
	return &candidate{doc: d, files: next}, "", nil
}

// apply runs s and takes its result; it reports whether s changed the
// tool, and why not when it refused.
func (u *run) apply(s *Step) (bool, string, error) {
	c, reason, err := u.try(s)
	if err != nil || c == nil {
		return false, reason, err
	}
	u.take(c, s.Code)
	return true, "", nil
}

func (u *run) take(c *candidate, code string) {
	for f, b := range c.files {
		if f == u.file || bytes.Equal(b, u.files[f]) && u.files[f] != nil {
			continue
		}
		if u.macroCodes == nil {
			u.macroCodes = map[string][]string{}
		}
		if !slices.Contains(u.macroCodes[f], code) {
			u.macroCodes[f] = append(u.macroCodes[f], code)
		}
	}
	u.doc, u.files = c.doc, c.files
	u.codes = append(u.codes, code)
}

// validAt reports whether d validates at profile p, validating each
// schema once per tool version.
func (u *run) validAt(d *Doc, p string) (bool, error) {
	name, _ := SchemaOf(p)
	if name == "" || d.View == nil {
		return false, nil
	}
	// Profiles that share a schema file share the verdict.
	k := validKey{d, schemaFile(p)}
	if v, ok := u.valid[k]; ok {
		return v, nil
	}
	if ctx := u.opts.Context; ctx != nil {
		if err := ctx.Err(); err != nil {
			return false, fmt.Errorf("%s: upgrade stopped: %w", u.file, err)
		}
	}
	if u.valid == nil {
		u.valid = map[validKey]bool{}
	}
	v := schema.Valid(schema.Expanded(d.View), name)
	u.valid[k] = v
	return v, nil
}

// newestValid returns the newest profile from..to the current tool
// validates at, and false when it validates at none of them.
func (u *run) newestValid(from, to string) (string, bool, error) {
	return u.newestValidOf(u.doc, from, to)
}

// newestValidOf is newestValid for the tool version d.
func (u *run) newestValidOf(d *Doc, from, to string) (string, bool, error) {
	ps := AtOrAbove(from)
	for i := len(ps) - 1; i >= 0; i-- {
		p := ps[i]
		if less(to, p) {
			continue
		}
		ok, err := u.validAt(d, p)
		if err != nil {
			return "", false, err
		}
		if ok {
			return p, true, nil
		}
	}
	return "", false, nil
}

// oldestValid returns the oldest profile at or above from the current
// tool validates at, and false when there is none.
func (u *run) oldestValid(from string) (string, bool, error) {
	for _, p := range AtOrAbove(from) {
		ok, err := u.validAt(u.doc, p)
		if err != nil {
			return "", false, err
		}
		if ok {
			return p, true, nil
		}
	}
	return "", false, nil
}

// validSomewhere reports whether the current tool validates at any
// profile.
func (u *run) validSomewhere() (bool, error) {
	// Most tools validate at the newest profiles: try those first.
	_, ok, err := u.newestValid(Oldest(), Latest())
	return ok, err
}

// repair runs the selected schema repairs (GTR006, GTR017) on a tool that
// validates at no profile, as their own gates allow.
func (u *run) repair() error {
	var rs []*rules.Rule
	for _, r := range u.opts.Rules {
		if r == rules.GTR006 || r == rules.GTR017 {
			rs = append(rs, r)
		}
	}
	if len(rs) == 0 {
		return nil
	}
	ok, err := u.validSomewhere()
	if err != nil || ok {
		return err
	}
	mo := u.macroOptions(u.files)
	res, err := rules.FormatWith(u.file, u.files[u.file], rs, rules.FormatOptions{Macros: &mo, ExpansionGate: true, Context: u.opts.Context})
	if err != nil {
		if rules.Fatal(err) {
			return err
		}
		return nil // the repair is refused: the tool stays as it was
	}
	defer res.Release()
	if bytes.Equal(res.Output, u.files[u.file]) {
		return nil
	}
	d := NewDoc(u.file, res.Output, mo)
	if d.View == nil {
		return nil
	}
	u.files = maps.Clone(u.files)
	u.files[u.file] = res.Output
	u.doc = d
	u.codes = append(u.codes, res.Codes()...)
	// The upgrade is of the repaired tool: what applies to it decides.
	u.tripped = Tripped(d)
	return nil
}

// runtimeFixes applies the runtime-gated fixes whose profile the upgrade
// crosses, for the codes that apply, keeping a fix only when the tool
// still validates at the profile reached, and credits the codes whose
// detector it quiets.
func (u *run) runtimeFixes() error {
	reached := u.reached
	if reached == "" || !u.placeable && !u.opts.AllowBehaviorChange {
		return nil
	}
	for _, s := range runtimeFixesCrossed(u.baseline, reached) {
		if !Applies(s.Clears, u.doc) {
			continue
		}
		c, reason, err := u.tryFix(s)
		if err != nil {
			return err
		}
		if c == nil {
			if reason != "" {
				u.fixNotes = append(u.fixNotes, "  "+reason)
			}
			continue
		}
		ok, err := u.validAtCandidate(c, reached)
		if err != nil {
			return err
		}
		if !ok {
			u.fixNotes = append(u.fixNotes, fmt.Sprintf("  %s (%s) not applied: the tool would no longer validate at %s", s.Code, s.Name, reached))
			continue
		}
		u.take(c, s.Code)
		if !Applies(s.Clears, u.doc) {
			u.autoFixed = append(u.autoFixed, s.Clears)
			code, _ := LookupCode(s.Clears)
			u.fixNotes = append(u.fixNotes, fmt.Sprintf("  crossed %s %s: fixed automatically (%s).", code.Profile, s.Clears, s.Code))
		}
	}
	return nil
}

// tryFix is try for a runtime fix, reusing the copy the behaviour gate
// made of the same tool version.
func (u *run) tryFix(s *Step) (*candidate, string, error) {
	for _, t := range u.tried {
		if t.step == s && t.from == u.doc {
			return t.to, "", nil
		}
	}
	return u.try(s)
}

func (u *run) validAtCandidate(c *candidate, p string) (bool, error) {
	return u.validAt(c.doc, p)
}

// writeProfile records the profile reached with GTR007.
func (u *run) writeProfile() error {
	if u.target == "" {
		return nil
	}
	// An edit of the tool file alone, formatted next: the formatting run
	// parses and expands the result, and the final gate checks the
	// change.
	if len(u.formatRules()) > 0 {
		u.doc.Target = u.target
		plan := GTR007.Plan(u.doc)
		if len(plan.Refused) > 0 {
			u.refuse(fmt.Sprintf("%s (%s) cannot apply: %s", GTR007.Code, GTR007.Name, joinSentences(plan.Refused)))
			return nil
		}
		if inToolOnly(plan.Edits, u.file) {
			if len(plan.Edits) == 0 {
				return nil
			}
			out, err := rewrite.ApplyFiles(map[string][]byte{u.file: u.files[u.file]}, plan.Edits)
			if err != nil {
				u.refuse(fmt.Sprintf("%s (%s): its edits do not apply: %v", GTR007.Code, GTR007.Name, err))
				return nil
			}
			u.files = maps.Clone(u.files)
			u.files[u.file] = out[u.file]
			u.doc, u.pending = nil, true
			u.codes = append(u.codes, GTR007.Code)
			return nil
		}
	}
	c, reason, err := u.try(GTR007)
	if err != nil {
		return err
	}
	if c == nil {
		if reason != "" {
			u.refuse(reason)
		}
		return nil
	}
	if o := u.doc.Root.ValueOrigin("profile"); len(o.Parts) == 1 && o.Parts[0].Token != "" && o.Parts[0].Loc.File != u.file {
		u.token = &TokenBump{File: o.Parts[0].Loc.File, Token: o.Parts[0].Token, Old: u.declared, New: u.target}
	}
	u.take(c, GTR007.Code)
	return nil
}

// format runs the selected formatting rules over a tool the upgrade
// changed; a tool it left alone keeps its bytes.
func (u *run) format() error {
	if !u.changedSoFar() {
		return nil
	}
	rs := u.formatRules()
	if len(rs) == 0 {
		return nil
	}
	mo := u.macroOptions(u.files)
	fo := rules.FormatOptions{Macros: &mo, ExpansionGate: true, Context: u.opts.Context}
	if !u.pending {
		fo.Tree, fo.View, fo.ViewErr = u.doc.Tree, u.doc.View, u.doc.Err
	}
	res, err := rules.FormatWith(u.file, u.files[u.file], rs, fo)
	if err != nil {
		if rules.Fatal(err) {
			return err
		}
		u.stepNotes = append(u.stepNotes, fmt.Sprintf("  formatting after the upgrade refused, the upgrade kept unformatted: %v", err))
		return u.settle()
	}
	defer res.Release()
	if bytes.Equal(res.Output, u.files[u.file]) && !u.pending {
		return nil
	}
	// The run has parsed and expanded its output already.
	t, view, err := res.OutputView()
	if fatal(err) {
		return err
	}
	u.files = maps.Clone(u.files)
	u.files[u.file] = res.Output
	u.doc, u.pending = docFrom(t, view, err, mo), false
	u.codes = append(u.codes, res.Codes()...)
	return nil
}

// formatRules returns the selected rules that format the upgraded tool.
func (u *run) formatRules() []*rules.Rule {
	var rs []*rules.Rule
	for _, r := range u.opts.Rules {
		if r != rules.GTR006 && r != rules.GTR017 && !r.Advisory() {
			rs = append(rs, r)
		}
	}
	return rs
}

// settle makes the doc of the current bytes when a step left it pending.
func (u *run) settle() error {
	if !u.pending {
		return nil
	}
	d := NewDoc(u.file, u.files[u.file], u.macroOptions(u.files))
	if fatal(d.Err) {
		return d.Err
	}
	u.doc, u.pending = d, false
	return nil
}

// inToolOnly reports whether every edit is of the tool file.
func inToolOnly(edits []rewrite.FileEdit, file string) bool {
	for _, e := range edits {
		if e.File != file {
			return false
		}
	}
	return true
}

// changedSoFar reports whether the tool or a macro file differs from the
// input.
func (u *run) changedSoFar() bool {
	for f, b := range u.files {
		if f == u.file {
			if !bytes.Equal(b, u.src) {
				return true
			}
			continue
		}
		if !bytes.Equal(b, u.orig.Source(f)) {
			return true
		}
	}
	return false
}

// gates checks the upgraded tool: valid at the profile reached, Galaxy's
// view changed only as the applied steps and rules declare, and a second
// upgrade changes nothing. A failure refuses the upgrade.
func (u *run) gates() error {
	if !u.changedSoFar() {
		return nil
	}
	at := u.reached
	if at == "" {
		at = u.floor
	}
	ok, err := u.validAt(u.doc, at)
	if err != nil {
		return err
	}
	if !ok {
		u.refuse(fmt.Sprintf("the upgraded tool does not validate at %s (steps %s)", at, joinCodes(u.codes)))
		return nil
	}
	var allow []*rewrite.ViewChange
	for _, code := range u.codes {
		if s := LookupStep(code); s != nil {
			allow = append(allow, s.Changes...)
		} else if r := rules.Lookup(code); r != nil {
			allow = append(allow, r.Changes...)
		}
	}
	mb, ma := u.macroOptions(nil), u.macroOptions(u.files)
	if err := compare(u.orig, u.doc, mb, ma, allow); err != nil {
		if fatal(err) {
			return err
		}
		u.refuse(fmt.Sprintf("the expansion-equality gate refuses the upgrade (steps %s): %v", joinCodes(u.codes), err))
		return nil
	}
	if u.opts.noIdempotence {
		return nil
	}
	again := u.opts
	again.noIdempotence = true
	again.Macros = ma
	again.doc = u.doc
	again.valid = u.valid
	res, err := Upgrade(u.file, u.files[u.file], again)
	if err != nil {
		if fatal(err) {
			return err
		}
		u.refuse(fmt.Sprintf("upgrading the result again fails (steps %s): %v", joinCodes(u.codes), err))
		return nil
	}
	if res.Changed {
		u.refuse(fmt.Sprintf("the upgrade is not idempotent: upgrading its result again changes it (steps %s, then %s)", joinCodes(u.codes), joinCodes(res.Codes)))
	}
	return nil
}

func joinCodes(codes []string) string {
	if len(codes) == 0 {
		return "none"
	}
	return strings.Join(slices.Compact(slices.Clone(codes)), ", ")
}

func joinSentences(s []string) string { return strings.Join(s, "; ") }

// compare runs the expansion-equality gate from before to after, which
// were expanded with the import options mb and ma, reusing their parses
// and expansions: Galaxy's view may change only as allow declares.
func compare(before, after *Doc, mb, ma macros.Options, allow []*rewrite.ViewChange) error {
	x := &rewrite.Expansion{File: before.File, Macros: mb, After: &ma, Data: rules.IsPayload, Allow: allow}
	x.Parse = func(src []byte) *cst.Tree {
		switch {
		case bytes.Equal(src, before.Tree.Source()):
			return before.Tree
		case bytes.Equal(src, after.Tree.Source()):
			return after.Tree
		}
		return cst.Parse(before.File, src)
	}
	x.Expand = func(t *cst.Tree, o macros.Options) (*macros.Result, error) {
		src := t.Source()
		switch {
		case sameFiles(o.Files, ma.Files) && bytes.Equal(src, after.Tree.Source()):
			return after.View, after.Err
		case sameFiles(o.Files, mb.Files) && bytes.Equal(src, before.Tree.Source()):
			return before.View, before.Err
		}
		return macros.ExpandTree(t, o)
	}
	_, err := x.CompareExpanded(before.Tree.Source(), after.Tree.Source())
	return err
}

// sameFiles reports whether two import maps are the same map.
func sameFiles(a, b map[string][]byte) bool {
	return reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer()
}
