package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
	toolversion "github.com/galaxy-gtr/gtr/rewrite/version"
	"github.com/galaxy-gtr/gtr/rules"
)

const bumpVersionSuffixDoc = `
Bump-version-suffix raises the +galaxy<N> revision suffix of each tool's
version by one (+galaxy7 becomes +galaxy8). It changes the tool's published
version: run it when a published tool's content changed; it does not tell
whether it did. A PATH may be a file or a directory, searched recursively
for *.xml files; files whose root is not <tool> are passed over.

The suffix is edited where it is written, as Galaxy's expanded view with
provenance tells: in the version attribute, in the token that holds it in
the tool's <macros> (such as @VERSION_SUFFIX@), or in an imported macro
file. A suffix written in an imported macro file moves every tool that
imports it: with -scope suite (the default) the file is bumped once and the
line lists the other tools it lifts (those of the run and of the file's
directory that import it); -scope per-tool declines and says so. The bump is
made only when the version's suffix is the only change to the view of each
tool the edit reaches; otherwise, and when the suffix is not an integer or
the version has none, the tool is skipped with the reason.

One line is printed per tool:

	bumped PATH to VERSION (published revision changed)
	bumped PATH via MACROS (published revision changed) (also lifts PATH, …)
	skipped PATH: REASON

("would bump" with -check), then "N bumped, K skipped", with ", E
error(s)" when some file had an error. A tool of the run lifted by a macro
file bumped for an earlier one is reported "(with PATH)" and not bumped
again. Every file a run changes is written as one transaction (all or
none); -backup first copies each replaced file to FILE.bak. The exit code
is 1 when a file had an error, or with -check when a tool would be bumped;
2 for a usage error or a PATH that does not exist; 0 otherwise.`

func runBumpVersionSuffix(e *env, args []string) int {
	fs := e.flagSet()
	scope := fs.String("scope", "suite", "how to bump a suffix held in an imported macro file: `suite` (once, for every importer) or per-tool (decline)")
	check := fs.Bool("check", false, "write nothing; exit 1 if a tool would be bumped")
	backup := fs.Bool("backup", false, "copy each file to FILE.bak before rewriting it")
	paths, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	if *scope != "suite" && *scope != "per-tool" {
		return e.usageError("-scope: want suite or per-tool, got %q", *scope)
	}
	files, errored, code, ok := e.reportedTargets(paths)
	if !ok {
		return code
	}
	mo := macros.Options{Cache: macros.NewCache()}
	var tools []toolversion.Tool
	for _, path := range files {
		s, fe := load(path)
		if fe != nil {
			e.reportFileError(fe)
			errored++
			continue
		}
		if s.kind == rules.TargetTool {
			tools = append(tools, toolversion.Tool{File: path, Src: s.src, Tree: s.tree})
		}
	}
	imp := &importerIndex{run: tools, opts: mo, found: map[string][]toolversion.Tool{}, imports: map[string][]string{}}
	opts := toolversion.BumpOptions{Macros: mo, PerTool: *scope == "per-tool", Importers: imp.of}
	var results []*toolversion.Bumped
	lifted := map[string]*toolversion.Bumped{} // tool → the bump of a macro file that lifts it
	var writes []newFile
	for _, t := range tools {
		// A tool lifted by an earlier bump of a shared macro file is not
		// bumped again.
		if by, ok := lifted[filepath.Clean(t.File)]; ok {
			results = append(results, &toolversion.Bumped{File: t.File, Via: by.Via, Lifts: []string{by.File}})
			continue
		}
		r, err := toolversion.Bump(t, opts)
		if err != nil {
			e.reportFileError(rewriteError(t.File, err))
			errored++
			continue
		}
		results = append(results, r)
		if r.Skip != "" {
			continue
		}
		for _, l := range r.Lifts {
			lifted[filepath.Clean(l)] = r
		}
		for _, path := range sortedKeys(r.Files) {
			writes = append(writes, newFile{path: path, data: r.Files[path]})
		}
	}
	if !*check {
		if err := writeResults(writes, *backup); err != nil {
			fmt.Fprintf(e.stderr, "error: %v; nothing was written\n", err)
			return exitFindings
		}
	}
	outs := make([]outcome, len(results))
	for i, r := range results {
		outs[i] = outcome{file: r.File, skip: r.Skip}
		if r.Skip == "" {
			outs[i].line = bumpedLine(r, *check)
		}
	}
	return reportOutcomes(e.stdout, outs, "bumped", errored, *check)
}

// bumpedLine is the line of a bumped tool.
func bumpedLine(r *toolversion.Bumped, check bool) string {
	verb := "bumped"
	if check {
		verb = "would bump"
	}
	if r.Via == "" {
		return fmt.Sprintf("%s %s to %s (published revision changed)", verb, r.File, r.New)
	}
	line := fmt.Sprintf("%s %s via %s (published revision changed)", verb, r.File, r.Via)
	switch {
	case r.Files == nil && len(r.Lifts) == 1:
		line += " (with " + r.Lifts[0] + ")"
	case len(r.Lifts) > 0:
		line += " (also lifts " + strings.Join(r.Lifts, ", ") + ")"
	}
	return line
}

// importerIndex finds the tools that import a macro file: those of the
// run and those of the file's directory. Each tool is expanded once, for
// the files it imports.
type importerIndex struct {
	run     []toolversion.Tool
	opts    macros.Options
	found   map[string][]toolversion.Tool // by cleaned macro file path
	imports map[string][]string           // by tool path: the cleaned paths it imports
}

// of returns the tools importing the macro file at path, the run's first,
// then its directory's, in path order.
func (x *importerIndex) of(path string) ([]toolversion.Tool, error) {
	key := filepath.Clean(path)
	if ts, ok := x.found[key]; ok {
		return ts, nil
	}
	var out []toolversion.Tool
	for _, t := range append(slices.Clone(x.run), siblingTools(filepath.Dir(path), x.run)...) {
		if slices.Contains(x.importsOf(t), key) {
			out = append(out, t)
		}
	}
	x.found[key] = out
	return out, nil
}

// importsOf returns the cleaned paths of the macro files t imports.
func (x *importerIndex) importsOf(t toolversion.Tool) []string {
	if imps, ok := x.imports[t.File]; ok {
		return imps
	}
	var imps []string
	if view, err := macros.ExpandTree(t.Tree, x.opts); err == nil {
		for _, p := range view.Imports {
			imps = append(imps, filepath.Clean(p))
		}
	}
	x.imports[t.File] = imps
	return imps
}
