package config

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// Finder finds the config file that governs each directory: the nearest
// gtr.toml or .gtr.toml in it or above it, looking no higher than the top
// of the git repository it is in (a directory holding .git), or the root
// of the file system outside a repository. Answers are kept per
// directory, so a run looks at each directory once; a walk that has
// listed a directory tells the Finder what it holds ([Finder.Listed])
// and costs no look-up at all. A Finder is safe for concurrent use.
type Finder struct {
	explicit *File // -config: the one file for every directory

	mu   sync.Mutex
	dirs map[string]found
}

// found is the answer for one directory.
type found struct {
	file *File
	err  error
}

// NewFinder returns a Finder that discovers config files.
func NewFinder() *Finder { return &Finder{dirs: map[string]found{}} }

// Explicit returns a Finder that gives every directory the file at path
// (-config), its patterns relative to the directory base; an error when
// the file cannot be read or is not a valid config file.
func Explicit(path, base string) (*Finder, error) {
	f, err := Load(path, base)
	if err != nil {
		return nil, err
	}
	return &Finder{explicit: f, dirs: map[string]found{}}, nil
}

// ForDir returns the config file governing the directory dir (cleaned,
// absolute), nil when there is none, or the error of the config file
// that would govern it.
func (fd *Finder) ForDir(dir string) (*File, error) {
	if fd == nil {
		return nil, nil
	}
	if fd.explicit != nil {
		return fd.explicit, nil
	}
	fd.mu.Lock()
	r, ok := fd.dirs[dir]
	fd.mu.Unlock()
	if ok {
		return r.file, r.err
	}
	r = fd.lookUp(dir)
	fd.mu.Lock()
	fd.dirs[dir] = r
	fd.mu.Unlock()
	return r.file, r.err
}

// ForFile returns the config file governing the file at path (cleaned,
// absolute): that of its directory.
func (fd *Finder) ForFile(path string) (*File, error) {
	return fd.ForDir(filepath.Dir(path))
}

// lookUp answers for dir by looking at it and, when it holds no config
// file and is not the top of a repository, at its parent.
func (fd *Finder) lookUp(dir string) found {
	var names []string
	for _, n := range Names {
		if _, err := os.Stat(filepath.Join(dir, n)); err == nil {
			names = append(names, n)
		}
	}
	_, gitErr := os.Lstat(filepath.Join(dir, ".git"))
	if len(names) > 0 || gitErr == nil {
		return fd.load(dir, names)
	}
	parent := filepath.Dir(dir)
	if parent == dir {
		return found{}
	}
	f, err := fd.ForDir(parent)
	return found{f, err}
}

// Listed answers for dir, a directory a walk has listed, from the names
// it holds (its entries' names; only the config files' and .git matter)
// and the answer for its parent, without looking at the disk unless dir
// holds a config file.
func (fd *Finder) Listed(dir string, hasConfig, hasGit bool, parent *File) (*File, error) {
	if fd == nil {
		return nil, nil
	}
	if fd.explicit != nil {
		return fd.explicit, nil
	}
	fd.mu.Lock()
	r, ok := fd.dirs[dir]
	fd.mu.Unlock()
	if ok {
		return r.file, r.err
	}
	switch {
	case hasConfig:
		var names []string
		for _, n := range Names {
			if _, err := os.Stat(filepath.Join(dir, n)); err == nil {
				names = append(names, n)
			}
		}
		r = fd.load(dir, names)
	case hasGit:
		r = found{} // the top of a repository: nothing above it counts
	default:
		r = found{file: parent}
	}
	fd.mu.Lock()
	fd.dirs[dir] = r
	fd.mu.Unlock()
	return r.file, r.err
}

// IsConfigName reports whether name is one of [Names].
func IsConfigName(name string) bool {
	return name == Names[0] || name == Names[1]
}

// load reads the config file of dir among names (none: the top of a
// repository without one).
func (fd *Finder) load(dir string, names []string) found {
	switch len(names) {
	case 0:
		return found{}
	case 1:
		f, err := Load(filepath.Join(dir, names[0]), dir)
		return found{f, err}
	}
	return found{err: &Error{File: filepath.Join(dir, names[0]),
		Msg: "found " + strings.Join(names, " and ") + " in the same directory; keep one"}}
}
