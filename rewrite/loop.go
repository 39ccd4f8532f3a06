package rewrite

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
)

// Pass computes the fixes for one parsed file. A pass must be deterministic:
// the same tree gives the same fixes.
type Pass func(t *cst.Tree) []Fix

// Gate is an extra check run on the final output, such as expansion
// equality. It returns an error naming what changed when the rewrite must be
// refused.
type Gate func(before, after []byte) error

// DefaultMaxIterations bounds the fix loop when Options.MaxIterations is 0.
const DefaultMaxIterations = 12

// Options tune [Run]. The zero value applies safe fixes only, with
// [DefaultMaxIterations].
type Options struct {
	MaxIterations int           // 0 means DefaultMaxIterations
	Minimum       Applicability // least safe fixes applied; the zero value is raised to Safe
	AllowUnsafe   bool          // apply Unsafe fixes too
	Gates         []Gate        // run on the final output, in order
	// Tree, when not nil, is the caller's parse of src (cst.Parse with the
	// same file name), so that Run does not parse it again.
	Tree *cst.Tree
	// Parse, when not nil, parses each version the fix loop makes, as
	// cst.Parse with the file name does; the trees are its caller's.
	Parse func(src []byte) *cst.Tree
	// Context, when not nil, stops the loop between iterations and gates
	// once it is done; Run then returns its error (context.Canceled or
	// context.DeadlineExceeded, wrapped).
	Context context.Context
}

// Applied records one fix that made it into the output.
type Applied struct {
	Code      string
	Message   string
	Edits     int
	Iteration int
}

// Result is the outcome of [Run].
type Result struct {
	Output     []byte // the rewritten bytes; the input when Err is set or nothing changed
	Changed    bool
	Applied    []Applied
	Iterations int
}

// Codes returns the sorted distinct codes of the applied fixes.
func (r Result) Codes() []string {
	seen := map[string]bool{}
	var codes []string
	for _, a := range r.Applied {
		if !seen[a.Code] {
			seen[a.Code] = true
			codes = append(codes, a.Code)
		}
	}
	sort.Strings(codes)
	return codes
}

// MalformedError reports input that is not well-formed XML: it is never
// rewritten.
type MalformedError struct {
	Errors cst.ErrorList
}

func (e *MalformedError) Error() string {
	return "malformed XML, not rewritten: " + e.Errors.Error()
}

// GateError reports a rewrite refused by a gate. The caller keeps the
// original bytes.
type GateError struct {
	Gate   string   // "well-formed", "unmoved", "apply", or an extra gate's name
	Codes  []string // the rules responsible, as far as they can be told
	Detail string
}

func (e *GateError) Error() string {
	return fmt.Sprintf("rewrite refused by the %s gate (rules %s): %s", e.Gate, strings.Join(e.Codes, ", "), e.Detail)
}

// ConvergenceError reports a fix loop that did not reach a fixpoint.
type ConvergenceError struct {
	Codes      []string // rules still producing fixes at the end
	Iterations int
}

func (e *ConvergenceError) Error() string {
	return fmt.Sprintf("failed to converge after %d iterations: rules %s keep producing fixes",
		e.Iterations, strings.Join(e.Codes, ", "))
}

