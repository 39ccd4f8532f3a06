package rules

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/cheetah"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// FormatOptions configure [FormatWith].
type FormatOptions struct {
	// Macros says how the imported macro files of a tool are found, both
	// by the rules that read Galaxy's expanded view (GTR006, GTR017) and
	// by the expansion-equality gate. Nil resolves no import: those rules
	// skip tools that import macro files, and the gate refuses to rewrite
	// them.
	Macros *macros.Options
	// ExpansionGate turns on the expansion-equality gate
	// ([rewrite.Expansion]): the rewrite must leave Galaxy's expanded
	// view equal up to layout whitespace and the [Rule.Changes] of the
	// rules that applied fixes.
	ExpansionGate bool
	// Importers, for a macro file, are the tools that import it: the
	// rewrite must keep what each of them reads, as [ImportersGate]
	// checks, after the expansion-equality gate and with the run's own
	// parses of the macro file.
	Importers []Importer
	// Gates are more gates, run after the expansion-equality gate and
	// the importers'.
	Gates []rewrite.Gate
	// Tree, when not nil, is the caller's parse of src, saving a parse.
	Tree *cst.Tree
	// View, with Tree, is the caller's expansion of Tree with Macros
	// (what macros.ExpandTree returned, and ViewErr its error), saving an
	// expansion; the run does not modify it.
	View    *macros.Result
	ViewErr error
	// Slabs, when not nil, lends the arrays of the run's parses; see
	// [Formatted.Release].
	Slabs *cst.Slabs
	// Arena, when not nil, holds the run's macro expansions; it is reset
	// by [Formatted.Release], so nothing else may be using it.
	Arena *macros.Arena
	// Report lists rules whose findings on the output are wanted in
	// [Formatted.Findings] besides those of the fixing rules: typically
	// the advisory rules of a selection.
	Report []*Rule
	// Context, when not nil, bounds the run: the fix loop, the rules and
	// the macro expansions (it replaces Macros.Context) stop once it is
	// done, and FormatWith returns an error wrapping its error.
	Context context.Context
}

// Formatted is what [FormatWith] made of a file.
type Formatted struct {
	rewrite.Result
	// Findings are what the rules (the fixing ones and
	// [FormatOptions.Report]) find in the output, in source order, with
	// positions: advisory findings, and fixable ones whose fixes were not
	// applied (below the loop's applicability).
	Findings []Diagnostic

	views *viewCache
	// same holds the version whose expansion has the output's imports and
	// landings: the input when the gate proved the views equal without
	// expanding the output ([rewrite.Expansion.Proved]: at most texts
	// differ, so the same elements sit under parents of the same tags),
	// else the output.
	same []byte
}

// Imports returns the macro files Galaxy's expansion of the output opens
// (as [macros.Result.Imports] lists them) and where their elements land
// in it ([Landings]), with imports resolved as the run resolved them. When
// the expansion-equality gate proved the output's view equal to the
// input's, but perhaps for declared changes of texts, without expanding
// the output, they are read from the input's expansion, which the run has
// made already: the views then hold the same elements of the same
// imported files under parents of the same tags.
func (f *Formatted) Imports() ([]string, map[string]*Landing, error) {
	if f.views == nil {
		return nil, nil, errors.New("no output to expand")
	}
	res, err := f.views.expand(f.views.parse(f.same), f.views.opts)
	if err != nil {
		return nil, nil, err
	}
	return res.Imports, Landings(res), nil
}

// OutputView returns the parse of the output and Galaxy's expansion of
// it, as the run made them (the expansion is made now when the gate proved
// the views equal without it), with imports resolved as the run resolved
// them. Both stay valid after [Formatted.Release] only when the run was
// given no [FormatOptions.Slabs] and no [FormatOptions.Arena].
func (f *Formatted) OutputView() (*cst.Tree, *macros.Result, error) {
	if f.views == nil {
		return nil, nil, errors.New("no output to expand")
	}
	t := f.views.parse(f.Output)
	res, err := f.views.expand(t, f.views.opts)
	return t, res, err
}

