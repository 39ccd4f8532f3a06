package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/column"
	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/config"
	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules"
)

const checkDoc = `
Check reports what the selected rules find in Galaxy tool files and
changes nothing. Files are chosen and classified as by format: <tool> files
get every selected rule, <macros> files the rules that apply to them, other
files are skipped. The default ruleset reports only what format would fix;
-ruleset strict adds the advisory (report-only) checks.

The text output has one line per finding, with a 1-based line and byte
column, then a summary and the references of the codes found:

	PATH:LINE:COL  CODE  message
	PATH:LINE:COL  CODE  message  (advisory)

	F fixable, A advisory finding(s) in N file(s); C file(s) clean; S skipped (not a Galaxy tool or macro file); E errored.

	References (what each code means + how to fix):
	  CODE  URL
	  Run ` + "`gtr rules`" + ` for the full reference.

CODE is the code people see: the parent code (GTR018) of a partition half
(GTR018.1 fixable, GTR018.2 advisory). -output-format json, github or sarif
print machine-readable output instead (see the README for the JSON
structure); their columns count UTF-16 code units, as SARIF and LSP do.
Errors (malformed XML, unreadable files) always go to standard error as
well.

Settings come from the config file governing each file: the nearest
gtr.toml or .gtr.toml in its directory or above it, up to the top of its
git repository, or -config FILE (see "gtr help config"). A directory is
searched for *.xml files without entering hidden directories and leaving
out, inside a git repository, what its .gitignore files and
.git/info/exclude ignore, and what the config file's exclude patterns
and -exclude GLOB match; a PATH named on the command line is always
processed. On a terminal, progress (files done of those found, files per
second, time) is drawn on standard error; -no-progress turns it off, and
nothing is drawn when standard error is a pipe or a file.

PATH - reads one file from standard input and prints its findings as for
a file; -stdin-filename NAME names it in the output, finds its config file
and per-file ignores, and resolves its <import>s relative to NAME (without
it, relative to the working directory).

The exit code is 1 when a file had an error or a finding is fixable, or with
-strict when there is any finding at all (the strict ruleset's semantics:
advisory findings fail too); 2 for a usage error or a PATH that does not
exist; 0 otherwise.`

// checkResult is what checking one file found.
type checkResult struct {
	path  string
	src   *source   // nil when the file could not be read
	found []finding // the rules' findings with their positions, worked out by the worker
	err   *fileError
}

// checkCounts counts findings and files.
type checkCounts struct {
	files, fixable, advisory, flagged, clean, skipped, errored int
}

// checkReporter renders check's results in one output format. file is
// called for every file in path order, then finish once.
type checkReporter interface {
	file(r *checkResult)
	finish(n checkCounts)
}

// outputFormats are the values of -output-format, the first the default.
var outputFormats = []string{"text", "json", "github", "sarif"}

