package main

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/column"
	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/config"
	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/mcpserver"
	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
)

// workTree is the working tree of "gtr mcp": check_paths and format_paths
// run the walk and the engines of gtr check and gtr format over it, so
// that they find, check, format and write files as those commands do.
// Its root is the server's working directory, which the server never
// changes: paths are walked relative to it, so messages and diffs name
// files as the commands run there would.
type workTree struct {
	root string
	once sync.Once
}

// tune asks, on the first run, for the heap backed by huge pages, as a
// run of gtr check or gtr format does (useHugePages): then the heap is
// fresh and the request costs nothing. tuneBatch's memory limit is the
// command's, not the server's, and on later runs the heap the first one
// grew is reused, so a request per run would only clear hundreds of
// megabytes for nothing (it cost a dry run over the corpus 0.7 s).
func (w *workTree) tune() {
	w.once.Do(func() { useHugePages(batchHeap) })
}

func (w *workTree) Root() string { return w.root }

// relative returns the path of abs, inside the root, relative to it.
func (w *workTree) relative(abs string) string {
	rel, err := filepath.Rel(w.root, abs)
	if err != nil {
		return abs
	}
	return rel
}

// slash returns the slash-separated path of a file the walk found, as
// the results name it.
func (w *workTree) slash(path string) string {
	if filepath.IsAbs(path) {
		path = w.relative(path)
	}
	return filepath.ToSlash(filepath.Clean(path))
}

// walk starts the walk of req's paths, leaving out the files in the
// directories walked that req.Exclude matches (a file named in the paths
// is always processed, as ruff does).
//
// The walk is the CLI's: .gitignore-aware, with the exclude patterns of
// the config files found; the rules of each file are the request's
// selection layered over its config file, as the CLI's flags are.
func (w *workTree) walk(req mcpserver.PathsRequest) *walk {
	roots := make([]string, len(req.Paths))
	named := map[string]bool{}
	for i, p := range req.Paths {
		roots[i] = w.relative(p)
		named[filepath.Clean(roots[i])] = true
	}
	wk := &walk{listed: map[string]bool{}}
	wk.grown.L = &wk.mu
	// A directory with excluded files is not listed in full: the check
	// of a macro file through its importers must read them from disk.
	var listed func(string)
	if len(req.Exclude) == 0 {
		listed = func(dir string) {
			wk.mu.Lock()
			wk.listed[dir] = true
			wk.mu.Unlock()
		}
	}
	// The walk leaves out what the CLI's walk leaves out: what .gitignore
	// files and .git/info/exclude ignore, and the exclude patterns of the
	// config file governing each directory.
	var opts walkOptions
	if set := w.settings(req); set != nil {
		opts = set.walkOptions()
	}
	go func() {
		errs := walkXMLFilesWith(roots, opts, func(path string) {
			if !named[filepath.Clean(path)] && mcpserver.ExcludeMatch(w.slash(path), req.Exclude) {
				return
			}
			wk.mu.Lock()
			wk.files = append(wk.files, path)
			wk.mu.Unlock()
			wk.grown.Broadcast()
		}, listed)
		wk.mu.Lock()
		wk.errs, wk.done = errs, true
		wk.mu.Unlock()
		wk.grown.Broadcast()
	}()
	return wk
}

// settings returns the settings of a request: its selection as the flags
// layer over the config files governing each file, as the CLI layers
// them; nil when the selection does not resolve that way (the request's
// resolved rules then apply to every file).
func (w *workTree) settings(req mcpserver.PathsRequest) *runSettings {
	set, err := newSettings(settingsOptions{mode: config.ModeRules,
		flags: config.Flags{Rulesets: req.Rulesets, Select: req.Select, Ignore: req.Ignore}})
	if err != nil {
		return nil
	}
	return set
}

// checked is the outcome of checking one file, and whether the file is a
// macro file.
type checked struct {
	mcpserver.FileOutcome
	macro bool
}

