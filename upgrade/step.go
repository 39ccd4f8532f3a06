package upgrade

import (
	"errors"
	"fmt"
	"maps"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
)

// Doc is one tool as the steps and detectors see it: its bytes and parse,
// the macro files it imports, and Galaxy's macro-expanded view of it with
// provenance. A Doc is read-only; steps describe their changes as edits.
type Doc struct {
	File string    // the tool's name, the base of its imports
	Tree *cst.Tree // the tool's parse
	// View is Galaxy's macro-expanded view of the tool; nil when the tool
	// does not expand (then Err says why).
	View *macros.Result
	Err  error
	// Root is what detectors and steps read: View.Root, or, when the tool
	// does not expand, the tool's own canonical tree (macro definitions
	// unexpanded, in its <macros>); nil when the tool is not well-formed.
	Root *macros.Element
	// Target is the profile the upgrade moves the tool to, for the steps
	// whose change depends on it (GTR007 writes it).
	Target string

	opts    macros.Options
	files   map[string][]byte // the tool and its imports by name
	applies map[string]bool   // the detectors' verdicts, by code
}

// NewDoc parses and expands a tool. opts says how imports resolve (see
// [macros.Options]); the files it reads are kept so that steps can edit
// them.
func NewDoc(file string, src []byte, opts macros.Options) *Doc {
	return docOf(cst.Parse(file, src), opts)
}

// docOf is NewDoc for a tool parsed already.
func docOf(t *cst.Tree, opts macros.Options) *Doc {
	view, err := macros.ExpandTree(t, opts)
	return docFrom(t, view, err, opts)
}

// docFrom is NewDoc for a tool parsed and expanded already (view and err
// are what macros.ExpandTree returned for t with opts).
func docFrom(t *cst.Tree, view *macros.Result, err error, opts macros.Options) *Doc {
	file, src := t.File(), t.Source()
	d := &Doc{File: file, Tree: t, opts: opts}
	d.View, d.Err = view, err
	d.files = map[string][]byte{file: src}
	if d.View != nil {
		d.Root = d.View.Root
		for _, imp := range d.View.Imports {
			if t := d.View.Tree(imp); t != nil {
				d.files[imp] = t.Source()
			}
		}
		return d
	}
	if root, err := macros.FromTree(d.Tree); err == nil {
		d.Root = root
	}
	return d
}

// Source returns the bytes of the tool or of a macro file it imports, nil
// for any other file.
func (d *Doc) Source(file string) []byte { return d.files[file] }

// Files returns the tool and the macro files it imports, by name.
func (d *Doc) Files() map[string][]byte { return maps.Clone(d.files) }

// Imports returns the macro files the tool imports, as Galaxy reads them.
func (d *Doc) Imports() []string {
	if d.View == nil {
		return nil
	}
	return d.View.Imports
}

// Unresolved reports whether the tool does not expand because a macro file
// it imports could not be read: nothing can then be said of what Galaxy
// reads.
func (d *Doc) Unresolved() bool {
	var me *macros.Error
	return errors.As(d.Err, &me) && me.Kind == macros.ErrImport
}

// tree returns the parse of a file the doc holds.
func (d *Doc) tree(file string) *cst.Tree {
	if file == d.File {
		return d.Tree
	}
	if d.View != nil {
		return d.View.Tree(file)
	}
	return nil
}

// Node returns the source node that e was written as: its element in the
// tool or in the imported macro file whose bytes it comes from.
func (d *Doc) Node(e *macros.Element) cst.Node {
	if t := d.tree(e.Loc.File); t != nil {
		if d.View != nil {
			return d.View.Node(e.Loc)
		}
		return t.NodeCovering(e.Loc.Span)
	}
	return cst.Node{}
}

// Position returns where l starts, for messages.
func (d *Doc) Position(l macros.Loc) cst.Position {
	if t := d.tree(l.File); t != nil {
		return t.Position(l.Span.Start)
	}
	return cst.Position{File: l.File, Offset: l.Span.Start}
}

// Site is where a string of the expanded view is written: a span of one
// file whose bytes are exactly the string, so that replacing them changes
// that string (and every other place the same bytes reach).
type Site struct {
	File string
	Span cst.Span
}

// Replace returns the edit writing text at s.
func (s Site) Replace(text string) rewrite.FileEdit {
	return rewrite.In(s.File, rewrite.ReplaceSpan(s.Span, text))
}

