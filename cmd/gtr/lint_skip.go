package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules"
)

const lintSkipDoc = `
Lint-skip removes the suppressions of .lint_skip files that gtr can prove
unneeded. A .lint_skip file (read as planemo reads it: one linter name a
line, blank lines and lines starting with # ignored) tells planemo lint to
skip linters for the tools of its directory. A PATH may be a .lint_skip
file, a directory (searched recursively for .lint_skip files, hidden
directories skipped) or a file in the directory of one.

For each .lint_skip file, every *.xml file of its directory is loaded; a
malformed one stops the work on that directory with an error. A line goes
only when it names a Galaxy linter whose status in "gtr rules -planemo" is
HAVE, and the rules covering it report nothing for it on any tool of the
directory once format's fixes (the default ruleset's) are made. When some
line needs those fixes, the fixed tools are written too, with the
.lint_skip file, as one transaction: all files or none. A .lint_skip file
left without suppressions is deleted. Lines naming a module, a linter gtr
covers only in part or not at all, or an unknown name stay.

One line is printed for each suppression removed:

	removed from SIDECAR: LINTER (fixed|already clean; CODES)

"fixed" when a tool needed format's fixes, "already clean" otherwise
("would remove" with -check), or, when there is none,

	no .lint_skip suppressions could be provably removed

-check writes nothing and exits 1 when a suppression could be removed.
-backup keeps each file it replaces or deletes as FILE.orig. The exit code
is 1 when a directory had an error, 2 for a usage error or a PATH that
does not exist, 0 otherwise.`

func runLintSkip(e *env, args []string) int {
	fs := e.flagSet()
	check := fs.Bool("check", false, "write nothing; exit 1 if a suppression could be removed")
	backup := fs.Bool("backup", false, "keep each file replaced or deleted as FILE.orig")
	paths, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	if code, ok := e.checkPaths(paths); !ok {
		return code
	}
	sidecars, err := findLintSkips(paths)
	if err != nil {
		e.reportFileError(readError("", err))
		return exitFindings
	}
	verb := "removed"
	if *check {
		verb = "would remove"
	}
	removed, failed := 0, false
	mo := &macros.Options{Cache: macros.NewCache()}
	for _, sidecar := range sidecars {
		plan, old, fe := reconcileDir(sidecar, mo)
		if fe != nil {
			e.reportFileError(fe)
			failed = true
			continue
		}
		if len(plan.Removals) == 0 {
			continue
		}
		if !*check {
			if err := writePlan(sidecar, old, plan, *backup); err != nil {
				e.reportFileError(&fileError{path: sidecar, msg: fmt.Sprintf("cannot write the changes for %s: %s; nothing was changed", sidecar, errText(err))})
				failed = true
				continue
			}
		}
		for _, r := range plan.Removals {
			how := "already clean"
			if r.Fixed {
				how = "fixed"
			}
			fmt.Fprintf(e.stdout, "%s from %s: %s (%s; %s)\n", verb, sidecar, r.Linter, how, strings.Join(r.Codes, ", "))
			removed++
		}
	}
	if removed == 0 && !failed {
		fmt.Fprintln(e.stdout, "no .lint_skip suppressions could be provably removed")
	}
	switch {
	case failed, *check && removed > 0:
		return exitFindings
	}
	return exitOK
}

// findLintSkips returns the .lint_skip files the paths name, sorted and
// without duplicates.
func findLintSkips(paths []string) ([]string, error) {
	var out []string
	add := func(p string) {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			if filepath.Base(p) != ".lint_skip" {
				p = filepath.Join(filepath.Dir(p), ".lint_skip")
				if _, err := os.Stat(p); err != nil {
					continue
				}
			}
			add(filepath.Clean(p))
			continue
		}
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && path != p && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			if !d.IsDir() && d.Name() == ".lint_skip" {
				add(path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	slices.Sort(out)
	return out, nil
}

// reconcileDir reads a .lint_skip file and the tools of its directory and
// decides what can go. It returns the plan and the file's bytes.
func reconcileDir(sidecar string, mo *macros.Options) (*rules.LintSkipPlan, []byte, *fileError) {
	old, err := os.ReadFile(sidecar)
	if err != nil {
		return nil, nil, readError(sidecar, err)
	}
	dir := filepath.Dir(sidecar)
	files, err := filepath.Glob(filepath.Join(dir, "*.xml"))
	if err != nil {
		return nil, nil, readError(dir, err)
	}
	var tools []rules.LintSkipTool
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			return nil, nil, readError(f, err)
		}
		t := cst.Parse(f, src)
		if !t.WellFormed() {
			return nil, nil, &fileError{path: f, msg: fmt.Sprintf("%s: malformed XML; %s left as it is", f, sidecar), parse: t.Errors()}
		}
		if rules.Classify(t) == rules.TargetTool {
			tools = append(tools, rules.LintSkipTool{Path: f, Src: src})
		}
	}
	plan, err := rules.ReconcileLintSkip(tools, old, mo)
	if err != nil {
		return nil, nil, &fileError{path: sidecar, msg: fmt.Sprintf("%s: %v; %s left as it is", dir, err, sidecar)}
	}
	return plan, old, nil
}

// writePlan writes the fixed tools and the new .lint_skip file (or
// deletes it) in one transaction.
func writePlan(sidecar string, old []byte, plan *rules.LintSkipPlan, backup bool) error {
	var changes []fileChange
	for path, data := range plan.Tools {
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if !bytes.Equal(src, data) {
			changes = append(changes, fileChange{path: path, old: src, data: data})
		}
	}
	slices.SortFunc(changes, func(a, b fileChange) int { return strings.Compare(a.path, b.path) })
	changes = append(changes, fileChange{path: sidecar, old: old, data: plan.Sidecar, remove: plan.Sidecar == nil})
	suffix := ""
	if backup {
		suffix = ".orig"
	}
	return writeAll(changes, suffix)
}
