package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/config"
	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/pathmatch"
)

// xmlFiles expands command-line paths into the files to process, as
// [walkFiles] does with no config file and no -exclude.
func xmlFiles(paths []string) (files []string, errs []error) {
	return walkFiles(paths, walkOptions{})
}

// walkFiles expands command-line paths into the files to process. A file
// is taken as given, whatever its name, and so is a directory: neither
// .gitignore nor an exclude pattern drops a PATH named on the command
// line. A directory contributes its *.xml files, recursively, in lexical
// order, without entering hidden directories or following symbolic links
// to directories, and leaving out what is ignored: inside a git
// repository, what its .gitignore files (those of the directories walked
// and of the directories above them up to the top of the repository) and
// .git/info/exclude ignore, as git does; what the exclude patterns of the
// config file governing a directory match (with opts.configs); what
// opts.exclude matches. A file named twice (by equivalent paths) is
// processed once. Paths that cannot be read, and config files that are
// not valid, are returned as errors, and the walk goes on (not into a
// directory whose config file is not valid).
//
// The other commands of issue 15 (MCP's check_paths and format_paths)
// call it with the options of [env.walkOptions].
func walkFiles(paths []string, opts walkOptions) (files []string, errs []error) {
	errs = walkXMLFilesWith(paths, opts, func(path string) { files = append(files, path) }, nil)
	return files, errs
}

// walkOptions are what a walk leaves out beyond hidden directories and
// ignored files. The zero value reads no config file and excludes
// nothing else.
type walkOptions struct {
	// configs finds the config file governing each directory; the walk
	// tells it what each directory it lists holds, and leaves out what
	// the file's exclude patterns match. Nil reads no config file.
	configs *config.Finder
	// exclude holds the -exclude patterns, relative to the working
	// directory (a pattern without a "/" matches a name anywhere).
	exclude *pathmatch.List
}

// walkXMLFiles finds the files as xmlFiles does and calls found with each,
// in order, as the walk goes; it returns the paths it could not read.
// When listed is not nil, it is called with each directory the walk lists
// in full (every *.xml file in it is found), as a cleaned absolute path.
func walkXMLFiles(paths []string, found func(path string), listed func(dir string)) (errs []error) {
	return walkXMLFilesWith(paths, walkOptions{}, found, listed)
}

// walkXMLFilesWith is walkXMLFiles with opts (see walkFiles).
func walkXMLFilesWith(paths []string, opts walkOptions, found func(path string), listed func(dir string)) (errs []error) {
	w := &walker{opts: opts, cwd: workDir(), found: found, listed: listed, seen: map[string]bool{}}
	for _, root := range paths {
		w.root(root)
	}
	return w.errs
}

// walker is one walk of walkXMLFilesWith.
type walker struct {
	opts   walkOptions
	cwd    string
	found  func(path string)
	listed func(dir string)
	seen   map[string]bool // absolute paths of the files found
	errs   []error
}

// add finds the file at path, unless it was found already.
func (w *walker) add(path string) {
	key := absPath(w.cwd, path)
	if !w.seen[key] {
		w.seen[key] = true
		w.found(path)
	}
}

// root walks one PATH argument.
func (w *walker) root(root string) {
	st, err := os.Stat(root)
	if err != nil {
		w.errs = append(w.errs, err)
		return
	}
	if !st.IsDir() {
		w.add(root)
		return
	}
	abs := absPath(w.cwd, root)
	cfg, err := w.opts.configs.ForDir(abs)
	if err != nil {
		w.errs = append(w.errs, err)
		return
	}
	w.dir(root, abs, ignoredAbove(abs), cfg, true)
}

// dir walks the directory at path (abs, absolute), under the ignore files
// ign of the directories above it and the config file cfg governing its
// parent (its own, for a root).
func (w *walker) dir(path, abs string, ign *pathmatch.Stack, cfg *config.File, isRoot bool) {
	entries, err := os.ReadDir(path)
	complete := err == nil
	if err != nil {
		w.errs = append(w.errs, err) // the entries read before the error are still walked
	}
	hasConfig, hasGit, hasIgnore := false, false, false
	for _, e := range entries {
		switch name := e.Name(); {
		case name == ".git":
			hasGit = true
		case name == ".gitignore":
			hasIgnore = true
		case config.IsConfigName(name):
			hasConfig = true
		}
	}
	if !isRoot {
		if hasGit {
			ign = repoStack(abs) // a repository inside the one walked: its own rules
		}
		cfg, err = w.opts.configs.Listed(abs, hasConfig, hasGit, cfg)
		if err != nil {
			w.errs = append(w.errs, err)
			return
		}
	}
	if hasIgnore && ign != nil {
		ign = pushIgnoreFile(ign, abs)
	}
	for _, e := range entries {
		name := e.Name()
		sub := filepath.Join(path, name)
		subAbs := filepath.Join(abs, name)
		if e.IsDir() {
			if strings.HasPrefix(name, ".") || w.skip(subAbs, name, true, ign, cfg) {
				continue
			}
			w.dir(sub, subAbs, ign, cfg, false)
			continue
		}
		if !strings.HasSuffix(name, ".xml") {
			continue
		}
		if w.skip(subAbs, name, false, ign, cfg) {
			complete = false
			continue
		}
		if e.Type()&fs.ModeSymlink != 0 {
			st, err := os.Stat(sub)
			if err != nil {
				w.errs = append(w.errs, err)
				complete = false
				continue
			}
			if st.IsDir() {
				continue
			}
		}
		w.add(sub)
	}
	if complete && w.listed != nil {
		w.listed(abs)
	}
}

