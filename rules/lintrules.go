package rules

import (
	"path/filepath"
	"slices"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
	"github.com/galaxy-gtr/gtr/rules/lint/help"
	"github.com/galaxy-gtr/gtr/rules/lint/inputs"
	"github.com/galaxy-gtr/gtr/rules/lint/xmlorder"
	"github.com/galaxy-gtr/gtr/rules/schema"
)

// fromLint makes the rule that runs the advisory check ch: in the strict
// ruleset, selectable by its code, its name and the Galaxy linters it
// covers.
func fromLint(ch *lint.Check) *Rule {
	at := TargetTool
	if ch.Macros {
		at |= TargetMacro
	}
	return &Rule{
		Code: ch.Code, Name: ch.Name, Summary: ch.Summary,
		Family: FamilyCheck, Fix: FixNone,
		Rulesets:  []string{"strict"},
		Planemo:   ch.Linters,
		Since:     ch.Since,
		Cite:      ch.Cite,
		AppliesTo: at,
		Order:     1000, // after every rule that fixes
		Doc:       ch.Doc,
		check:     runLint,
		lint:      ch,
	}
}

// helpInvalidRST is GTR089.2, the advisory half of GTR089: the invalid
// RST its fixable half, GTR089.1, does not repair.
var helpInvalidRST = func() *Rule {
	r := fromLint(help.HelpInvalidRST)
	r.Parent = "GTR089"
	return r
}()

// xmlOrder is GTR013.2, the advisory half of GTR013: the order of the
// expanded tool's top-level elements its fixable half, GTR013.1, does not
// sort.
var xmlOrder = func() *Rule {
	r := fromLint(xmlorder.XMLOrder)
	r.Parent = "GTR013"
	return r
}()

// nameRedundantArgument is GTR037.2, the advisory half of GTR037: the
// redundant param names its fixable half, GTR037.1, does not drop.
var nameRedundantArgument = func() *Rule {
	r := fromLint(inputs.NameRedundantArgument)
	r.Parent = "GTR037"
	return r
}()

// Lint returns the advisory check a rule runs, nil for the rules that fix.
func (r *Rule) Lint() *lint.Check { return r.lint }

// runLint runs the pass's rule's check on Galaxy's view of the file, built
// once for every check of the run.
func runLint(p *Pass) {
	c := shared(p, "lint view", func() *lint.Ctx { return lintCtx(p) })
	if c == nil || c.Root == nil {
		return
	}
	found := lint.RunScratch(p.Rule.lint, c) // copied into p.diags below
	p.diags = slices.Grow(p.diags, len(found))
	for _, f := range found {
		d := Diagnostic{Code: f.Code, Span: f.Loc.Span, Pos: f.Pos, Message: f.Message, Advisory: true,
			Via: f.Via, Linter: f.Linter, Help: f.Fix}
		if f.Loc.File != p.Tree.File() {
			d.File = f.Loc.File
		}
		if d.Pos.File == "" {
			d.Pos.File = f.Loc.File
		}
		p.add(d)
	}
}

// lintCtx builds Galaxy's view of the pass's file for the checks: the
// expanded tool, or the file as written when it does not expand (or is a
// macro file). It returns nil when the expansion stopped the run (too
// large, or past its deadline).
func lintCtx(p *Pass) *lint.Ctx {
	c := &lint.Ctx{File: p.Tree, Tool: p.Kind == TargetTool, Shared: p.memo, ParseCommand: p.parseCommand}
	opts := macros.Options{NoDisk: true}
	if p.Macros != nil {
		opts = *p.Macros
	}
	if !opts.NoDisk && p.Tree.File() != "" {
		c.Dir = filepath.Dir(p.Tree.File())
	}
	c.Cache = opts.Cache
	if c.Tool {
		res, err := expandedView(p, opts)
		if err == nil {
			c.Result, c.Root = res, res.Root
			c.NewestErrors = func() []schema.Error { return newestErrors(p, res) }
			return c
		}
		if p.stop(err) {
			return nil
		}
	}
	if p.views != nil {
		c.Root, _ = p.views.convert(p.Tree)
	} else if !c.Tool && opts.Cache != nil {
		// A macro file of the run is converted once, for its own checks
		// and for the tools that import it (the checks only read it).
		c.Root, _ = opts.Cache.FromTree(p.Tree)
	} else {
		// A tool that did not expand, or a macro file checked on its own,
		// gets a tree of its own, in the arena of the caller's expansions
		// when it lends one: the checks are done with it before the
		// caller resets the arena, as with an expansion.
		c.Root, _ = macros.FromTreeIn(p.Tree, opts.Arena)
	}
	return c
}

// expansion is the outcome of expanding a pass's tool.
type expansion struct {
	res *macros.Result
	err error
}

// expandedView returns Galaxy's expanded view of the pass's tool, made
// once for every rule of the run that reads it (the schema repairs and
// the advisory checks).
func expandedView(p *Pass, opts macros.Options) (*macros.Result, error) {
	e := shared(p, "expanded view", func() expansion {
		var x expansion
		if p.views != nil {
			x.res, x.err = p.views.expand(p.Tree, opts)
		} else {
			x.res, x.err = macros.ExpandTree(p.Tree, opts)
		}
		return x
	})
	return e.res, e.err
}

// xsdLintProfile, when set, is the profile whose schema GTR113 validates
// at instead of the newest: for the test that compares it with the
// linter of a Galaxy whose schema was older than the newest here.
var xsdLintProfile string

// newestErrorsKey is the memo key of the violations of a tool's expanded
// view at the newest schema, which the schema repairs find on their way
// (an empty list when the tool as written is valid there).
const newestErrorsKey = "newest schema errors"

// newestErrors returns the violations of res, the pass's expanded view,
// at the newest schema: those the schema repairs found, else validated
// now.
func newestErrors(p *Pass, res *macros.Result) []schema.Error {
	if xsdLintProfile != "" {
		return schema.Validate(schema.Expanded(res), xsdLintProfile)
	}
	return shared(p, newestErrorsKey, func() []schema.Error {
		return schema.Validate(schema.Expanded(res), schema.Newest())
	})
}