// Release hands the arrays of the trees the run parsed (the versions it
// made, not [FormatOptions.Tree]) to [FormatOptions.Slabs] for the next
// file's parses, and resets [FormatOptions.Arena], which held its
// expansions. Nothing the run returned points into either, but f must
// not be used afterwards: [Formatted.Imports] would read them.
func (f *Formatted) Release() {
	if f.views != nil {
		f.views.release()
		f.views = nil
	}
}

// FormatWith is [Format] with imports resolved and, when asked, the
// expansion-equality gate. A rewrite that a gate other than rewrite's own
// refuses is blamed, as rewrite names the culprits of a well-formedness
// failure, on the rules whose fixes alone the gate refuses too; when
// there are none (it is how fixes combine), on the rules without which
// the gate passes; failing that, on all the rules that applied.
//
// A file whose run stops is an error, never a refused rewrite: past
// opts.Context's deadline, or when Galaxy's expanded view of a version
// grows past its bound, FormatWith returns the error that stopped it
// (see [Fatal]), with the input as output.
func FormatWith(file string, src []byte, rs []*Rule, opts FormatOptions) (Formatted, error) {
	if opts.Context != nil && opts.Context.Done() == nil {
		opts.Context = nil // it can never end: nothing to look at
	}
	if opts.Context != nil {
		mo := macros.Options{NoDisk: true}
		if opts.Macros != nil {
			mo = *opts.Macros
		}
		mo.Context = opts.Context
		opts.Macros = &mo
	}
	importerAllow := importersAllow(rs)
	res, err := formatGated(file, src, rs, opts, declared(rs), importerAllow)
	var ge *rewrite.GateError
	if !errors.As(err, &ge) || len(ge.Codes) < 2 {
		return res, err
	}
	switch ge.Gate {
	case "well-formed", "unmoved", "apply", rewrite.GateUnresolvedImport:
		return res, err
	}
	opts.Report = nil
	refused := func(sub []*Rule) bool {
		_, err := formatGated(file, src, sub, opts, declared(sub), importerAllow)
		var e *rewrite.GateError
		return errors.As(err, &e) && e.Gate == ge.Gate
	}
	var applied []*Rule
	for _, r := range rs {
		if slices.Contains(ge.Codes, r.Code) {
			applied = append(applied, r)
		}
	}
	var culprits []string
	for _, r := range applied {
		if refused([]*Rule{r}) {
			culprits = append(culprits, r.Code)
		}
	}
	if len(culprits) == 0 {
		for i := range applied {
			if !refused(slices.Delete(slices.Clone(applied), i, i+1)) {
				culprits = append(culprits, applied[i].Code)
			}
		}
	}
	if len(culprits) > 0 {
		ge.Codes = culprits
	}
	return res, err
}

