package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
)

// rewriteResult is what formatting one file gave; format and diff share it.
type rewriteResult struct {
	src     *source // nil when the file could not be read
	out     []byte  // the formatted bytes
	changed bool
	notes   []string // advisory findings of the selected rules, one line each
	// applied lists the fixes that made it into out, for naming the rules
	// of a change; in a run that keeps no bytes (keep false), once the file
	// is done, only the first fix of each rule: the codes are all that is
	// read of it then, and a run over a large repository would otherwise
	// hold a record of every fix of every file until it ends.
	applied []rewrite.Applied
	err     *fileError
	// For a tool: the macro files its expansion opens, and where their
	// elements land in its expanded view, for the check of the macro
	// files of the run through their importers.
	imports  []string
	landings map[string]*rules.Landing
}

// skipped reports whether the file is neither a tool nor a macro file.
func (r *rewriteResult) skipped() bool { return r.err == nil && r.src.kind == 0 }

// ruleSplit divides a selection into the rules that can fix (run by the
// fix loop) and those that can report findings they do not fix (run once
// more on the output for notes).
type ruleSplit struct {
	fix, note    []*rules.Rule
	maxExpansion int // macros.Options.MaxExpansion; 0 for the default
	// perFile, when set, gives each file its own split (config files
	// and per-file ignores, see runSettings.splitFor); nil gives every
	// file this one.
	perFile func(path string) ruleSplit
}

