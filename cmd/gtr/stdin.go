package main

import (
	"fmt"
	"io"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// stdinPath is the PATH that stands for standard input.
const stdinPath = "-"

// isStdin reports whether the PATH arguments name standard input.
func isStdin(paths []string) bool {
	return len(paths) == 1 && paths[0] == stdinPath
}

// stdinPaths returns the PATHs of a command with -stdin-filename name:
// none stands for "-", as in ruff; with name set, anything but "-" is a
// usage error.
func (e *env) stdinPaths(paths []string, name string) ([]string, int, bool) {
	if name == "" {
		return paths, 0, true
	}
	if len(paths) == 0 {
		return []string{stdinPath}, 0, true
	}
	if !isStdin(paths) {
		return nil, e.usageError("-stdin-filename names standard input: give - as the only PATH, or none"), false
	}
	return paths, 0, true
}

// stdinName returns the name standard input goes by: -stdin-filename,
// else "-" (whose imports resolve from the working directory).
func stdinName(name string) string {
	if name == "" {
		return stdinPath
	}
	return name
}

// checkStdinPath reports a usage error for "-" among other PATHs, and a
// config error for the config file governing -stdin-filename.
func (e *env) checkStdinPath(set *runSettings, name string) (int, bool) {
	if _, err := set.configFor(stdinName(name)); err != nil {
		return e.configError(err), false
	}
	return 0, true
}

// readStdin reads all of standard input, or reports why it cannot.
func (e *env) readStdin() ([]byte, int, bool) {
	src, err := io.ReadAll(e.stdin)
	if err != nil {
		e.stdout.Flush()
		fmt.Fprintf(e.stderr, "gtr: reading standard input: %v\n", err)
		return nil, exitError, false
	}
	return src, 0, true
}

// formatStdin formats standard input and writes the result to standard
// output: the formatted bytes, or with check nothing, or with diff the
// diff. A file that cannot be formatted (malformed, a gate refused the
// rewrite) is reported on standard error and, without check or diff,
// written back as it came, so that an editor piping a buffer through gtr
// never loses it.
func (e *env) formatStdin(set *runSettings, name string, check, diff bool) int {
	r, code, ok := e.rewriteStdin(set, name)
	if !ok {
		return code
	}
	path := stdinName(name)
	switch {
	case r.err != nil:
		e.reportFileError(r.err)
		if !check && !diff {
			e.stdout.Write(r.src.src)
		}
		return exitFindings
	case check:
		if r.changed {
			e.stdout.Flush()
			fmt.Fprintf(e.stderr, "would reformat %s\n", path)
			return exitFindings
		}
		return exitOK
	case diff:
		if r.changed {
			e.printDiff(diffText(displayPath(set.cwd, path), r.src.src, r.out))
		}
		return exitOK
	}
	if r.changed {
		e.stdout.Write(r.out)
	} else {
		e.stdout.Write(r.src.src)
	}
	return exitOK
}

// rewriteStdin reads standard input and formats it as the file name
// would be (its config file and per-file ignores, its imports).
func (e *env) rewriteStdin(set *runSettings, name string) (rewriteResult, int, bool) {
	if code, ok := e.checkStdinPath(set, name); !ok {
		return rewriteResult{}, code, false
	}
	src, code, ok := e.readStdin()
	if !ok {
		return rewriteResult{}, code, false
	}
	path := stdinName(name)
	split := set.splitFor(path)
	s, fe := loadBytes(path, src, nil, nil)
	r := formatSource(path, s, fe, split, macros.Options{Cache: macros.NewCache(), MaxExpansion: split.maxExpansion}, nil, workerMemory{})
	if r.src == nil {
		r.src = &source{path: path, src: src}
	}
	return r, 0, true
}

// checkStdin checks standard input as the file name would be checked.
func (e *env) checkStdin(set *runSettings, name string, mo *macros.Options, full bool) (*checkResult, int, bool) {
	src, code, ok := e.readStdin()
	if !ok {
		return nil, code, false
	}
	path := stdinName(name)
	rs, err := set.rulesFor(path)
	if err != nil {
		return nil, e.configError(err), false
	}
	s, fe := loadBytes(path, src, mo.Cache, nil)
	r := checkLoaded(path, s, fe, rs, mo, full, workerMemory{})
	set.dropUnselected(r)
	return r, 0, true
}