// formatGated runs the fix loop of rs with the gates of opts, the
// expansion-equality gate accepting the changes in allow and the
// importers' gate those in importerAllow, and checks that every declared
// change the gate needed belongs to a rule that applied.
// One cache of parses and expansions serves the rules of every iteration,
// the gate and the report on the output.
func formatGated(file string, src []byte, rs []*Rule, opts FormatOptions, allow, importerAllow []*rewrite.ViewChange) (Formatted, error) {
	var gates []rewrite.Gate
	var used []*rewrite.ViewChange
	mo := macros.Options{NoDisk: true}
	if opts.Macros != nil {
		mo = *opts.Macros
	}
	views := &viewCache{file: file, opts: mo, slabs: opts.Slabs, arena: opts.Arena}
	if opts.Tree != nil && (opts.View != nil || opts.ViewErr != nil) {
		v := views.entry(opts.Tree)
		v.res, v.err, v.done = opts.View, opts.ViewErr, true
	}
	proved := false
	if opts.ExpansionGate {
		x := &rewrite.Expansion{File: file, Macros: mo, Data: isPayload, Allow: allow, Parse: views.parse, Expand: views.expand, Convert: views.convert}
		gate := func(before, after []byte) error {
			if used, proved = x.Proved(before, after); proved {
				return nil
			}
			var err error
			used, err = x.CompareExpanded(before, after)
			return err
		}
		gates = append(gates, gate)
	}
	if len(opts.Importers) > 0 {
		gates = append(gates, importersGate(opts.Importers, mo, importerAllow, views))
	}
	gates = append(gates, opts.Gates...)
	// The pass remembers every version for the gate, and keeps what the
	// rules found in the last tree it saw: the loop ends on a pass over
	// the output that has nothing left to fix.
	var last *cst.Tree
	var found []Diagnostic
	pass := func(t *cst.Tree) []rewrite.Fix {
		last = t
		views.remember(t)
		var err error
		found, err = check(t, rs, false, opts.Macros, views)
		if err != nil {
			views.stop(err)
		}
		// A stopped run fixes nothing more: the loop ends and the error
		// is returned below.
		if views.fatal != nil {
			return nil
		}
		return fixesOf(found)
	}
	res, err := rewrite.Run(file, src, pass, rewrite.Options{Gates: gates, Tree: opts.Tree, Parse: views.parse, Context: opts.Context})
	// What stopped an expansion (the pass's, the gate's) comes first: a
	// gate may have refused the rewrite, or passed it, for want of a
	// view.
	if views.fatal != nil {
		views.release()
		return Formatted{Result: rewrite.Result{Output: src}}, views.fatal
	}
	if err != nil {
		return Formatted{Result: res}, err
	}
	applied := res.Codes()
	for _, ch := range used {
		if !slices.ContainsFunc(rs, func(r *Rule) bool {
			return slices.Contains(applied, r.Code) && slices.Contains(r.Changes, ch)
		}) {
			return Formatted{Result: rewrite.Result{Output: src}}, &rewrite.GateError{Gate: rewrite.GateExpansion, Codes: applied, Detail: fmt.Sprintf(
				"Galaxy's expanded view changed as %s changes it, but no rule declaring that change applied (%s)",
				ch.Name, strings.Join(applied, ", "))}
		}
	}
	var more []*Rule
	for _, r := range opts.Report {
		if !slices.Contains(rs, r) {
			more = append(more, r)
		}
	}
	if len(more) > 0 {
		ds, err := check(last, more, false, opts.Macros, views)
		if err != nil || views.fatal != nil {
			if err == nil {
				err = views.fatal
			}
			views.release()
			return Formatted{Result: rewrite.Result{Output: src}}, err
		}
		found = sortedDiagnostics(append(found, ds...), nil)
	}
	for i := range found {
		found[i].Pos = last.Position(found[i].Span.Start)
	}
	same := res.Output
	if proved {
		same = src
	}
	return Formatted{Result: res, Findings: found, views: views, same: same}, nil
}

// Importer is a tool that imports a macro file being rewritten.
type Importer struct {
	File   string // the tool's path, the base of its imports
	Import string // the path the tool's expansion opens the macro file under ([macros.Result.Imports])
	Tool   []byte // the tool as it will be: rewritten by the same run (its own gate passed), or as it stands
	// Load, when Tool is nil, returns the tool as it will be: a run that
	// keeps no tool's bytes reads them again when, rarely, the gate has
	// to expand the importer.
	Load func() ([]byte, error)
	// Landing, when not nil, says where Galaxy puts the macro file's
	// elements in Tool's expanded view ([Landings]); with it the gate can
	// often pass a rewrite without expanding Tool again.
	Landing *Landing
}

// Landing records where the elements of one imported macro file land in
// expanded views: the offsets, in the macro file, of those whose parent
// there is a data element, so that whitespace after them is not layout
// (see [ImportersGate]).
type Landing struct {
	data map[int]bool
}

