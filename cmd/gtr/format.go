package main

import (
	"fmt"
	"io"
	"os"

	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/config"
	"github.com/galaxy-gtr/gtr/rules"
)

const formatDoc = `
Format rewrites Galaxy tool files in place with the fixes of the selected
rules (the "default" ruleset unless -ruleset or -select says otherwise), as
minimal byte edits. A PATH may be a file or a directory, searched
recursively for *.xml files (hidden directories are skipped). Each file is
classified by its root element: <tool> files get every selected rule,
<macros> files the selected rules that apply to macro files, and any other
file is skipped. Files are processed in parallel and reported in path
order.

A file is replaced atomically (a temporary file in the same directory,
synced, then renamed over it) and keeps its permission bits; -backup first
copies it to FILE.bak. Every rewrite passes gtr's gates (it re-parses, stays
well-formed, formatting again changes nothing, no byte outside an edit
moves, and Galaxy's macro-expanded view of the tool stays the same up to
layout whitespace and the changes the rules declare) or the file is left
untouched and reported as an error naming the rules. Imports are read from
disk next to the tool; a tool whose imports cannot be read is not
rewritten. A macro file is checked through the tools that import it (those
of the run and those in its directory): each must expand to the same view
with the rewritten macro file. Malformed files are never written: they are
reported as

	error: PATH: malformed XML
	  PATH:LINE:COL: message

Each file gets one line, "reformatted PATH" or "unchanged PATH" ("would
reformat PATH" with -check), followed by the findings of selected advisory
rules as "  CODE  message (advisory)". The last line counts files:

	N file(s) reformatted, M file(s) left unchanged, K skipped (not a Galaxy tool), E errored.

-check and -diff write nothing. -diff prints a unified diff with a/PATH and
b/PATH headers, PATH relative to the current directory, so that "git apply"
or "patch -p1" there makes the same change; the per-file lines and the
summary then go to standard error. -q leaves out the per-file lines.

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

PATH - reads one file from standard input and writes it formatted to
standard output (nothing else is printed there; with -check nothing at
all, with -diff the diff). A file that cannot be formatted is reported on
standard error and written back as it came, with exit code 1, so that an
editor piping a buffer through gtr never loses it. -stdin-filename NAME
names it in messages, finds its config file and per-file ignores, and
resolves its <import>s relative to NAME (without it, relative to the
working directory).

The exit code is 1 when a file had an error, or with -check when a file
would change; 2 for a usage error or a PATH that does not exist; 0
otherwise.`

// formatCounts counts files by outcome.
type formatCounts struct {
	changed, unchanged, skipped, errored int
}

func runFormat(e *env, args []string) int {
	fs := e.flagSet()
	check := fs.Bool("check", false, "write nothing; exit 1 if any file would change")
	diff := fs.Bool("diff", false, "write nothing; print a unified diff of the changes on standard output")
	backup := fs.Bool("backup", false, "copy each file to FILE.bak before rewriting it")
	quiet := fs.Bool("q", false, "leave out the per-file lines; print only errors and the summary")
	sel := addSelectionFlags(fs)
	rf := addRunFlags(fs, true)
	paths, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	if paths, code, ok = e.stdinPaths(paths, *rf.stdinName); !ok {
		return code
	}
	set, code, ok := e.settings(rf, sel, config.ModeRules, nil, nil)
	if !ok {
		return code
	}
	if isStdin(paths) {
		return e.formatStdin(set, *rf.stdinName, *check, *diff)
	}
	if code, ok := e.checkRoots(set, paths); !ok {
		return code
	}
	split := set.split()
	rules.Prepare(split.fix)
	// Files are formatted as the walk finds them.
	w := startWalkWith(paths, set.walkOptions())
	w.prog = e.startProgress(*rf.noProgress, w.count)
	defer w.prog.stop()

	write := !*check && !*diff
	// With -diff, standard output holds only the patch.
	var status io.Writer = e.stdout
	if *diff {
		status = e.stderr
	}
	cwd, _ := os.Getwd()
	var n formatCounts
	files, results := rewriteWalk(w, split, !*check)
	w.prog.stop()
	walkErrs, _ := w.ended()
	walkErrs, bad := e.splitWalkErrors(walkErrs)
	if bad {
		return exitError
	}
	for _, fe := range walkErrors(walkErrs) {
		e.reportFileError(fe)
		n.errored++
	}
	forEachOrdered(len(files), func(i int) rewriteResult {
		r := results[i]
		if write && r.changed && r.err == nil {
			if err := writeFile(files[i], r.src.src, r.out, *backup); err != nil {
				r.err = &fileError{path: files[i], msg: fmt.Sprintf("cannot write %s: %s", files[i], errText(err))}
			}
		}
		return r
	}, func(i int, r rewriteResult) {
		path := files[i]
		switch {
		case r.err != nil:
			e.reportFileError(r.err)
			n.errored++
			return
		case r.skipped():
			n.skipped++
			return
		case !r.changed:
			n.unchanged++
			if *quiet || *check || *diff {
				return
			}
			fmt.Fprintf(status, "unchanged %s\n", path)
		default:
			n.changed++
			if *diff {
				name := displayPath(cwd, path)
				e.printDiff(diffText(name, r.src.src, r.out))
			}
			switch {
			case *quiet:
				return
			case *check:
				fmt.Fprintf(status, "would reformat %s\n", path)
			case *diff:
				return
			default:
				fmt.Fprintf(status, "reformatted %s\n", path)
			}
		}
		for _, note := range r.notes {
			fmt.Fprintln(status, note)
		}
	})

	e.stdout.Flush()
	fmt.Fprintln(status, n.summary(!write))
	if n.errored > 0 || *check && n.changed > 0 {
		return exitFindings
	}
	return exitOK
}

// summary returns the last line of format, in black's style.
func (n formatCounts) summary(dryRun bool) string {
	if n == (formatCounts{}) {
		return "no files processed."
	}
	if dryRun {
		return fmt.Sprintf("%d file(s) would be reformatted, %d file(s) would be left unchanged, %d skipped (not a Galaxy tool), %d errored.",
			n.changed, n.unchanged, n.skipped, n.errored)
	}
	return fmt.Sprintf("%d file(s) reformatted, %d file(s) left unchanged, %d skipped (not a Galaxy tool), %d errored.",
		n.changed, n.unchanged, n.skipped, n.errored)
}
