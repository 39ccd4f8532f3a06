package macros

import (
	"bytes"
	"context"
	"hash/maphash"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
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
	// Context, when not nil, stops the expansion with an [ErrCanceled]
	// error once it is done (canceled or past its deadline); the error
	// wraps the context's.
	Context context.Context
	// MaxExpansion bounds the expanded view: expansion stops with
	// [ErrTooLarge] once what it builds passes MaxExpansion times the
	// bytes of its inputs (the tool and the distinct macro files it
	// imports) plus [ExpansionFloor]. What it builds is counted in bytes
	// as it is built, before it is allocated: the memory of each element
	// and attribute copied and the length of its strings, the strings and
	// provenance a token substitution makes, and a few bytes for each
	// element moved or searched and each import read again. Zero means
	// [DefaultMaxExpansion].
	MaxExpansion int
}

// Cache holds parsed macro files between calls to [Expand], so that the
// many tools importing one macros.xml parse it once. It is safe for
// concurrent use.
//
// A cache forgets the files it has not used for a while: it keeps those
// among its last [CacheRecent] uses, and of the others, the most recently
// used while all their sources together stay under [CacheBytes]. A run
// over a repository meets each macro file among the tools beside it (over
// the corpus, every import of a file comes within 22 files of the one
// before, most within 2), so keeping every file for the whole run would
// only hold memory (about 12 bytes per byte of source, for the tree and
// the converted definitions); a file asked for again once forgotten is
// parsed again. The window of recent uses keeps tools that import more
// than the bound between them from parsing their imports again each.
type Cache struct {
	mu   sync.Mutex
	m    map[string]*cacheEntry
	seed maphash.Seed
	// recent is the sentinel of the ring of entries, from the most
	// recently used (recent.next) to the least; held is the size of
	// their sources, uses counts the uses so far.
	recent     cacheEntry
	held, uses int

	stats sync.Map // path → statResult, for Stat
}

// statResult is what os.Stat said of a path.
type statResult struct {
	info fs.FileInfo
	err  error
}

// Stat is os.Stat of path, remembered for the life of the cache, which
// assumes, as for the macro files it holds, that the files do not change
// while it is in use. The checks of a run ask about the same files beside
// the tools of a directory again and again (whether a datatypes_conf.xml
// is there: over the corpus some 3,000 failing lookups of a run for 1,400
// directories). A nil cache asks os.Stat each time.
func (c *Cache) Stat(path string) (fs.FileInfo, error) {
	if c == nil {
		return os.Stat(path)
	}
	if r, ok := c.stats.Load(path); ok {
		sr := r.(statResult)
		return sr.info, sr.err
	}
	info, err := os.Stat(path)
	c.stats.Store(path, statResult{info, err})
	return info, err
}

// CacheBytes and CacheRecent bound what a [Cache] keeps: see there.
const (
	CacheBytes  = 256 << 10
	CacheRecent = 16
)

type cacheEntry struct {
	key        string
	prev, next *cacheEntry // in Cache.recent; nil once forgotten
	size       int         // counted in Cache.held; 0 until known
	used       int         // Cache.uses when last used

	once sync.Once
	src  []byte    // the content, for files given in memory
	tree *cst.Tree // a parse handed in by Seed (never changed), converted on first use
	f    *macroFile
	err  error
	done atomic.Bool // once has run
}

// NewCache returns an empty cache.
func NewCache() *Cache {
	c := &Cache{m: make(map[string]*cacheEntry), seed: maphash.MakeSeed()}
	c.recent.prev, c.recent.next = &c.recent, &c.recent
	return c
}

// entry returns the entry under key, made by add when there is none, as
// the most recently used; c.mu is held.
func (c *Cache) entry(key string, add func() *cacheEntry) *cacheEntry {
	e := c.m[key]
	if e == nil {
		e = add()
		e.key = key
		c.m[key] = e
	} else {
		e.prev.next, e.next.prev = e.next, e.prev
	}
	e.prev, e.next = &c.recent, c.recent.next
	e.prev.next, e.next.prev = e, e
	c.uses++
	e.used = c.uses
	return e
}