// Landings reads view, a tool's expanded view, and returns for each file
// it imports (by the path the expansion opened) where its elements land.
func Landings(view *macros.Result) map[string]*Landing {
	out := map[string]*Landing{}
	for _, imp := range view.Imports {
		out[imp] = &Landing{data: map[int]bool{}}
	}
	var walk func(e *macros.Element)
	walk = func(e *macros.Element) {
		data := isPayload(e.Tag)
		for _, c := range e.Children {
			if l := out[c.Loc.File]; l != nil && data {
				l.data[c.Loc.Span.Start] = true
			}
			walk(c)
		}
	}
	walk(view.Root)
	return out
}

// ImportersGate returns the gate of a macro file: macro files are checked
// through the tools that import them. Every importer must expand with the
// rewritten macro file to the view it has with the original (other imports
// resolved by mo), equal as the expansion-equality gate defines it, with
// only the changes declared by the rules of rs that apply to macro files.
// An importer rewritten in the same run is taken as rewritten: its own
// gate has compared it with the tool as it stands, with the original macro
// file, so the two checks chain.
func ImportersGate(importers []Importer, mo macros.Options, rs []*Rule) rewrite.Gate {
	return importersGate(importers, mo, importersAllow(rs), nil)
}

// importersAllow returns the changes the importers' gate accepts: those
// declared by the rules of rs that apply to macro files.
func importersAllow(rs []*Rule) []*rewrite.ViewChange {
	var macroRules []*Rule
	for _, r := range rs {
		if r.Applies(TargetMacro) {
			macroRules = append(macroRules, r)
		}
	}
	return declared(macroRules)
}

// importersGate is [ImportersGate] accepting the changes in allow, with
// the parses and canonical trees of views when it is not nil.
func importersGate(importers []Importer, mo macros.Options, allow []*rewrite.ViewChange, views *viewCache) rewrite.Gate {
	return func(before, after []byte) error {
		if bytes.Equal(before, after) || keepsEverySplice(before, after, mergeLandings(importers), views) {
			return nil
		}
		return expandImporters(importers, mo, allow, after)
	}
}

// expandImporters expands every importer with the macro file's new
// content after and compares it with its view as it stands, accepting
// the changes in allow.
func expandImporters(importers []Importer, mo macros.Options, allow []*rewrite.ViewChange, after []byte) error {
	for _, imp := range importers {
		files := map[string][]byte{imp.Import: after}
		for k, v := range mo.Files {
			if k != imp.Import {
				files[k] = v
			}
		}
		aopts := mo
		aopts.Files = files
		tool := imp.Tool
		if tool == nil && imp.Load != nil {
			var err error
			if tool, err = imp.Load(); err != nil {
				return &rewrite.GateError{Gate: rewrite.GateExpansion, Detail: "cannot read " + imp.File + ", which imports it: " + err.Error()}
			}
		}
		x := &rewrite.Expansion{File: imp.File, Macros: mo, After: &aopts, Data: isPayload, Allow: allow}
		if _, err := x.Compare(tool, tool); err != nil {
			var ge *rewrite.GateError
			if errors.As(err, &ge) {
				ge.Detail = "in " + imp.File + ", which imports it: " + ge.Detail
			}
			return err
		}
	}
	return nil
}

// keepsEverySplice reports whether the rewrite of a macro file keeps what
// the importers read of it, without expanding them again: the two
// versions are equal as the expansion-equality gate compares macro files,
// with no declared change, and with exact text wherever Galaxy splices it
// into a context the file does not show. Galaxy replaces an <expand> by
// the children of the <xml> macro it names, with the text after each
// child but not the text before the first; the text after such a child
// lands in the element that held the <expand>, so it is compared exactly
// unless that element is not a data element in every importer's view (as
// landed says; nil, when an importer's landing is unknown, makes them all
// exact). Everything in <macro> (perhaps a
// template), <template>, <token> and <import> definitions is compared
// exactly. (The text after an <expand> or a <yield> goes with it when
// Galaxy replaces it.) Deeper whitespace stays inside the element it is
// written in, whose tag alone says whether it is layout. When this does
// not hold the importers are expanded: it may still be a change that no
// importer sees. views, when not nil, supplies the parses and canonical
// trees of the two versions. Most rewrites are proved from the two parses
// ([rewrite.Expansion.Proved]), without the canonical trees.
func keepsEverySplice(before, after []byte, landed *Landing, views *viewCache) bool {
	_, err := spliceGate(landed, views).Compare(before, after)
	return err == nil
}

