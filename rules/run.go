package rules

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules/schema"
)

// Classify returns the kind of a parsed file by its root element: a tool, a
// macro library, or 0 for anything else (which gtr skips).
func Classify(t *cst.Tree) Target {
	switch t.RootElement().Name() {
	case "tool":
		return TargetTool
	case "macros":
		return TargetMacro
	}
	return 0
}

// Prepare starts readying, in the background, what the rules of rs need
// before their first run (the compiled schema of GTR006 and GTR017), so
// that a caller can overlap it with finding its files.
func Prepare(rs []*Rule) {
	for _, r := range rs {
		if r == GTR006 || r == GTR017 {
			go schema.Prepare()
			return
		}
	}
}

// Check runs the rules that apply to the file and returns their findings in
// source order (then code). Rules that read Galaxy's macro-expanded view
// resolve no import; see [CheckWith].
func Check(t *cst.Tree, rs []*Rule) []Diagnostic {
	ds, _ := check(t, rs, true, nil, nil) // a tool too large to expand gets no GTR006/GTR017 findings, as in CheckWith
	return ds
}

// CheckWith is [Check] with imported macro files found as mo says, for
// the rules that read Galaxy's macro-expanded view (GTR006, GTR017); nil
// resolves no import. A tool whose expansion stops (grows past its bound,
// or mo.Context ends) gets no findings from those rules, as a tool that
// does not expand; [CheckContext] reports why instead.
func CheckWith(t *cst.Tree, rs []*Rule, mo *macros.Options) []Diagnostic {
	ds, _ := check(t, rs, true, mo, nil)
	return ds
}

// CheckContext is [CheckWith] under ctx (nil for none), which also bounds
// the macro expansions of the rules (it replaces mo.Context), and with
// the errors that stop a file: once ctx is done, between rules or inside
// an expansion, it returns an error wrapping ctx's (context.Canceled or
// context.DeadlineExceeded, or a *[macros.Error] of kind
// [macros.ErrCanceled]); when Galaxy's expanded view of the tool grows
// past its bound, the *[macros.Error] of kind [macros.ErrTooLarge] that
// names the macro or token. The findings are then nil: a file cut short
// has no complete answer.
func CheckContext(ctx context.Context, t *cst.Tree, rs []*Rule, mo *macros.Options) ([]Diagnostic, error) {
	return CheckInto(ctx, t, rs, mo, nil)
}

// CheckInto is [CheckContext] with the findings written in dst's room
// when it has enough, else in a new list: a caller checking file after
// file reuses one list for their findings, which each file's then
// overwrite. A nil dst is CheckContext.
func CheckInto(ctx context.Context, t *cst.Tree, rs []*Rule, mo *macros.Options, dst []Diagnostic) ([]Diagnostic, error) {
	// A context that can never end (context.Background) bounds nothing:
	// the run then pays for no looks at it.
	if ctx != nil && ctx.Done() != nil {
		o := macros.Options{NoDisk: true}
		if mo != nil {
			o = *mo
		}
		o.Context = ctx
		mo = &o
	}
	ds, err := checkInto(t, rs, true, mo, nil, dst)
	if err != nil {
		return nil, err
	}
	return ds, nil
}

// check runs the rules of rs that apply to t. Its error is the one that
// stopped the run ([Pass.stop]): the findings are then those of the rules
// that ran before.
func check(t *cst.Tree, rs []*Rule, positions bool, mo *macros.Options, views *viewCache) ([]Diagnostic, error) {
	return checkInto(t, rs, positions, mo, views, nil)
}

