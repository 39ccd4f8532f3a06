package macros

import (
	"bytes"
	"hash/maphash"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/galaxy-gtr/gtr/cst"
)

// Options configure [Expand].
type Options struct {
	// Files supplies imported files by name, for callers that hold them in
	// memory. An import is looked up under the path Galaxy opens (the
	// tool's directory joined with the import text), that path cleaned, and
	// the import text itself, before the disk is tried.
	Files map[string][]byte
	// ReadFile reads an import that Files does not hold; nil means
	// os.ReadFile, which resolves relative paths against the working
	// directory as Galaxy does.
	ReadFile func(name string) ([]byte, error)
	// NoDisk makes imports that Files does not hold fail instead of being
	// read with ReadFile.
	NoDisk bool
	// Cache, when not nil, shares parsed macro files between calls: those
	// read from disk by path (it assumes the files do not change while it
	// is in use), those in Files by path and content.
	Cache *Cache
	// Arena, when not nil, holds the expanded tree ([Arena]); the Result
	// must not be used after the arena's Reset.
	Arena *Arena
}

// Cache holds parsed macro files between calls to [Expand], so that the
// many tools importing one macros.xml parse it once. It is safe for
// concurrent use.
type Cache struct {
	mu   sync.Mutex
	m    map[string]*cacheEntry
	seed maphash.Seed
}

type cacheEntry struct {
	once sync.Once
	src  []byte    // the content, for files given in memory
	tree *cst.Tree // a parse handed in by Seed (never changed), converted on first use
	f    *macroFile
	err  error
	done atomic.Bool // once has run
}

// NewCache returns an empty cache.
func NewCache() *Cache { return &Cache{m: make(map[string]*cacheEntry), seed: maphash.MakeSeed()} }

// parsed returns the parse of the in-memory macro file src at path,
// sharing it with earlier calls for the same path and content.
func (c *Cache) parsed(path string, src []byte) (*macroFile, error) {
	key := "\x00" + path + "\x00" + strconv.FormatUint(maphash.Bytes(c.seed, src), 16)
	c.mu.Lock()
	e := c.m[key]
	if e == nil {
		e = &cacheEntry{src: src}
		c.m[key] = e
	}
	c.mu.Unlock()
	if !bytes.Equal(e.src, src) { // a hash collision: do not share
		return parseMacroFile(path, src)
	}
	e.once.Do(func() { e.f, e.err = parseMacroFile(path, src) })
	return e.f, e.err
}

// get returns the macro file cached under key, made by load on first use;
// load is given the parse Seed handed in, nil when none.
func (c *Cache) get(key string, load func(seeded *cst.Tree) (*macroFile, error)) (*macroFile, error) {
	c.mu.Lock()
	e := c.m[key]
	if e == nil {
		e = &cacheEntry{}
		c.m[key] = e
	}
	c.mu.Unlock()
	e.once.Do(func() {
		e.f, e.err = load(e.tree)
		e.done.Store(true)
	})
	return e.f, e.err
}

// Seed hands the cache the parse of the file at path on disk, made by a
// caller that reads the file anyway (a run over a repository parses its
// macro files too), so that importing it does not parse it again. A path
// the cache holds already is left as it is.
func (c *Cache) Seed(path string, t *cst.Tree) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m[path] == nil {
		c.m[path] = &cacheEntry{tree: t}
	}
}

// Tree returns the parse of the file at path on disk if the cache holds
// one (from an import or from Seed), nil otherwise. It does not wait for a
// parse in progress.
func (c *Cache) Tree(path string) *cst.Tree {
	c.mu.Lock()
	e := c.m[path]
	c.mu.Unlock()
	switch {
	case e == nil:
		return nil
	case e.tree != nil: // set by Seed, never changed
		return e.tree
	case e.done.Load() && e.f != nil:
		return e.f.tree
	}
	return nil
}

// macroFile is a parsed macro file with its definitions harvested. It is
// shared through the cache and never modified.
type macroFile struct {
	tree    *cst.Tree
	imports []importRef
	defs    []macroDef
	err     error // an <import> without text, reported when the file is used
}

type importRef struct {
	text string
	at   *Element
}

// macroDef is one definition in Galaxy's load order, with its type (xml,
// token, template, or whatever a <macro type=...> says).
type macroDef struct {
	typ string
	el  *Element // as written; shared, never modified
}

// harvest reads the imports and definitions of a <macros> element (or of
// the root of an imported file) in the order Galaxy's _load_macros reads
// them: <macro> elements first, then <template>, <xml> and <token>.
func harvest(el *Element, res *Result) ([]importRef, []macroDef, error) {
	var imports []importRef
	for c := range el.Elements() {
		if c.Tag != "import" {
			continue
		}
		if c.Text == "" {
			return nil, nil, errorf(ErrEmptyImport, res.pos(c.Loc), "AssertionError: ",
				"<import> names no file: write the macro file name inside it")
		}
		imports = append(imports, importRef{c.Text, c})
	}
	var defs []macroDef
	for c := range el.Elements() {
		if c.Tag == "macro" {
			typ, ok := c.Get("type")
			if !ok {
				typ = "xml"
			}
			defs = append(defs, macroDef{typ, c})
		}
	}
	for _, tag := range [...]string{"template", "xml", "token"} {
		for c := range el.Elements() {
			if c.Tag == tag {
				defs = append(defs, macroDef{tag, c})
			}
		}
	}
	return imports, defs, nil
}

