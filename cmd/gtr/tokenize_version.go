package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/galaxy-gtr/gtr/cst/macros"
	toolversion "github.com/galaxy-gtr/gtr/rewrite/version"
	"github.com/galaxy-gtr/gtr/rules"
)

const tokenizeVersionDoc = `
Tokenize-version factors a literal version="<base>+galaxy<suffix>" into the
IUC tokens: the version becomes @TOOL_VERSION@+galaxy@VERSION_SUFFIX@, every
package <requirement> written in the tool with version <base> becomes
@TOOL_VERSION@, and the two tokens are defined in the tool's <macros> (a
<macros> block is created first in the tool when it has none). A PATH may
be a file or a directory, searched recursively for *.xml files; files whose
root is not <tool> are passed over.

The tool is read as Galaxy loads it, with the macro files it imports: a
token already defined, in the tool or an imported file, is used as it is
when its value is the one the tokenization would give it, and is a reason
to skip when it is not. The change is made only when Galaxy's expanded view
of the tool stays the same (the expansion-equality gate: the tokens
substitute back to the bytes they replace); otherwise, and when the version
is not a literal <base>+galaxy<suffix>, no package requirement pins <base>,
or an import cannot be read, the tool is skipped with the reason.

-macros-file NAME puts the tokens in the macro file NAME beside the tool
instead (a plain file name): created when absent, given the tokens it lacks
when present, and imported by the tool. The tools of one directory share
it: they are tokenized together, and declined together when they would give
a token different values or when the change would alter the view of
another tool of the directory that imports NAME.

-adopt-suffix changes the tool's identity: a tool whose bare version equals
a package requirement's gets +galaxy0 and is tokenized (1.20 becomes
@TOOL_VERSION@+galaxy@VERSION_SUFFIX@ with @VERSION_SUFFIX@ 0), gated on the
version being the only change. It cannot be combined with -macros-file.

One line is printed per tool:

	tokenized PATH
	tokenized PATH (-> created|updated|uses NAME)
	adopted +galaxy0 in PATH (published version changed)
	skipped PATH: REASON

("would tokenize", "would adopt" with -check), then "N tokenized, K
skipped" (or "adopted"), with ", E error(s)" when some file had an error.
Every file a run changes is written as one transaction (all or none);
-backup first copies each replaced file to FILE.bak. The exit code is 1
when a file had an error, or with -check when a tool would change; 2 for a
usage error or a PATH that does not exist; 0 otherwise.`

func runTokenizeVersion(e *env, args []string) int {
	fs := e.flagSet()
	check := fs.Bool("check", false, "write nothing; exit 1 if a tool would be tokenized")
	macrosFile := fs.String("macros-file", "", "put the tokens in the macro file `NAME` beside each tool, imported by it")
	adopt := fs.Bool("adopt-suffix", false, "give a bare version equal to a package requirement's +galaxy0, then tokenize (changes the published version)")
	backup := fs.Bool("backup", false, "copy each file to FILE.bak before rewriting it")
	paths, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	if *adopt && *macrosFile != "" {
		return e.usageError("-adopt-suffix cannot be combined with -macros-file")
	}
	if *macrosFile != "" && !toolversion.PlainFileName(*macrosFile) {
		return e.usageError("-macros-file must be a plain filename, not %q", *macrosFile)
	}
	files, errored, code, ok := e.reportedTargets(paths)
	if !ok {
		return code
	}
	mo := macros.Options{Cache: macros.NewCache()}
	opts := toolversion.TokenizeOptions{Macros: mo, MacrosFile: *macrosFile, AdoptSuffix: *adopt}
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
	results, fes := tokenizeAll(tools, opts)
	for _, fe := range fes {
		e.reportFileError(fe)
		errored++
	}
	if !*check {
		if err := writeResults(tokenizedFiles(results), *backup); err != nil {
			fmt.Fprintf(e.stderr, "error: %v; nothing was written\n", err)
			return exitFindings
		}
	}
	outs := make([]outcome, len(results))
	for i, r := range results {
		outs[i] = outcome{file: r.File, skip: r.Skip}
		if r.Skip == "" {
			outs[i].line = tokenizedLine(r, *check)
		}
	}
	noun := "tokenized"
	if *adopt {
		noun = "adopted"
	}
	return reportOutcomes(e.stdout, outs, noun, errored, *check)
}

