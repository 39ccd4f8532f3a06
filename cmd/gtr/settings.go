package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/config"
	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/pathmatch"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules"
)

// upgradeWalkDoc follows the help of upgrade.
const upgradeWalkDoc = `

The config file governing each tool (the nearest gtr.toml or .gtr.toml,
or -config FILE; see "gtr help config") gives its select, ignore,
per-file ignores and exclude patterns; its ruleset does not apply to
upgrade. Directories are walked as by check (.gitignore files,
.git/info/exclude, exclude patterns and -exclude GLOB are respected; a
PATH named on the command line is always processed). Tools of one run
that get different rules are not settled over each other's changes to a
shared macro file: importers that disagree are held back. Standard
input is not read: an upgrade may rewrite the macro files a tool imports
with it.`

// runFlags are the flags of the commands that walk files, beside the
// selection: the config file, excludes, standard input and progress.
type runFlags struct {
	config     *string
	exclude    listFlag
	stdinName  *string
	noProgress *bool
}

// addRunFlags adds the run flags to fs; stdin adds -stdin-filename, for
// the commands that read "-".
func addRunFlags(fs *flag.FlagSet, stdin bool) *runFlags {
	f := &runFlags{}
	f.config = fs.String("config", "", "read settings from config file `FILE` for every path, instead of the nearest gtr.toml or .gtr.toml")
	fs.Var(&f.exclude, "exclude", "leave out files and directories `GLOB` matches (a .gitignore pattern relative to the\ncurrent directory); repeatable; added to the config file's exclude; a PATH\nnamed on the command line is never left out")
	f.noProgress = fs.Bool("no-progress", false, "print no progress on standard error (it is printed only to a terminal)")
	empty := ""
	f.stdinName = &empty
	if stdin {
		f.stdinName = fs.String("stdin-filename", "", "with PATH -, the file name standard input stands for: used in messages, to find\nthe config file and to resolve <import>s relative to it")
	}
	return f
}

// runSettings are what a command's files are processed with: the config
// files, the selection layers and the excludes.
type runSettings struct {
	cwd          string
	finder       *config.Finder
	resolver     *config.Resolver
	exclude      *pathmatch.List // -exclude; nil for none
	maxExpansion int

	mu     sync.Mutex
	splits map[string]ruleSplit       // by the resolver's key
	codes  map[string]map[string]bool // the codes of each selection, by the resolver's key
}

// settings builds the settings of a run from its flags, or reports a
// usage error: a -config file that is not valid, a bad -exclude pattern,
// an unknown rule or ruleset in the selection flags, a -max-expansion
// below 1. sel is nil for a command without a selection (validate). mode is [config.ModeUpgrade] for upgrade, whose rules start
// from base and match through match.
func (e *env) settings(rf *runFlags, sel *selectionFlags, mode config.Mode, base []*rules.Rule, match func(string) ([]*rules.Rule, error)) (*runSettings, int, bool) {
	if sel == nil {
		sel = &selectionFlags{maxExpansion: new(int)} // validate: no selection
		*sel.maxExpansion = macros.DefaultMaxExpansion
	}
	if *sel.maxExpansion < 1 {
		return nil, e.usageError("-max-expansion: want a factor of at least 1, got %d", *sel.maxExpansion), false
	}
	s, err := newSettings(settingsOptions{
		flags:  config.Flags{Rulesets: sel.rulesets, Select: sel.sel, Ignore: sel.ignore},
		config: *rf.config, exclude: rf.exclude, mode: mode, base: base, match: match,
	})
	var ce *config.Error
	switch {
	case errors.As(err, &ce):
		return nil, e.configError(err), false
	case err != nil:
		return nil, e.usageError("%v", err), false
	}
	s.maxExpansion = *sel.maxExpansion
	return s, 0, true
}

// settingsOptions are what newSettings builds settings from.
type settingsOptions struct {
	flags   config.Flags
	config  string   // -config FILE; "" to discover config files
	exclude []string // -exclude patterns, relative to the working directory
	mode    config.Mode
	base    []*rules.Rule                       // ModeUpgrade: the rules the upgrade starts from
	match   func(string) ([]*rules.Rule, error) // ModeUpgrade: matching of a code
}

// newSettings builds the settings of a run, for callers without a
// command line (MCP tools over a working tree): the same files, layers
// and excludes as the commands. An error is a *config.Error for a -config
// file that is not valid, else a bad selection or pattern.
func newSettings(o settingsOptions) (*runSettings, error) {
	s := &runSettings{cwd: workDir(), maxExpansion: macros.DefaultMaxExpansion, splits: map[string]ruleSplit{}, codes: map[string]map[string]bool{}}
	var err error
	if o.mode == config.ModeUpgrade {
		s.resolver, err = config.NewUpgradeResolver(o.flags, o.base, o.match)
	} else {
		s.resolver, err = config.NewResolver(o.flags)
	}
	if err != nil {
		return nil, err
	}
	if o.config != "" {
		if s.finder, err = config.Explicit(o.config, s.cwd); err != nil {
			return nil, err
		}
	} else {
		s.finder = config.NewFinder()
	}
	if len(o.exclude) > 0 {
		s.exclude = &pathmatch.List{}
		for _, g := range o.exclude {
			if err := s.exclude.Add(g, 0); err != nil {
				return nil, fmt.Errorf("-exclude %q: %w", g, err)
			}
		}
	}
	return s, nil
}

