package version

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// BumpOptions configure [Bump].
type BumpOptions struct {
	Macros macros.Options // how imports resolve
	// PerTool declines a suffix written in an imported macro file, which
	// moves every tool importing it (scope per-tool). By default (scope
	// suite) the shared definition is bumped once for all of them.
	PerTool bool
	// Importers returns the tools other than the one bumped that import
	// the macro file at path (as the tool imports it), whose versions a
	// suite bump moves too and whose views it checks; nil knows none.
	Importers func(path string) ([]Tool, error)
}

// Bumped is what [Bump] makes of one tool.
type Bumped struct {
	File string // the tool
	// Skip says why the tool is left as it is; "" when it is bumped.
	Skip     string
	Old, New string // the version before and after, as Galaxy reads it
	// Via is the imported macro file where the suffix is written, "" when
	// it is written in the tool; Token names the token that holds it, ""
	// when it is written in the version itself.
	Via, Token string
	// Lifts lists the other tools whose version the bump of Via changes
	// too, in the order Importers gave them.
	Lifts []string
	// Files holds the new bytes of the file the bump writes, by name.
	Files map[string][]byte
}

// Bump raises the integer +galaxy<N> suffix of t's version to N+1, where
// the suffix is written: in the version attribute, in the definition of
// the token that holds it in the tool's <macros>, or, for a suite bump,
// in an imported macro file, which changes the version of every tool
// importing it. The result is kept only when the version's suffix is the
// only change to the view of each tool the edit reaches; otherwise Skip
// says why. The error is for a file that is not a tool, an expansion
// stopped by its bounds or context, and a failing Importers.
func Bump(t Tool, opts BumpOptions) (*Bumped, error) {
	res := &Bumped{File: t.File}
	r, skip, err := read(t, opts.Macros)
	if err != nil || skip != "" {
		res.Skip = skip
		return res, err
	}
	v, ok := r.root.Get("version")
	// Nothing to bump.
	if !ok {
		res.Skip = "no version= to bump"
		return res, nil
	}
	i := strings.LastIndex(v, "+galaxy")
	if i < 0 {
		res.Skip = "no +galaxy suffix to bump; run `gtr tokenize-version -adopt-suffix` to add +galaxy0 first"
		return res, nil
	}
	newV, ok := bumped(v)
	if !ok {
		res.Skip = fmt.Sprintf("suffix '%s' is not an integer; bump it manually", v[i+len("+galaxy"):])
		return res, nil
	}
	res.Old, res.New = v, newV
	site, token, skip := r.suffixSite(i+len("+galaxy"), len(v))
	if skip != "" {
		res.Skip = skip
		return res, nil
	}
	res.Token = token
	n, _ := bumped("+galaxy" + v[i+len("+galaxy"):])
	edit := rewrite.ReplaceSpan(site.Span, strings.TrimPrefix(n, "+galaxy"))
	if site.File == r.file {
		out, err := rewrite.Apply(r.tree.Source(), []rewrite.Edit{edit})
		if err != nil {
			res.Skip = "the edit does not apply: " + err.Error()
			return res, nil
		}
		if _, err := r.gate(out, nil, []*rewrite.ViewChange{SuffixBumped}); err != nil {
			res.Skip = "bumping the suffix would change more than the version: " + gateDetail(err)
			return res, nil
		}
		res.Files = map[string][]byte{t.File: out}
		return res, nil
	}
	return r.bumpShared(res, site, edit, opts)
}

// bumpShared bumps a suffix written in the imported macro file of site:
// declined per tool; for a suite, kept only when every importer's view
// changes in its version's suffix alone, if at all.
func (r *reading) bumpShared(res *Bumped, site macros.Loc, edit rewrite.Edit, opts BumpOptions) (*Bumped, error) {
	res.Via = site.File
	var others []Tool
	if opts.Importers != nil {
		all, err := opts.Importers(site.File)
		if err != nil {
			return nil, err
		}
		for _, o := range all {
			if !samePath(o.File, r.file) {
				others = append(others, o)
			}
		}
	}
	name := filepath.Base(site.File)
	what := "the +galaxy suffix"
	if res.Token != "" {
		what = "suffix token " + res.Token
	}
	if opts.PerTool {
		shared := "imported by other tools"
		if len(others) > 0 {
			shared = fmt.Sprintf("shared by %d tool(s)", len(others)+1)
		}
		res.Skip = fmt.Sprintf("%s is defined in imported %s (%s); rerun with -scope suite to bump them together", what, name, shared)
		return res, nil
	}
	out, err := rewrite.Apply(r.source(site.File), []rewrite.Edit{edit})
	if err != nil {
		res.Skip = "the edit does not apply: " + err.Error()
		return res, nil
	}
	overlay := map[string][]byte{site.File: out}
	if _, err := r.gate(r.tree.Source(), overlay, []*rewrite.ViewChange{SuffixBumped}); err != nil {
		res.Skip = fmt.Sprintf("bumping %s in %s would change more than the +galaxy<N> segment of %s: %s", what, name, filepath.Base(r.file), gateDetail(err))
		return res, nil
	}
	for _, o := range others {
		or, skip, err := read(o, r.opts)
		if err != nil {
			return nil, err
		}
		if skip != "" {
			res.Skip = fmt.Sprintf("could not macro-expand %s to prove the suffix bump: %s", filepath.Base(o.File), skip)
			return res, nil
		}
		if !imports(or.view, site.File) {
			continue
		}
		used, err := or.gate(or.tree.Source(), overlay, []*rewrite.ViewChange{SuffixBumped})
		if err != nil {
			res.Skip = fmt.Sprintf("bumping %s in %s would change more than the +galaxy<N> segment of %s: %s", what, name, filepath.Base(o.File), gateDetail(err))
			return res, nil
		}
		if slices.Contains(used, SuffixBumped) {
			res.Lifts = append(res.Lifts, o.File)
		}
	}
	res.Files = overlay
	return res, nil
}

// suffixSite returns where the bytes [start, end) of the root's version
// are written as they read, and the token whose definition holds them
// ("" for the version itself); or why they have no single site.
func (r *reading) suffixSite(start, end int) (macros.Loc, string, string) {
	v, _ := r.root.Get("version")
	o := r.root.ValueOrigin("version")
	if o.Parts == nil {
		if !exactly(r.source(o.Loc.File), o.Loc.Span, v) {
			return macros.Loc{}, "", "the version is written with character references; bump it by hand"
		}
		return macros.Loc{File: o.Loc.File, Span: cst.Span{Start: o.Loc.Span.Start + start, End: o.Loc.Span.Start + end}}, "", ""
	}
	for k, p := range o.Parts {
		pend := len(v)
		if k+1 < len(o.Parts) {
			pend = o.Parts[k+1].Off
		}
		if p.Off > start || pend < end {
			continue
		}
		piece := v[p.Off:pend]
		if p.Loc.Span.Len() != len(piece) || !exactly(r.source(p.Loc.File), p.Loc.Span, piece) {
			return macros.Loc{}, "", fmt.Sprintf("the +galaxy suffix is written with character references or CDATA at %s; bump it by hand", r.position(p.Loc))
		}
		at := p.Loc.Span.Start + start - p.Off
		return macros.Loc{File: p.Loc.File, Span: cst.Span{Start: at, End: at + end - start}}, p.Token, ""
	}
	return macros.Loc{}, "", "the +galaxy suffix is made of several pieces (tokens and text); bump it by hand"
}