// checkInto is check with the findings in dst's room when it has enough,
// as [CheckInto] says.
func checkInto(t *cst.Tree, rs []*Rule, positions bool, mo *macros.Options, views *viewCache, dst []Diagnostic) ([]Diagnostic, error) {
	kind := Classify(t)
	if kind == 0 {
		return nil, nil
	}
	var ctx context.Context
	if mo != nil {
		ctx = mo.Context
	}
	// One pass serves every rule in turn; its findings accumulate in a
	// reused buffer, and leave it in order in a list of their own size.
	scratch := diagScratch.Get().(*[]Diagnostic)
	p := &Pass{Tree: t, Kind: kind, Newline: rewrite.Newline(t.Source()), Macros: mo, views: views, noPos: !positions,
		memo: map[string]any{}, diags: (*scratch)[:0]}
	for _, r := range inOrder(rs) {
		if !r.Applies(kind) || r.check == nil {
			continue
		}
		// Between rules: one rule's work is bounded by the input, the
		// whole list is what a deadline cuts.
		if ctx != nil && p.fatal == nil {
			if err := ctx.Err(); err != nil {
				p.fatal = fmt.Errorf("%s: checking stopped before %s: %w", t.File(), r.Code, err)
			}
		}
		if p.fatal != nil {
			break
		}
		p.Rule = r
		r.check(p)
	}
	ds := sortedDiagnostics(p.diags, dst)
	// The buffer keeps its room, not the findings.
	clear(p.diags)
	*scratch = p.diags[:0]
	diagScratch.Put(scratch)
	return ds, p.fatal
}

// diagScratch holds the buffers check collects findings in. A file has a
// few dozen findings before formatting, each over a hundred bytes: growing
// a list for them by doubling and then sorting it in place would allocate
// twice their size and move each several times.
var diagScratch = sync.Pool{New: func() any { return new([]Diagnostic) }}

// sortedDiagnostics returns ds ordered by position, then code, keeping the
// rules' own order otherwise, in dst's room when it has enough, else in a
// new list of their size; with none, dst emptied (nil for a nil dst). ds
// is left as it was, and must not share dst's array. A Diagnostic is
// large: sorting small keys and then copying each finding once costs less
// than a stable sort moving the findings themselves.
func sortedDiagnostics(ds, dst []Diagnostic) []Diagnostic {
	if len(ds) == 0 {
		return dst[:0]
	}
	out := dst[:0]
	if cap(out) < len(ds) {
		out = make([]Diagnostic, len(ds))
	}
	out = out[:len(ds)]
	var packed [64]uint64
	if keys, ok := packedKeys(ds, packed[:0]); ok {
		// The fixpoint pass over a formatted file finds little, in order.
		if slices.IsSorted(keys) {
			copy(out, ds)
			return out
		}
		slices.Sort(keys)
		for j, k := range keys {
			out[j] = ds[k&packedIndex]
		}
		return out
	}
	if slices.IsSortedFunc(ds, compareDiagnostics) {
		copy(out, ds)
		return out
	}
	var buf [64]diagKey
	for j, k := range sortedKeys(ds, buf[:0]) {
		out[j] = ds[k.i]
	}
	return out
}

// The packed key of a finding is its start, the rank of its code among
// the codes of the list, and its index, from the high bits down.
const (
	packedIndexBits = 24
	packedRankBits  = 16
	packedStartBits = 64 - packedIndexBits - packedRankBits
	packedIndex     = 1<<packedIndexBits - 1
)

// packedKeys appends to keys, for the common list of findings all in the
// file checked, at offsets, in numbers and with codes that fit, one
// integer per finding that orders like the finding's (position, code,
// index): sorting them is sorting integers, without a comparison
// function. ok is false for any other list, which [compareDiagnostics]
// orders.
func packedKeys(ds []Diagnostic, keys []uint64) (_ []uint64, ok bool) {
	if len(ds) > packedIndex {
		return nil, false
	}
	// The distinct codes, in the order met; a rule reports its findings
	// together, so the code of the one before is the usual match.
	var codeBuf [16]string
	codes := codeBuf[:0]
	last := -1
	keys = slices.Grow(keys, len(ds))
	for i := range ds {
		d := &ds[i] // not a copy: a Diagnostic is large
		if d.File != "" || uint(d.Span.Start) >= 1<<packedStartBits {
			return nil, false
		}
		if last < 0 || d.Code != codes[last] {
			last = slices.Index(codes, d.Code)
			if last < 0 {
				if len(codes) == 1<<packedRankBits {
					return nil, false
				}
				last = len(codes)
				codes = append(codes, d.Code)
			}
		}
		keys = append(keys, uint64(d.Span.Start)<<(packedRankBits+packedIndexBits)|uint64(last)<<packedIndexBits|uint64(i))
	}
	// Number the codes by their order rather than the order met: ranks[j]
	// is the place of codes[j] among them.
	if len(codes) > 1 {
		var orderBuf, rankBuf [16]uint64
		order, ranks := orderBuf[:0], rankBuf[:0]
		for j := range codes {
			order, ranks = append(order, uint64(j)), append(ranks, 0)
		}
		slices.SortFunc(order, func(a, b uint64) int { return strings.Compare(codes[a], codes[b]) })
		for r, j := range order {
			ranks[j] = uint64(r)
		}
		const rankMask = (1<<packedRankBits - 1) << packedIndexBits
		for i, k := range keys {
			keys[i] = k&^rankMask | ranks[k&rankMask>>packedIndexBits]<<packedIndexBits
		}
	}
	return keys, true
}

