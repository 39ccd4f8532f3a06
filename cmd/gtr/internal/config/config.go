// Package config reads gtr's config files (gtr.toml or .gtr.toml), finds
// the one that governs a directory, and works out the rules each file
// gets from the config, its per-file ignores and the command-line flags.
//
// A config file holds:
//
//	ruleset = "strict"            # or a list: ["default", "strict"]
//	select = ["GTR001"]           # replaces the rulesets
//	ignore = ["GTR050"]           # removes rules
//	exclude = ["test-data", "legacy/**"]
//
//	[per-file-ignores]
//	"tests/*.xml" = ["GTR060"]
//
// Paths in exclude and per-file-ignores are .gitignore patterns relative
// to the directory of the config file (see package pathmatch). Every
// problem, an unknown key, a value of the wrong type, an unknown rule code
// or ruleset or a malformed pattern, is an [*Error] naming file:line.
package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"

	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/pathmatch"
	"github.com/galaxy-gtr/gtr/rules"
)

// Names are the names a config file may have, in the order they are
// looked for in a directory. A directory with both is an error.
var Names = []string{"gtr.toml", ".gtr.toml"}

// Keys are the keys a config file may set.
var Keys = []string{"ruleset", "select", "ignore", "exclude", "per-file-ignores"}

// File is one config file, read and checked.
type File struct {
	Path string // as found or given
	// Base is the directory the file's patterns are relative to, cleaned
	// and absolute: the file's own directory, or the working directory
	// for a file given with -config (as ruff does).
	Base string

	Ruleset []Value // nil when not set
	Select  []Value
	Ignore  []Value
	Exclude []Value
	PerFile []PerFileIgnore // in file order

	// Lines holds the line each key is set on.
	Lines map[string]int

	exclude *pathmatch.List // Exclude, compiled
}

// Value is one string of a config file and the line it is written on.
type Value struct {
	Text string
	Line int
}

// PerFileIgnore is one entry of [per-file-ignores]: the rules to leave
// out for the files a pattern matches.
type PerFileIgnore struct {
	Pattern Value
	Codes   []Value
	match   pathmatch.Pattern // the pattern without a leading "!"
	negate  bool              // "!pattern": the entry applies to the files the pattern does not match
}

// Error is a problem in a config file, at a line (0 when the whole file
// is at fault).
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return e.File + ": " + e.Msg
	}
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

// Load reads and checks the config file at path; base is the directory
// its patterns are relative to (cleaned and absolute).
func Load(path, base string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &Error{File: path, Msg: "cannot read: " + errText(err)}
	}
	return Parse(path, base, data)
}

// Parse checks a config file's bytes; path names it in errors.
func Parse(path, base string, data []byte) (*File, error) {
	// The decoder checks the syntax and the TOML rules (a key set twice,
	// say) and says where; the parser below reads the values and where
	// each is written.
	var any map[string]any
	if err := toml.Unmarshal(data, &any); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			line, _ := de.Position()
			return nil, &Error{File: path, Line: line, Msg: strings.TrimPrefix(de.Error(), "toml: ")}
		}
		return nil, &Error{File: path, Msg: err.Error()}
	}
	f := &File{Path: path, Base: base, Lines: map[string]int{}, exclude: &pathmatch.List{File: path}}
	r := reader{f: f, p: &unstable.Parser{}}
	r.p.Reset(data)
	if err := r.read(); err != nil {
		return nil, err
	}
	return f, nil
}

// reader walks the expressions of a config file.
type reader struct {
	f *File
	p *unstable.Parser
}