// Run rewrites src with the fixes of pass until no applicable fix is left
// and returns the result once every gate has passed: each iteration's edits
// are checked to leave the other bytes in place and the output to stay
// well-formed; the last iteration finding nothing to fix is the idempotence
// gate (running again changes nothing); then the extra gates run. On any
// error the result's Output is src.
func Run(file string, src []byte, pass Pass, opts Options) (Result, error) {
	res := Result{Output: src}
	max := opts.MaxIterations
	if max <= 0 {
		max = DefaultMaxIterations
	}
	min := opts.Minimum
	if min < Safe && !opts.AllowUnsafe {
		min = Safe
	}
	if opts.AllowUnsafe && min > Unsafe {
		min = Unsafe
	}
	tree := opts.Tree
	if tree == nil {
		tree = cst.Parse(file, src)
	}
	if !tree.WellFormed() {
		return res, &MalformedError{tree.Errors()}
	}
	ctx := opts.Context
	cur := src
	for iter := 1; ; iter++ {
		// Between iterations: a pass may be long (the rules that expand
		// the tool), and a caller past its deadline wants no more of them.
		if err := stopped(ctx, "before iteration", iter); err != nil {
			return Result{Output: src}, err
		}
		fixes := applicable(tree, pass(tree), min)
		if len(fixes) == 0 {
			break
		}
		if iter > max {
			return Result{Output: src}, &ConvergenceError{Codes: fixCodes(fixes), Iterations: max}
		}
		edits, taken, _ := Merge(fixes)
		next, err := Apply(cur, edits)
		if err != nil {
			return Result{Output: src}, &GateError{Gate: "apply", Codes: fixCodes(taken), Detail: err.Error()}
		}
		if !Unmoved(cur, next, edits) {
			return Result{Output: src}, &GateError{Gate: "unmoved", Codes: fixCodes(taken), Detail: "bytes outside the edits changed"}
		}
		var nt *cst.Tree
		if opts.Parse != nil {
			nt = opts.Parse(next)
		} else {
			nt = cst.Parse(file, next)
		}
		if !nt.WellFormed() {
			return Result{Output: src}, &GateError{
				Gate:   "well-formed",
				Codes:  culprits(file, cur, taken),
				Detail: "the output is not well-formed: " + nt.Errors().Error(),
			}
		}
		res.Applied = slices.Grow(res.Applied, len(taken))
		for _, f := range taken {
			res.Applied = append(res.Applied, Applied{Code: f.Code, Message: f.Message, Edits: len(f.Edits), Iteration: iter})
		}
		res.Iterations = iter
		cur, tree = next, nt
	}
	for i, g := range opts.Gates {
		if err := stopped(ctx, "before gate", i+1); err != nil {
			return Result{Output: src}, err
		}
		if err := g(src, cur); err != nil {
			// A gate that failed after the deadline may have failed for
			// it (an expansion cut short): the deadline is the answer.
			if serr := stopped(ctx, "in gate", i+1); serr != nil {
				return Result{Output: src}, serr
			}
			var ge *GateError
			if e, ok := err.(*GateError); ok {
				ge = e
			} else {
				ge = &GateError{Gate: "extra", Detail: err.Error()}
			}
			if len(ge.Codes) == 0 {
				ge.Codes = res.Codes()
			}
			return Result{Output: src}, ge
		}
	}
	res.Output = cur
	res.Changed = !bytes.Equal(cur, src)
	return res, nil
}

// stopped returns the error of ctx, wrapped to say where the loop stopped,
// once ctx is done; nil otherwise, and for a nil ctx.
func stopped(ctx context.Context, where string, n int) error {
	if ctx == nil {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("fix loop stopped %s %d: %w", where, n, err)
	}
	return nil
}

// applicable keeps the fixes at or above min, with no-op edits removed and
// fixes left empty dropped, so that a rule proposing what is already there
// cannot keep the loop going.
//
// A fix without no-op edits keeps its edit slice; one with some gets a
// new slice of the others.
func applicable(t *cst.Tree, fixes []Fix, min Applicability) []Fix {
	src := t.Source()
	noop := func(e Edit) bool {
		return e.Start >= 0 && e.End <= len(src) && e.Start <= e.End && string(src[e.Start:e.End]) == e.New
	}
	var out []Fix
	for _, f := range fixes {
		if f.Applicability < min {
			continue
		}
		if k := slices.IndexFunc(f.Edits, noop); k >= 0 {
			edits := make([]Edit, k, len(f.Edits)-1)
			copy(edits, f.Edits[:k])
			for _, e := range f.Edits[k+1:] {
				if !noop(e) {
					edits = append(edits, e)
				}
			}
			f.Edits = edits
		}
		if len(f.Edits) == 0 {
			continue
		}
		if out == nil {
			out = make([]Fix, 0, len(fixes))
		}
		out = append(out, f)
	}
	return out
}

func fixCodes(fixes []Fix) []string {
	seen := map[string]bool{}
	var codes []string
	for _, f := range fixes {
		if !seen[f.Code] {
			seen[f.Code] = true
			codes = append(codes, f.Code)
		}
	}
	sort.Strings(codes)
	return codes
}

// culprits names the fixes that break well-formedness on their own; when none
// does alone, it is their combination, and all are named.
func culprits(file string, src []byte, fixes []Fix) []string {
	var bad []Fix
	for _, f := range fixes {
		out, err := Apply(src, f.Edits)
		if err != nil || !cst.Parse(file, out).WellFormed() {
			bad = append(bad, f)
		}
	}
	if len(bad) == 0 {
		bad = fixes
	}
	return fixCodes(bad)
}