// spliceGate returns the comparison of [keepsEverySplice].
func spliceGate(landed *Landing, views *viewCache) *rewrite.Expansion {
	x := &rewrite.Expansion{
		File:   "macros.xml", // not a tool: compared as its tree, nothing imported
		Macros: macros.Options{NoDisk: true},
		Data:   isPayload, // <macro>, <template>, <token> and <import> among them
		ExactTail: func(parent, child *macros.Element) bool {
			return spliced(parent.Tag, child.Tag) && (landed == nil || landed.data[child.Loc.Span.Start])
		},
		// The same, on the parse: a child's tag is its canonical
		// element's, and its offset the start of its span, which
		// [macros.FromTree] gives its Loc. A processing instruction,
		// whose target is its tag there, is taken as spliced whatever
		// its target.
		WrittenTail: func(parent, child cst.Node) bool {
			tag := child.Name()
			if child.Kind() != cst.KindElement {
				tag = ""
			}
			return spliced(parent.Name(), tag) && (landed == nil || landed.data[child.Span().Start])
		},
	}
	if views != nil {
		x.Parse, x.Convert = views.parse, views.convert
	}
	return x
}

// spliced reports whether Galaxy splices the tail of a child called tag
// of an element called parent into an importer's view where the macro
// file does not show it: after a child of an <xml> macro that is neither
// an <expand> nor a <yield>.
func spliced(parent, tag string) bool {
	return parent == "xml" && tag != "expand" && tag != "yield"
}

// mergeLandings merges the landings of the importers into one: an element
// lands in a data element if it does in some importer's view. It returns
// nil when an importer's landing is unknown.
func mergeLandings(importers []Importer) *Landing {
	merged := &Landing{data: map[int]bool{}}
	for _, imp := range importers {
		if imp.Landing == nil {
			return nil
		}
		for off := range imp.Landing.data {
			merged.data[off] = true
		}
	}
	return merged
}

// viewCache memoises the parse and macro expansion of each version of one
// file during a format run, so that GTR006 and GTR017 (every iteration of
// the fix loop) and the expansion-equality gate (the input and the output)
// expand each version once, and the Cheetah parse of each <command> text,
// so that GTR020 parses a command once however many versions share it.
// Nothing may modify what it hands out. The trees it parses are the run's
// own and go back to slabs on release; those handed to it (the caller's
// parse of the input) are not.
type viewCache struct {
	file  string
	opts  macros.Options
	slabs *cst.Slabs
	arena *macros.Arena // for the expansions cached here, reset on release
	views []*cachedView // one per version; a run makes a handful
	// settled is set once a version of the file needed no schema repair
	// (GTR006, GTR017): later versions differ from it only as the gate
	// allows, so they need none either.
	settled bool
	// commands are the Cheetah parses of the <command> texts the run has
	// met (GTR020), newest last: most fixes leave the command as it was,
	// so the pass over the next version finds its parse here.
	commands []*cheetah.Template
	// validHelps are the <help> texts of the run that read as valid
	// reStructuredText (GTR089.1): most fixes leave the help as it was, so
	// the pass over the next version need not read it again.
	validHelps []string
	// fatal is the first error that stopped an expansion of the run or
	// one of its passes ([Fatal]): the file's answer, whatever the loop
	// and the gates made of the views they did not get.
	fatal error
}

// stop records err as what stopped the run when it is [Fatal].
func (c *viewCache) stop(err error) {
	if c.fatal == nil && Fatal(err) {
		c.fatal = err
	}
}

