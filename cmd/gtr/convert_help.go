package main

import (
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite/helpmd"
	"github.com/galaxy-gtr/gtr/rules"
	"github.com/galaxy-gtr/gtr/upgrade"
)

const convertHelpDoc = `
Convert-help (GTR092) rewrites a tool's reStructuredText <help> as CommonMark
with format="markdown", only when Galaxy would show the same help: the RST is
rendered as Galaxy renders it (docutils 0.19, html4css1, read by gtr's own
cst/rst), the Markdown as Galaxy's client renders it (markdown-it 13 with
html: false: CommonMark, tables, strikethrough; gtr renders it with goldmark
set up to match), both HTML trees are reduced to a semantic skeleton (tag
names made canonical, link targets, image sources and list starts kept,
wrapping <div>s and <span>s, classes and layout whitespace dropped) and the
two skeletons must be equal. A PATH may be a file or a directory, searched
recursively for *.xml files; files whose root is not <tool> are passed over.

The edit is minimal: the help's text is replaced (a CDATA help stays one
CDATA section, a plain-text help is written as escaped text) and
format="markdown" is added to <help>; the file is written only when it is
well-formed and Galaxy's macro-expanded view of the tool differs in that help
alone. A help that comes from an imported macro file (an <xml> macro holding
the <help>, or an <expand> inside it) is converted in the macro file, which
is written only when every tool of the run that imports it converts it to
the same bytes; the tools and macro files of a run are written together (all
or none).

A tool is skipped, with the reason, when its profile is below 24.2 (the
schema has no format= on <help> before; run gtr upgrade first), it has no
<help>, its <help> declares a format already or is empty, its help carries a
macro token (@...@), the help is not valid reStructuredText, or the
conversion is not provably render-equivalent: the reason names the first
construct that has no CommonMark form (a definition list, a line block, a
.. class:: paragraph, an image with options, ...) or the first node where
the renderings differ.

One line is printed per tool:

	converted PATH
	skipped PATH: REASON

("would convert" with -check or -diff), then "N converted, K skipped", with
", E error(s)" when some file had an error. -check and -diff write nothing;
-diff prints a unified diff of every file that would change (the other lines
go to standard error). -backup copies each file to FILE.bak before replacing
it.

The exit code is 1 when a file had an error, and with -check when a tool
would be converted (so that a CI step asking "is every convertible help
Markdown yet?" fails until it is); a skipped tool is not a failure. 2 for a
usage error or a PATH that does not exist; 0 otherwise.`

func runConvertHelp(e *env, args []string) int {
	fs := e.flagSet()
	check := fs.Bool("check", false, "write nothing; exit 1 if a help would be converted")
	diff := fs.Bool("diff", false, "write nothing; print a unified diff of the changes on standard output")
	backup := fs.Bool("backup", false, "copy each file to FILE.bak before rewriting it")
	paths, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	files, errored, code, ok := e.reportedTargets(paths)
	if !ok {
		return code
	}
	mo := macros.Options{Cache: macros.NewCache()}
	var results []*helpmd.Converted
	var tools []helpmd.Tool
	for _, path := range files {
		s, fe := load(path)
		if fe != nil {
			e.reportFileError(fe)
			errored++
			continue
		}
		if s.kind != rules.TargetTool {
			continue
		}
		t := helpmd.Tool{File: path, Src: s.src, Tree: s.tree}
		r, err := helpmd.Convert(t, mo)
		if err != nil {
			e.reportFileError(rewriteError(path, err))
			errored++
			continue
		}
		results, tools = append(results, r), append(tools, t)
	}
	helpConsensus(results, tools, mo)
	dry := *check || *diff
	var status io.Writer = e.stdout
	if *diff {
		status = e.stderr
	}
	written := convertedFiles(results)
	if *diff {
		cwd := workDir()
		for _, f := range written {
			old, err := os.ReadFile(f.path)
			if err != nil {
				continue
			}
			e.printDiff(diffText(displayPath(cwd, f.path), old, f.data))
		}
	}
	if !dry {
		if err := writeResults(written, *backup); err != nil {
			fmt.Fprintf(e.stderr, "error: %v; nothing was written\n", err)
			return exitFindings
		}
	}
	verb := "converted"
	if dry {
		verb = "would convert"
	}
	outs := make([]outcome, len(results))
	for i, r := range results {
		outs[i] = outcome{file: r.File, skip: r.Skip, line: verb + " " + r.File}
	}
	return reportOutcomes(status, outs, "converted", errored, *check)
}

// helpConsensus skips the conversions that rewrite a macro file which
// another tool of the run importing it does not rewrite the same way,
// with upgrade's consensus over the macro files of a run. The imports of
// the tools skipped before their expansion are read only when some
// conversion rewrites a macro file.
func helpConsensus(results []*helpmd.Converted, tools []helpmd.Tool, mo macros.Options) {
	macroFile := slices.ContainsFunc(results, func(r *helpmd.Converted) bool {
		return r.Skip == "" && slices.ContainsFunc(sortedKeys(r.Files), func(f string) bool { return f != r.File })
	})
	if !macroFile {
		return
	}
	outs := make([]upgrade.Outcome, len(results))
	for i, r := range results {
		if r.Unexpanded {
			r.Imports = helpmd.Imports(tools[i], mo)
		}
		res := &upgrade.Result{Imports: r.Imports, Files: map[string][]byte{}}
		if r.Skip == "" {
			for f, b := range r.Files {
				if f != r.File {
					res.Files[f] = b
				}
			}
		}
		outs[i] = upgrade.Outcome{File: r.File, Result: res}
	}
	changes := upgrade.Consensus(outs)
	for i, r := range results {
		if r.Skip != "" {
			continue
		}
		for _, m := range changes {
			if _, ok := outs[i].Result.Files[m.File]; ok && !m.Agreed {
				r.Skip = fmt.Sprintf("its help is written in %s, which is not converted: %s", m.File, m.Reason)
				r.Files = nil
				break
			}
		}
	}
}

// convertedFiles returns the files the converted results write, each
// once, in path order.
func convertedFiles(results []*helpmd.Converted) []newFile {
	var out []newFile
	for _, r := range results {
		if r.Skip != "" {
			continue
		}
		for _, path := range sortedKeys(r.Files) {
			if slices.ContainsFunc(out, func(f newFile) bool { return f.path == path }) {
				continue
			}
			out = append(out, newFile{path: path, data: r.Files[path]})
		}
	}
	slices.SortFunc(out, func(a, b newFile) int {
		switch {
		case a.path < b.path:
			return -1
		case a.path > b.path:
			return 1
		}
		return 0
	})
	return out
}
