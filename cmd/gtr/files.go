package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules"
)

// targets expands the PATH arguments of a command that processes files.
// A PATH that does not exist is a usage error, reported before anything is
// read or written (exit 2). Problems found inside directories are returned
// as file errors, one per entry, and the walk goes on.
func (e *env) targets(paths []string) (files []string, errs []*fileError, code int, ok bool) {
	if code, ok := e.checkPaths(paths); !ok {
		return nil, nil, code, false
	}
	files, walkErrs := xmlFiles(paths)
	return files, walkErrors(walkErrs), 0, true
}

// reportedTargets is targets for the refactoring commands, which report
// the walk's file errors at once: it returns the files and how many
// errors it reported.
func (e *env) reportedTargets(paths []string) (files []string, errored, code int, ok bool) {
	files, errs, code, ok := e.targets(paths)
	if !ok {
		return nil, 0, code, false
	}
	for _, fe := range errs {
		e.reportFileError(fe)
	}
	return files, len(errs), 0, true
}

// checkPaths reports a usage error when paths is empty or names something
// that does not exist.
func (e *env) checkPaths(paths []string) (code int, ok bool) {
	if len(paths) == 0 {
		return e.usageError("no PATH given"), false
	}
	for _, p := range paths {
		if _, err := os.Stat(p); err != nil {
			e.pathError(p, err)
			return exitError, false
		}
	}
	return 0, true
}

// walkErrors turns the paths a walk could not read into file errors.
func walkErrors(walkErrs []error) []*fileError {
	var errs []*fileError
	for _, err := range walkErrs {
		errs = append(errs, readError("", err))
	}
	return errs
}

// source is one input file, read and parsed.
type source struct {
	path string
	src  []byte
	tree *cst.Tree    // dropped (nil) once a format run no longer needs it
	kind rules.Target // 0 for files gtr skips
	wf   bool         // whether the file is well-formed
	// owned is set when tree was parsed into slabs for this source
	// alone (not shared with a macro cache): whoever is done with it
	// may release it (see releaseTree).
	owned bool
}

// releaseTree hands the tree of s back to slabs, which parsed it, when s
// owns it; s keeps no tree.
func (s *source) releaseTree(slabs *cst.Slabs) {
	if s.owned && s.tree != nil {
		slabs.Release(s.tree)
	}
	s.tree, s.owned = nil, false
}

// load reads and parses the file at path. A file that is neither a tool nor
// a macro file has kind 0 and is skipped whether or not it is well-formed,
// as the predecessor's root sniff does; a malformed tool or macro file is a
// file error.
func load(path string) (*source, *fileError) {
	return loadShared(path, nil, nil)
}

// loadShared is load for a run whose imports resolve through cache (nil
// for none): a macro file the cache has parsed already, imported by a tool
// of the run before it, is not parsed again, and the parse of a macro file
// goes to the cache for the tools that import it after.
func loadShared(path string, cache *macros.Cache, slabs *cst.Slabs) (*source, *fileError) {
	src, err := readFile(path)
	if err != nil {
		return nil, readError(path, err)
	}
	return loadBytes(path, src, cache, slabs)
}

// loadBytes is loadShared for bytes already read (standard input, say),
// called path.
func loadBytes(path string, src []byte, cache *macros.Cache, slabs *cst.Slabs) (*source, *fileError) {
	var t *cst.Tree
	if cache != nil {
		if c := cache.Tree(path); c != nil && bytes.Equal(c.Source(), src) {
			t = c
		}
	}
	owned := false // parsed into slabs here, and shared with no cache
	if t == nil {
		t = slabs.Parse(path, src)
		if cache != nil && t.WellFormed() && rules.Classify(t) == rules.TargetMacro {
			slabs.Keep(t) // the cache keeps it for the whole run
			cache.Seed(path, t)
		} else {
			owned = slabs != nil
		}
	}
	s := &source{path: path, src: src, tree: t, kind: rules.Classify(t), wf: t.WellFormed(), owned: owned}
	if s.kind != 0 && !t.WellFormed() {
		return s, &fileError{path: path, msg: path + ": malformed XML", parse: t.Errors()}
	}
	return s, nil
}

// fileError is why one file could not be processed. It is reported on
// standard error and counted as errored; the run goes on with the next
// file.
type fileError struct {
	path  string
	msg   string        // one line, such as "PATH: malformed XML" or "cannot read PATH: …"
	parse cst.ErrorList // the parse errors of a malformed file
	pos   cst.Position  // where, when known (the first parse error)
	cause error         // the error that stopped the file (a refused rewrite, an expansion past its bound), when there is one
}

