package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/config"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
)

const diffDoc = `
Diff prints the unified diff that "gtr format" would make, and writes
nothing. Headers name a/PATH and b/PATH with PATH relative to the current
directory (a file outside it by its absolute path without the leading
slash, as git diff names one), so that

	gtr diff tools/ > fix.patch && git apply fix.patch

run in that directory leaves the files exactly as "gtr format tools/" would
(and "patch -p1" works the same way). Files are chosen and classified as by
format; errors (malformed XML, a rewrite a gate refuses) go to standard
error. Colours are used only when standard output is a terminal and NO_COLOR
is not set.

With -base GITREF, only the files changed since GITREF are considered: the
files under PATH (default ".") that "git diff --name-only
--diff-filter=ACMR GITREF" lists (added, copied, modified or renamed, staged
or not), plus untracked files that are not ignored, since a tool file
written but not yet added is just as new. Deleted files are left out. This
is for pull requests: "gtr diff -base origin/main" shows what gtr would
change in the tools a branch touches.

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

PATH - diffs one file read from standard input, named a/NAME and b/NAME
after -stdin-filename NAME (which also finds its config file and resolves
its <import>s), else "-".

With -output-format github-review (which needs -base), diff prints
instead the JSON body of GitHub's "create a review for a pull request"
request (POST /repos/OWNER/REPO/pulls/NUMBER/reviews), for a pull request
whose diff is "git diff GITREF": one comment per change, on the lines of
the head version it replaces (line, start_line, side RIGHT), holding a
suggestion block with the new lines and naming the rules that make the
change. GitHub takes comments only on lines the pull request's diff
shows; a change elsewhere (or one that adds or removes the newline at the
end of a file, or touches CRLF lines) goes into the review's body as a
patch that applies to the head version. Paths are relative to the
repository root, commit_id is HEAD and the event is COMMENT. With nothing
to change, comments is empty and body is "". For a pull request, GITREF
is the merge base of the head and the target branch:

	gtr diff -base "$(git merge-base origin/main HEAD)" -output-format github-review > review.json
	gh api repos/OWNER/REPO/pulls/NUMBER/reviews --input review.json

The exit code is 1 when the diff is not empty or a file had an error, 2 for
a usage error, a PATH that does not exist or a failing git command, and 0
otherwise.`

// diffFormats are the values of diff's -output-format, the first the
// default.
var diffFormats = []string{"text", "github-review"}

func runDiff(e *env, args []string) int {
	fs := e.flagSet()
	base := fs.String("base", "", "consider only files changed since git revision `GITREF` (and untracked files)")
	format := fs.String("output-format", "text", "print `FORMAT`: text (a unified diff) or github-review (a pull request review with suggestions; needs -base)")
	sel := addSelectionFlags(fs)
	rf := addRunFlags(fs, true)
	paths, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	if paths, code, ok = e.stdinPaths(paths, *rf.stdinName); !ok {
		return code
	}
	if !slices.Contains(diffFormats, *format) {
		msg := fmt.Sprintf("unknown output format %q", *format)
		if s := suggest(*format, diffFormats); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		}
		return e.usageError("%s (want %s)", msg, strings.Join(diffFormats, ", "))
	}
	if *format == "github-review" && *base == "" {
		return e.usageError("-output-format github-review needs -base GITREF, the commit the pull request's diff starts from")
	}
	if len(paths) == 0 && *base != "" {
		paths = []string{"."}
	}
	set, code, ok := e.settings(rf, sel, config.ModeRules, nil, nil)
	if !ok {
		return code
	}
	if isStdin(paths) {
		if *base != "" {
			return e.usageError("-base cannot be used with - (standard input)")
		}
		return e.diffStdin(set, *rf.stdinName)
	}
	if code, ok := e.checkRoots(set, paths); !ok {
		return code
	}
	split := set.split()
	rules.Prepare(split.fix)
	files, walkErrs := walkFiles(paths, set.walkOptions())
	walkErrs, bad := e.splitWalkErrors(walkErrs)
	if bad {
		return exitError
	}
	if *base != "" {
		changed, err := gitChanged(*base, paths)
		if err != nil {
			e.stdout.Flush()
			fmt.Fprintf(e.stderr, "%s: %v\n", e.name, err)
			return exitError
		}
		files = keepChanged(files, changed)
	}

	code = exitOK
	for _, fe := range walkErrors(walkErrs) {
		e.reportFileError(fe)
		code = exitFindings
	}
	cwd, _ := os.Getwd()
	w := walkOf(files)
	w.prog = e.startProgress(*rf.noProgress, w.count)
	_, results := rewriteWalk(w, split, true)
	w.prog.stop()
	if *format == "github-review" {
		return e.runReview(*base, files, results, walkErrors(walkErrs), split)
	}
	forEachOrdered(len(files), func(i int) rewriteResult {
		return results[i]
	}, func(i int, r rewriteResult) {
		switch {
		case r.err != nil:
			e.reportFileError(r.err)
			code = exitFindings
		case r.changed:
			e.printDiff(diffText(displayPath(cwd, files[i]), r.src.src, r.out))
			code = exitFindings
		}
	})
	return code
}