// ErrNotLiteral is wrapped by the errors [Doc.ValueSite] returns for a
// value that is not written as it reads.
var ErrNotLiteral = errors.New("not written literally")

// ValueSite returns where the value of e's attribute called name is
// written as it reads: between its quotes, in the tool or a macro file,
// without references, when no token substitution made it; or the text of
// the one token that makes all of it, where the token is defined. Any
// other value (a mix of tokens and text, references, CDATA) has no single
// site, and the error says why, naming where the value is written.
func (d *Doc) ValueSite(e *macros.Element, name string) (Site, error) {
	if _, ok := e.Get(name); !ok {
		return Site{}, fmt.Errorf("%s: <%s> has no %s attribute", d.Position(e.Loc), e.Tag, name)
	}
	o := e.ValueOrigin(name)
	switch {
	case o.Parts == nil:
		v, _ := e.Get(name)
		if src := d.files[o.Loc.File]; src != nil && o.Loc.Span.End <= len(src) && string(src[o.Loc.Span.Start:o.Loc.Span.End]) == v {
			return Site{o.Loc.File, o.Loc.Span}, nil
		}
		return Site{}, fmt.Errorf("%s: the %s value of <%s> is written with character references: %w", d.Position(o.Loc), name, e.Tag, ErrNotLiteral)
	case len(o.Parts) == 1 && o.Parts[0].Token != "":
		p := o.Parts[0]
		v, _ := e.Get(name)
		if src := d.files[p.Loc.File]; src != nil && p.Loc.Span.End <= len(src) && string(src[p.Loc.Span.Start:p.Loc.Span.End]) == v {
			return Site{p.Loc.File, p.Loc.Span}, nil
		}
		return Site{}, fmt.Errorf("%s: token %s, which makes the %s value of <%s>, is not written as it reads: %w", d.Position(p.Loc), p.Token, name, e.Tag, ErrNotLiteral)
	}
	return Site{}, fmt.Errorf("%s: the %s value of <%s> is made of tokens and text: %w", d.Position(o.Loc), name, e.Tag, ErrNotLiteral)
}

// Kind tells what a step does.
type Kind uint8

// Step kinds.
const (
	// KindProfile: GTR007, which writes profile=.
	KindProfile Kind = iota + 1
	// KindCodemod: a step codemod, which carries a tool valid at From
	// across the next schema boundary, where it would otherwise stop
	// validating.
	KindCodemod
	// KindRuntimeFix: a runtime-gated fix, which changes a tool so that
	// the behaviour code Clears, changing at From, no longer applies; it
	// runs when an upgrade crosses From.
	KindRuntimeFix
	// KindPipeline: one of the upgrade's modes (GTR012, GTR097), which
	// run the other steps; it has no Plan of its own.
	KindPipeline
)

// Step is one upgrade step: a codemod the upgrade pipeline applies, never
// selected by rulesets. Steps are package-level values listed in [Steps].
type Step struct {
	Code    string // the predecessor's code, e.g. "GTR008"
	Name    string // kebab-case, e.g. "name-unnamed-outputs"
	Summary string // one line
	Kind    Kind
	// From is, for a codemod, the profile it advances past (the tool
	// validates at From and the step makes it validate at the next
	// profile); for a runtime fix, the profile whose behaviour change it
	// prepares the tool for (its code's profile).
	From string
	// Clears is, for a runtime fix, the Galaxy behaviour code it clears.
	Clears  string
	Planemo []string // planemo linter names the step's change answers
	Cite    string
	Since   string
	Doc     rules.Doc
	// Changes declares what the step's edits change on purpose in
	// Galaxy's expanded view; the expansion-equality gate refuses any
	// other change.
	Changes []*rewrite.ViewChange
	// Plan returns the step's edits for d (none when it has nothing to
	// do), or what it would need to change and cannot.
	Plan func(d *Doc) Plan
}

// Plan is what a step makes of a tool.
type Plan struct {
	// Edits change the tool and the macro files it imports. They apply
	// together or not at all.
	Edits []rewrite.FileEdit
	// Refused says, one sentence each, naming the place, what the step
	// needs to change and cannot (a value made by a token used elsewhere
	// too, a shape it cannot rewrite safely). A step that refuses
	// anything applies nothing.
	Refused []string
}