// ruleOrder is a list of rules and the same rules in application order.
type ruleOrder struct{ rules, ordered []*Rule }

// lastOrder is the list inOrder ordered last: a run checks every file, in
// every pass, with the same rules, so sorting them once serves it.
var lastOrder atomic.Pointer[ruleOrder]

// inOrder returns rs sorted by application order ([sortByOrder]), reusing
// the last list it sorted when rs holds the same rules in the same order.
// The caller must not modify the result.
func inOrder(rs []*Rule) []*Rule {
	if o := lastOrder.Load(); o != nil && slices.Equal(o.rules, rs) {
		return o.ordered
	}
	o := &ruleOrder{rules: slices.Clone(rs), ordered: slices.Clone(rs)}
	sortByOrder(o.ordered)
	lastOrder.Store(o)
	return o.ordered
}

// diagKey is what findings are ordered by, with the index of the finding.
type diagKey struct {
	file  string // "" for the file checked, first
	start int
	code  string
	i     int
}

// sortedKeys appends the keys of ds to keys and sorts them: keys[j].i is
// the index in ds of the finding that comes j-th. The index in a key makes
// the order total, and so the same as a stable sort's.
func sortedKeys(ds []Diagnostic, keys []diagKey) []diagKey {
	keys = slices.Grow(keys, len(ds))
	for i, d := range ds {
		keys = append(keys, diagKey{file: d.File, start: d.Span.Start, code: d.Code, i: i})
	}
	slices.SortFunc(keys, func(a, b diagKey) int {
		if a.file != b.file {
			return strings.Compare(a.file, b.file)
		}
		if a.start != b.start {
			return a.start - b.start
		}
		if c := strings.Compare(a.code, b.code); c != 0 {
			return c
		}
		return a.i - b.i
	})
	return keys
}

// compareDiagnostics orders findings by position, then code.
func compareDiagnostics(a, b Diagnostic) int {
	if a.File != b.File {
		return strings.Compare(a.File, b.File)
	}
	if a.Span.Start != b.Span.Start {
		return a.Span.Start - b.Span.Start
	}
	return strings.Compare(a.Code, b.Code)
}

// FixPass returns the rewrite pass that applies the fixes of rs.
func FixPass(rs []*Rule) rewrite.Pass {
	return func(t *cst.Tree) []rewrite.Fix {
		ds, _ := check(t, rs, false, nil, nil) // a tool too large to expand gets no schema repairs
		return fixesOf(ds)
	}
}

// fixesOf returns the fixes of the fixable findings in ds.
func fixesOf(ds []Diagnostic) []rewrite.Fix {
	n := 0
	for _, d := range ds {
		if d.Fix != nil {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	fixes := make([]rewrite.Fix, 0, n)
	for _, d := range ds {
		if d.Fix != nil {
			fixes = append(fixes, *d.Fix)
		}
	}
	return fixes
}

// Format rewrites src with the fixes of rs to a fixpoint, through the gates
// of [rewrite.Run]. Files that are neither tools nor macro libraries come
// back unchanged. It resolves no import and runs no expansion-equality
// gate; [FormatWith] does.
func Format(file string, src []byte, rs []*Rule, gates ...rewrite.Gate) (rewrite.Result, error) {
	return rewrite.Run(file, src, FixPass(rs), rewrite.Options{Gates: gates})
}

// Fatal reports whether err stops the processing of a file rather than
// being one of its findings: a macro expansion that grows past its bound
// (a *[macros.Error] of kind [macros.ErrTooLarge]) or that a context
// stopped ([macros.ErrCanceled]), or a context's own error.
func Fatal(err error) bool {
	var me *macros.Error
	if errors.As(err, &me) && (me.Kind == macros.ErrTooLarge || me.Kind == macros.ErrCanceled) {
		return true
	}
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}