// skip reports whether the entry at abs (called name) is left out: git
// ignores it, or an exclude pattern matches it.
func (w *walker) skip(abs, name string, isDir bool, ign *pathmatch.Stack, cfg *config.File) bool {
	if ign.Ignored(abs, isDir) || cfg.Excluded(abs, isDir) {
		return true
	}
	if w.opts.exclude == nil {
		return false
	}
	rel, ok := pathmatch.RelSlash(w.cwd, abs)
	if !ok {
		rel = name // outside the working directory only name patterns can match
	}
	ignored, _ := w.opts.exclude.Match(rel, isDir)
	return ignored
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
	// prog counts the files processed by forEachWalked; nil for none.
	prog *progress
}

// count returns the number of files found so far.
func (w *walk) count() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.files)
}

// startWalk starts walking paths.
func startWalk(paths []string) *walk { return startWalkWith(paths, walkOptions{}) }

// startWalkWith starts walking paths with opts (see walkFiles).
func startWalkWith(paths []string, opts walkOptions) *walk {
	w := &walk{listed: map[string]bool{}}
	w.grown.L = &w.mu
	go func() {
		errs := walkXMLFilesWith(paths, opts, func(path string) {
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
		r := work(path)
		w.prog.tick()
		out.put(i, r)
		return true
	})
	out.flush() // the walk has ended: emit whatever the workers could not
}

// workers calls work with 0, 1, 2, … on GOMAXPROCS goroutines, each
// taking the next index in turn, until work returns false on every
// goroutine; it returns when all are done.
//
// A worker yields its processor after each call (runtime.Gosched). Nothing
// else makes it: it takes its indexes and hands its results on without
// waiting, so it would run from the first file to the last on one time
// slice, and the runtime takes a goroutine that has held its time slice
// for 10 ms off by a signal (asynchronous preemption), whether or not
// anything else waits to run. A yield starts a new time slice. Over the
// corpus that halves the signals of a run of check --ruleset strict
// (about 240 to 120; the others stop the workers for the collector), and
// on a virtual machine, where delivering a signal is dear, it took about
// a quarter off the run's system time.
func workers(work func(i int) bool) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for work(int(next.Add(1) - 1)) {
				runtime.Gosched()
			}
		}()
	}
	wg.Wait()
}

// inOrder passes results, put in any order from any goroutine, to emit
// in index order, each as soon as it and all before it are in. The
// goroutine that puts the next result in order emits it, and any ready
// after it, so no goroutine waits for each result (which would cost a
// wake-up per file) and emits never run concurrently. It emits outside
// the lock: a goroutine that puts a result while another emits leaves it
// to that one and goes on with its work, rather than waiting for the
// emits (over the corpus, 7-10 ms of a core idle per run of check, most
// of it when the walk ends and the results held back until then go out
// at once).
type inOrder[T any] struct {
	emit func(i int, r T)
	// open, when set, holds back every emit until it returns true; it is
	// called under the lock, and not again once it has.
	open func() bool

	mu       sync.Mutex
	results  []T
	ready    []bool
	next     int  // the next index to emit
	emitting bool // a goroutine is emitting: it emits what comes ready meanwhile
	batch    []T  // the emitter's results taken out of results
}

// put records the result of index i and emits what is ready.
func (o *inOrder[T]) put(i int, r T) {
	o.mu.Lock()
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
	o.emitReady()
}

// emitReady emits the results ready in order, if open allows, unless
// another goroutine is emitting: that one emits them. It is called with
// o.mu held and returns with it released.
func (o *inOrder[T]) emitReady() {
	if o.emitting {
		o.mu.Unlock()
		return
	}
	o.emitting = true
	var zero T
	for {
		if o.open != nil {
			if !o.open() {
				break
			}
			o.open = nil
		}
		first := o.next
		for o.next < len(o.results) && o.ready[o.next] {
			o.batch = append(o.batch, o.results[o.next])
			o.results[o.next] = zero // let the result go
			o.next++
		}
		if len(o.batch) == 0 {
			break
		}
		batch := o.batch
		o.mu.Unlock()
		for k, r := range batch {
			o.emit(first+k, r)
		}
		clear(batch)
		o.mu.Lock()
		o.batch = batch[:0]
	}
	o.emitting = false
	o.mu.Unlock()
}
