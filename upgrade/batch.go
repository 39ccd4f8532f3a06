package upgrade

import (
	"bytes"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
)

// Outcome is what a run made of one tool.
type Outcome struct {
	File   string
	Result *Result // nil when Err is set
	Err    error
	// Skipped, when set, says why the tool's upgrade is not to be
	// written: it rewrites an imported macro file that the other tools of
	// the run importing it do not rewrite the same way.
	Skipped string
}

// MacroChange is an imported macro file that upgrades of a run rewrite.
type MacroChange struct {
	File string
	// Data is the file's new bytes, which every importer of the run
	// proposes, when Agreed.
	Data   []byte
	Agreed bool
	// Importers are the tools of the run that import the file; Proposers
	// those whose upgrade rewrites it.
	Importers, Proposers []string
	// Codes are the steps that rewrite it.
	Codes []string
	// Token is set when the rewrite is the profile token's alone, the
	// same for every importer.
	Token *TokenBump
	// Reason says, when not Agreed, which importers disagree.
	Reason string
}

// Line returns the line a CLI prints for the change: what is (or, with
// dryRun, would be) rewritten, or why it is skipped.
func (m *MacroChange) Line(dryRun bool) string {
	verb := "upgraded"
	if dryRun {
		verb = "would upgrade"
	}
	switch {
	case !m.Agreed && m.tokenOnly():
		return fmt.Sprintf("skipped %s: %s importers disagree on target profile (%d tool(s))", m.File, m.Token.Token, len(m.Importers))
	case !m.Agreed:
		return fmt.Sprintf("skipped %s: %s", m.File, m.Reason)
	case m.Token != nil:
		return fmt.Sprintf("%s %s %s -> %s in %s (%d tool(s))", verb, m.Token.Token, m.Token.Old, m.Token.New, m.File, len(m.Importers))
	}
	return fmt.Sprintf("%s %s with %s (%d tool(s))", verb, m.File, strings.Join(m.Codes, ", "), len(m.Importers))
}

func (m *MacroChange) tokenOnly() bool {
	return m.Token != nil && slices.Equal(m.Codes, []string{GTR007.Code})
}

// Consensus decides which macro-file rewrites of a run's upgrades are
// written: a macro file is rewritten only when every tool of the run that
// imports it proposes the same new bytes, and a tool whose upgrade
// rewrites a macro file that is not written is skipped (Outcome.Skipped),
// so that the tools and macro files of one group are written together or
// not at all. It returns the macro files proposed, sorted by name.
func Consensus(outs []Outcome) []*MacroChange {
	proposals := map[string]map[string][]byte{} // macro file → tool → bytes
	importers := map[string][]string{}
	for _, o := range outs {
		if o.Result == nil {
			continue
		}
		for _, f := range o.Result.Imports {
			f = filepath.Clean(f)
			if !slices.Contains(importers[f], o.File) {
				importers[f] = append(importers[f], o.File)
			}
		}
		for f, b := range o.Result.Files {
			f = filepath.Clean(f)
			if proposals[f] == nil {
				proposals[f] = map[string][]byte{}
			}
			proposals[f][o.File] = b
		}
	}
	byFile := map[string]*Outcome{}
	for i := range outs {
		byFile[outs[i].File] = &outs[i]
	}
	var changes []*MacroChange
	for _, f := range slices.Sorted(maps.Keys(proposals)) {
		m := &MacroChange{File: f, Importers: importers[f], Proposers: slices.Sorted(maps.Keys(proposals[f]))}
		m.Agreed, m.Reason = agreed(proposals[f], importers[f])
		for _, tool := range m.Proposers {
			r := byFile[tool].Result
			for _, c := range r.MacroCodes[r.fileKey(f)] {
				if !slices.Contains(m.Codes, c) {
					m.Codes = append(m.Codes, c)
				}
			}
			if t := r.Token; t != nil && filepath.Clean(t.File) == f && (m.Token == nil || *m.Token == *t) {
				m.Token = t
			}
		}
		if m.Agreed {
			m.Data = proposals[f][m.Proposers[0]]
		}
		changes = append(changes, m)
	}
	// A tool is skipped when a file it rewrites is not written; a file is
	// not written when a tool rewriting it is skipped: to a fixpoint.
	written := map[string]*MacroChange{}
	for _, m := range changes {
		written[m.File] = m
	}
	for changed := true; changed; {
		changed = false
		for i := range outs {
			o := &outs[i]
			if o.Result == nil || o.Skipped != "" {
				continue
			}
			for _, f := range slices.Sorted(maps.Keys(o.Result.Files)) {
				f = filepath.Clean(f)
				if m := written[f]; !m.Agreed {
					o.Skipped = fmt.Sprintf("its upgrade rewrites %s, which is not rewritten: %s", f, m.Reason)
					changed = true
					break
				}
			}
		}
		for _, m := range changes {
			if !m.Agreed {
				continue
			}
			for _, tool := range m.Proposers {
				if o := byFile[tool]; o.Skipped != "" {
					m.Agreed, m.Data = false, nil
					m.Reason = fmt.Sprintf("%s, which imports it too, is skipped (%s)", tool, o.Skipped)
					changed = true
					break
				}
			}
		}
	}
	return changes
}

// agreed reports whether every importer proposes the same bytes, and
// otherwise which disagree.
func agreed(props map[string][]byte, importers []string) (bool, string) {
	var first []byte
	var same, differ, none []string
	for _, tool := range importers {
		b, ok := props[tool]
		switch {
		case !ok:
			none = append(none, tool)
		case first == nil:
			first = b
			same = append(same, tool)
		case bytes.Equal(b, first):
			same = append(same, tool)
		default:
			differ = append(differ, tool)
		}
	}
	if len(differ) == 0 && len(none) == 0 {
		return true, ""
	}
	var parts []string
	if len(differ) > 0 {
		parts = append(parts, fmt.Sprintf("%s rewrite it one way, %s another", strings.Join(same, ", "), strings.Join(differ, ", ")))
	}
	if len(none) > 0 {
		parts = append(parts, fmt.Sprintf("%s leave%s it as it is", strings.Join(none, ", "), plural(len(none))))
	}
	return false, "importers disagree: " + strings.Join(parts, "; ")
}

// plural returns "s" for a verb of one subject, "" for several.
func plural(n int) string {
	if n == 1 {
		return "s"
	}
	return ""
}

// fileKey returns the name r uses for the macro file f names once
// cleaned.
func (r *Result) fileKey(f string) string {
	for k := range r.Files {
		if filepath.Clean(k) == f {
			return k
		}
	}
	return f
}