// sized records that e's source is size bytes long and forgets the least
// recently used files while the cache holds more than CacheBytes, but
// none among the last CacheRecent uses; c.mu is held. An entry forgotten
// already is not counted.
func (c *Cache) sized(e *cacheEntry, size int) {
	if e.next == nil {
		return
	}
	c.held += size - e.size
	e.size = size
	for c.held > CacheBytes {
		old := c.recent.prev
		if old == &c.recent || old.used > c.uses-CacheRecent {
			return
		}
		old.prev.next, old.next.prev = old.next, old.prev
		old.prev, old.next = nil, nil
		delete(c.m, old.key)
		c.held -= old.size
	}
}

// parsed returns the parse of the in-memory macro file src at path,
// sharing it with earlier calls for the same path and content.
func (c *Cache) parsed(path string, src []byte) (*macroFile, error) {
	key := "\x00" + path + "\x00" + strconv.FormatUint(maphash.Bytes(c.seed, src), 16)
	c.mu.Lock()
	e := c.entry(key, func() *cacheEntry { return &cacheEntry{src: src} })
	c.sized(e, len(src))
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
	e := c.entry(key, func() *cacheEntry { return &cacheEntry{} })
	c.mu.Unlock()
	return c.load(e, load)
}

// load returns the macro file of e, made by load on first use.
func (c *Cache) load(e *cacheEntry, load func(seeded *cst.Tree) (*macroFile, error)) (*macroFile, error) {
	loaded := false
	e.once.Do(func() {
		e.f, e.err = load(e.tree)
		e.done.Store(true)
		loaded = true
	})
	if loaded && e.f != nil {
		c.mu.Lock()
		c.sized(e, len(e.f.tree.Source()))
		c.mu.Unlock()
	}
	return e.f, e.err
}

// FromTree returns [FromTree] of t. When t is the parse of a macro file
// handed in by [Cache.Seed], the conversion is the one the imports of the
// file use, made once: a run over a repository checks each macro file on
// its own and expands the tools that import it, and would otherwise
// convert the file for each. The tree returned may then be shared with
// other callers, concurrently: it must not be modified. A nil cache, or a
// tree the cache was not handed, is converted anew.
func (c *Cache) FromTree(t *cst.Tree) (*Element, error) {
	if c == nil {
		return FromTree(t)
	}
	path := t.File()
	c.mu.Lock()
	e := c.m[path]
	c.mu.Unlock()
	switch {
	case e == nil:
		return FromTree(t)
	case e.tree != t:
		// A file an import read from disk before the caller reached it:
		// the caller holds its parse when it took it from [Cache.Tree].
		if e.done.Load() && e.f != nil && e.f.tree == t {
			return e.f.root, nil
		}
		return FromTree(t)
	}
	// What get loads for an import of the seeded file, looked up under its
	// path: the conversion is the same either way.
	f, err := c.load(e, func(seeded *cst.Tree) (*macroFile, error) { return macroFileOf(path, seeded) })
	if err != nil {
		return nil, err
	}
	return f.root, nil
}

// Seed hands the cache the parse of the file at path on disk, made by a
// caller that reads the file anyway (a run over a repository parses its
// macro files too), so that importing it does not parse it again. A path
// the cache holds already is left as it is.
func (c *Cache) Seed(path string, t *cst.Tree) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.entry(path, func() *cacheEntry { return &cacheEntry{tree: t} })
	if e.tree == t {
		c.sized(e, len(t.Source()))
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
	tree *cst.Tree
	// root is the file's canonical tree ([FromTree]), which the
	// definitions point into; [Cache.FromTree] hands it out.
	root    *Element
	imports []importRef
	defs    []macroDef
	err     error // an <import> without text, reported when the file is used

	// sets holds the definitions of the import sequences that begin with
	// this file (see loader.defSet), offs where bytes that may start a
	// token are in its source (see untouched); mu guards them.
	mu   sync.Mutex
	sets []*defSet
	offs []byteOffsets
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
	// files lists the files loaded, each after the files it imports:
	// their definitions, in this order and followed by the tool's own,
	// are Galaxy's.
	files []*macroFile
	// read holds the distinct files read so far when there is no Cache
	// (which otherwise keeps them): Galaxy reads a file again for each
	// import of it, which would parse it again.
	read []*macroFile
}