func (r *reader) errorf(line int, format string, args ...any) error {
	return &Error{File: r.f.Path, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// line returns the line n starts on; 0 for a node with no bytes.
func (r *reader) line(n *unstable.Node) int {
	if n == nil || n.Raw.Length == 0 {
		return 0
	}
	return r.p.Shape(n.Raw).Start.Line
}

func (r *reader) read() error {
	var table []string // the key of the last [table] header
	for r.p.NextExpression() {
		e := r.p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			key, line := r.key(e)
			if len(key) != 1 || key[0] != "per-file-ignores" || e.Kind == unstable.ArrayTable {
				return r.unknown(key, line)
			}
			if r.f.Lines["per-file-ignores"] == 0 {
				r.f.Lines["per-file-ignores"] = line
			}
			table = key
		case unstable.KeyValue:
			key, line := r.key(e)
			if err := r.set(append(append([]string(nil), table...), key...), e.Value(), line); err != nil {
				return err
			}
		}
	}
	return r.p.Error()
}

// key returns the parts of the key of a table header or key-value and
// the line it is written on.
func (r *reader) key(e *unstable.Node) ([]string, int) {
	var parts []string
	line := 0
	it := e.Key()
	for it.Next() {
		n := it.Node()
		if line == 0 {
			line = r.line(n)
		}
		parts = append(parts, string(n.Data))
	}
	return parts, line
}

// unknown reports a key that is not one of Keys.
func (r *reader) unknown(key []string, line int) error {
	name := strings.Join(key, ".")
	msg := fmt.Sprintf("unknown key %q", name)
	if s := rules.Closest(key[0], Keys); s != "" && s != key[0] {
		msg += fmt.Sprintf("; did you mean %q?", s)
	}
	return r.errorf(line, "%s (known keys: %s)", msg, strings.Join(Keys, ", "))
}

// set stores the value v of key, written on line.
func (r *reader) set(key []string, v *unstable.Node, line int) error {
	switch {
	case len(key) == 1 && key[0] == "per-file-ignores":
		if v.Kind != unstable.InlineTable {
			return r.errorf(line, "per-file-ignores: want a table of pattern = [codes], got %s", kindName(v))
		}
		r.f.Lines["per-file-ignores"] = line
		it := v.Children()
		for it.Next() {
			kv := it.Node()
			sub, subLine := r.key(kv)
			if err := r.set(append([]string{"per-file-ignores"}, sub...), kv.Value(), subLine); err != nil {
				return err
			}
		}
		return nil
	case key[0] == "per-file-ignores":
		if len(key) != 2 {
			return r.errorf(line, "per-file-ignores: the pattern %s is a dotted key; quote it: %q", strings.Join(key[1:], "."), strings.Join(key[1:], "."))
		}
		return r.perFile(key[1], v, line)
	case len(key) != 1:
		return r.unknown(key, line)
	}
	name := key[0]
	switch name {
	case "ruleset", "select", "ignore", "exclude":
	default:
		return r.unknown(key, line)
	}
	vals, err := r.strings(name, v, line, name == "ruleset")
	if err != nil {
		return err
	}
	r.f.Lines[name] = line
	switch name {
	case "ruleset":
		for _, val := range vals {
			if _, err := (rules.Selection{Rulesets: []string{val.Text}}).Resolve(); err != nil {
				return r.errorf(val.Line, "ruleset: %v", err)
			}
		}
		r.f.Ruleset = vals
	case "select", "ignore":
		if name == "select" && len(vals) == 0 {
			return r.errorf(line, "select: an empty list selects nothing; leave the key out to run the rulesets' rules")
		}
		if err := checkCodes(r, name, vals); err != nil {
			return err
		}
		if name == "select" {
			r.f.Select = vals
		} else {
			r.f.Ignore = vals
		}
	case "exclude":
		for _, val := range vals {
			if err := r.f.exclude.Add(val.Text, val.Line); err != nil {
				return r.errorf(val.Line, "exclude: bad pattern %q: %v", val.Text, err)
			}
		}
		r.f.Exclude = vals
	}
	return nil
}

// perFile stores one [per-file-ignores] entry.
func (r *reader) perFile(pattern string, v *unstable.Node, line int) error {
	negate := strings.HasPrefix(pattern, "!")
	p, ok, err := pathmatch.ParsePattern(strings.TrimPrefix(pattern, "!"))
	if err != nil {
		return r.errorf(line, "per-file-ignores: bad pattern %q: %v", pattern, err)
	}
	if !ok {
		return r.errorf(line, "per-file-ignores: %q is not a pattern", pattern)
	}
	codes, err := r.strings("per-file-ignores."+pattern, v, line, false)
	if err != nil {
		return err
	}
	if err := checkCodes(r, "per-file-ignores", codes); err != nil {
		return err
	}
	r.f.PerFile = append(r.f.PerFile, PerFileIgnore{Pattern: Value{pattern, line}, Codes: codes, match: p, negate: negate})
	return nil
}

// checkCodes reports the first value that names no rule.
func checkCodes(r *reader, key string, vals []Value) error {
	for _, val := range vals {
		if _, err := rules.Match(val.Text); err != nil {
			return r.errorf(val.Line, "%s: %v", key, err)
		}
	}
	return nil
}

// strings returns the strings of v: an array of strings or, when one is
// allowed, a single string.
func (r *reader) strings(key string, v *unstable.Node, line int, one bool) ([]Value, error) {
	want := "an array of strings"
	if one {
		want = "a string or an array of strings"
	}
	switch v.Kind {
	case unstable.String:
		if one {
			return []Value{{string(v.Data), lineOr(r.line(v), line)}}, nil
		}
	case unstable.Array:
		vals := []Value{}
		it := v.Children()
		for it.Next() {
			n := it.Node()
			if n.Kind != unstable.String {
				return nil, r.errorf(lineOr(r.line(n), line), "%s: want %s, got an array holding %s", key, want, kindName(n))
			}
			vals = append(vals, Value{string(n.Data), lineOr(r.line(n), line)})
		}
		return vals, nil
	}
	return nil, r.errorf(lineOr(r.line(v), line), "%s: want %s, got %s", key, want, kindName(v))
}

func lineOr(line, fallback int) int {
	if line == 0 {
		return fallback
	}
	return line
}

// kindName names the TOML type of n for messages.
func kindName(n *unstable.Node) string {
	switch n.Kind {
	case unstable.String:
		return "a string"
	case unstable.Bool:
		return "a boolean"
	case unstable.Integer:
		return "an integer"
	case unstable.Float:
		return "a float"
	case unstable.Array:
		return "an array"
	case unstable.InlineTable:
		return "a table"
	}
	return "a date or time"
}

// Excluded reports whether the path (cleaned, absolute) is matched by
// the file's exclude patterns, relative to its base.
func (f *File) Excluded(path string, isDir bool) bool {
	if f == nil || len(f.exclude.Patterns) == 0 {
		return false
	}
	rel, ok := pathmatch.RelSlash(f.Base, path)
	if !ok {
		return false
	}
	ign, _ := f.exclude.Match(rel, isDir)
	return ign
}

// ExcludedPath reports whether a walk from above would leave out the
// path (cleaned, absolute): the file's exclude patterns match it or a
// directory it is in, below the base.
func (f *File) ExcludedPath(path string, isDir bool) bool {
	if f == nil || len(f.exclude.Patterns) == 0 {
		return false
	}
	rel, ok := pathmatch.RelSlash(f.Base, path)
	return ok && f.exclude.MatchPath(rel, isDir)
}

// Matching returns the indexes of the [per-file-ignores] entries that
// apply to the file at path (cleaned, absolute): those whose pattern
// matches the path relative to the base, or one of its parent
// directories; a "!pattern" entry applies to the files it does not match.
func (f *File) Matching(path string) []int {
	if f == nil || len(f.PerFile) == 0 {
		return nil
	}
	rel, ok := pathmatch.RelSlash(f.Base, path)
	if !ok {
		rel = filepath.Base(path) // outside the base: only name patterns can match
	}
	var out []int
	for i, pf := range f.PerFile {
		l := pathmatch.List{Patterns: []pathmatch.Pattern{pf.match}}
		if l.MatchPath(rel, false) != pf.negate {
			out = append(out, i)
		}
	}
	return out
}

// errText returns err's message without the operation and path that os
// errors repeat.
func errText(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
