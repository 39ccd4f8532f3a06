package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
)

// xmlFiles expands command-line paths into the files to process. A file is
// taken as given, whatever its name; a directory contributes its *.xml
// files, recursively, in lexical order, without entering hidden directories
// or following symbolic links to directories. A file named twice (by
// equivalent paths) is processed once. Paths that cannot be read are
// returned as errors, and the walk goes on.
func xmlFiles(paths []string) (files []string, errs []error) {
	errs = walkXMLFiles(paths, func(path string) { files = append(files, path) }, nil)
	return files, errs
}

// walkXMLFiles finds the files as xmlFiles does and calls found with each,
// in order, as the walk goes; it returns the paths it could not read.
// When listed is not nil, it is called with each directory the walk lists
// in full (every *.xml file in it is found), as a cleaned absolute path.
func walkXMLFiles(paths []string, found func(path string), listed func(dir string)) (errs []error) {
	seen := map[string]bool{}
	cwd := workDir()
	add := func(path string) {
		key := absPath(cwd, path)
		if !seen[key] {
			seen[key] = true
			found(path)
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
		var reading string // the directory being listed, until its first entry; set only for listed
		filepath.WalkDir(walkRoot, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				// A directory that cannot be listed is reported again
				// after it was entered; it is not listed in full.
				reading = ""
				errs = append(errs, err)
				return nil // skip what cannot be read, keep walking
			}
			if reading != "" {
				listed(reading)
			}
			reading = ""
			if d.IsDir() {
				if path != walkRoot && strings.HasPrefix(d.Name(), ".") {
					return filepath.SkipDir
				}
				if listed != nil {
					reading = absPath(cwd, path)
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
		if reading != "" {
			listed(reading)
		}
	}
	return errs
}

// walk is a walkXMLFiles running in the background, so that files are
// processed while the rest are still being found.
type walk struct {
	mu    sync.Mutex
	grown sync.Cond // signalled when files grows or the walk ends
	files []string
	errs  []error
	done  bool
	// listed holds the directories the walk has listed in full (see
	// walkXMLFiles), as cleaned absolute paths.
	listed map[string]bool
}

// startWalk starts walking paths.
func startWalk(paths []string) *walk {
	w := &walk{listed: map[string]bool{}}
	w.grown.L = &w.mu
	go func() {
		errs := walkXMLFiles(paths, func(path string) {
			w.mu.Lock()
			w.files = append(w.files, path)
			w.mu.Unlock()
			w.grown.Broadcast()
		}, func(dir string) {
			w.mu.Lock()
			w.listed[dir] = true
			w.mu.Unlock()
		})
		w.mu.Lock()
		w.errs, w.done = errs, true
		w.mu.Unlock()
		w.grown.Broadcast()
	}()
	return w
}

// walkOf returns a walk that has ended, having found files.
func walkOf(files []string) *walk {
	w := &walk{files: files, done: true}
	w.grown.L = &w.mu
	return w
}

// found returns the files found so far and the directories listed in
// full.
func (w *walk) found() ([]string, map[string]bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.files, w.listed
}

// file returns the i-th file found, waiting for the walk to find it;
// false when the walk ends with fewer.
func (w *walk) file(i int) (string, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for i >= len(w.files) && !w.done {
		w.grown.Wait()
	}
	if i < len(w.files) {
		return w.files[i], true
	}
	return "", false
}

// ended returns the paths the walk could not read once it has ended.
func (w *walk) ended() ([]error, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.errs, w.done
}

// workDir returns the working directory, "" when it cannot be found.
func workDir() string {
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	return wd
}

// absPath is filepath.Abs with the working directory looked up once, by
// workDir, rather than on every call (which costs two stat calls each):
// path joined to cwd and cleaned; when cwd is "", path cleaned.
func absPath(cwd, path string) string {
	if filepath.IsAbs(path) || cwd == "" {
		return filepath.Clean(path)
	}
	return filepath.Join(cwd, path)
}

// forEachOrdered runs work(i) for every i in [0, n) on GOMAXPROCS
// goroutines and calls emit(i, result) in index order, each as soon as it
// and all before it are done, so output is deterministic and starts
// early. Emits never run concurrently, and all have run when
// forEachOrdered returns.
func forEachOrdered[T any](n int, work func(i int) T, emit func(i int, r T)) {
	out := &inOrder[T]{emit: emit}
	workers(func(i int) bool {
		if i >= n {
			return false
		}
		out.put(i, work(i))
		return true
	})
}

// forEachWalked is forEachOrdered over the files of a walk still going
// on: work runs on each file as soon as it is found; once the walk has
// ended, first is called with the paths it could not read, then emit with
// the results in file order.
func forEachWalked[T any](w *walk, work func(path string) T, first func(errs []error), emit func(r T)) {
	out := &inOrder[T]{
		emit: func(_ int, r T) { emit(r) },
		open: func() bool {
			errs, done := w.ended()
			if done {
				first(errs)
			}
			return done
		},
	}
	workers(func(i int) bool {
		path, ok := w.file(i)
		if !ok {
			return false
		}
		out.put(i, work(path))
		return true
	})
	out.flush() // the walk has ended: emit whatever the workers could not
}

// workers calls work with 0, 1, 2, … on GOMAXPROCS goroutines, each
// taking the next index in turn, until work returns false on every
// goroutine; it returns when all are done.
func workers(work func(i int) bool) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for work(int(next.Add(1) - 1)) {
			}
		}()
	}
	wg.Wait()
}

// inOrder passes results, put in any order from any goroutine, to emit
// in index order, each as soon as it and all before it are in. The
// goroutine that puts the next result in order emits it, and any ready
// after it, under the lock, so no goroutine waits for each result (which
// would cost a wake-up per file) and emits never run concurrently.
type inOrder[T any] struct {
	emit func(i int, r T)
	// open, when set, holds back every emit until it returns true; it is
	// called under the lock, and not again once it has.
	open func() bool

	mu      sync.Mutex
	results []T
	ready   []bool
	next    int // the next index to emit
}

// put records the result of index i and emits what is ready.
func (o *inOrder[T]) put(i int, r T) {
	o.mu.Lock()
	defer o.mu.Unlock()
	var zero T
	for len(o.results) <= i {
		o.results, o.ready = append(o.results, zero), append(o.ready, false)
	}
	o.results[i], o.ready[i] = r, true
	o.emitReady()
}

// flush emits what is ready.
func (o *inOrder[T]) flush() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.emitReady()
}

// emitReady emits the results ready in order, if open allows; o.mu is
// held.
func (o *inOrder[T]) emitReady() {
	if o.open != nil {
		if !o.open() {
			return
		}
		o.open = nil
	}
	var zero T
	for o.next < len(o.results) && o.ready[o.next] {
		o.emit(o.next, o.results[o.next])
		o.results[o.next] = zero // let the result go
		o.next++
	}
}
