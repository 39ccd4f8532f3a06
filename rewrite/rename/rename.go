package rename

import (
	"errors"
	"fmt"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/cst/refs"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// Result is the rename of one tool.
type Result struct {
	Old, New string
	// Bail says why nothing is renamed; nil when the rename is made.
	Bail *Bail
	// Sites counts the places renamed (see [Plan.Sites]).
	Sites int
	// Files holds the new bytes of every file the rename edits, by the
	// name it was read under; Order lists them, the tool first, then the
	// macro files in the order Galaxy reads them, and Macros the macro
	// files alone.
	Files  map[string][]byte
	Order  []string
	Macros []string
	// Index is the reference index of the tool as it was.
	Index *refs.Index
	// Plan is the rename made, nil on a bail.
	Plan *Plan
}

// Changed reports whether the rename is made.
func (r *Result) Changed() bool { return r.Bail == nil && len(r.Files) > 0 }

// ErrNotATool is returned for a file whose root element is not <tool>.
var ErrNotATool = errors.New("not a Galaxy tool (the root element is not <tool>)")

// Rename renames the parameter old to new in the tool file, whose bytes
// are src, and in the macro files it imports (resolved as opts says), as
// [PlanRename] plans it and the gates check it. The tool must be
// well-formed (a *[rewrite.MalformedError] otherwise) and expand (the
// expansion's error otherwise, a *[macros.Error]); a rename that cannot
// be made is a Result with Bail set.
func Rename(file string, src []byte, old, new string, opts macros.Options) (*Result, error) {
	return RenameTree(cst.Parse(file, src), old, new, opts)
}

// RenameTree is [Rename] for a tool parsed already.
func RenameTree(t *cst.Tree, old, new string, opts macros.Options) (*Result, error) {
	if !t.WellFormed() {
		return nil, &rewrite.MalformedError{Errors: t.Errors()}
	}
	if t.RootElement().Name() != "tool" {
		return nil, ErrNotATool
	}
	view, err := macros.ExpandTree(t, opts)
	if err != nil {
		return nil, err
	}
	return RenameIndexed(refs.Build(view), old, new, opts), nil
}

// RenameIndexed is [Rename] for a tool indexed already, expanded with
// opts.
func RenameIndexed(x *refs.Index, old, new string, opts macros.Options) *Result {
	res := &Result{Old: old, New: new, Index: x}
	p, bail := PlanRename(x, old, new)
	if bail != nil {
		res.Bail = bail
		return res
	}
	after, err := p.Apply()
	if err != nil {
		res.Bail = &Bail{Reason: GateRefused, Detail: "the edits do not apply: " + err.Error()}
		return res
	}
	mem := scratchPool.Get().(*scratch)
	x2, err := p.check(opts, after, mem)
	if err == nil {
		err = p.RoundTrip(x2)
	}
	mem.done()
	if err != nil {
		res.Bail = &Bail{Reason: GateRefused, Detail: gateDetail(err)}
		return res
	}
	res.Plan, res.Sites, res.Files, res.Order = p, p.Sites, after, p.Files
	for _, f := range p.Files {
		if f != x.View.File() {
			res.Macros = append(res.Macros, f)
		}
	}
	return res
}

// gateDetail describes a gate's refusal.
func gateDetail(err error) string {
	var ge *rewrite.GateError
	if errors.As(err, &ge) {
		return fmt.Sprintf("the %s gate refuses the rename: %s", ge.Gate, ge.Detail)
	}
	return err.Error()
}
