package rename

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/cst/refs"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// Group is a rename made across the tools that import the macro files it
// edits, in lockstep.
type Group struct {
	Old, New string
	// Bail says why nothing is renamed; nil when the rename is made.
	// With NoConsensus, Dissent lists the tools that cannot take it.
	Bail    *Bail
	Dissent []Dissent
	// Tools lists the tools renamed together (those that use the name
	// and those whose view the rename must leave as it is), the seed
	// first, then in path order; all paths are absolute.
	Tools []string
	// Files holds the new bytes of every file the rename edits, Order
	// lists them in path order, and Sites counts the places renamed.
	Files map[string][]byte
	Order []string
	Sites int
}

// Dissent is a tool that cannot take a rename, and why.
type Dissent struct {
	Tool string
	Bail *Bail
}

// member is one tool of a group: its index and its plan (one renaming
// nothing for a tool that does not use the name).
type member struct {
	tool string
	plan *Plan
}

// Lockstep renames old to new in the tool seed and in every tool repo
// finds importing a macro file the rename edits, and so on for the files
// their renames edit: one set of edits, every tool taking its share. It
// is made only when each tool either takes the rename or does not name
// old at all, and when every tool passes the gates with all the edits
// made; otherwise Bail says why (NoConsensus, with Dissent). Tools are
// read from disk, imports as opts says. The error is the seed's: not
// well-formed, not a tool, or macros that do not expand.
func Lockstep(seed, old, new string, repo *Repo, opts macros.Options) (*Group, error) {
	seed = absClean(seed)
	g := &Group{Old: old, New: new}
	members := map[string]*member{}
	queue := []string{seed}
	for len(queue) > 0 {
		tool := queue[0]
		queue = queue[1:]
		if _, ok := members[tool]; ok || slices.ContainsFunc(g.Dissent, func(d Dissent) bool { return d.Tool == tool }) {
			continue
		}
		x, err := indexFile(tool, opts)
		if err != nil {
			if tool == seed {
				return nil, err
			}
			g.Dissent = append(g.Dissent, Dissent{tool, &Bail{Reason: UnparseableMacro, Detail: err.Error()}})
			continue
		}
		p, bail := PlanRename(x, old, new)
		switch {
		case bail != nil && bail.Reason == NotFound && tool != seed:
			p = &Plan{Old: old, New: new, x: x, view: map[*macros.Element][]viewEdit{}}
		case bail != nil && tool == seed:
			g.Bail = bail
			return g, nil
		case bail != nil:
			g.Dissent = append(g.Dissent, Dissent{tool, bail})
			continue
		}
		members[tool] = &member{tool: tool, plan: p}
		for _, f := range p.Files {
			if f == x.View.File() {
				continue
			}
			tools, ok := repo.Importers(f)
			if !ok {
				g.Bail = &Bail{Reason: MacroOwnershipUnprovable, Detail: fmt.Sprintf("%s is imported by no tool the repository scan found", f)}
				return g, nil
			}
			queue = append(queue, tools...)
		}
	}
	if len(g.Dissent) > 0 {
		g.Bail = &Bail{Reason: NoConsensus, Detail: fmt.Sprintf("%d of the tools that import the macro files cannot take the rename", len(g.Dissent))}
		return g, nil
	}
	g.Tools = []string{seed}
	for _, t := range slices.Sorted(maps.Keys(members)) {
		if t != seed {
			g.Tools = append(g.Tools, t)
		}
	}
	g.check(members, opts)
	return g, nil
}

// check applies the edits of every member together and runs the gates of
// each, filling g.
func (g *Group) check(members map[string]*member, opts macros.Options) {
	orig := map[string][]byte{}
	var edits []rewrite.FileEdit
	for _, t := range g.Tools {
		p := members[t].plan
		maps.Copy(orig, p.Originals())
		edits = append(edits, p.Edits...)
	}
	edits = sortEdits(edits)
	after, err := rewrite.ApplyFiles(orig, edits)
	if err != nil {
		g.Bail = &Bail{Reason: NoConsensus, Detail: "the tools' renames edit the macro files differently: " + err.Error()}
		return
	}
	var back []rewrite.FileEdit
	x2s := map[string][]byte{}
	for _, t := range g.Tools {
		p := members[t].plan
		x2, err := p.Check(opts, after)
		if err != nil {
			g.Dissent = append(g.Dissent, Dissent{t, &Bail{Reason: GateRefused, Detail: gateDetail(err)}})
			continue
		}
		if len(p.Edits) == 0 {
			continue
		}
		bp, bail := planRename(x2, g.New, g.Old, true)
		if bail != nil {
			g.Dissent = append(g.Dissent, Dissent{t, &Bail{Reason: GateRefused, Detail: "the round-trip gate refuses the rename: renaming back is refused: " + bail.Error()}})
			continue
		}
		back = append(back, bp.Edits...)
		maps.Copy(x2s, bp.Originals())
	}
	if len(g.Dissent) > 0 {
		g.Bail = &Bail{Reason: NoConsensus, Detail: fmt.Sprintf("%d of the tools renamed together do not pass the gates", len(g.Dissent))}
		return
	}
	again, err := rewrite.ApplyFiles(x2s, sortEdits(back))
	if err == nil {
		for f, b := range again {
			if !bytes.Equal(b, orig[f]) {
				err = fmt.Errorf("renaming back does not restore %s", f)
				break
			}
		}
	}
	if err != nil {
		g.Bail = &Bail{Reason: GateRefused, Detail: "the round-trip gate refuses the rename: " + err.Error()}
		return
	}
	g.Files, g.Sites = after, len(edits)
	g.Order = slices.Sorted(maps.Keys(after))
}

// sortEdits sorts edits by file and offset and drops repeats (the same
// edit of a shared macro file, planned by each importer).
func sortEdits(edits []rewrite.FileEdit) []rewrite.FileEdit {
	slices.SortFunc(edits, func(a, b rewrite.FileEdit) int {
		if c := strings.Compare(a.File, b.File); c != 0 {
			return c
		}
		if a.Start != b.Start {
			return a.Start - b.Start
		}
		return strings.Compare(a.New, b.New)
	})
	return slices.Compact(edits)
}

// indexFile reads, expands and indexes the tool at path.
func indexFile(path string, opts macros.Options) (*refs.Index, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	t := cst.Parse(path, src)
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
	return refs.Build(view), nil
}
