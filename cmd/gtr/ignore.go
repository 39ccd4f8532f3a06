package main

import (
	"os"
	"path/filepath"

	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/pathmatch"
)

// ignoredAbove returns the ignore patterns in force inside the directory
// dir (cleaned, absolute) before its own .gitignore is read: nil outside a
// git repository, else .git/info/exclude of the repository's top and the
// .gitignore files of the top and of every directory from it down to
// dir's parent, as git reads them.
func ignoredAbove(dir string) *pathmatch.Stack {
	var chain []string // dir and the directories above it, up to the top
	top := ""
	for d := dir; ; d = filepath.Dir(d) {
		chain = append(chain, d)
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			top = d
			break
		}
		if filepath.Dir(d) == d {
			return nil // not in a repository: .gitignore files mean nothing
		}
	}
	s := repoStack(top)
	for i := len(chain) - 1; i >= 1; i-- { // the top first; dir's own file is read by the walk
		s = pushIgnoreFile(s, chain[i])
	}
	return s
}

// repoStack returns the stack at the top of the repository top: its
// .git/info/exclude, when .git is a directory (a work tree whose .git is
// a file keeps it elsewhere, and it is not read).
func repoStack(top string) *pathmatch.Stack {
	name := filepath.Join(top, ".git", "info", "exclude")
	data, err := os.ReadFile(name)
	if err != nil {
		return pathmatch.NewRepo(top, nil)
	}
	return pathmatch.NewRepo(top, pathmatch.Parse(name, data))
}

// pushIgnoreFile returns s with the .gitignore of dir on top, when dir
// has one that can be read.
func pushIgnoreFile(s *pathmatch.Stack, dir string) *pathmatch.Stack {
	name := filepath.Join(dir, ".gitignore")
	data, err := os.ReadFile(name)
	if err != nil {
		return s
	}
	return s.Push(dir, pathmatch.Parse(name, data))
}