// diffStdin prints the diff format would make to standard input, named
// as -stdin-filename (else "-").
func (e *env) diffStdin(set *runSettings, name string) int {
	r, code, ok := e.rewriteStdin(set, name)
	if !ok {
		return code
	}
	switch {
	case r.err != nil:
		e.reportFileError(r.err)
		return exitFindings
	case r.changed:
		e.printDiff(diffText(displayPath(set.cwd, stdinName(name)), r.src.src, r.out))
		return exitFindings
	}
	return exitOK
}

// diffText returns the unified diff between a and b for the file called
// name (slash-separated, relative to where the patch will be applied). An
// absolute name, a file outside the working directory, is written as git
// diff writes one, without its leading slash ("a/tmp/x.xml", not
// "a//tmp/x.xml"), so that "patch -p1" run at the root finds it.
func diffText(name string, a, b []byte) string {
	name = strings.TrimLeft(name, "/")
	return rewrite.UnifiedDiff("a/"+name, "b/"+name, a, b, 3)
}

// printDiff writes a unified diff, coloured when the output is a terminal.
func (e *env) printDiff(diff string) {
	if !e.color {
		e.stdout.WriteString(diff)
		return
	}
	const (
		bold  = "\x1b[1m"
		red   = "\x1b[31m"
		green = "\x1b[32m"
		cyan  = "\x1b[36m"
		reset = "\x1b[0m"
	)
	for _, line := range strings.SplitAfter(diff, "\n") {
		body, nl := strings.CutSuffix(line, "\n")
		color := ""
		switch {
		case strings.HasPrefix(body, "--- "), strings.HasPrefix(body, "+++ "):
			color = bold
		case strings.HasPrefix(body, "@@"):
			color = cyan
		case strings.HasPrefix(body, "-"):
			color = red
		case strings.HasPrefix(body, "+"):
			color = green
		}
		if color == "" || body == "" {
			e.stdout.WriteString(line)
			continue
		}
		e.stdout.WriteString(color + body + reset)
		if nl {
			e.stdout.WriteString("\n")
		}
	}
}

// gitChanged returns the absolute paths of the files under paths that
// changed since the git revision base (added, copied, modified or renamed,
// in the index or the working tree) or are untracked and not ignored.
func gitChanged(base string, paths []string) (map[string]bool, error) {
	top, err := git("rev-parse", "--show-toplevel")
	if err != nil {
		return nil, err
	}
	root := strings.TrimSpace(string(top))
	if real, err := filepath.EvalSymlinks(root); err == nil {
		root = real
	}
	// Names are relative to the top of the work tree: diff prints them so,
	// and ls-files does with --full-name. Pathspecs are relative to the
	// current directory, like the PATH arguments.
	diff, err := git(append([]string{"diff", "--name-only", "-z", "--diff-filter=ACMR", base, "--"}, paths...)...)
	if err != nil {
		return nil, err
	}
	untracked, err := git(append([]string{"ls-files", "--others", "--exclude-standard", "--full-name", "-z", "--"}, paths...)...)
	if err != nil {
		return nil, err
	}
	changed := map[string]bool{}
	for _, out := range [][]byte{diff, untracked} {
		for _, name := range bytes.Split(out, []byte{0}) {
			if len(name) > 0 {
				changed[filepath.Join(root, filepath.FromSlash(string(name)))] = true
			}
		}
	}
	return changed, nil
}

// keepChanged returns the files whose real path is in changed, in order.
func keepChanged(files []string, changed map[string]bool) []string {
	var out []string
	for _, f := range files {
		abs, err := filepath.Abs(f)
		if err != nil {
			continue
		}
		// git names the work tree by its real path; the file itself may be
		// a symbolic link that git tracks as such.
		if dir, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
			abs = filepath.Join(dir, filepath.Base(abs))
		}
		if changed[abs] {
			out = append(out, f)
		}
	}
	return out
}

// git runs a git command in the current directory and returns its
// standard output, or an error holding its standard error.
func git(args ...string) ([]byte, error) {
	cmd := exec.Command("git", append([]string{"-c", "core.quotepath=off"}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("git %s: %s", args[0], msg)
	}
	return out, nil
}
