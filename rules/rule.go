package rules

import (
	"math"
	"slices"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/cheetah"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules/lint"
	"github.com/galaxy-gtr/gtr/rules/schema"
)

// Family groups rules as the predecessor does.
type Family string

// Rule families.
const (
	FamilyFmt     Family = "fmt"     // layout only
	FamilyCodemod Family = "codemod" // structural rewrites
	FamilyCheck   Family = "check"   // advisory checks, never fixed
)

// Fixability says whether a rule can fix what it finds.
type Fixability uint8

// Fixabilities.
const (
	FixNone      Fixability = iota // advisory: reports only
	FixSometimes                   // fixes some findings, reports the rest
	FixAlways                      // every finding comes with a fix
)

func (f Fixability) String() string {
	switch f {
	case FixSometimes:
		return "sometimes"
	case FixAlways:
		return "always"
	}
	return "none"
}

// Target is the set of file kinds a rule applies to.
type Target uint8

// File kinds, as classified by the root element.
const (
	TargetTool  Target = 1 << iota // <tool> root
	TargetMacro                    // <macros> root
)

// Doc is a rule's documentation, with the same headings for every rule.
type Doc = lint.Doc

// Rule describes one rule. Rules are package-level values listed in [All].
type Rule struct {
	Code      string     // e.g. "GTR001" or a partition half "GTR020.1"
	Name      string     // short kebab-case name, e.g. "indentation"
	Summary   string     // one line
	Family    Family     //
	Fix       Fixability // FixNone for advisory rules
	Parent    string     // partition parent code ("GTR020"), or ""
	Rulesets  []string   // rulesets the rule belongs to
	Planemo   []string   // planemo linter names this rule covers (selection aliases)
	Since     string     // gtr version that introduced the rule
	Cite      string     // Galaxy / IUC reference URL
	AppliesTo Target     // file kinds; tools only when zero
	Order     int        // application order within the format pipeline
	Doc       Doc
	// Changes declares what the rule's fixes change on purpose in Galaxy's
	// macro-expanded view; the expansion-equality gate refuses any other
	// change (see [FormatWith]). Nil for rules that change layout only.
	Changes []*rewrite.ViewChange

	check func(p *Pass)
	lint  *lint.Check // the advisory check the rule runs, or nil
}

// Advisory reports whether the rule only reports.
func (r *Rule) Advisory() bool { return r.Fix == FixNone }

// DisplayCode returns the code shown to people: the parent code of a
// partition half.
func (r *Rule) DisplayCode() string {
	if r.Parent != "" {
		return r.Parent
	}
	return r.Code
}

// Applies reports whether the rule runs on files of kind k.
func (r *Rule) Applies(k Target) bool {
	t := r.AppliesTo
	if t == 0 {
		t = TargetTool
	}
	return t&k != 0
}

// Diagnostic is one finding of one rule.
type Diagnostic struct {
	Code string
	// File is the file the finding is in when that is not the file
	// checked: an imported macro file, where the bytes at fault are
	// written. Span and Pos are in that file then.
	File     string
	Span     cst.Span
	Pos      cst.Position
	Message  string
	Advisory bool
	Fix      *rewrite.Fix // nil for advisory findings
	// Via lists how the bytes at fault got to their place in Galaxy's
	// expanded view of the tool, outermost first: the <expand>s and
	// <yield>s that moved them, and the token substituted. Empty for
	// bytes written in the tool where they stand.
	Via []schema.Frame
	// Linter is the Galaxy linter class (planemo lint's name) whose
	// message the finding corresponds to, "" when Galaxy has none.
	Linter string
	// Help says what to do about an advisory finding, "" when the
	// message says it.
	Help string
}

// Pass is what a rule's check function sees: the tree of one file and the
// means to report.
type Pass struct {
	Tree    *cst.Tree
	Kind    Target
	Rule    *Rule
	Newline string // the file's newline convention for new text
	// Macros says how imported macro files are found, for rules that read
	// Galaxy's macro-expanded view; nil resolves no import.
	Macros *macros.Options

	diags []Diagnostic
	views *viewCache     // expansions shared by the passes and gates of one format run, or nil
	noPos bool           // fixing only: positions are not needed
	memo  map[string]any // analyses shared by the rules of one run over one tree
	fatal error          // what stopped the run over this tree ([Fatal]), or nil
}

// stop records err, when it is [Fatal], as what stops the run over the
// pass's tree: the rules after the current one do not run, and the caller
// gets err instead of an answer. It reports whether it did. A rule calls
// it with the error of an expansion it needed, so that a tool too large
// to expand, or a run past its deadline, is an error for the file rather
// than a tool that merely does not expand.
func (p *Pass) stop(err error) bool {
	if !Fatal(err) {
		return false
	}
	if p.fatal == nil {
		p.fatal = err
	}
	return true
}

// shared returns the value compute gives for key, computing it once per run
// over a tree, so that rules sharing an analysis (the two halves of a
// partition) do not repeat it.
func shared[T any](p *Pass, key string, compute func() T) T {
	if v, ok := p.memo[key]; ok {
		return v.(T)
	}
	v := compute()
	if p.memo != nil {
		p.memo[key] = v
	}
	return v
}

// remember records v as what [shared] gives for key in the rest of the
// run, for an analysis one rule finds on its way to its own.
func (p *Pass) remember(key string, v any) {
	if p.memo != nil {
		p.memo[key] = v
	}
}

