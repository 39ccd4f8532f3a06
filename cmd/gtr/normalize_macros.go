package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules"
	"github.com/galaxy-gtr/gtr/upgrade"
)

const normalizeMacrosDoc = `
Normalize-macros writes the datatype names of macro libraries (files whose
root is <macros>) as GTR010 writes them in a tool: format, ftype and ext
values lower-cased and trimmed (an input <param>'s format name by name in
its comma-separated list), a value left empty removed (except on <when>).
A value holding a token (@NAME@) is left alone: each importer gives it its
own value. A PATH may be a file or a directory, searched recursively for
*.xml files; each macro file found is normalized once, in path order.

Where a value is used decides how it reads (a list on an input, one name
elsewhere): the tools that import the macro file tell, those of the run
and those of the file's own directory. An element no such tool uses reads
by its tag. The change is written only when the expansion-equality gate
agrees for every one of those tools (each view may change only as GTR010
declares) and for the macro file itself (only its datatype names change).
It is a separate command, never part of format or upgrade, because it
rewrites files other than the tools named: a shared macro file changes
every tool that imports it.

One line is printed per macro file that changes:

	normalized MACROS (N element(s))

("would normalize" with -check), followed by the values left as they are
and why, indented; "skipped MACROS: REASON" for a file the gate refuses;
"skipped (could not parse): MACROS" on standard error for a malformed one;
"no macro-library files needed normalization" when nothing changes. Every
file a run changes is written as one transaction (all or none); -backup
first copies each to FILE.bak. The exit code is 1 when a file could not be
read or parsed, or with -check when a file would change; 2 for a usage
error or a PATH that does not exist; 0 otherwise.`

func runNormalizeMacros(e *env, args []string) int {
	fs := e.flagSet()
	check := fs.Bool("check", false, "write nothing; exit 1 if a macro file would change")
	backup := fs.Bool("backup", false, "copy each file to FILE.bak before rewriting it")
	paths, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	files, errored, code, ok := e.reportedTargets(paths)
	if !ok {
		return code
	}
	failed := errored > 0
	mo := macros.Options{Cache: macros.NewCache()}
	var libs []*source
	var docs []*upgrade.Doc
	seen := map[string]bool{}
	addDoc := func(s *source) {
		if key := absPath(workDir(), s.path); !seen[key] {
			seen[key] = true
			docs = append(docs, upgrade.NewDoc(s.path, s.src, mo))
		}
	}
	for _, path := range files {
		s, fe := load(path)
		switch {
		case fe != nil && s != nil && s.kind == rules.TargetMacro:
			e.stdout.Flush()
			fmt.Fprintf(e.stderr, "skipped (could not parse): %s\n", path)
			failed = true
		case fe != nil:
			e.reportFileError(fe)
			failed = true
		case s.kind == rules.TargetMacro:
			libs = append(libs, s)
		case s.kind == rules.TargetTool:
			addDoc(s)
		}
	}
	slices.SortFunc(libs, func(a, b *source) int { return strings.Compare(a.path, b.path) })
	// The tools beside each macro file import it most often.
	for _, lib := range libs {
		for _, sib := range siblingSources(filepath.Dir(lib.path)) {
			addDoc(sib)
		}
	}
	var results []*upgrade.MacroFormats
	var writes []newFile
	for _, lib := range libs {
		r, err := upgrade.NormalizeMacroFormats(lib.path, lib.src, docs)
		if err != nil {
			e.stdout.Flush()
			fmt.Fprintf(e.stderr, "skipped (could not parse): %s\n", lib.path)
			failed = true
			continue
		}
		results = append(results, r)
		if r.Data != nil {
			writes = append(writes, newFile{path: lib.path, data: r.Data})
		}
	}
	if !*check {
		if err := writeResults(writes, *backup); err != nil {
			fmt.Fprintf(e.stderr, "error: %v; nothing was written\n", err)
			return exitFindings
		}
	}
	verb := "normalized"
	if *check {
		verb = "would normalize"
	}
	changed := 0
	for _, r := range results {
		switch {
		case r.Data != nil:
			changed++
			fmt.Fprintf(e.stdout, "%s %s (%d element(s))\n", verb, r.File, r.Elements)
			for _, why := range r.Refused {
				fmt.Fprintf(e.stdout, "  %s\n", why)
			}
		case len(r.Refused) > 0:
			for _, why := range r.Refused {
				fmt.Fprintf(e.stdout, "skipped %s: %s\n", r.File, why)
			}
		}
	}
	if changed == 0 {
		fmt.Fprintln(e.stdout, "no macro-library files needed normalization")
	}
	switch {
	case failed, *check && changed > 0:
		return exitFindings
	}
	return exitOK
}

// siblingSources returns the tool files of dir (its *.xml files whose
// root is <tool>, not searched recursively), read and parsed.
func siblingSources(dir string) []*source {
	var out []*source
	for _, t := range siblingTools(dir, nil) {
		out = append(out, &source{path: t.File, src: t.Src, tree: t.Tree, kind: rules.TargetTool, wf: true})
	}
	return out
}