func (w *workTree) Check(ctx context.Context, req mcpserver.PathsRequest, progress func(done, total int)) ([]mcpserver.FileOutcome, error) {
	rules.Prepare(req.Rules)
	w.tune()
	wk := w.walk(req)
	mo := &macros.Options{Cache: macros.NewCache()} // one cache: imports are parsed once per run
	lender := newMemoryLender()
	var out []mcpserver.FileOutcome
	seen := map[string]bool{}
	total := 0
	set := w.settings(req)
	forEachWalked(wk, func(path string) checked {
		mem := lender.borrow()
		defer lender.giveBack(mem)
		rs := req.Rules
		if set != nil {
			if own, err := set.rulesFor(path); err == nil {
				rs = own
			}
		}
		return w.checkOne(ctx, path, rs, mo, mem)
	}, func(walkErrs []error) {
		files, _ := wk.found()
		total = len(files) + len(walkErrs)
		for _, fe := range walkErrors(walkErrs) {
			out = append(out, mcpserver.FileOutcome{Path: w.slash(fe.path), Error: w.fileError(fe, nil)})
		}
	}, func(c checked) {
		c.dropRepeated(seen)
		out = append(out, c.FileOutcome)
		progress(len(out), total)
	})
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// checkOne checks the file at path as gtr check does, imports read from
// disk through mo's cache; the findings are turned into violations while
// the file's tree, parsed into mem's slabs, is still there.
func (w *workTree) checkOne(ctx context.Context, path string, rs []*rules.Rule, mo *macros.Options, mem workerMemory) checked {
	c := checked{FileOutcome: mcpserver.FileOutcome{Path: w.slash(path)}}
	if ctx.Err() != nil {
		return c // the call is over: the run returns its context's error
	}
	s, fe := loadShared(path, mo.Cache, mem.slabs)
	if s != nil {
		defer s.releaseTree(mem.slabs)
	}
	switch {
	case fe != nil:
		c.Error = w.fileError(fe, s)
		return c
	case s.kind == 0:
		c.Skipped = "not a Galaxy tool or macro file"
		return c
	}
	c.macro = s.kind == rules.TargetMacro
	wmo := *mo
	wmo.Arena = mem.arena
	defer mem.arena.Reset()
	diags, err := rules.CheckContext(ctx, s.tree, rs, &wmo)
	if err != nil {
		c.Error = w.fileError(stoppedError(path, err, ""), s)
		return c
	}
	c.Violations = mcpserver.FileViolations(s.tree, c.Path, diags[:min(len(diags), mcpserver.MaxViolations)], func(file string) (*cst.Tree, string) {
		return otherTree(file, mo.Cache), w.slash(file)
	})
	c.Truncated = len(diags) > mcpserver.MaxViolations
	for _, d := range diags {
		if d.Advisory {
			c.Advisory++
		} else {
			c.Fixable++
		}
	}
	return c
}

// dropRepeated removes the findings in macro files that seen holds
// already (another tool importing the file brought them), as gtr check
// reports each once, and adds the others to seen.
func (c *checked) dropRepeated(seen map[string]bool) {
	keep := c.Violations[:0]
	for _, v := range c.Violations {
		if v.File != c.Path || c.macro {
			k := fmt.Sprintf("%s\x00%s\x00%s\x00%d:%d-%d:%d", v.File, v.Code, v.Message, v.Line, v.Column, v.EndLine, v.EndColumn)
			if seen[k] {
				if v.Advisory {
					c.Advisory--
				} else {
					c.Fixable--
				}
				continue
			}
			seen[k] = true
		}
		keep = append(keep, v)
	}
	c.Violations = keep
}

func (w *workTree) Format(ctx context.Context, req mcpserver.PathsRequest, progress func(done, total int)) ([]mcpserver.FileOutcome, error) {
	rules.Prepare(req.Rules)
	w.tune()
	wk := w.walk(req)
	split := splitRules(req.Rules)
	if set := w.settings(req); set != nil {
		split = set.split()
	}
	done := 0
	files, results := rewriteWalkDone(wk, split, !req.DryRun || req.Diff, func() {
		done++
		found, _ := wk.found()
		progress(done, len(found))
	})
	walkErrs, _ := wk.ended()
	var out []mcpserver.FileOutcome
	for _, fe := range walkErrors(walkErrs) {
		out = append(out, mcpserver.FileOutcome{Path: w.slash(fe.path), Error: w.fileError(fe, nil)})
	}
	if err := ctx.Err(); err != nil {
		return nil, err // past the deadline: write nothing
	}
	write := !req.DryRun
	forEachOrdered(len(files), func(i int) mcpserver.FileOutcome {
		r := results[i]
		o := mcpserver.FileOutcome{Path: w.slash(files[i])}
		switch {
		case r.err != nil:
			o.Error = w.fileError(r.err, r.src)
			return o
		case r.skipped():
			o.Skipped = "not a Galaxy tool or macro file"
			return o
		}
		o.Changed = r.changed
		o.Notes = r.notes
		if r.changed {
			o.AppliedCodes = appliedCodes(r.applied)
			if req.Diff {
				o.Diff = diffText(o.Path, r.src.src, r.out)
			}
		}
		if write && r.changed {
			if err := writeFile(files[i], r.src.src, r.out, false); err != nil {
				o.Error = &mcpserver.FileError{Path: o.Path, ErrorKind: mcpserver.FileWriteFailed,
					Message: fmt.Sprintf("cannot write %s: %s", o.Path, errText(err))}
				return o
			}
			o.Written = true
		}
		return o
	}, func(_ int, o mcpserver.FileOutcome) {
		out = append(out, o)
	})
	return out, nil
}

// appliedCodes returns the sorted codes of the fixes applied.
func appliedCodes(applied []rewrite.Applied) []string {
	return rewrite.Result{Applied: applied}.Codes()
}

// fileError turns a file's error into the MCP one, with its kind, and its
// position when known (the column in UTF-16 units when s holds the file's
// tree).
func (w *workTree) fileError(fe *fileError, s *source) *mcpserver.FileError {
	e := &mcpserver.FileError{Path: w.slash(fe.path), ErrorKind: fileErrorKind(fe), Message: fe.msg}
	if len(fe.parse) > 0 {
		e.Message += ": " + fe.parse[0].Error()
		if n := len(fe.parse); n > 1 {
			e.Message += fmt.Sprintf(" (and %d more errors)", n-1)
		}
	}
	if pos := fe.position(); pos.Line > 0 && (pos.File == "" || filepath.Clean(pos.File) == filepath.Clean(fe.path)) {
		e.Line, e.Column = pos.Line, pos.Column
		if s != nil && s.tree != nil {
			e.Column = column.InTree(s.tree, pos.Offset)
		}
	}
	return e
}

// fileErrorKind returns the MCP error kind of a file's error.
func fileErrorKind(fe *fileError) string {
	var ge *rewrite.GateError
	var ce *rewrite.ConvergenceError
	var me *macros.Error
	switch {
	case len(fe.parse) > 0:
		return mcpserver.KindInvalidXML
	case errors.As(fe.cause, &ge):
		return mcpserver.KindGateFailed
	case errors.As(fe.cause, &ce):
		return mcpserver.KindFailedToConverge
	case errors.As(fe.cause, &me) && me.Kind == macros.ErrTooLarge:
		return mcpserver.KindExpansionTooLarge
	case fe.cause != nil && rules.Fatal(fe.cause):
		return mcpserver.KindTimeout
	case strings.HasPrefix(fe.msg, "cannot read "):
		return mcpserver.FileUnreadable
	case strings.HasPrefix(fe.msg, "cannot write "):
		return mcpserver.FileWriteFailed
	}
	return mcpserver.KindInternalError
}