func readError(path string, err error) *fileError {
	if path == "" {
		path = pathOf(err)
	}
	return &fileError{path: path, msg: fmt.Sprintf("cannot read %s: %s", path, errText(err))}
}

// stoppedError is the error of a file whose processing stopped
// ([rules.Fatal]): an expansion that grows past its bound, named by the
// macro or token at its file:line:col, or a deadline. note follows the
// message.
func stoppedError(path string, err error, note string) *fileError {
	fe := &fileError{path: path, cause: err}
	var me *macros.Error
	if errors.As(err, &me) && me.Pos.Line > 0 {
		fe.pos = me.Pos
		fe.msg = err.Error() + note
		if me.Pos.File != path {
			// The bound was met in an imported macro file.
			fe.msg = path + ": " + fe.msg
		}
		return fe
	}
	fe.msg = path + ": " + err.Error() + note
	return fe
}

// maxParseErrors bounds the parse errors listed for one malformed file.
const maxParseErrors = 10

// malformedNote follows the parse errors of a malformed file.
const malformedNote = `note: gtr works only on well-formed XML and never guesses at the intended
  structure, so it leaves this file as it is; fix the errors above by hand
  (the first one usually explains the others), then run gtr again`

// print writes the error in the predecessor's form:
//
//	error: PATH: malformed XML
//	  PATH:LINE:COL: message
//	note: …
func (fe *fileError) print(w io.Writer) {
	fmt.Fprintf(w, "error: %s\n", fe.msg)
	if len(fe.parse) == 0 {
		return
	}
	for i, pe := range fe.parse {
		if i == maxParseErrors {
			fmt.Fprintf(w, "  … and %d more errors\n", len(fe.parse)-i)
			break
		}
		fmt.Fprintf(w, "  %s\n", pe)
	}
	fmt.Fprintln(w, malformedNote)
}

// position returns where the error is, when known.
func (fe *fileError) position() cst.Position {
	if len(fe.parse) > 0 {
		return fe.parse[0].Pos
	}
	return fe.pos
}

// reportFileError prints fe on standard error, after what is already on
// standard output.
func (e *env) reportFileError(fe *fileError) {
	e.stdout.Flush()
	fe.print(e.stderr)
}

// pathOf returns the path an error is about, or "".
func pathOf(err error) string {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Path
	}
	if le, ok := err.(*os.LinkError); ok {
		return le.Old
	}
	return ""
}

// errText returns err's message without the operation and path that
// os errors repeat.
func errText(err error) string {
	switch e := err.(type) {
	case *os.PathError:
		return e.Err.Error()
	case *os.LinkError:
		return e.Err.Error()
	}
	return err.Error()
}

// displayPath returns path for diff headers: relative to the working
// directory with forward slashes, so that "git apply" and "patch -p1" run
// there find the file. Paths outside the working directory stay as given.
func displayPath(cwd, path string) string {
	if cwd == "" {
		return filepath.ToSlash(path)
	}
	rel, err := filepath.Rel(cwd, absPath(cwd, path))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(path)
	}
	return filepath.ToSlash(rel)
}

// outcome is what a refactoring command did to one tool: skip says why it
// left the tool alone, else line is the line that reports the change.
type outcome struct{ file, skip, line string }

// reportOutcomes prints a refactoring command's line per tool (`skipped
// FILE: REASON` or its own line) and its summary, "N NOUN, K skipped[, E
// error(s)]", to w, and returns the exit code: 1 when a file errored or,
// with check, when a tool would change; 0 otherwise.
func reportOutcomes(w io.Writer, outs []outcome, noun string, errored int, check bool) int {
	done, skipped := 0, 0
	for _, o := range outs {
		if o.skip != "" {
			skipped++
			fmt.Fprintf(w, "skipped %s: %s\n", o.file, o.skip)
			continue
		}
		done++
		fmt.Fprintln(w, o.line)
	}
	summary := fmt.Sprintf("%d %s, %d skipped", done, noun, skipped)
	if errored > 0 {
		summary += fmt.Sprintf(", %d error(s)", errored)
	}
	fmt.Fprintln(w, summary)
	if errored > 0 || check && done > 0 {
		return exitFindings
	}
	return exitOK
}
