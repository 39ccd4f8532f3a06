package main

import (
	"errors"
	"fmt"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
)

// rewriteResult is what formatting one file gave; format and diff share it.
type rewriteResult struct {
	src     *source // nil when the file could not be read
	out     []byte  // the formatted bytes
	changed bool
	notes   []string // advisory findings of the selected rules, one line each
	err     *fileError
}

// skipped reports whether the file is neither a tool nor a macro file.
func (r *rewriteResult) skipped() bool { return r.err == nil && r.src.kind == 0 }

// ruleSplit divides a selection into the rules that can fix (run by the
// fix loop) and those that can report findings they do not fix (run once
// more on the output for notes).
type ruleSplit struct {
	fix, note []*rules.Rule
}

func splitRules(rs []*rules.Rule) ruleSplit {
	var s ruleSplit
	for _, r := range rs {
		if r.Fix != rules.FixNone {
			s.fix = append(s.fix, r)
		}
		if r.Fix != rules.FixAlways {
			s.note = append(s.note, r)
		}
	}
	return s
}

// rewriteFile formats the file at path with the selected rules. Macro
// files get the rules that apply to them; other files are skipped. A
// malformed file, or a rewrite a gate refuses, is an error and leaves
// out equal to the input.
func rewriteFile(path string, rs ruleSplit) rewriteResult {
	s, fe := load(path)
	if fe != nil || s.kind == 0 {
		return rewriteResult{src: s, err: fe}
	}
	res, err := rules.Format(path, s.src, rs.fix)
	if err != nil {
		return rewriteResult{src: s, out: s.src, err: rewriteError(path, err)}
	}
	r := rewriteResult{src: s, out: res.Output, changed: res.Changed}
	if len(rs.note) > 0 {
		t := s.tree
		if res.Changed {
			t = cst.Parse(path, res.Output)
		}
		for _, d := range rules.Check(t, rs.note) {
			if d.Advisory {
				r.notes = append(r.notes, fmt.Sprintf("  %s  %s (advisory)", displayCode(d.Code), d.Message))
			}
		}
	}
	return r
}

// rewriteError describes why the fix loop refused to rewrite a file; every
// such file keeps its bytes.
func rewriteError(path string, err error) *fileError {
	var me *rewrite.MalformedError
	if errors.As(err, &me) {
		return &fileError{path: path, msg: path + ": malformed XML", parse: me.Errors}
	}
	return &fileError{path: path, msg: fmt.Sprintf("%s: %v; the file was left unchanged", path, err)}
}

// displayCode returns the code people see for a diagnostic's code: the
// parent of a partition half.
func displayCode(code string) string {
	if r := rules.Lookup(code); r != nil {
		return r.DisplayCode()
	}
	return code
}
