package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/cst/refs"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rewrite/rename"
	"github.com/galaxy-gtr/gtr/rules"
)

const renameParamDoc = `
Rename-param renames the parameter OLD to NEW in Galaxy tools: its
definition and every place find-references lists (Cheetah placeholders and
directives, attribute templates, output filters, by-name attributes, the
<tests> names), in the tool and in the macro files it imports, as one
transaction: every file of a tool is written, or none. A PATH may be a file
or a directory, searched recursively for *.xml files; only tools are
renamed, anything else is counted as skipped. A <param> that takes its
name from argument= gets name="NEW" right after the argument; renaming a
param to the name its argument gives drops a name= written that way.

A macro file is edited only when the rename can prove no other tool needs
it as it is: -repo-root DIR scans the tools under DIR, and the rename is
made when the macro files it edits are imported by no other tool there.
With -across-importers (which needs -repo-root) a macro file shared by
other tools is renamed across all of them in lockstep: every tool that
imports a macro file the rename edits (and, in turn, the files their
renames edit) takes the rename, or does not name OLD at all and keeps its
expanded view, or nothing is renamed.

A rename is refused, naming the place, when gtr cannot prove it keeps the
tool working. The reasons are the predecessor's:

	invalid-name        OLD or NEW is not an ASCII identifier or is a Python
	                    keyword, or OLD is a name Galaxy provides
	no-op               OLD and NEW are the same
	not-found           no input, output or config file is called OLD (no line)
	shadowed            #set, #for, #def or #import binds OLD, or NEW, in a
	                    template the tool runs
	mixed-content       a template that mentions OLD holds child elements
	lexer-bail          a template that mentions OLD does not parse as Cheetah
	filter-bare-ref     an output filter names OLD as a string, or mentions it
	                    and does not parse
	cross-ref-residual  a reference gtr cannot rewrite where it is written (in
	                    a token used elsewhere too, or spelt with a character
	                    reference), a member it cannot resolve, an attribute
	                    it does not model, or a tool that reads its parameters
	                    by name out of sight (<configfiles><inputs>, <code>)
	macro-edit-needs-repo-root, macro-ownership-unprovable, shared-macro,
	no-consensus        the macro file conditions above

and gtr's own: name-taken (NEW already names a parameter, a reference or
a value Galaxy provides), not-invertible (a name= right after argument=
repeats the name the argument gives: renaming back would drop it),
unparseable-macro (the tool's macros do not expand) and gate-refused (a
gate refused the edits). Every rename passes
three gates before anything is written: each template and expression that
parsed still parses; Galaxy's expanded view after the rename equals the
view before with OLD replaced by NEW at exactly the references and nowhere
else; renaming NEW back to OLD restores the original bytes.

One line is printed for each tool:

	renamed PATH: N site(s) across F file(s)
	skip PATH: REASON: where and why

("would rename" with -check or -diff), and the last line counts them:

	renamed N tool(s); skipped K

With -across-importers the lines are "renamed across importers from PATH:
T tool(s), F file(s), N site(s)" and "renamed N consensus group(s);
skipped K". -check and -diff write nothing; -diff prints a unified diff of
every file (a/PATH and b/PATH headers, PATH relative to the current
directory) and the other lines on standard error. -backup copies each file
to FILE.bak before replacing it. -q leaves out the per-tool lines.

The exit code is 1 when a file had an error, or with -check when a tool
would be renamed; 2 for a usage error or a PATH that does not exist; 0
otherwise.`

// renameCounts counts tools by outcome.
type renameCounts struct {
	renamed, skipped, errored int
}

// renameRun is one rename-param run: its flags and what it has decided.
type renameRun struct {
	e              *env
	old, new       string
	dryRun, quiet  bool
	diff           bool
	status         io.Writer
	repo           *rename.Repo
	mo             macros.Options
	cwd            string
	changes        []fileChange
	done           map[string]bool // tools renamed as part of a group already
	n              renameCounts
	acrossImporter bool
}