func runCheck(e *env, args []string) int {
	fs := e.flagSet()
	strict := fs.Bool("strict", false, "exit 1 on advisory findings too, not only on fixable ones")
	quiet := fs.Bool("q", false, "leave out the findings; print only errors and the summary (text output)")
	format := fs.String("output-format", "text", "print results as `FORMAT`: text, json, github (workflow annotations) or sarif (SARIF 2.1.0)")
	sel := addSelectionFlags(fs)
	rf := addRunFlags(fs, true)
	paths, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	if paths, code, ok = e.stdinPaths(paths, *rf.stdinName); !ok {
		return code
	}
	if !slices.Contains(outputFormats, *format) {
		msg := fmt.Sprintf("unknown output format %q", *format)
		if s := suggest(*format, outputFormats); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		}
		return e.usageError("%s (want %s)", msg, strings.Join(outputFormats, ", "))
	}
	set, code, ok := e.settings(rf, sel, config.ModeRules, nil, nil)
	if !ok {
		return code
	}
	stdin := isStdin(paths)
	if stdin {
		if code, ok := e.checkStdinPath(set, *rf.stdinName); !ok {
			return code
		}
	} else if code, ok := e.checkRoots(set, paths); !ok {
		return code
	}
	rs := set.split().fix // the rules of the working directory, for the JSON report's list
	if all, err := set.rulesFor(filepath.Join(set.cwd, "-")); err == nil {
		rs = all
	}
	rules.Prepare(rs)

	var rep checkReporter
	switch *format {
	case "json":
		rep = newJSONReporter(e, ranRules(rs))
	case "github":
		rep = &githubReporter{e: e}
	case "sarif":
		rep = newSARIFReporter(e)
	default:
		rep = &textReporter{e: e, quiet: *quiet, cites: map[string]string{}}
	}
	var n checkCounts
	// A finding inside a macro file several tools import is the same edit
	// whichever tool brought it: it is reported with the first of them.
	inMacros := map[macroFinding]bool{}
	tally := func(r *checkResult) {
		r.dropRepeated(inMacros)
		n.files++
		switch {
		case r.err != nil:
			e.reportFileError(r.err)
			n.errored++
		case r.src.kind == 0:
			n.skipped++
		case len(r.found) == 0:
			n.clean++
		default:
			n.flagged++
			for i := range r.found {
				if r.found[i].advisory {
					n.advisory++
				} else {
					n.fixable++
				}
			}
		}
		rep.file(r)
	}
	mo := &macros.Options{Cache: macros.NewCache(), MaxExpansion: *sel.maxExpansion} // one cache: imports are parsed once per run
	if stdin {
		r, code, ok := e.checkStdin(set, *rf.stdinName, mo, *format != "text")
		if !ok {
			return code
		}
		tally(r)
	} else {
		tuneBatch()
		files := startWalkWith(paths, set.walkOptions())
		files.prog = e.startProgress(*rf.noProgress, files.count)
		lender := newMemoryLender()
		lists := make(findingLists, 2*runtime.GOMAXPROCS(0))
		bad := false
		forEachWalked(files, func(path string) *checkResult {
			mem := lender.borrow()
			defer lender.giveBack(mem)
			mem.found = lists
			frs, err := set.rulesFor(path)
			if err != nil {
				return &checkResult{path: path, err: &fileError{path: path, msg: err.Error()}}
			}
			r := checkFile(path, frs, mo, *format != "text", mem)
			set.dropUnselected(r)
			return r
		}, func(walkErrs []error) {
			if walkErrs, bad = e.splitWalkErrors(walkErrs); bad {
				return
			}
			for _, fe := range walkErrors(walkErrs) {
				tally(&checkResult{path: fe.path, err: fe})
			}
		}, func(r *checkResult) {
			if !bad {
				tally(r)
			}
			// Reported: the list of findings goes to a file checked later.
			lists.put(r.found)
			r.found = nil
		})
		files.prog.stop()
		if bad {
			return exitError
		}
	}
	rep.finish(n)

	if n.errored > 0 || n.fixable > 0 || *strict && n.advisory > 0 {
		return exitFindings
	}
	return exitOK
}

// checkFile runs the selected rules over the file at path. The file's
// tree is parsed into mem's slabs and its expansions made in mem's arena
// (either nil for none), both handed back when the findings are worked
// out: the result holds strings, spans and positions only.
func checkFile(path string, rs []*rules.Rule, mo *macros.Options, full bool, mem workerMemory) *checkResult {
	s, fe := loadShared(path, mo.Cache, mem.slabs)
	return checkLoaded(path, s, fe, rs, mo, full, mem)
}

// checkLoaded is checkFile for a file loaded already (s and fe as
// loadShared returns them).
func checkLoaded(path string, s *source, fe *fileError, rs []*rules.Rule, mo *macros.Options, full bool, mem workerMemory) *checkResult {
	r := &checkResult{path: path, src: s, err: fe}
	if fe == nil && s.kind != 0 {
		// Imports resolve from disk next to the tool, so that rules that
		// need Galaxy's expanded view (GTR006, GTR017) see it.
		wmo := *mo
		wmo.Arena = mem.arena
		var dst []rules.Diagnostic
		if mem.diags != nil {
			dst = *mem.diags
		}
		diags, err := rules.CheckInto(context.Background(), s.tree, rs, &wmo, dst)
		if err != nil {
			// An expansion too large to make: an error for this file,
			// and the run goes on.
			r.err = stoppedError(path, err, "")
		}
		r.found = findings(mem.found.get(len(diags)), s.tree, diags, full, mo.Cache)
		if mem.diags != nil && cap(diags) > cap(dst) {
			*mem.diags = diags
		}
		// The list keeps its room for the next file, not the findings.
		clear(diags)
		if mem.arena != nil {
			mem.arena.Reset()
		}
	}
	if fe == nil && s != nil {
		s.releaseTree(mem.slabs) // the findings hold what output needs; errors keep it for columns
	}
	return r
}

