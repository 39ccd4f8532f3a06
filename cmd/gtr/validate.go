package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/config"
	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules"
	"github.com/galaxy-gtr/gtr/rules/schema"
)

const validateDoc = `
Validate checks Galaxy tools against Galaxy's tool schema (galaxy.xsd) as
Galaxy sees them: after macro expansion, with imported macro files read from
disk. A PATH is a file or a directory searched recursively for *.xml; <tool>
files are validated, macro files are skipped (they are validated through the
tools that import them), and so is any other file. Files are processed in
parallel and reported in path order.

A tool is validated at the profile it declares (its profile attribute after
expansion, so a token may supply it; a tool without one runs as 16.01 and is
validated with the oldest schema, 16.10), or at -profile P. A profile
without a schema of its own is validated with the newest schema not newer
than it, shown in brackets. The release schemas of 24.2 and later are not
available: 24.2 is validated with Galaxy's dev schema of 2024-09-26
(24.2.dev0, a name 24.2 is also known by) and 25.0 to 26.1 with the
upstream dev schema of about May 2026. Each tool gets one line, then its
errors at their source, in the tool or in the macro file that holds the
bytes at fault:

	tools/a.xml: valid at 22.05; newest valid: 24.1
	tools/b.xml: invalid at 16.01 [schema 16.10] (1 error); newest valid: none
	tools/macros.xml:11:89: Element 'data', attribute 'hidden': 'True' is not a valid value of the atomic type 'xs:boolean'. (expanded from tools/b.xml:12:9 <expand macro="log_output">)

An attribute error points at the attribute's value, or, when one token
supplied the whole value, at the token's definition. "newest valid" is the
newest profile whose schema the tool is valid against, or none.
-all-profiles adds the verdict at every profile with a schema, as
"  PROFILE: valid" or "  PROFILE: invalid (N errors)". A tool Galaxy cannot
expand is reported as "PATH: cannot expand", then the error and the
exception Galaxy raises. The last line counts files:

	T tool(s): V valid, I invalid, E cannot expand; S skipped (macro files and other files); R unreadable.

Macro expansion is bounded as in "gtr help expand"; -max-expansion N raises
the bound to N times the bytes of a tool and its macro files (default 1000).

-output-format json prints one JSON document instead (see the README for
its structure); its columns count UTF-16 code units.

The exclude patterns come from the config file governing each directory
(the nearest gtr.toml or .gtr.toml, or -config FILE; see "gtr help
config"). A directory is
searched for *.xml files without entering hidden directories and leaving
out, inside a git repository, what its .gitignore files and
.git/info/exclude ignore, and what the config file's exclude patterns
and -exclude GLOB match; a PATH named on the command line is always
processed. On a terminal, progress (files done of those found, files per
second, time) is drawn on standard error; -no-progress turns it off, and
nothing is drawn when standard error is a pipe or a file.

PATH - validates one tool read from standard input; -stdin-filename NAME
names it and resolves its <import>s relative to NAME.

The exit code is 1 when a tool is invalid at its profile (or -profile),
cannot be expanded, or a file cannot be read; 2 for a usage error or a PATH
that does not exist; 0 otherwise.`

// validateResult is what validating one file found.
type validateResult struct {
	path string
	kind rules.Target // 0 for files that are skipped
	err  *fileError   // the file could not be read
	xerr error        // the tool could not be expanded
	src  []byte

	res      *macros.Result
	declared string // the profile attribute after expansion; "" when absent
	profile  string // the profile validated at: -profile, else declared, else 16.01
	schema   string // the schema used for profile; "" when profile is not known
	errs     []locatedError
	newest   string // the newest valid profile, "" for none
	verdicts []profileVerdict
}

type locatedError struct {
	err schema.Error
	loc schema.Location
}

type profileVerdict struct {
	profile string
	errors  int
}

// validateCounts counts files by outcome.
type validateCounts struct {
	files, valid, invalid, unexpanded, skipped, unreadable int
}