func runRenameParam(e *env, args []string) int {
	fs := e.flagSet()
	repoRoot := fs.String("repo-root", "", "scan the tools under `DIR` to prove an edited macro file is no other tool's")
	across := fs.Bool("across-importers", false, "rename across every importer of an edited macro file, in lockstep (needs -repo-root)")
	check := fs.Bool("check", false, "write nothing; exit 1 if a tool would be renamed")
	diff := fs.Bool("diff", false, "write nothing; print a unified diff of the changes on standard output")
	backup := fs.Bool("backup", false, "copy each file to FILE.bak before rewriting it")
	quiet := fs.Bool("q", false, "leave out the per-tool lines; print only errors and the summary")
	pos, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	if len(pos) < 2 {
		return e.usageError("OLD and NEW are required")
	}
	old, new, paths := pos[0], pos[1], pos[2:]
	if !refs.IsName(old) || !refs.IsName(new) {
		return e.usageError("OLD and NEW must be valid identifiers (ASCII, not a Python keyword); got %q and %q", old, new)
	}
	if *across && *repoRoot == "" {
		return e.usageError("-across-importers requires -repo-root to find every importer")
	}
	if *repoRoot != "" {
		if st, err := os.Stat(*repoRoot); err != nil || !st.IsDir() {
			return e.usageError("-repo-root: %s is not a directory", *repoRoot)
		}
	}
	if code, ok := e.checkPaths(paths); !ok {
		return code
	}
	r := &renameRun{e: e, old: old, new: new, dryRun: *check || *diff, quiet: *quiet, diff: *diff, status: e.stdout,
		mo: macros.Options{Cache: macros.NewCache()}, done: map[string]bool{}, acrossImporter: *across}
	r.cwd, _ = os.Getwd()
	if *diff {
		r.status = e.stderr
	}
	files, walkErrs := xmlFiles(paths)
	for _, fe := range walkErrors(walkErrs) {
		e.reportFileError(fe)
		r.n.errored++
	}
	if *repoRoot != "" {
		repoFiles, _ := xmlFiles([]string{*repoRoot})
		r.repo = rename.ScanRepo(repoFiles, r.mo)
	}
	for _, path := range files {
		r.tool(path)
	}
	if !r.dryRun && len(r.changes) > 0 {
		bak := ""
		if *backup {
			bak = ".bak"
		}
		if err := writeAll(r.changes, bak); err != nil {
			fmt.Fprintf(e.stderr, "error: %v; nothing was written\n", err)
			e.stdout.Flush()
			return exitFindings
		}
	}
	e.stdout.Flush()
	verb, what := "renamed", "tool(s)"
	if r.dryRun {
		verb = "would rename"
	}
	if *across {
		what = "consensus group(s)"
	}
	fmt.Fprintf(r.status, "%s %d %s; skipped %d\n", verb, r.n.renamed, what, r.n.skipped)
	if r.n.errored > 0 || *check && r.n.renamed > 0 {
		return exitFindings
	}
	return exitOK
}

// tool renames in the file at path.
func (r *renameRun) tool(path string) {
	if r.done[absPath(r.cwd, path)] {
		return
	}
	s, fe := load(path)
	switch {
	case fe != nil:
		r.e.reportFileError(fe)
		r.n.errored++
		return
	case s.kind != rules.TargetTool:
		r.n.skipped++
		return
	}
	if r.acrossImporter {
		r.group(path)
		return
	}
	res, err := rename.RenameTree(s.tree, r.old, r.new, r.mo)
	if err != nil {
		r.failed(path, err)
		return
	}
	if res.Bail != nil {
		r.skip(path, res.Bail.Reason, res.Bail.Detail)
		return
	}
	if len(res.Macros) > 0 {
		if bail := r.owned(path, res.Macros); bail != "" {
			r.skipLines(bail)
			return
		}
	}
	orig := res.Plan.Originals()
	for _, f := range res.Order {
		r.change(f, orig[f], res.Files[f])
	}
	r.renamed(fmt.Sprintf("%s %s: %d site(s) across %d file(s)", r.verb(), path, res.Sites, len(res.Order)))
}

// group renames in the tool at path and, in lockstep, in every importer
// of the macro files the rename edits.
func (r *renameRun) group(path string) {
	g, err := rename.Lockstep(path, r.old, r.new, r.repo, r.mo)
	if err != nil {
		r.failed(path, err)
		return
	}
	for _, t := range g.Tools {
		r.done[t] = true
	}
	switch {
	case g.Bail == nil:
	case g.Bail.Reason == rename.NoConsensus && len(g.Dissent) > 0:
		lines := fmt.Sprintf("skip %s: cannot rename '%s' across importers — these tools cannot rename it safely:", path, r.old)
		for _, d := range g.Dissent {
			lines += fmt.Sprintf("\n    %s: %s", displayPath(r.cwd, d.Tool), r.relative(d.Bail.Error()))
		}
		r.skipLines(lines)
		return
	case g.Bail.Reason == rename.MacroOwnershipUnprovable:
		r.skipLines(fmt.Sprintf("skip %s: a shared macro is not covered by --repo-root; point --repo-root at the repository that holds every importer (%s)", path, g.Bail.Detail))
		return
	default:
		r.skip(path, g.Bail.Reason, r.relative(g.Bail.Detail))
		return
	}
	for _, f := range g.Order {
		old, err := os.ReadFile(f)
		if err != nil {
			r.failed(path, err)
			return
		}
		r.change(f, old, g.Files[f])
	}
	r.renamed(fmt.Sprintf("%s across importers from %s: %d tool(s), %d file(s), %d site(s)", r.verb(), path, len(g.Tools), len(g.Order), g.Sites))
}