// findingLists recycles the lists of findings of a run: each goes back
// once reported (the reporters keep none), for a file checked after.
// Over the corpus the lists of check --ruleset strict came to some 24 MB
// of fresh memory per run (a finding is 176 bytes), about 6% of what the
// run allocated. A nil findingLists recycles nothing.
type findingLists chan []finding

// maxRecycledFindings bounds the lists kept: a rare file of thousands of
// findings does not keep its list for the rest of the run.
const maxRecycledFindings = 4096

// get returns a list of n findings (their contents to be overwritten), a
// recycled one when there is one with room for them.
func (l findingLists) get(n int) []finding {
	select {
	case s := <-l:
		if cap(s) >= n {
			return s[:n]
		}
	default:
	}
	// Room for the usual file: a list fits the next file more often.
	return make([]finding, n, max(n, 64))
}

// put hands back a list whose findings have been reported.
func (l findingLists) put(s []finding) {
	if cap(s) == 0 || cap(s) > maxRecycledFindings {
		return
	}
	clear(s) // what they point to is garbage now
	select {
	case l <- s[:0]:
	default:
	}
}

// macroFinding identifies a finding located in an imported macro file.
type macroFinding struct {
	file, code, message string
	start, end          int
}

// dropRepeated removes from r the findings in macro files that seen holds
// already (another tool importing the same file brought them), and adds
// the others to seen.
func (r *checkResult) dropRepeated(seen map[macroFinding]bool) {
	keep := 0
	// The findings of one file come together: clean its name once.
	var raw, clean string
	for i := range r.found {
		f := &r.found[i]
		file := ""
		if f.elsewhere {
			file = f.file
		}
		if file == "" && r.src != nil && r.src.kind == rules.TargetMacro {
			file = r.path // the macro file's own finding: a tool may have brought it already
		}
		if file != "" {
			if file != raw {
				raw, clean = file, filepath.Clean(file)
			}
			k := macroFinding{clean, f.code, f.message, f.span.Start, f.span.End}
			if seen[k] {
				continue
			}
			seen[k] = true
		}
		keepAt(r, keep, i)
		keep++
	}
	r.found = r.found[:keep]
}

// keepAt moves the i'th finding of r to place keep (keep <= i) of a list
// being filtered in place. Most findings stay where they are: each is a
// few hundred bytes of pointers, which a copy onto itself would move
// through the collector's write barriers.
func keepAt(r *checkResult, keep, i int) {
	if keep != i {
		r.found[keep] = r.found[i]
	}
}

// finding is a diagnostic with its positions worked out for output.
type finding struct {
	code, displayCode string
	file              string   // the file the finding is in: an imported macro file, or the file checked
	elsewhere         bool     // file is an imported macro file
	span              cst.Span // in file: tells findings in a macro file several tools import apart
	via               string   // " (expanded from …)" when the bytes were moved there, else ""
	line, col         int      // start; col in bytes
	endLine, endCol   int      // end (exclusive); endCol in bytes; 0 for text output
	col16, endCol16   int      // the columns in UTF-16 code units; 0 for text output
	message           string
	advisory          bool
	fix               string // what the fix does, or for an advisory finding what to do
}

