package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/config"
	"github.com/galaxy-gtr/gtr/rules"
)

const configDoc = `
Config prints the settings that apply to PATH (default "."): the config
file that governs it, each key and where it was set (FILE:LINE, a flag, or
the default), the [per-file-ignores] entries and whether each applies to
PATH, whether a walk that meets PATH leaves it out, and the rules a file
at PATH gets. Selection flags, -exclude and -config given here are shown
as they would apply to format, check and diff.

The config file of a file is the nearest gtr.toml or .gtr.toml in its
directory or above it, looking no higher than the top of its git
repository (the directory holding .git), or the file given with -config.
Its keys are ruleset, select, ignore, exclude and [per-file-ignores]; see
the README's Configuration section. The selection is made in layers, each
over the one before: the default ruleset, the config file (select, else
ruleset, replaces the default; ignore removes), the per-file ignores that
match the file (remove), then the flags (-select, else -ruleset, replaces
all of that; -ignore removes).

The exit code is 2 for a usage error or a config file that is not valid,
0 otherwise.`

func runConfig(e *env, args []string) int {
	fs := e.flagSet()
	sel := addSelectionFlags(fs)
	rf := addRunFlags(fs, false)
	paths, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	if len(paths) > 1 {
		return e.usageError("want at most one PATH, got %d", len(paths))
	}
	path := "."
	if len(paths) == 1 {
		path = paths[0]
	}
	set, code, ok := e.settings(rf, sel, config.ModeRules, nil, nil)
	if !ok {
		return code
	}
	if code, ok := e.checkRoots(set, []string{path}); !ok {
		return code
	}
	abs := absPath(set.cwd, path)
	dir := isDir(path)
	var f *config.File
	var err error
	if dir {
		f, err = set.finder.ForDir(abs)
	} else {
		f, err = set.finder.ForFile(abs)
	}
	if err != nil {
		return e.configError(err)
	}
	rs, err := set.resolver.Rules(f, abs)
	if err != nil {
		return e.configError(err)
	}
	w := e.stdout
	fmt.Fprintf(w, "path: %s\n", path)
	show := func(key, value, from string) {
		if key != "" {
			key += ":"
		}
		fmt.Fprintln(w, strings.TrimRight(fmt.Sprintf("%-18s %-34s %s", key, value, from), " "))
	}
	switch {
	case f == nil:
		show("config file", "none", "(no gtr.toml or .gtr.toml up to the top of the repository)")
	case *rf.config != "":
		show("config file", displayPath(set.cwd, f.Path), "(-config; patterns relative to the working directory)")
	default:
		show("config file", displayPath(set.cwd, f.Path), "(nearest)")
	}
	from := func(key string) string {
		if f == nil || f.Lines[key] == 0 {
			return ""
		}
		return fmt.Sprintf("%s:%d", displayPath(set.cwd, f.Path), f.Lines[key])
	}
	keyRow := func(key string, vals []config.Value, flag []string, def string) {
		switch {
		case len(flag) > 0:
			show(key, strings.Join(flag, ", "), "-"+key)
			if vals != nil {
				show("", "(file: "+joinValues(vals)+")", from(key)+", replaced by the flag")
			}
		case vals != nil:
			show(key, joinValues(vals), from(key))
		default:
			show(key, def, "default")
		}
	}
	var file config.File
	if f != nil {
		file = *f
	}
	keyRow("ruleset", file.Ruleset, sel.rulesets, "default")
	if len(sel.sel) > 0 && len(sel.rulesets) == 0 {
		show("", "(replaced by -select)", "")
	}
	keyRow("select", file.Select, sel.sel, "(none: the rulesets' rules)")
	switch {
	case len(sel.ignore) > 0:
		show("ignore", strings.Join(sel.ignore, ", "), "-ignore, added to the file's")
		if file.Ignore != nil {
			show("", "(file: "+joinValues(file.Ignore)+")", from("ignore"))
		}
	case file.Ignore != nil:
		show("ignore", joinValues(file.Ignore), from("ignore"))
	default:
		show("ignore", "(none)", "default")
	}
	if file.Exclude != nil {
		show("exclude", joinValues(file.Exclude), from("exclude"))
	} else {
		show("exclude", "(none)", "default")
	}
	if len(rf.exclude) > 0 {
		show("", "-exclude "+strings.Join(rf.exclude, ", "), "flag, relative to the working directory")
	}
	if len(file.PerFile) > 0 {
		applies := map[int]bool{}
		for _, i := range f.Matching(abs) {
			applies[i] = true
		}
		fmt.Fprintln(w, "per-file-ignores:")
		for i, pf := range file.PerFile {
			verdict := "does not apply here"
			if applies[i] {
				verdict = "applies here"
			}
			show("  "+pf.Pattern.Text, joinValues(pf.Codes), fmt.Sprintf("%s:%d, %s", displayPath(set.cwd, f.Path), pf.Pattern.Line, verdict))
		}
	}
	excluded := "no"
	if f.ExcludedPath(abs, dir) || set.exclude != nil && set.exclude.MatchPath(relOrName(set.cwd, abs), dir) {
		excluded = "yes (named on the command line it is still processed)"
	}
	show("excluded in walks", excluded, "")
	what := "rules"
	if dir {
		what = "rules of its files" // before per-file patterns on the files' own names
	}
	fmt.Fprintf(w, "%s (%d):", what, len(rs))
	if len(rs) == 0 {
		fmt.Fprint(w, " none")
	}
	writeCodes(w, rs)
	return exitOK
}

func joinValues(vals []config.Value) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		parts[i] = v.Text
	}
	return strings.Join(parts, ", ")
}

// relOrName returns abs relative to cwd with slashes, or its name when it
// is outside cwd, as -exclude patterns are matched.
func relOrName(cwd, abs string) string {
	rel := displayPath(cwd, abs)
	if strings.HasPrefix(rel, "/") {
		return rel[strings.LastIndexByte(rel, '/')+1:]
	}
	return rel
}

// writeCodes writes the codes of rs, wrapped at 72 columns.
func writeCodes(w io.Writer, rs []*rules.Rule) {
	col := 80
	for _, r := range rs {
		code := r.Code
		if col+len(code)+1 > 72 {
			fmt.Fprint(w, "\n ")
			col = 1
		}
		fmt.Fprint(w, " "+code)
		col += len(code) + 1
	}
	fmt.Fprintln(w)
}
