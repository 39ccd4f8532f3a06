package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
)

// xmlFiles expands command-line paths into the files to process. A file is
// taken as given, whatever its name; a directory contributes its *.xml
// files, recursively, in lexical order, without entering hidden directories
// or following symbolic links to directories. A file named twice (by
// equivalent paths) is processed once. Paths that cannot be read are
// returned as errors, and the walk goes on.
func xmlFiles(paths []string) (files []string, errs []error) {
	seen := map[string]bool{}
	add := func(path string) {
		key, err := filepath.Abs(path)
		if err != nil {
			key = filepath.Clean(path)
		}
		if !seen[key] {
			seen[key] = true
			files = append(files, path)
		}
	}
	for _, root := range paths {
		st, err := os.Stat(root)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if !st.IsDir() {
			add(root)
			continue
		}
		// A trailing separator makes WalkDir enter a root that is a
		// symbolic link to a directory.
		walkRoot := root
		if !strings.HasSuffix(walkRoot, string(filepath.Separator)) {
			walkRoot += string(filepath.Separator)
		}
		filepath.WalkDir(walkRoot, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				errs = append(errs, err)
				return nil // skip what cannot be read, keep walking
			}
			if d.IsDir() {
				if path != walkRoot && strings.HasPrefix(d.Name(), ".") {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(d.Name(), ".xml") {
				return nil
			}
			if d.Type()&fs.ModeSymlink != 0 {
				st, err := os.Stat(path)
				if err != nil {
					errs = append(errs, err)
					return nil
				}
				if st.IsDir() {
					return nil
				}
			}
			add(path)
			return nil
		})
	}
	return files, errs
}

// forEachOrdered runs work(i) for every i in [0, n) on GOMAXPROCS
// goroutines and calls emit(i, result) on the calling goroutine in index
// order, each as soon as it and all before it are done, so output is
// deterministic and starts early.
func forEachOrdered[T any](n int, work func(i int) T, emit func(i int, r T)) {
	results := make([]T, n)
	done := make([]chan struct{}, n)
	for i := range done {
		done[i] = make(chan struct{})
	}
	var next atomic.Int64 // workers take indexes in order, so done fills in order
	for range min(n, runtime.GOMAXPROCS(0)) {
		go func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				results[i] = work(i)
				close(done[i])
			}
		}()
	}
	var zero T
	for i := range n {
		<-done[i]
		emit(i, results[i])
		results[i] = zero // let the result go
	}
}