// validateOptions are the flags that shape validating one tool.
type validateOptions struct {
	profile      string // -profile; "" for the declared one
	allProfiles  bool
	cache        *macros.Cache
	maxExpansion int // -max-expansion
}

func runValidate(e *env, args []string) int {
	fs := e.flagSet()
	profile := fs.String("profile", "", "validate every tool at `PROFILE` instead of the one it declares")
	all := fs.Bool("all-profiles", false, "also print the verdict at every profile with a schema")
	format := fs.String("output-format", "text", "print results as `FORMAT`: text or json")
	maxExp := maxExpansionFlag(fs)
	rf := addRunFlags(fs, true)
	paths, code, ok := e.parse(fs, args)
	if !ok {
		return code
	}
	if paths, code, ok = e.stdinPaths(paths, *rf.stdinName); !ok {
		return code
	}
	if *maxExp < 1 {
		return e.usageError("-max-expansion: want a factor of at least 1, got %d", *maxExp)
	}
	if *format != "text" && *format != "json" {
		return e.usageError("unknown output format %q (want text, json)", *format)
	}
	if *profile != "" {
		if *all {
			return e.usageError("-profile and -all-profiles cannot be combined")
		}
		if _, err := schema.Resolve(*profile); err != nil {
			return e.usageError("-profile: %q is not a profile (want a release such as 21.09)", *profile)
		}
	}
	set, code, ok := e.settings(rf, nil, config.ModeRules, nil, nil)
	if !ok {
		return code
	}
	var files []string
	var walkErrs []*fileError
	stdin := isStdin(paths)
	if !stdin {
		if code, ok := e.checkRoots(set, paths); !ok {
			return code
		}
		found, errs := walkFiles(paths, set.walkOptions())
		errs, bad := e.splitWalkErrors(errs)
		if bad {
			return exitError
		}
		files, walkErrs = found, walkErrors(errs)
	}
	useHugePages(batchHeap)
	opts := validateOptions{profile: *profile, allProfiles: *all, cache: macros.NewCache(), maxExpansion: *maxExp}

	var rep validateReporter = &validateText{e: e}
	if *format == "json" {
		rep = newValidateJSON(e)
	}
	var n validateCounts
	tally := func(r *validateResult) {
		n.files++
		switch {
		case r.err != nil:
			e.reportFileError(r.err)
			n.unreadable++
		case r.kind != rules.TargetTool:
			n.skipped++
		case r.xerr != nil:
			n.unexpanded++
		case len(r.errs) > 0:
			n.invalid++
		default:
			n.valid++
		}
		rep.file(r)
	}
	for _, fe := range walkErrs {
		tally(&validateResult{path: fe.path, err: fe})
	}
	if stdin {
		src, code, ok := e.readStdin()
		if !ok {
			return code
		}
		tally(validateSource(stdinName(*rf.stdinName), src, opts))
	}
	prog := e.startProgress(*rf.noProgress, func() int { return len(files) })
	forEachOrdered(len(files), func(i int) *validateResult {
		defer prog.tick()
		return validateFile(files[i], opts)
	}, func(_ int, r *validateResult) {
		tally(r)
	})
	prog.stop()
	rep.finish(n)
	if n.invalid > 0 || n.unexpanded > 0 || n.unreadable > 0 {
		return exitFindings
	}
	return exitOK
}

// validateFile expands the tool at path and validates it.
func validateFile(path string, opts validateOptions) *validateResult {
	src, err := os.ReadFile(path)
	if err != nil {
		return &validateResult{path: path, err: readError(path, err)}
	}
	return validateSource(path, src, opts)
}

