package rules

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
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
	// Gates are more gates, run after the expansion-equality gate.
	Gates []rewrite.Gate
}

// FormatWith is [Format] with imports resolved and, when asked, the
// expansion-equality gate. A rewrite that a gate other than rewrite's own
// refuses is blamed, as rewrite names the culprits of a well-formedness
// failure, on the rules whose fixes alone the gate refuses too; when
// there are none (it is how fixes combine), on the rules without which
// the gate passes; failing that, on all the rules that applied.
func FormatWith(file string, src []byte, rs []*Rule, opts FormatOptions) (rewrite.Result, error) {
	res, err := formatGated(file, src, rs, opts, declared(rs))
	var ge *rewrite.GateError
	if !errors.As(err, &ge) || len(ge.Codes) < 2 {
		return res, err
	}
	switch ge.Gate {
	case "well-formed", "unmoved", "apply", rewrite.GateUnresolvedImport:
		return res, err
	}
	refused := func(sub []*Rule) bool {
		_, err := formatGated(file, src, sub, opts, declared(sub))
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
// expansion-equality gate accepting the changes in allow, and checks that
// every declared change the gate needed belongs to a rule that applied.
func formatGated(file string, src []byte, rs []*Rule, opts FormatOptions, allow []*rewrite.ViewChange) (rewrite.Result, error) {
	gates := opts.Gates
	var used []*rewrite.ViewChange
	mo := macros.Options{NoDisk: true}
	if opts.Macros != nil {
		mo = *opts.Macros
	}
	views := &viewCache{file: file, opts: mo, m: map[string]*cachedView{}}
	if opts.ExpansionGate {
		x := &rewrite.Expansion{File: file, Macros: mo, Data: isPayload, Allow: allow, Parse: views.parse, Expand: views.expand}
		gate := func(before, after []byte) error {
			var err error
			used, err = x.Compare(before, after)
			return err
		}
		gates = append([]rewrite.Gate{gate}, opts.Gates...)
	}
	res, err := rewrite.Run(file, src, fixPass(rs, opts.Macros, views), rewrite.Options{Gates: gates})
	if err != nil {
		return res, err
	}
	applied := res.Codes()
	for _, ch := range used {
		if !slices.ContainsFunc(rs, func(r *Rule) bool {
			return slices.Contains(applied, r.Code) && slices.Contains(r.Changes, ch)
		}) {
			return rewrite.Result{Output: src}, &rewrite.GateError{Gate: rewrite.GateExpansion, Codes: applied, Detail: fmt.Sprintf(
				"Galaxy's expanded view changed as %s changes it, but no rule declaring that change applied (%s)",
				ch.Name, strings.Join(applied, ", "))}
		}
	}
	return res, nil
}

// Importer is a tool that imports a macro file being rewritten.
type Importer struct {
	File   string // the tool's path, the base of its imports
	Import string // the path the tool's expansion opens the macro file under ([macros.Result.Imports])
	Tool   []byte // the tool as it will be: rewritten by the same run (its own gate passed), or as it stands
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
	var macroRules []*Rule
	for _, r := range rs {
		if r.Applies(TargetMacro) {
			macroRules = append(macroRules, r)
		}
	}
	allow := declared(macroRules)
	return func(before, after []byte) error {
		for _, imp := range importers {
			files := map[string][]byte{imp.Import: after}
			for k, v := range mo.Files {
				if k != imp.Import {
					files[k] = v
				}
			}
			aopts := mo
			aopts.Files = files
			x := &rewrite.Expansion{File: imp.File, Macros: mo, After: &aopts, Data: isPayload, Allow: allow}
			if _, err := x.Compare(imp.Tool, imp.Tool); err != nil {
				var ge *rewrite.GateError
				if errors.As(err, &ge) {
					ge.Detail = "in " + imp.File + ", which imports it: " + ge.Detail
				}
				return err
			}
		}
		return nil
	}
}

// viewCache memoises the parse and macro expansion of each version of one
// file during a format run, so that GTR006 and GTR017 (every iteration of
// the fix loop) and the expansion-equality gate (the input and the output)
// expand each version once. Nothing may modify what it hands out.
type viewCache struct {
	file  string
	opts  macros.Options
	m     map[string]*cachedView // by source bytes
	valid bool                   // a version was valid at the newest profile
}

type cachedView struct {
	tree *cst.Tree
	res  *macros.Result
	err  error
	done bool
}

func (c *viewCache) parse(src []byte) *cst.Tree {
	if v := c.m[string(src)]; v != nil {
		return v.tree
	}
	t := cst.Parse(c.file, src)
	c.m[string(src)] = &cachedView{tree: t}
	return t
}

// remember records t as the parse of its bytes.
func (c *viewCache) remember(t *cst.Tree) {
	if c.m[string(t.Source())] == nil {
		c.m[string(t.Source())] = &cachedView{tree: t}
	}
}

// expand expands t, or returns the expansion of the same bytes made
// before. Other options than the run's are not cached.
func (c *viewCache) expand(t *cst.Tree, opts macros.Options) (*macros.Result, error) {
	if !sameOptions(opts, c.opts) {
		return macros.ExpandTree(t, opts)
	}
	v := c.m[string(t.Source())]
	if v == nil {
		v = &cachedView{tree: t}
		c.m[string(t.Source())] = v
	}
	if !v.done {
		v.res, v.err = macros.ExpandTree(t, opts)
		v.done = true
	}
	return v.res, v.err
}

// sameOptions reports whether a and b are the same options: the same
// cache, map and function, not merely equal ones.
func sameOptions(a, b macros.Options) bool {
	return a.Cache == b.Cache && a.NoDisk == b.NoDisk &&
		reflect.ValueOf(a.Files).Pointer() == reflect.ValueOf(b.Files).Pointer() &&
		reflect.ValueOf(a.ReadFile).Pointer() == reflect.ValueOf(b.ReadFile).Pointer()
}