// findings works out the positions of diags in t, or for a finding in an
// imported macro file in that file's tree (from cache, else read again);
// the end and the UTF-16 columns only with full (the text output needs the
// start in bytes only). It fills out, which has room for diags (each of
// its findings is written whole).
func findings(out []finding, t *cst.Tree, diags []rules.Diagnostic, full bool, cache *macros.Cache) []finding {
	out = out[:len(diags)]
	lines := t.Lines()
	// A rule's findings come together: the display code of the one before
	// is the usual one.
	var lastCode, lastDisplay string
	for i := range diags {
		d := &diags[i] // the findings are large: neither is copied
		if d.Code != lastCode || i == 0 {
			lastCode, lastDisplay = d.Code, displayCode(d.Code)
		}
		f := &out[i]
		*f = finding{code: d.Code, displayCode: lastDisplay, file: t.File(), span: d.Span, message: d.Message,
			advisory: d.Advisory, via: expandedFrom(d.Via), fix: d.Help}
		ft, fl := t, lines
		if d.File != "" {
			f.file, f.elsewhere = d.File, true
			ft = otherTree(d.File, cache)
			if ft != nil {
				fl = ft.Lines()
			}
		}
		switch {
		case d.Pos.Line > 0 && d.Pos.Offset == d.Span.Start: // the rules' own position
			f.line, f.col = d.Pos.Line, d.Pos.Column
		case ft != nil:
			f.line, f.col = fl.LineCol(d.Span.Start)
		}
		if full && ft != nil {
			f.endLine, f.endCol = fl.LineCol(d.Span.End)
			f.col16 = column.InTree(ft, d.Span.Start)
			f.endCol16 = column.InTree(ft, d.Span.End)
		}
		if d.Fix != nil {
			f.fix = d.Fix.Message
		}
	}
	return out
}

// otherTree returns the parse of the macro file at path a finding is in:
// the expansion's, from cache, else the file read again; nil when it
// cannot be read.
func otherTree(path string, cache *macros.Cache) *cst.Tree {
	if cache != nil {
		if t := cache.Tree(path); t != nil {
			return t
		}
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	return cst.Parse(path, src)
}

// textReporter prints check's human-readable output.
type textReporter struct {
	e     *env
	quiet bool
	cites map[string]string // display code → reference URL of the codes found
}

func (t *textReporter) file(r *checkResult) {
	if r.err != nil || len(r.found) == 0 {
		return
	}
	w := t.e.stdout
	// A rule's findings come together: the code of the one before is
	// the usual one, and in cites already.
	cited := ""
	for i := range r.found {
		f := &r.found[i]
		if f.displayCode != cited || i == 0 {
			if _, ok := t.cites[f.displayCode]; !ok {
				t.cites[f.displayCode] = cite(f.code)
			}
			cited = f.displayCode
		}
		if t.quiet {
			continue
		}
		// PATH:LINE:COL  CODE  message[  (advisory)], built in the
		// writer's free buffer.
		b := w.AvailableBuffer()
		b = append(b, f.file...)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(f.line), 10)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(f.col), 10)
		b = append(b, "  "...)
		b = append(b, f.displayCode...)
		b = append(b, "  "...)
		b = append(b, f.message...)
		b = append(b, f.via...)
		if f.advisory {
			b = append(b, "  (advisory)"...)
		}
		b = append(b, '\n')
		w.Write(b)
	}
}

func (t *textReporter) finish(n checkCounts) {
	w := t.e.stdout
	if n.files == 0 {
		fmt.Fprintln(w, "no files checked.")
		return
	}
	fmt.Fprintf(w, "%d fixable, %d advisory finding(s) in %d file(s); %d file(s) clean; %d skipped (not a Galaxy tool or macro file); %d errored.\n",
		n.fixable, n.advisory, n.flagged, n.clean, n.skipped, n.errored)
	if t.quiet || len(t.cites) == 0 {
		return
	}
	codes := make([]string, 0, len(t.cites))
	for c := range t.cites {
		codes = append(codes, c)
	}
	sort.Strings(codes)
	fmt.Fprintf(w, "\nReferences (what each code means + how to fix):\n")
	for _, c := range codes {
		if t.cites[c] != "" {
			fmt.Fprintf(w, "  %s  %s\n", c, t.cites[c])
		}
	}
	fmt.Fprintln(w, "  Run `gtr rules` for the full reference.")
}

// cite returns the reference URL of a code: its rule's own, else its
// parent's.
func cite(code string) string {
	r := rules.Lookup(code)
	if r == nil {
		return ""
	}
	if r.Cite == "" && r.Parent != "" {
		if p := rules.Lookup(r.Parent); p != nil {
			return p.Cite
		}
	}
	return r.Cite
}
