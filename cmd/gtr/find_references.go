package main

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/cst/refs"
	"github.com/galaxy-gtr/gtr/rules"
)

const findReferencesDoc = `
Find-references lists every place a Galaxy tool names the parameter NAME,
in the tool and in every macro file it imports, and changes nothing. A
PATH may be a file or a directory, searched recursively for *.xml files;
only tools (a <tool> root) are read, anything else is counted as skipped.

Each tool is expanded as Galaxy expands it, imports read from disk next to
the tool, and every place its expanded view names NAME is listed where its
bytes are written (the tool, or the macro file or token definition they
come from):

	PATH:LINE:COL  [SECTION]  REFERENCE

LINE and COL (a 1-based byte column) locate the name itself. SECTION says
where Galaxy reads it: command, configfile:NAME, environment_variable:NAME,
template:NAME (a template macro), output_data_label:NAME,
output_collection_label:NAME, filter:NAME (an output's Python filter),
change_format:NAME, actions:NAME, format_source:NAME and the other by-name
attributes, options:NAME and dynamic_options:NAME (a select's dynamic
options), inputs, outputs and configfiles (the definitions), tests.
REFERENCE is the text that names it: the placeholder as written ($NAME,
${NAME}, $NAME.ext, $cond.NAME, $NAME['x']), a bare name in a directive or
Python expression, or the attribute or element holding it.

References are read from the Cheetah tree, not found by searching text: a
$NAME in a "##" comment, a #raw block or after "\$" is not one, and a name
where #set, #for, #def or #import binds it is the directive's, not the
parameter's, and is not listed. A name in a conditional, section or repeat
is listed where it is read as a member of one ($cond.NAME, $r.NAME in
"#for $r in $repeat"). Each place is listed once, however many tools of
the run read it (a shared macro file), and the last line counts them:

	N reference(s) to 'NAME' across T tool(s)

-q leaves out the reference lines. The exit code is 1 when a file had an
error (not well-formed, macros that do not expand), 2 for a usage error
or a PATH that does not exist, 0 otherwise.`

// refLine is one reference, as find-references prints it.
type refLine struct {
	path, section, reference string
	line, col                int
}

// findResult is what find-references found in one file.
type findResult struct {
	tool  bool // the file is a tool (counted as scanned)
	lines []refLine
	err   *fileError
}

func runFindReferences(e *env, args []string) int {
	fs := e.flagSet()
	quiet := fs.Bool("q", false, "leave out the reference lines; print only errors and the summary")
	pos, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	if len(pos) == 0 {
		return e.usageError("no NAME given")
	}
	name, paths := pos[0], pos[1:]
	if !refs.IsName(name) {
		return e.usageError("NAME must be a valid identifier (ASCII, not a Python keyword); got %q", name)
	}
	if code, ok := e.checkPaths(paths); !ok {
		return code
	}
	files, walkErrs := xmlFiles(paths)
	errored, scanned, total := 0, 0, 0
	for _, fe := range walkErrors(walkErrs) {
		e.reportFileError(fe)
		errored++
	}
	mo := macros.Options{Cache: macros.NewCache()}
	seen := map[refLine]bool{}
	forEachOrdered(len(files), func(i int) findResult {
		return findIn(files[i], name, mo)
	}, func(i int, r findResult) {
		if r.err != nil {
			e.reportFileError(r.err)
			errored++
			return
		}
		if !r.tool {
			return
		}
		scanned++
		for _, l := range r.lines {
			if seen[l] {
				continue
			}
			seen[l] = true
			total++
			if !*quiet {
				fmt.Fprintf(e.stdout, "%s:%d:%d  [%s]  %s\n", l.path, l.line, l.col, l.section, l.reference)
			}
		}
	})
	fmt.Fprintf(e.stdout, "%d reference(s) to '%s' across %d tool(s)\n", total, name, scanned)
	if errored > 0 {
		return exitFindings
	}
	return exitOK
}

// findIn lists the references to name in the tool at path.
func findIn(path, name string, mo macros.Options) findResult {
	s, fe := load(path)
	if fe != nil {
		return findResult{err: fe}
	}
	if s.kind != rules.TargetTool {
		return findResult{}
	}
	view, err := macros.ExpandTree(s.tree, mo)
	if err != nil {
		return findResult{err: expansionError(path, err)}
	}
	if !refs.Mentions(view, name) {
		return findResult{tool: true}
	}
	x := refs.Build(view)
	var out []refLine
	for _, r := range x.Occurrences(name) {
		p := view.Position(r.Loc)
		out = append(out, refLine{path: filepath.Clean(r.Loc.File), section: r.Section, reference: r.Reference, line: p.Line, col: p.Column})
	}
	return findResult{tool: true, lines: out}
}

// expansionError is the file error of a tool whose macros do not expand.
func expansionError(path string, err error) *fileError {
	var me *macros.Error
	if errors.As(err, &me) && me.Kind == macros.ErrTooLarge {
		return stoppedError(path, err, "")
	}
	return &fileError{path: path, msg: fmt.Sprintf("%s: the macros do not expand: %v", path, err)}
}