// load loads imports depth first, as Galaxy's _load_macros does: a file's
// imports come before its own definitions.
// The budget b is passed rather than kept in the loader, whose contents
// escape (the defSet keeps its files): b stays on the caller's stack.
func (ld *loader) load(imports []importRef, b *budget) error {
	for _, imp := range imports {
		path := pyJoin(ld.baseDir, imp.text)
		ld.res.Imports = append(ld.res.Imports, path)
		if err := ld.loadFile(path, imp, b); err != nil {
			return err
		}
	}
	return nil
}

func (ld *loader) loadFile(path string, imp importRef, b *budget) error {
	for _, p := range ld.stack {
		if p == path {
			return errorf(ErrImportCycle, ld.res.pos(imp.at.Loc), "RecursionError: maximum recursion depth exceeded while calling a Python object",
				"import cycle: %s imports %s, which is already being imported", imp.at.Loc.File, path)
		}
	}
	if len(ld.stack) >= maxImportDepth {
		return errorf(ErrTooLarge, ld.res.pos(imp.at.Loc), "RecursionError: maximum recursion depth exceeded while calling a Python object",
			"nesting: imports nest more than %d deep here (%s imports %s)", maxImportDepth, imp.at.Loc.File, path)
	}
	var f *macroFile
	if t := ld.res.treeOf(path); t != nil && ld.opts.Cache == nil {
		for _, r := range ld.read {
			if r.tree == t {
				f = r
				break
			}
		}
	}
	if f == nil {
		var err error
		if f, err = ld.file(path, imp); err != nil {
			return err
		}
		if ld.opts.Cache == nil {
			ld.read = append(ld.read, f)
		}
		if ld.res.treeOf(path) == nil {
			b.addInput(len(f.tree.Source()))
			ld.res.addTree(path, f.tree)
		}
	}
	// Galaxy reads a file again for every import of it: files that import
	// each other twice over make exponentially many reads, which the
	// budget bounds. A read again through the Cache looks the file up,
	// which hashes a file given in memory.
	if !b.spend(importCost + len(f.tree.Source())>>scanShift + (len(f.defs)+len(f.imports))*moveCost) {
		return b.over(ld.res.pos(imp.at.Loc), "the import of "+path)
	}
	if f.err != nil {
		return f.err
	}
	ld.stack = append(ld.stack, path)
	defer func() { ld.stack = ld.stack[:len(ld.stack)-1] }()
	if err := ld.load(f.imports, b); err != nil {
		return err
	}
	ld.files = append(ld.files, f)
	return nil
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

// defSet is what the definitions of the files a tool imports come to
// before the tool's own definitions join them: the token table, before
// and after nested substitution, and the xml macros by name. Working this
// out costs time in the square of the tokens, which every tool importing
// a large macros.xml would otherwise spend again, so tools that import the
// same files in the same order share one (see loader.defSet). It is never
// modified once built: its tables are copied before a tool adds to them,
// and the exactness of its token origins is worked out in advance (see
// tokenDef.valueParts).
type defSet struct {
	files []*macroFile // the files, in load order

	// unnamedToken is the first <token> without a name; when set, the
	// fields below are not filled in.
	unnamedToken *Element
	tokens       tokenTable // every token set in order
	nested       tokenTable // tokens after expandNested
	self         int        // the token expandNested rejects, or -1
	// over is the error of a nested substitution past the bound, for
	// tools that add no tokens; factor is the MaxExpansion it was worked
	// out under.
	over   *Error
	factor int64

	// unnamedMacro is the first xml macro without a name.
	unnamedMacro *Element
	macros       map[string]*xmlMacro
	order        []string // macro names in definition order
	templates    []macroDef
}

// noDefs is the defSet of a tool that imports nothing.
var noDefs = &defSet{self: -1}

// defSet returns the definitions of the files loaded, shared with the
// tools that loaded the same files before.
func (ld *loader) defSet(factor int64) *defSet {
	if len(ld.files) == 0 {
		return noDefs
	}
	// The set is kept in the first file: few sequences begin with each.
	f := ld.files[0]
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, s := range f.sets {
		if s.factor == factor && slices.Equal(s.files, ld.files) {
			return s
		}
	}
	s := newDefSet(ld.files, ld.res, factor)
	f.sets = append(f.sets, s)
	return s
}

// nameOf returns the name a <token> or xml macro definition is known by;
// false when it has none, which Galaxy refuses.
func nameOf(el *Element) (string, bool) {
	name, ok := el.Get("name")
	return name, ok && name != ""
}

// tokenOf returns the token a <token> definition sets; false when it has
// no name.
func tokenOf(el *Element) (tokenDef, bool) {
	name, ok := nameOf(el)
	return tokenDef{name: name, value: el.Text, written: el.Text, origin: el.TextOrigin(), def: el.Loc}, ok
}

// newDefSet works out the definitions of files as ExpandTree would for a
// tool without definitions of its own, under the MaxExpansion factor; res
// holds their sources. The nested substitution has its own budget, on the
// distinct files alone: the set is shared by every tool that imports
// them.
func newDefSet(files []*macroFile, res *Result, factor int64) *defSet {
	s := &defSet{files: files, self: -1, factor: factor}
	nXML := 0
	for _, f := range files {
		for _, d := range f.defs {
			switch d.typ {
			case "token":
				td, ok := tokenOf(d.el)
				if !ok {
					s.unnamedToken = d.el
					return s
				}
				s.tokens.set(td)
			case "xml":
				nXML++
			case "template":
				s.templates = append(s.templates, d)
			}
		}
	}
	// Readers share the tables, so nothing may be cached in them later.
	var one [1]Part
	for i := range s.tokens.list {
		s.tokens.list[i].valueParts(res, &one)
	}
	s.nested = s.tokens
	s.nested.list = slices.Clone(s.tokens.list)
	s.nested.res = res
	input, seen := 0, make(map[*macroFile]bool, len(files))
	for _, f := range files {
		if !seen[f] {
			seen[f] = true
			input += len(f.tree.Source())
		}
	}
	var b budget
	b.init(&Options{MaxExpansion: int(factor)}, input)
	var over int
	s.self, over = s.nested.expandNested(&b)
	if over >= 0 {
		d := &s.nested.list[over]
		s.over = b.over(res.pos(d.def), "token "+d.name).(*Error)
	}
	s.nested.res = nil // the table must not keep one tool's result alive
	slab := make([]xmlMacro, 0, nXML)
	s.macros = make(map[string]*xmlMacro, nXML)
	s.order = make([]string, 0, nXML)
	for _, f := range files {
		for _, d := range f.defs {
			if d.typ != "xml" {
				continue
			}
			name, ok := nameOf(d.el)
			if !ok {
				s.unnamedMacro = d.el
				return s
			}
			if _, dup := s.macros[name]; !dup {
				s.order = append(s.order, name)
			}
			slab = append(slab, xmlMacro{name: name, el: d.el})
			s.macros[name] = &slab[len(slab)-1]
		}
	}
	return s
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
	res := &Result{file: path, tree: t}
	f := &macroFile{tree: t, root: root}
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