// parseCommand returns cheetah.Parse(text), or the parse of the same text
// made before in the run; c may be nil, and then nothing is remembered.
// Templates are immutable, so one parse can serve every pass.
func (c *viewCache) parseCommand(text string) *cheetah.Template {
	if c == nil {
		return cheetah.Parse(text)
	}
	for i := len(c.commands) - 1; i >= 0; i-- {
		if t := c.commands[i]; t.Source() == text {
			return t
		}
	}
	t := cheetah.Parse(text)
	c.commands = append(c.commands, t)
	return t
}

// settle records that the current version needs no schema repair; c may
// be nil.
func (c *viewCache) settle() {
	if c != nil {
		c.settled = true
	}
}

type cachedView struct {
	tree *cst.Tree
	res  *macros.Result
	err  error
	done bool
	// The canonical tree (macros.FromTree), for files compared as theirs.
	root      *macros.Element
	rootErr   error
	converted bool
	owned     bool // tree was parsed here, from slabs
}

// lookup returns the entry of the version with bytes src, nil when there
// is none. Versions are compared by content, newest first: the tree a
// caller holds may be another parse of the same bytes.
func (c *viewCache) lookup(src []byte) *cachedView {
	for i := len(c.views) - 1; i >= 0; i-- {
		if v := c.views[i]; bytes.Equal(v.tree.Source(), src) {
			return v
		}
	}
	return nil
}

func (c *viewCache) parse(src []byte) *cst.Tree {
	if v := c.lookup(src); v != nil {
		return v.tree
	}
	t := c.slabs.Parse(c.file, src)
	c.views = append(c.views, &cachedView{tree: t, owned: true})
	return t
}

// release hands the arrays of the trees parsed here to slabs and empties
// the cache. Nothing outside the run holds them: the expansions and
// canonical trees that point into them are dropped here too.
func (c *viewCache) release() {
	for _, v := range c.views {
		if v.owned {
			c.slabs.Release(v.tree)
		}
	}
	c.views = nil
	if c.arena != nil {
		c.arena.Reset()
	}
}

// remember records t as the parse of its bytes.
func (c *viewCache) remember(t *cst.Tree) { c.entry(t) }

// entry returns the entry of t's bytes, made for t when there is none.
func (c *viewCache) entry(t *cst.Tree) *cachedView {
	v := c.lookup(t.Source())
	if v == nil {
		v = &cachedView{tree: t}
		c.views = append(c.views, v)
	}
	return v
}

// expand expands t, or returns the expansion of the same bytes made
// before. Other options than the run's are not cached.
func (c *viewCache) expand(t *cst.Tree, opts macros.Options) (*macros.Result, error) {
	if !sameOptions(opts, c.opts) {
		res, err := macros.ExpandTree(t, opts)
		c.stop(err)
		return res, err
	}
	v := c.entry(t)
	if !v.done {
		opts.Arena = c.arena
		v.res, v.err = macros.ExpandTree(v.tree, opts)
		v.done = true
		c.stop(v.err)
	}
	return v.res, v.err
}

// convert returns macros.FromTree of t, or the canonical tree of the same
// bytes made before.
func (c *viewCache) convert(t *cst.Tree) (*macros.Element, error) {
	v := c.entry(t)
	if !v.converted {
		v.root, v.rootErr = macros.FromTree(v.tree)
		v.converted = true
	}
	return v.root, v.rootErr
}

// sameOptions reports whether a and b are the same options: the same
// cache, map and function, not merely equal ones.
func sameOptions(a, b macros.Options) bool {
	return a.Cache == b.Cache && a.NoDisk == b.NoDisk &&
		reflect.ValueOf(a.Files).Pointer() == reflect.ValueOf(b.Files).Pointer() &&
		reflect.ValueOf(a.ReadFile).Pointer() == reflect.ValueOf(b.ReadFile).Pointer()
}
