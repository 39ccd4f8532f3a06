package main

import (
	"slices"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
)

// blame names the rules behind a change of a file: a fix of a finding
// on the head version claims the lines its edits touch; a change no
// such fix touches is blamed on the rules whose fixes came in later
// iterations of the fix loop (they fixed what earlier fixes left), or,
// when there are none, on every rule that applied.
type blame struct {
	spans []blameSpan
	later []string
	all   []string
}

type blameSpan struct {
	lineSpan
	code string
}

// blameOf works out the blame of the file at path, whose head version is
// src, from the fixes the run applied.
func blameOf(path string, src []byte, applied []rewrite.Applied, split ruleSplit, mo *macros.Options) *blame {
	b := &blame{}
	for _, a := range applied {
		b.all = appendNew(b.all, a.Code)
		if a.Iteration > 1 {
			b.later = appendNew(b.later, a.Code)
		}
	}
	t := cst.Parse(path, src)
	lines := t.Lines()
	for _, d := range rules.CheckWith(t, split.fix, mo) {
		if d.Fix == nil || d.File != "" || !slices.Contains(b.all, d.Code) {
			continue
		}
		for _, ed := range d.Fix.Edits {
			first, _ := lines.LineCol(ed.Start)
			last, _ := lines.LineCol(max(ed.Start, ed.End-1))
			b.spans = append(b.spans, blameSpan{lineSpan{first, last}, d.Code})
		}
	}
	return b
}

// codes returns the codes to name for a change of lines first … last.
func (b *blame) codes(first, last int) []string {
	var out []string
	for _, s := range b.spans {
		if s.first <= last && first <= s.last {
			out = appendNew(out, s.code)
		}
	}
	switch {
	case len(out) > 0:
		return out
	case len(b.later) > 0:
		return b.later
	}
	return b.all
}