// tokenizeAll tokenizes tools: one by one inline, by directory with a
// macros file. A tool whose tokenization stops with an error is a file
// error and has no result.
func tokenizeAll(tools []toolversion.Tool, opts toolversion.TokenizeOptions) ([]*toolversion.Tokenized, []*fileError) {
	var out []*toolversion.Tokenized
	var fes []*fileError
	if opts.MacrosFile == "" {
		for _, t := range tools {
			r, err := toolversion.Tokenize(t, opts)
			if err != nil {
				fes = append(fes, rewriteError(t.File, err))
				continue
			}
			out = append(out, r)
		}
		return out, fes
	}
	var dirs []string
	byDir := map[string][]toolversion.Tool{}
	for _, t := range tools {
		d := filepath.Dir(t.File)
		if _, ok := byDir[d]; !ok {
			dirs = append(dirs, d)
		}
		byDir[d] = append(byDir[d], t)
	}
	for _, d := range dirs {
		rs, err := toolversion.TokenizeShared(byDir[d], opts, siblingTools(d, byDir[d]))
		if err != nil {
			for _, t := range byDir[d] {
				fes = append(fes, rewriteError(t.File, err))
			}
			continue
		}
		out = append(out, rs...)
	}
	return out, fes
}

// tokenizedLine is the line of a tool the tokenization changes.
func tokenizedLine(r *toolversion.Tokenized, check bool) string {
	if r.Adopted {
		if check {
			return fmt.Sprintf("would adopt +galaxy0 in %s (published version changed)", r.File)
		}
		return fmt.Sprintf("adopted +galaxy0 in %s (published version changed)", r.File)
	}
	verb := "tokenized"
	if check {
		verb = "would tokenize"
	}
	if r.MacrosFile == "" {
		return verb + " " + r.File
	}
	how := "uses"
	switch _, changed := r.Files[r.MacrosFile]; {
	case r.Created:
		how = "created"
	case changed:
		how = "updated"
	}
	return fmt.Sprintf("%s %s (-> %s %s)", verb, r.File, how, filepath.Base(r.MacrosFile))
}

// tokenizedFiles returns the files the tokenized results write, each once,
// by path, with whether it is new.
func tokenizedFiles(results []*toolversion.Tokenized) []newFile {
	var out []newFile
	for _, r := range results {
		for _, path := range sortedKeys(r.Files) {
			if slices.ContainsFunc(out, func(f newFile) bool { return f.path == path }) {
				continue
			}
			out = append(out, newFile{path: path, data: r.Files[path], create: r.Created && path == r.MacrosFile})
		}
	}
	return out
}

// newFile is a file a command writes: its new bytes, and whether it is
// created.
type newFile struct {
	path   string
	data   []byte
	create bool
}

// writeResults writes files as one transaction (see writeAll), reading
// each replaced file first for its backup.
func writeResults(files []newFile, backup bool) error {
	var fcs []fileChange
	for _, f := range files {
		if f.create {
			fcs = append(fcs, fileChange{path: f.path, data: f.data, create: true})
			continue
		}
		old, err := os.ReadFile(f.path)
		if err != nil {
			return fmt.Errorf("cannot read %s: %s", f.path, errText(err))
		}
		if string(old) == string(f.data) {
			continue
		}
		fcs = append(fcs, fileChange{path: f.path, old: old, data: f.data})
	}
	if len(fcs) == 0 {
		return nil
	}
	bak := ""
	if backup {
		bak = ".bak"
	}
	return writeAll(fcs, bak)
}

// siblingTools returns the tool files of dir (its *.xml files whose root
// is <tool>, not searched recursively) that are not among run, as the
// engines read them: the other tools that may import a macro file of dir.
func siblingTools(dir string, run []toolversion.Tool) []toolversion.Tool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	cwd := workDir()
	inRun := map[string]bool{}
	for _, t := range run {
		if filepath.Dir(absPath(cwd, t.File)) == absPath(cwd, dir) {
			inRun[absPath(cwd, t.File)] = true
		}
	}
	var out []toolversion.Tool
	for _, ent := range entries {
		if ent.IsDir() || filepath.Ext(ent.Name()) != ".xml" {
			continue
		}
		path := filepath.Join(dir, ent.Name())
		if inRun[absPath(cwd, path)] {
			continue
		}
		s, fe := load(path)
		if fe != nil || s.kind != rules.TargetTool {
			continue
		}
		out = append(out, toolversion.Tool{File: path, Src: s.src, Tree: s.tree})
	}
	return out
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