// parseCommand returns the Cheetah template of text, a <command> text:
// one parse of it serves every rule of the run that reads the same text
// (the quoting rules read the tool file's command, the advisory checks
// the expanded one, the same text unless a macro or token is in it).
func (p *Pass) parseCommand(text string) *cheetah.Template {
	if p.views != nil {
		return p.views.parseCommand(text)
	}
	if t, ok := p.memo[commandParseKey].(*cheetah.Template); ok && t.Source() == text {
		return t
	}
	t := cheetah.Parse(text)
	p.remember(commandParseKey, t)
	return t
}

// commandParseKey is the key of [Pass.memo] under which parseCommand
// keeps the last template it parsed.
const commandParseKey = "command template"

// toolElements are the elements of a tool file that several rules visit:
// finding them means walking every node, which costs more than what those
// rules then do with them, so one walk per run serves them all.
type toolElements struct {
	params       []cst.Node // every <param> element, in document order
	inputParams  []cst.Node // Galaxy's input params (./inputs//param): a run of params
	requirements []cst.Node // every <requirement> child of a <requirements>, in document order
}

// elementsOf returns the tool elements of the pass's tree, walking it once
// per run.
func elementsOf(p *Pass) *toolElements {
	return shared(p, "tool elements", func() *toolElements { return collectToolElements(p.Tree.RootElement()) })
}

// collectToolElements walks the subtree of root, the <tool> element, in
// preorder: every node once, in index order, which is cheaper than
// following sibling links to the elements alone.
func collectToolElements(root cst.Node) *toolElements {
	e := &toolElements{}
	var inputs cst.Node // the first <inputs> child of root, as root.find("inputs")
	inputsAfter := 0    // the index of the first node after the subtree of inputs
	lo, hi := 0, 0      // params[lo:hi] lie inside inputs
	for n := range root.Descendants() {
		if n.Kind() != cst.KindElement {
			continue
		}
		switch n.Name() {
		case "param":
			// Nodes after <inputs> in preorder, up to its next sibling,
			// lie inside it: comparing indexes reads no token.
			if n.Index() < inputsAfter {
				if hi == 0 {
					lo = len(e.params)
				}
				hi = len(e.params) + 1
			}
			e.params = append(e.params, n)
		case "requirement":
			if n.Parent().Is("requirements") {
				e.requirements = append(e.requirements, n)
			}
		case "inputs":
			if !inputs.IsValid() && n.Parent() == root {
				inputs, inputsAfter = n, math.MaxInt
				// Without a next sibling, the subtree of <inputs> runs to
				// the end of the root's.
				if next := n.NextSibling(); next.IsValid() {
					inputsAfter = next.Index()
				}
			}
		}
	}
	e.inputParams = e.params[lo:hi]
	return e
}

func (p *Pass) pos(off int) cst.Position {
	if p.noPos {
		return cst.Position{File: p.Tree.File(), Offset: off}
	}
	return p.Tree.Position(off)
}

// Report records an advisory finding at node n.
func (p *Pass) Report(n cst.Node, msg string) {
	p.ReportSpan(n.Span(), msg)
}

// ReportSpan records an advisory finding at a span.
func (p *Pass) ReportSpan(s cst.Span, msg string) {
	p.add(Diagnostic{Code: p.Rule.Code, Span: s, Pos: p.pos(s.Start), Message: msg, Advisory: true})
}

// ReportHelp records an advisory finding at a span with what to do about
// it ([Diagnostic.Help]).
func (p *Pass) ReportHelp(s cst.Span, msg, help string) {
	p.add(Diagnostic{Code: p.Rule.Code, Span: s, Pos: p.pos(s.Start), Message: msg, Advisory: true, Help: help})
}

// Fix records a fixable finding at node n with the edits that fix it.
func (p *Pass) Fix(n cst.Node, msg string, edits ...rewrite.Edit) {
	p.FixSpan(n.Span(), msg, edits...)
}

// FixSpan records a fixable finding at a span with the edits that fix it.
func (p *Pass) FixSpan(s cst.Span, msg string, edits ...rewrite.Edit) {
	p.fix(s, msg, &rewrite.Fix{Code: p.Rule.Code, Message: msg, Edits: edits, Applicability: rewrite.Safe})
}

// fixEdit is [Pass.FixSpan] for a finding fixed by one edit, the common
// case: the fix and its edit share one allocation, where the variadic
// edits of FixSpan take a second.
func (p *Pass) fixEdit(s cst.Span, msg string, e rewrite.Edit) {
	b := &struct {
		fix  rewrite.Fix
		edit [1]rewrite.Edit
	}{edit: [1]rewrite.Edit{e}}
	b.fix = rewrite.Fix{Code: p.Rule.Code, Message: msg, Edits: b.edit[:], Applicability: rewrite.Safe}
	p.fix(s, msg, &b.fix)
}

func (p *Pass) fix(s cst.Span, msg string, f *rewrite.Fix) {
	p.add(Diagnostic{Code: p.Rule.Code, Span: s, Pos: p.pos(s.Start), Message: msg, Fix: f})
}

// add records a finding.
func (p *Pass) add(d Diagnostic) {
	if len(p.diags) == cap(p.diags) {
		// Doubling, not append's quarter for a large slice: a rule that
		// reports on every element of a very large tool would copy its
		// diagnostics some five times over.
		p.diags = slices.Grow(p.diags, max(len(p.diags), 8))
	}
	p.diags = append(p.diags, d)
}
