package pathmatch

import (
	"path/filepath"
	"strings"
)

// Stack is the pattern lists in force in one directory of a walk: its
// own .gitignore on top, then those of the directories above it up to
// the repository's top, then .git/info/exclude. A nil *Stack ignores
// nothing.
type Stack struct {
	base   string // the directory the patterns are relative to: cleaned, absolute
	list   *List
	parent *Stack
}

// NewRepo returns the stack at the top of a git repository (top, cleaned
// and absolute) with the patterns of its .git/info/exclude, exclude (nil
// for none). Unlike a nil *Stack, it marks the walk as inside a
// repository, where .gitignore files count.
func NewRepo(top string, exclude *List) *Stack {
	if exclude == nil {
		exclude = &List{}
	}
	return &Stack{base: top, list: exclude}
}

// Push returns the stack with l, relative to the directory base (a
// cleaned absolute path), on top. Push of an empty list returns s.
func (s *Stack) Push(base string, l *List) *Stack {
	if l == nil || len(l.Patterns) == 0 {
		return s
	}
	return &Stack{base: base, list: l, parent: s}
}

// Ignored reports whether the path (cleaned, absolute) is excluded: the
// list nearest the top with a pattern matching it decides, by its last
// matching pattern, as git lets a deeper .gitignore override a shallower
// one and every .gitignore override .git/info/exclude. Only the path
// itself is tested, not its parents: a walk does not enter an ignored
// directory.
func (s *Stack) Ignored(path string, isDir bool) bool {
	for ; s != nil; s = s.parent {
		rel, ok := RelSlash(s.base, path)
		if !ok {
			continue
		}
		if ign, decided := s.list.Match(rel, isDir); decided {
			return ign
		}
	}
	return false
}

// relSlash returns path relative to base with forward slashes, when path
// lies below base.
func RelSlash(base, path string) (string, bool) {
	if !strings.HasPrefix(path, base) {
		return "", false
	}
	rest := path[len(base):]
	switch {
	case base == string(filepath.Separator) || strings.HasSuffix(base, string(filepath.Separator)):
	case strings.HasPrefix(rest, string(filepath.Separator)):
		rest = rest[1:]
	default:
		return "", false // "/a/bc" is not under "/a/b"
	}
	if rest == "" {
		return "", false
	}
	return filepath.ToSlash(rest), true
}