// owned returns the skip lines of a rename of the tool at path that edits
// the macro files macros, when they cannot be proved the tool's alone;
// "" when they can.
func (r *renameRun) owned(path string, macroFiles []string) string {
	if r.repo == nil {
		return fmt.Sprintf("skip %s: '%s' is referenced in an imported macro; rerun with --repo-root DIR to prove the macro is sole-owned", path, r.old)
	}
	self := absPath(r.cwd, path)
	var unprovable, shared []string
	var also []string
	for _, m := range macroFiles {
		tools, ok := r.repo.Importers(m)
		if !ok {
			unprovable = append(unprovable, m)
			continue
		}
		others := slices.DeleteFunc(slices.Clone(tools), func(t string) bool { return t == self })
		if len(others) == 0 {
			continue
		}
		shared = append(shared, m)
		for i, o := range others {
			others[i] = displayPath(r.cwd, o)
		}
		also = append(also, fmt.Sprintf("    %s also imported by: %s", m, strings.Join(others, ", ")))
	}
	switch {
	case len(unprovable) > 0:
		return fmt.Sprintf("skip %s: cannot prove macro file(s) %s are sole-owned within --repo-root (is %s under the given --repo-root?)",
			path, strings.Join(unprovable, ", "), path)
	case len(shared) > 0:
		return fmt.Sprintf("skip %s: '%s' is referenced in shared macro file(s) %s; editing them would affect other tools (rename not applied)\n%s",
			path, r.old, strings.Join(shared, ", "), strings.Join(also, "\n"))
	}
	return ""
}

// change records the new bytes of a file, and prints its diff with -diff.
func (r *renameRun) change(path string, old, data []byte) {
	if r.diff {
		r.e.printDiff(diffText(displayPath(r.cwd, path), old, data))
	}
	r.changes = append(r.changes, fileChange{path: path, old: old, data: data})
}

// relative shortens the absolute paths of a message (Lockstep works on
// absolute paths) to paths relative to the working directory.
func (r *renameRun) relative(msg string) string {
	if r.cwd == "" {
		return msg
	}
	return strings.ReplaceAll(msg, r.cwd+string(os.PathSeparator), "")
}

// verb is how a rename is told: made, or not with -check and -diff.
func (r *renameRun) verb() string {
	if r.dryRun {
		return "would rename"
	}
	return "renamed"
}

// renamed counts a tool (or group) renamed and prints its line.
func (r *renameRun) renamed(line string) {
	r.n.renamed++
	if !r.quiet {
		fmt.Fprintln(r.status, line)
	}
}

// skip counts a tool left as it is and prints why, but for not-found,
// which most tools of a directory are.
func (r *renameRun) skip(path, reason, detail string) {
	if reason == rename.NotFound {
		r.n.skipped++
		return
	}
	line := fmt.Sprintf("skip %s: %s", path, reason)
	if detail != "" {
		line += ": " + detail
	}
	r.skipLines(line)
}

// skipLines counts a tool left as it is and prints lines.
func (r *renameRun) skipLines(lines string) {
	r.n.skipped++
	if !r.quiet {
		fmt.Fprintln(r.status, lines)
	}
}

// failed reports a tool that could not be renamed at all: not
// well-formed, or macros that do not expand (a skip, as the
// predecessor's unparseable-macro).
func (r *renameRun) failed(path string, err error) {
	var me *rewrite.MalformedError
	var xe *macros.Error
	switch {
	case errors.As(err, &me):
		r.e.reportFileError(&fileError{path: path, msg: path + ": malformed XML", parse: me.Errors})
		r.n.errored++
	case errors.As(err, &xe) && xe.Kind != macros.ErrTooLarge && xe.Kind != macros.ErrCanceled:
		r.skip(path, rename.UnparseableMacro, err.Error())
	default:
		r.e.reportFileError(expansionError(path, err))
		r.n.errored++
	}
}