// walkOptions returns the options of the run's walks.
func (s *runSettings) walkOptions() walkOptions {
	return walkOptions{configs: s.finder, exclude: s.exclude}
}

// configFor returns the config file governing the file at path, nil for
// none.
func (s *runSettings) configFor(path string) (*config.File, error) {
	return s.finder.ForFile(absPath(s.cwd, path))
}

// rulesFor returns the rules of the file at path: the selection flags
// over its per-file ignores over its config file over the default.
func (s *runSettings) rulesFor(path string) ([]*rules.Rule, error) {
	rs, _, err := s.rulesKey(path)
	return rs, err
}

func (s *runSettings) rulesKey(path string) ([]*rules.Rule, string, error) {
	abs := absPath(s.cwd, path)
	f, err := s.finder.ForFile(abs)
	if err != nil {
		return nil, "", err
	}
	return s.resolver.RulesKey(f, abs)
}

// split returns the rule split every file gets, for a run whose files
// have their own (see ruleSplit.perFile): that of the working directory.
func (s *runSettings) split() ruleSplit {
	rs, err := s.rulesFor(filepath.Join(s.cwd, "-"))
	if err != nil {
		rs, _ = s.resolver.Rules(nil, "")
	}
	split := splitRules(rs)
	split.maxExpansion = s.maxExpansion
	split.perFile = s.splitFor
	return split
}

// splitFor returns the rule split of the file at path, made once per
// distinct selection. A file whose config cannot be read (reported by
// the walk) gets the flags' selection.
func (s *runSettings) splitFor(path string) ruleSplit {
	rs, key, err := s.rulesKey(path)
	if err != nil {
		rs, _ = s.resolver.Rules(nil, "")
		key = ""
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if sp, ok := s.splits[key]; ok {
		return sp
	}
	sp := splitRules(rs)
	sp.maxExpansion = s.maxExpansion
	s.splits[key] = sp
	return sp
}

// selects reports whether the rule code is selected for the file at path
// (an imported macro file a finding of another file's check is in).
func (s *runSettings) selects(path, code string) bool {
	rs, key, err := s.rulesKey(path)
	if err != nil {
		return true // the file's own check reports the config error
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	set, ok := s.codes[key]
	if !ok {
		set = make(map[string]bool, len(rs))
		for _, r := range rs {
			set[r.Code] = true
		}
		s.codes[key] = set
	}
	return set[code]
}

// dropUnselected removes from r the findings located in other files
// (imported macro files) whose rule those files' settings leave out: a
// per-file ignore of macros.xml covers what any tool's check finds in it.
func (s *runSettings) dropUnselected(r *checkResult) {
	keep := 0
	for i := range r.found {
		if f := &r.found[i]; f.elsewhere && !s.selects(f.file, f.code) {
			continue
		}
		keepAt(r, keep, i)
		keep++
	}
	r.found = r.found[:keep]
}

// checkRoots reports a usage error when paths is empty or names
// something that does not exist, and a config error when the config file
// governing a PATH is not valid; both before anything is read.
func (e *env) checkRoots(s *runSettings, paths []string) (int, bool) {
	if len(paths) > 1 && slices.Contains(paths, stdinPath) {
		return e.usageError("- (standard input) cannot be combined with other PATHs"), false
	}
	if code, ok := e.checkPaths(paths); !ok {
		return code, false
	}
	for _, p := range paths {
		abs := absPath(s.cwd, p)
		var err error
		if isDir(p) {
			_, err = s.finder.ForDir(abs)
		} else {
			_, err = s.finder.ForFile(abs)
		}
		if err != nil {
			return e.configError(err), false
		}
	}
	return 0, true
}

// configError reports an invalid config file as "gtr: FILE:LINE: message"
// and returns exitError.
func (e *env) configError(err error) int {
	e.stdout.Flush()
	var ce *config.Error
	if errors.As(err, &ce) {
		c := *ce
		c.File = displayPath(workDir(), c.File)
		err = &c
	}
	fmt.Fprintf(e.stderr, "gtr: %v\n", err)
	return exitError
}

// splitWalkErrors reports the config errors among the errors of a walk
// and returns the others; bad is set when there was one (the run then
// exits 2 and reports no file).
func (e *env) splitWalkErrors(errs []error) (rest []error, bad bool) {
	for _, err := range errs {
		var ce *config.Error
		if errors.As(err, &ce) {
			e.configError(err)
			bad = true
			continue
		}
		rest = append(rest, err)
	}
	return rest, bad
}

// loadConfigFor returns the config file that governs the file or
// directory at path: the nearest gtr.toml or .gtr.toml in its directory
// (path itself, for a directory) or above it, up to the top of its git
// repository; nil when there is none. For callers outside the commands'
// runs (MCP tools over a working tree); a run keeps one [config.Finder]
// for all its paths instead: newSettings builds one with the rules of
// each file (runSettings.rulesFor, splitFor) and the walk's options
// (runSettings.walkOptions, for walkFiles or startWalkWith).
func loadConfigFor(path string) (*config.File, error) {
	abs := absPath(workDir(), path)
	if isDir(path) {
		return config.NewFinder().ForDir(abs)
	}
	return config.NewFinder().ForFile(abs)
}

// isDir reports whether path is a directory (following links).
func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}