// of returns the split of the file at path.
func (s ruleSplit) of(path string) ruleSplit {
	if s.perFile == nil {
		return s
	}
	return s.perFile(path)
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
// out equal to the input. Imports resolve from disk, next to the tool, for
// the rules that read Galaxy's expanded view and for the
// expansion-equality gate; a macro file is checked on its own here (see
// rewriteAll for the check through its importers).
func rewriteFile(path string, rs ruleSplit) rewriteResult {
	s, fe := load(path)
	return formatSource(path, s, fe, rs.of(path), macros.Options{Cache: macros.NewCache(), MaxExpansion: rs.maxExpansion}, nil, workerMemory{})
}

// rewriteAll formats files as rewriteFile does, in parallel, and checks
// every macro file through the tools that import it: each tool of the run,
// or of the macro file's directory, whose expansion reads the macro file
// must expand to the same view with the rewritten macro file (and its own
// rewrite, when the run rewrites it too) as it does now. Tools are
// formatted first, reading imports from disk as they stand; nothing is
// written until all files are done. Unless keep is set, a file's bytes
// and output are dropped once it is done (a run that neither writes nor
// prints diffs reads only what happened to each file), which keeps the
// heap, and the memory the run touches, small: the gate of a macro file
// that has to expand an importer formats it again, and a macro file,
// formatted last, is read again then.
func rewriteAll(files []string, rs ruleSplit, keep bool) []rewriteResult {
	_, out := rewriteWalk(walkOf(files), rs, keep)
	return out
}

// rewriteWalk is rewriteAll over the files of a walk, formatting each as
// soon as the walk finds it. It returns the files in walk order and their
// results.
func rewriteWalk(w *walk, rs ruleSplit, keep bool) (files []string, out []rewriteResult) {
	tuneBatch()
	return rewriteWalkDone(w, rs, keep, nil)
}

// rewriteWalkDone is rewriteWalk calling done, when not nil, once for
// each file as it is done (a macro file after the tools), for progress;
// it leaves the runtime's tuning for a run of the command (tuneBatch) to
// the caller.
func rewriteWalkDone(w *walk, rs ruleSplit, keep bool, done func()) (files []string, out []rewriteResult) {
	mo := macros.Options{Cache: macros.NewCache(), MaxExpansion: rs.maxExpansion}
	cwd := workDir()
	var inRun, listed map[string]bool // absolute paths, once the walk has ended
	lender := newMemoryLender()
	var pending []int // macro files, formatted once their importers are
	forEachWalked(w, func(path string) rewriteResult {
		mem := lender.borrow()
		defer lender.giveBack(mem)
		s, fe := loadShared(path, mo.Cache, mem.slabs)
		if fe == nil && s.kind == rules.TargetMacro {
			// Formatted at the end: its tree, several times the size of
			// its bytes, is parsed again then rather than held until then
			// (the parse went to the macro cache for its importers).
			s.releaseTree(mem.slabs)
			return rewriteResult{src: s}
		}
		r := formatSource(path, s, fe, rs.of(path), mo, nil, mem)
		// Only macro files are formatted again below; holding every
		// tool's tree until the run ends would cost gigabytes on a large
		// repository. Nothing of the run reads it any more.
		if s != nil {
			s.releaseTree(mem.slabs)
		}
		return r
	}, func([]error) {
		files, listed = w.found()
		inRun = make(map[string]bool, len(files))
		for _, f := range files {
			inRun[absPath(cwd, f)] = true
		}
		out = make([]rewriteResult, 0, len(files))
	}, func(r rewriteResult) {
		r.keepLandings(cwd, inRun)
		if r.src != nil && r.src.kind != rules.TargetMacro {
			// A tool whose rewrite failed is read again below.
			if !keep && r.err == nil {
				r.src.src, r.out = nil, nil
			}
		}
		if !keep {
			r.applied = firstOfEachCode(r.applied)
		}
		if r.err == nil && r.src.kind == rules.TargetMacro {
			pending = append(pending, len(out))
			if !keep {
				r.src.src = nil // read again when its turn comes
			}
		} else if done != nil {
			done()
		}
		out = append(out, r)
	})
	if len(pending) == 0 {
		return files, out
	}
	importers := findImporters(cwd, files, inRun, listed, out, pending, rs, mo)
	forEachOrdered(len(pending), func(k int) rewriteResult {
		i := pending[k]
		mem := lender.borrow()
		defer lender.giveBack(mem)
		s := out[i].src
		if s.src == nil {
			src, err := readFile(files[i])
			if err != nil {
				return rewriteResult{src: s, err: readError(files[i], err)}
			}
			s.src = src
		}
		s.tree, s.owned = mem.slabs.Parse(files[i], s.src), true
		defer s.releaseTree(mem.slabs)
		return formatSource(files[i], s, nil, rs.of(files[i]), mo, importers[i], mem)
	}, func(k int, r rewriteResult) {
		if !keep {
			r.applied = firstOfEachCode(r.applied)
			if r.err == nil {
				r.src.src, r.out = nil, nil
			}
		}
		out[pending[k]] = r
		if done != nil {
			done()
		}
	})
	return files, out
}

// firstOfEachCode returns the first fix of each rule among applied, in a
// new slice (applied's array is not held).
func firstOfEachCode(applied []rewrite.Applied) []rewrite.Applied {
	var first []rewrite.Applied
	for _, a := range applied {
		if !slices.ContainsFunc(first, func(f rewrite.Applied) bool { return f.Code == a.Code }) {
			first = append(first, a)
		}
	}
	return first
}

// workerMemory is what one worker of a run reuses from file to file: the
// arrays of the trees of a file ([cst.Slabs]), the memory of its macro
// expansions ([macros.Arena]), both handed back when the file is done
// ([rules.Formatted.Release]), the list check's findings are sorted
// into before they become the output's, and the output's lists of
// findings that the run has reported (any of them nil for none).
type workerMemory struct {
	slabs *cst.Slabs
	arena *macros.Arena
	diags *[]rules.Diagnostic
	found findingLists
}

// memoryLender lends each worker of a run its workerMemory. There are as
// many as workers, so borrowing never waits.
type memoryLender chan workerMemory

func newMemoryLender() memoryLender {
	l := make(memoryLender, runtime.GOMAXPROCS(0))
	for range cap(l) {
		l <- workerMemory{slabs: new(cst.Slabs), arena: new(macros.Arena), diags: new([]rules.Diagnostic)}
	}
	return l
}

func (l memoryLender) borrow() workerMemory    { return <-l }
func (l memoryLender) giveBack(m workerMemory) { l <- m }

// keepLandings keeps the landings of the tool's imports that are files
// of the run: only macro files of the run are checked through their
// importers.
func (r *rewriteResult) keepLandings(cwd string, inRun map[string]bool) {
	for imp := range r.landings {
		if !inRun[absPath(cwd, imp)] {
			delete(r.landings, imp)
		}
	}
}

// reformatted returns the tool at path as the run formats it (its bytes
// when the rewrite is refused), for a run that dropped them.
func reformatted(path string, rs ruleSplit, mo macros.Options) ([]byte, error) {
	s, fe := load(path)
	if fe != nil {
		return nil, errors.New(fe.msg)
	}
	r := formatSource(path, s, nil, rs, mo, nil, workerMemory{})
	if r.err == nil && r.changed {
		return r.out, nil
	}
	return s.src, nil
}

// findImporters returns, for each macro file of the run (by index), the
// tools that import it: the tools of the run and the other tools in the
// directories of the macro files, as their expansions read imports. inRun
// holds the absolute paths of the files of the run, listed the
// directories whose *.xml files are all in it, which are not read again.
func findImporters(cwd string, files []string, inRun, listed map[string]bool, out []rewriteResult, pending []int, rs ruleSplit, mo macros.Options) map[int][]rules.Importer {
	byPath := map[string]int{} // absolute path of a macro file → its index
	dirs := map[string]bool{}
	for _, i := range pending {
		abs := absPath(cwd, files[i])
		byPath[abs] = i
		dirs[filepath.Dir(abs)] = true
	}
	importers := map[int][]rules.Importer{}
	add := func(path string, imports []string, will []byte, landings map[string]*rules.Landing) {
		for _, imp := range imports {
			if i, ok := byPath[absPath(cwd, imp)]; ok {
				importer := rules.Importer{File: path, Import: imp, Tool: will, Landing: landings[imp]}
				if will == nil { // dropped: formatted again if needed
					importer.Load = func() ([]byte, error) { return reformatted(path, rs.of(path), mo) }
				}
				importers[i] = append(importers[i], importer)
			}
		}
	}
	for i, r := range out {
		// A tool the run does not rewrite (its gate refused) still
		// imports; its imports are read from the tool as it stands.
		if r.src == nil || r.src.kind != rules.TargetTool || !r.src.wf {
			continue
		}
		if r.err == nil {
			will := r.src.src
			if r.changed {
				will = r.out
			}
			add(files[i], r.imports, will, r.landings)
			continue
		}
		if res, err := macros.Expand(files[i], r.src.src, mo); err == nil {
			add(files[i], res.Imports, r.src.src, nil)
		}
	}
	for dir := range dirs {
		if listed[dir] {
			continue
		}
		names, _ := filepath.Glob(filepath.Join(dir, "*.xml"))
		for _, name := range names {
			if inRun[name] {
				continue
			}
			if s, fe := load(name); fe == nil && s.kind == rules.TargetTool {
				if res, err := macros.ExpandTree(s.tree, mo); err == nil {
					add(name, res.Imports, s.src, rules.Landings(res))
				}
			}
		}
	}
	return importers
}

// formatSource formats a loaded file (s and fe as load returns them) with
// the expansion-equality gate, imports resolving as mo says, and, for a
// macro file, the gate of the tools that import it. The advisory findings
// on the output come from the same run, which has parsed and expanded the
// output already. The trees of the versions the run makes are dead when it
// returns (the result holds bytes, strings and offsets only): their
// arrays go to mem's slabs, and the memory of their expansions to its
// arena (either nil for none), for the next file. s.tree, which the
// macro cache may share, is not among them.
func formatSource(path string, s *source, fe *fileError, rs ruleSplit, mo macros.Options, importers []rules.Importer, mem workerMemory) rewriteResult {
	if fe != nil || s.kind == 0 {
		return rewriteResult{src: s, err: fe}
	}
	opts := rules.FormatOptions{Macros: &mo, ExpansionGate: true, Tree: s.tree, Report: rs.note, Importers: importers, Slabs: mem.slabs, Arena: mem.arena}
	res, err := rules.FormatWith(path, s.src, rs.fix, opts)
	defer res.Release()
	if err != nil {
		return rewriteResult{src: s, out: s.src, err: rewriteError(path, err)}
	}
	r := rewriteResult{src: s, out: res.Output, changed: res.Changed, applied: res.Applied}
	for _, d := range res.Findings {
		if d.Advisory && slices.ContainsFunc(rs.note, func(n *rules.Rule) bool { return n.Code == d.Code }) {
			r.notes = append(r.notes, fmt.Sprintf("  %s  %s (advisory)", displayCode(d.Code), d.Message))
		}
	}
	if importsMacros(s.tree) {
		if imports, landings, err := res.Imports(); err == nil {
			r.imports, r.landings = imports, landings
		}
	}
	return r
}

// importsMacros reports whether t is a tool whose <macros> imports macro
// files; only such tools have importers to check.
func importsMacros(t *cst.Tree) bool {
	tool, ok := cst.ToolOf(t)
	if !ok {
		return false
	}
	for range tool.Macros().Imports() {
		return true
	}
	return false
}

// rewriteError describes why the fix loop refused to rewrite a file; every
// such file keeps its bytes.
func rewriteError(path string, err error) *fileError {
	var me *rewrite.MalformedError
	if errors.As(err, &me) {
		return &fileError{path: path, msg: path + ": malformed XML", parse: me.Errors}
	}
	if rules.Fatal(err) {
		return stoppedError(path, err, "; the file was left unchanged")
	}
	return &fileError{path: path, msg: fmt.Sprintf("%s: %v; the file was left unchanged", path, err), cause: err}
}

// displayCode returns the code people see for a diagnostic's code: the
// parent of a partition half.
func displayCode(code string) string {
	if r := rules.Lookup(code); r != nil {
		return r.DisplayCode()
	}
	return code
}