// template returns the element Galaxy re-appends to <macros> for a template
// definition: renamed to <macro> with type="template".
func (d macroDef) template() *Element {
	t := d.el.Clone()
	if t.Tag != "macro" {
		t.Tag = "macro"
		if a := t.Attr("type"); a != nil {
			a.Value = "template"
		} else {
			// The attribute Galaxy adds stems from the tag name.
			tag := spanOf(t.Loc.Span.Start+1, t.Loc.Span.Start+1+len("template"))
			t.Attrs = append(t.Attrs, Attr{Name: "type", Value: "template", name: originAt(tag), value: originAt(tag)})
		}
	}
	return t
}

// loader loads the macro files of one tool.
type loader struct {
	opts    Options
	res     *Result
	baseDir string   // the tool's directory: Galaxy resolves every import against it
	stack   []string // files being loaded, for import cycles
	defs    []macroDef
}

// load loads the imports of a harvested element, depth first, then appends
// its own definitions, as Galaxy's _load_macros does.
func (ld *loader) load(imports []importRef, defs []macroDef) error {
	for _, imp := range imports {
		path := pyJoin(ld.baseDir, imp.text)
		ld.res.Imports = append(ld.res.Imports, path)
		if err := ld.loadFile(path, imp); err != nil {
			return err
		}
	}
	ld.defs = append(ld.defs, defs...)
	return nil
}

func (ld *loader) loadFile(path string, imp importRef) error {
	for _, p := range ld.stack {
		if p == path {
			return errorf(ErrImportCycle, ld.res.pos(imp.at.Loc), "RecursionError: maximum recursion depth exceeded while calling a Python object",
				"import cycle: %s imports %s, which is already being imported", imp.at.Loc.File, path)
		}
	}
	f, err := ld.file(path, imp)
	if err != nil {
		return err
	}
	ld.res.trees[path] = f.tree
	if f.err != nil {
		return f.err
	}
	ld.stack = append(ld.stack, path)
	defer func() { ld.stack = ld.stack[:len(ld.stack)-1] }()
	return ld.load(f.imports, f.defs)
}

// file reads and parses one macro file, through the cache when it comes
// from disk.
func (ld *loader) file(path string, imp importRef) (*macroFile, error) {
	if src, ok := ld.lookup(path, imp.text); ok {
		if ld.opts.Cache != nil {
			return ld.opts.Cache.parsed(path, src)
		}
		return parseMacroFile(path, src)
	}
	if ld.opts.NoDisk {
		return nil, ld.readError(path, imp, os.ErrNotExist)
	}
	read := func(seeded *cst.Tree) (*macroFile, error) {
		if seeded != nil {
			return macroFileOf(path, seeded)
		}
		rf := ld.opts.ReadFile
		if rf == nil {
			rf = os.ReadFile
		}
		src, err := rf(path)
		if err != nil {
			return nil, err
		}
		return parseMacroFile(path, src)
	}
	var f *macroFile
	var err error
	if ld.opts.Cache != nil {
		f, err = ld.opts.Cache.get(path, read)
	} else {
		f, err = read(nil)
	}
	if err != nil {
		if _, ok := err.(*Error); ok {
			return nil, err
		}
		return nil, ld.readError(path, imp, err)
	}
	return f, nil
}

func (ld *loader) readError(path string, imp importRef, err error) error {
	return &Error{Kind: ErrImport, Pos: ld.res.pos(imp.at.Loc),
		Msg:    "cannot read imported macro file " + path + ": " + shortErr(err),
		Galaxy: "OSError: Error reading file '" + path + "': failed to load external entity \"" + path + "\"",
		Err:    err}
}

func shortErr(err error) string {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err.Error()
	}
	return err.Error()
}

// lookup finds an import in Options.Files.
func (ld *loader) lookup(path, text string) ([]byte, bool) {
	if ld.opts.Files == nil {
		return nil, false
	}
	for _, k := range [...]string{path, filepath.ToSlash(filepath.Clean(path)), text, filepath.ToSlash(filepath.Clean(text))} {
		if src, ok := ld.opts.Files[k]; ok {
			return src, true
		}
	}
	return nil, false
}

// parseMacroFile parses an imported file and harvests the definitions of
// its root element, whatever its name, as Galaxy does.
func parseMacroFile(path string, src []byte) (*macroFile, error) {
	return macroFileOf(path, cst.Parse(path, src))
}

// macroFileOf harvests the parse t of the macro file at path.
func macroFileOf(path string, t *cst.Tree) (*macroFile, error) {
	root, err := FromTree(t)
	if err != nil {
		return nil, err
	}
	res := &Result{trees: map[string]*cst.Tree{path: t}}
	f := &macroFile{tree: t}
	f.imports, f.defs, f.err = harvest(root, res)
	return f, nil
}

// pyJoin joins paths as Python's os.path.join does on POSIX: an absolute
// second path replaces the first, and nothing is cleaned.
func pyJoin(dir, p string) string {
	switch {
	case strings.HasPrefix(p, "/"), dir == "":
		return p
	case strings.HasSuffix(dir, "/"):
		return dir + p
	}
	return dir + "/" + p
}

// pyDirname returns Python's os.path.dirname of a POSIX path.
func pyDirname(p string) string {
	i := strings.LastIndexByte(p, '/') + 1
	head := p[:i]
	if head != "" && strings.Trim(head, "/") != "" {
		head = strings.TrimRight(head, "/")
	}
	return head
}
