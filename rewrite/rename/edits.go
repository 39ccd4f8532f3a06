package rename

import (
	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// A <param> defined by argument= alone gets its name from the argument
// (--min-len: min_len). Renaming it adds name="NEW" right after the
// argument ([rewrite.InsertAttr]); every other name= is renamed in place,
// even one that the argument makes redundant. Renaming back removes the
// name= the rename added (the plan's inserted regions), so that it
// restores the bytes.

// insertedAt returns where each name= the edits insert stands in the
// bytes the edits produce: the inserted text, leading space included.
func insertedAt(edits []rewrite.FileEdit) []macros.Loc {
	var out []macros.Loc
	shift := map[string]int{}
	for _, e := range edits { // sorted by file, then offset
		if e.Start == e.End && e.New != "" {
			start := e.Start + shift[e.File]
			out = append(out, macros.Loc{File: e.File, Span: cst.Span{Start: start, End: start + len(e.New)}})
		}
		shift[e.File] += len(e.New) - (e.End - e.Start)
	}
	return out
}

// inserted returns the region of inserted that holds loc, and whether
// one does.
func inserted(regions []macros.Loc, loc macros.Loc) (macros.Loc, bool) {
	for _, r := range regions {
		if r.File == loc.File && r.Span.Start <= loc.Span.Start && loc.Span.End <= r.Span.End {
			return r, true
		}
	}
	return macros.Loc{}, false
}