// validateSource is validateFile for bytes read already (standard
// input), called path: imports resolve relative to it.
func validateSource(path string, src []byte, opts validateOptions) *validateResult {
	t := cst.Parse(path, src)
	r := &validateResult{path: path, kind: rules.Classify(t), src: src}
	if r.kind != rules.TargetTool {
		return r
	}
	res, err := macros.ExpandTree(t, macros.Options{Cache: opts.cache, MaxExpansion: opts.maxExpansion})
	if err != nil {
		r.xerr = err
		return r
	}
	r.res = res
	r.declared, _ = res.Root.Get("profile")
	r.profile = opts.profile
	if r.profile == "" {
		r.profile = r.declared
	}
	if r.profile == "" {
		r.profile = schema.LegacyProfile
	}
	r.schema, _ = schema.Resolve(r.profile)

	root := schema.Expanded(res)
	for _, se := range schema.Validate(root, r.profile) {
		r.errs = append(r.errs, locatedError{se, schema.Locate(res, se)})
	}
	if !opts.allProfiles {
		profiles := schema.Profiles()
		if len(r.errs) == 0 && r.schema == profiles[len(profiles)-1] {
			r.newest = r.schema // valid at the newest: nothing newer to try
		} else {
			r.newest, _ = schema.NewestValid(root, nil)
		}
		return r
	}
	counts := map[string]int{} // errors by schema file: profiles that share a schema are validated once
	for _, p := range schema.Profiles() {
		v := profileVerdict{profile: p}
		if n, ok := counts[schema.SchemaFile(p)]; ok {
			v.errors = n
		} else if p == r.schema {
			v.errors = len(r.errs)
		} else {
			v.errors = len(schema.Validate(root, p))
		}
		counts[schema.SchemaFile(p)] = v.errors
		if v.errors == 0 {
			r.newest = p
		}
		r.verdicts = append(r.verdicts, v)
	}
	return r
}

// profileText names the profile validated, with the schema used when it
// differs: "16.01 [schema 16.10]".
func (r *validateResult) profileText() string {
	if r.schema == "" || r.schema == r.profile {
		return r.profile
	}
	return r.profile + " [schema " + r.schema + "]"
}

// validateReporter renders validate's results in one output format.
type validateReporter interface {
	file(r *validateResult)
	finish(n validateCounts)
}

// validateText prints validate's human-readable output.
type validateText struct{ e *env }

func (t *validateText) file(r *validateResult) {
	w := t.e.stdout
	switch {
	case r.err != nil || r.kind != rules.TargetTool:
		return
	case r.xerr != nil:
		fmt.Fprintf(w, "%s: cannot expand\n", r.path)
		writeExpandError(w, "", r.xerr)
		return
	}
	newest := r.newest
	if newest == "" {
		newest = "none"
	}
	if len(r.errs) == 0 {
		fmt.Fprintf(w, "%s: valid at %s; newest valid: %s\n", r.path, r.profileText(), newest)
	} else {
		fmt.Fprintf(w, "%s: invalid at %s (%s); newest valid: %s\n", r.path, r.profileText(), plural(len(r.errs), "error"), newest)
	}
	for _, le := range r.errs {
		fmt.Fprintf(w, "%s: %s%s\n", le.loc.Pos, le.err.Error(), expandedFrom(le.loc.Via))
	}
	width := 0
	for _, v := range r.verdicts {
		width = max(width, len(v.profile))
	}
	for _, v := range r.verdicts {
		if v.errors == 0 {
			fmt.Fprintf(w, "  %-*s valid\n", width+1, v.profile+":")
		} else {
			fmt.Fprintf(w, "  %-*s invalid (%s)\n", width+1, v.profile+":", plural(v.errors, "error"))
		}
	}
}

// expandedFrom describes how the bytes at fault got where they are:
// " (expanded from tool.xml:30:9 <expand macro="inputs">, …)".
func expandedFrom(via []schema.Frame) string {
	if len(via) == 0 {
		return ""
	}
	parts := make([]string, len(via))
	for i, f := range via {
		parts[i] = f.String()
	}
	return " (expanded from " + strings.Join(parts, ", ") + ")"
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func (t *validateText) finish(n validateCounts) {
	w := t.e.stdout
	if n.files == 0 {
		fmt.Fprintln(w, "no files validated.")
		return
	}
	tools := n.valid + n.invalid + n.unexpanded
	fmt.Fprintf(w, "%d tool(s): %d valid, %d invalid, %d cannot expand; %d skipped (macro files and other files); %d unreadable.\n",
		tools, n.valid, n.invalid, n.unexpanded, n.skipped, n.unreadable)
}
