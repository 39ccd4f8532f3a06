package pathmatch

import (
	"bytes"
	"strings"
)

// Pattern is one line of a .gitignore file, compiled.
type Pattern struct {
	Text   string // the line as written, for messages
	Line   int    // 1-based line in its file; 0 when not from a file
	glob   string // the glob, without "!", leading "/" and trailing "/"
	negate bool   // "!pattern": re-include what an earlier line excluded
	dir    bool   // "pattern/": matches directories only
	// anchored is set when the pattern holds a "/" before its end: it
	// matches the whole path relative to its base directory; otherwise
	// it matches the last component at any depth.
	anchored bool
}

// ParsePattern compiles one .gitignore line. ok is false for a line that
// holds no pattern (blank, or a comment); err is ErrBadPattern for a
// malformed glob.
func ParsePattern(line string) (p Pattern, ok bool, err error) {
	p.Text = line
	s := trimTrailingSpace(strings.TrimSuffix(line, "\r"))
	if s == "" || s[0] == '#' {
		return p, false, nil
	}
	switch {
	case s[0] == '!':
		p.negate, s = true, s[1:]
	case strings.HasPrefix(s, `\!`), strings.HasPrefix(s, `\#`):
		s = s[1:]
	}
	if strings.HasSuffix(s, "/") {
		p.dir, s = true, strings.TrimRight(s, "/")
	}
	if s == "" {
		return p, false, nil // "/" or "!" alone names nothing
	}
	if strings.Contains(s, "/") {
		p.anchored, s = true, strings.TrimPrefix(s, "/")
	}
	if !validGlob(s) {
		return p, false, ErrBadPattern
	}
	p.glob = s
	return p, true, nil
}

// trimTrailingSpace removes the spaces at the end of s that are not
// escaped with a backslash, as git does.
func trimTrailingSpace(s string) string {
	end := len(s)
	for end > 0 && s[end-1] == ' ' {
		if end >= 2 && s[end-2] == '\\' {
			break
		}
		end--
	}
	return s[:end]
}

// Negated reports whether the pattern re-includes ("!pattern").
func (p Pattern) Negated() bool { return p.negate }

// Match reports whether the slash-separated path rel, relative to the
// pattern's base directory, is matched by the pattern; isDir tells
// whether rel is a directory. Only rel itself is tested, not its parent
// directories (a walk that does not enter an ignored directory needs no
// more; see [List.MatchPath] for a path and its parents).
func (p Pattern) Match(rel string, isDir bool) bool {
	if p.dir && !isDir {
		return false
	}
	if p.anchored {
		return wildmatch(p.glob, rel)
	}
	return wildmatch(p.glob, rel[strings.LastIndexByte(rel, '/')+1:])
}

// List is the patterns of one .gitignore file (or of a list of globs),
// matched relative to one base directory. Later patterns win over
// earlier ones, as in git.
type List struct {
	File     string // the file the patterns came from, for messages; "" for none
	Patterns []Pattern
}

// Parse compiles the lines of a .gitignore file, which file names. A
// line with a malformed glob (an unterminated "[") matches nothing, as in
// git.
func Parse(file string, data []byte) *List {
	l := &List{File: file}
	n := 0
	for len(data) > 0 {
		n++
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if p, ok, err := ParsePattern(string(line)); ok && err == nil {
			p.Line = n
			l.Patterns = append(l.Patterns, p)
		}
	}
	return l
}

// Add appends the pattern written as text (a .gitignore line, such as a
// config file's exclude glob).
func (l *List) Add(text string, line int) error {
	p, ok, err := ParsePattern(text)
	if err != nil {
		return err
	}
	if ok {
		p.Line = line
		l.Patterns = append(l.Patterns, p)
	}
	return nil
}

// Match returns the verdict of the list on rel (relative to the base
// directory, slash-separated): decided is false when no pattern matches,
// else ignored tells whether the last matching pattern excludes (true)
// or re-includes (false).
func (l *List) Match(rel string, isDir bool) (ignored, decided bool) {
	if l == nil {
		return false, false
	}
	for i := len(l.Patterns) - 1; i >= 0; i-- {
		p := l.Patterns[i]
		if p.Match(rel, isDir) {
			return !p.negate, true
		}
	}
	return false, false
}

// MatchPath reports whether rel or one of its parent directories is
// excluded by the list: the verdict git gives a file under a directory
// it ignores, used for paths that are not reached by a walk (a file
// named on the command line checked against per-file patterns, say).
func (l *List) MatchPath(rel string, isDir bool) bool {
	for i := 0; i < len(rel); i++ {
		if rel[i] == '/' {
			if ign, ok := l.Match(rel[:i], true); ok && ign {
				return true
			}
		}
	}
	ign, _ := l.Match(rel, isDir)
	return ign
}
