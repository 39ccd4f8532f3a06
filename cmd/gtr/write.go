package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// writeFile replaces the file at path with data atomically: the data goes
// to a temporary file in the same directory, which is synced, given the
// original's permission bits and renamed over it, so a reader (or a crash)
// sees either the old file or the new one, never a mix. A symbolic link is
// followed and its target replaced, so the link stays a link. A hard link
// is broken: the path gets a new inode, as with every rename-based editor.
//
// With backup, the old bytes are first written the same way to
// "<path>.bak", replacing an earlier backup, with the original's mode and
// modification time.
func writeFile(path string, old, data []byte, backup bool) error {
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return err
	}
	st, err := os.Stat(target)
	if err != nil {
		return err
	}
	if backup {
		bak := path + ".bak"
		if err := replaceFile(bak, old, st.Mode()); err != nil {
			return fmt.Errorf("writing backup: %w", err)
		}
		// A backup keeps the original's time, as cp -p and Python's
		// shutil.copy2 do; failing to set it is not worth failing for.
		_ = os.Chtimes(bak, time.Time{}, st.ModTime())
	}
	return replaceFile(target, data, st.Mode())
}

// replaceFile atomically replaces (or creates) the regular file path with
// data and the permission bits of mode.
func replaceFile(path string, data []byte, mode fs.FileMode) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".gtr-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return err
	}
	// CreateTemp makes the file 0600; chmod it before it becomes visible
	// under path. Chmod on the open file is not subject to the umask.
	if err = tmp.Chmod(mode & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	syncDir(dir)
	return nil
}

// syncDir makes a rename in dir durable, where the system allows it.
func syncDir(dir string) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	_ = d.Sync() // not supported everywhere (Windows); the rename is done either way
	d.Close()
}

// fileChange is one file of a change that spans several: its new bytes,
// or its removal when remove is set.
type fileChange struct {
	path   string
	old    []byte // the bytes it replaces, for the backup
	data   []byte
	remove bool
	create bool // path does not exist yet: it is created (mode 0644), with no backup
}

// writeAll makes changes as one transaction: every new file, and with
// backup every "<path><backup>" copy of an old one, is written to a
// temporary file in its directory and synced first; only when all are
// written are they renamed into place (and files to remove removed). On
// a failure before the renames nothing is changed and the temporary files
// are removed. Modes follow the files replaced; a file created gets 0644.
func writeAll(changes []fileChange, backup string) (err error) {
	type staged struct{ tmp, path string }
	var temps []staged
	defer func() {
		if err != nil {
			for _, s := range temps {
				os.Remove(s.tmp)
			}
		}
	}()
	stage := func(path string, data []byte, mode fs.FileMode) error {
		dir, base := filepath.Split(path)
		if dir == "" {
			dir = "."
		}
		tmp, err := os.CreateTemp(dir, "."+base+".gtr-*")
		if err != nil {
			return err
		}
		temps = append(temps, staged{tmp.Name(), path})
		if _, err := tmp.Write(data); err != nil {
			tmp.Close()
			return err
		}
		if err := tmp.Chmod(mode & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)); err != nil {
			tmp.Close()
			return err
		}
		if err := tmp.Sync(); err != nil {
			tmp.Close()
			return err
		}
		return tmp.Close()
	}
	for _, c := range changes {
		if c.create {
			if _, err := os.Lstat(c.path); err == nil {
				return fmt.Errorf("%s: %w", c.path, fs.ErrExist)
			}
			if err := stage(c.path, c.data, 0o644); err != nil {
				return err
			}
			continue
		}
		target, err := filepath.EvalSymlinks(c.path)
		if err != nil {
			return err
		}
		st, err := os.Stat(target)
		if err != nil {
			return err
		}
		if backup != "" {
			if err := stage(c.path+backup, c.old, st.Mode()); err != nil {
				return fmt.Errorf("writing backup: %w", err)
			}
		}
		if !c.remove {
			if err := stage(target, c.data, st.Mode()); err != nil {
				return err
			}
		}
	}
	for _, s := range temps {
		if err := os.Rename(s.tmp, s.path); err != nil {
			return err
		}
		syncDir(filepath.Dir(s.path))
	}
	temps = nil // renamed: nothing to clean up
	for _, c := range changes {
		if c.remove {
			if err := os.Remove(c.path); err != nil {
				return err
			}
		}
	}
	return nil
}
