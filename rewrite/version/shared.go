package version

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// TokenizeShared tokenizes tools with the tokens in the macro file
// opts.MacrosFile beside each, as [Tokenize] does one tool: the tools of
// one directory share that file, which is created when absent, gains the
// tokens its tools need and no file defines yet, or is used as it is when
// it defines them with the tools' values. A tool that does not import the
// file yet gets an <import> of it. Tools that would give a shared token
// different values are declined together. others lists further tools
// that import the macro files (tools of the directory not being
// tokenized): the file may change only when their views do not. It
// returns one result per tool, in order, the tokenized ones sharing the
// macro file's new bytes; the error is for a file that is not a tool, an
// expansion stopped by its bounds or context, and options that do not
// name a macro file.
func TokenizeShared(tools []Tool, opts TokenizeOptions, others []Tool) ([]*Tokenized, error) {
	name := opts.MacrosFile
	if !PlainFileName(name) {
		return nil, fmt.Errorf("the macros file must be a plain file name, not %q", name)
	}
	if opts.AdoptSuffix {
		return nil, errors.New("adopting a suffix cannot be combined with a macros file")
	}
	out := make([]*Tokenized, len(tools))
	groups := map[string][]int{} // macro file → indices of its candidates
	cands := make([]*candidate, len(tools))
	var order []string
	for i, t := range tools {
		out[i] = &Tokenized{File: t.File}
		c, skip, err := analyze(t, opts)
		if err != nil {
			return nil, err
		}
		if skip != "" {
			out[i].Skip = skip
			continue
		}
		cands[i] = c
		m := filepath.Join(filepath.Dir(t.File), name)
		if _, ok := groups[m]; !ok {
			order = append(order, m)
		}
		groups[m] = append(groups[m], i)
	}
	for _, m := range order {
		g := &group{path: m, name: name, opts: opts.Macros, others: others}
		for _, i := range groups[m] {
			g.cands = append(g.cands, cands[i])
			g.results = append(g.results, out[i])
		}
		if err := g.tokenize(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// PlainFileName reports whether name is a file name without a directory:
// no separator, and neither "", "." nor "..".
func PlainFileName(name string) bool {
	return name != "" && name != "." && name != ".." && !strings.ContainsAny(name, `/\`)
}

// group is the tokenization of the tools that share one macro file.
type group struct {
	path, name string // the macro file: its path (as the tools import it) and name
	opts       macros.Options
	others     []Tool
	cands      []*candidate
	results    []*Tokenized // the results of cands, filled in

	old     []byte // the file's bytes; nil when it does not exist
	oldTree *cst.Tree
	defs    map[string]tokenDef // the tokens it defines
}

// tokenize decides the group: the macro file's new bytes and each tool's,
// or why a tool, or the whole group, is declined.
func (g *group) tokenize() error {
	if skip := g.load(); skip != "" {
		g.declineAll(skip)
		return nil
	}
	active := slices.Clone(g.cands)
	idx := func(c *candidate) int { return slices.Index(g.cands, c) }
	for len(active) > 0 {
		add, skip := g.additions(active)
		if skip != "" {
			g.declineAll(skip)
			return nil
		}
		// A tool the file cannot serve leaves the group, and the rest
		// is decided again.
		if i := slices.IndexFunc(active, func(c *candidate) bool { return g.results[idx(c)].Skip != "" }); i >= 0 {
			active = slices.Delete(active, i, i+1)
			continue
		}
		newFile := g.file(add, active[0])
		var overlay map[string][]byte
		if newFile != nil {
			overlay = map[string][]byte{g.path: newFile}
		}
		failed := -1
		outs := make([][]byte, len(active))
		for k, c := range active {
			b, skip := g.retarget(c, overlay)
			if skip != "" {
				g.results[idx(c)].Skip = skip
				failed = k
				break
			}
			outs[k] = b
		}
		if failed >= 0 {
			active = slices.Delete(active, failed, failed+1)
			continue
		}
		if newFile != nil {
			skip, err := g.inert(overlay, active)
			if err != nil {
				return err
			}
			if skip != "" {
				g.declineAll(skip)
				return nil
			}
		}
		for k, c := range active {
			res := g.results[idx(c)]
			res.Base, res.Suffix = c.base, c.suffix
			res.Files = map[string][]byte{c.r.file: outs[k]}
			// A tool whose view defines both tokens does not use the file.
			if len(c.missing) == 0 {
				continue
			}
			res.MacrosFile, res.Created = g.path, g.old == nil
			if newFile != nil {
				res.Files[g.path] = newFile
			}
		}
		return nil
	}
	return nil
}

// declineAll gives every tool of the group that is not skipped yet the
// reason skip.
func (g *group) declineAll(skip string) {
	for _, res := range g.results {
		if res.Skip == "" {
			res.Skip = skip
		}
	}
}

// load reads the macro file, if it exists, and the tokens it defines.
func (g *group) load() string {
	src, err := readImport(g.opts, g.path)
	if errors.Is(err, fs.ErrNotExist) {
		return ""
	}
	if err != nil {
		return fmt.Sprintf("%s cannot be read: %v", g.name, err)
	}
	t := cst.Parse(g.path, src)
	root, cerr := macros.FromTree(t)
	if !t.WellFormed() || cerr != nil || root.Tag != "macros" {
		return fmt.Sprintf("%s exists but is not a well-formed <macros> file", g.name)
	}
	g.old, g.oldTree, g.defs = src, t, map[string]tokenDef{}
	for c := range root.Elements() {
		if n, ok := c.Get("name"); c.Tag == "token" && ok && n != "" {
			g.defs[n] = tokenDef{name: n, value: c.Text, el: c.Loc}
		}
	}
	return ""
}

// additions returns the tokens the file is to gain, with their values:
// those a tool needs that the file does not define. A tool the file
// cannot serve (it defines a token with another value) is marked
// skipped; tools that need one token with different values decline the
// group.
func (g *group) additions(active []*candidate) (map[string]string, string) {
	add := map[string]string{}
	var versions []string
	for _, c := range active {
		v := c.base + "+galaxy" + c.suffix
		if !slices.Contains(versions, v) {
			versions = append(versions, v)
		}
		for _, n := range c.missing {
			if d, ok := g.defs[n]; ok {
				if d.value != c.want(n) {
					g.results[slices.Index(g.cands, c)].Skip = fmt.Sprintf("%s already defines %s as '%s', not '%s'", g.name, n, d.value, c.want(n))
				}
				continue
			}
			if prev, ok := add[n]; ok && prev != c.want(n) {
				slices.Sort(versions)
				return nil, fmt.Sprintf("the tools disagree on the version (%s); one shared token pair cannot serve them", strings.Join(versions, ", "))
			}
			add[n] = c.want(n)
		}
	}
	return add, ""
}

// file returns the macro file's new bytes with the tokens of add, nil
// when it does not change; c's tool gives a new file its conventions.
func (g *group) file(add map[string]string, c *candidate) []byte {
	var texts []string
	for _, n := range tokenNames {
		if v, ok := add[n]; ok {
			texts = append(texts, tokenElement(n, v))
		}
	}
	if len(texts) == 0 {
		return nil
	}
	if g.old == nil {
		return newMacroFile(texts, indentUnit(c.r.tree), rewrite.Newline(c.r.tree.Source()))
	}
	e := insertFirst(g.oldTree.RootElement(), texts, indentUnit(g.oldTree))
	b, err := rewrite.Apply(g.old, []rewrite.Edit{e})
	if err != nil {
		return nil
	}
	return b
}

// retarget returns c's tool tokenized against the macro file of overlay:
// the version and requirements retargeted and, when it needs a token and
// does not import the file yet, an <import> of it; or why the gate
// refuses it.
func (g *group) retarget(c *candidate, overlay map[string][]byte) ([]byte, string) {
	edits := slices.Clone(c.edits)
	if len(c.missing) > 0 && !imports(c.r.view, g.path) {
		edits = append(edits, c.place([]string{importElement(g.name)}))
	}
	out, err := rewrite.Apply(c.r.tree.Source(), edits)
	if err != nil {
		return nil, "the edits do not apply: " + err.Error()
	}
	if _, err := c.r.gate(out, overlay, c.allow()); err != nil {
		return nil, fmt.Sprintf("tokenizing %s would change its macro expansion (could not prove the no-op): %s", filepath.Base(c.r.file), gateDetail(err))
	}
	return out, ""
}

// inert checks that the macro file's new bytes leave the view of every
// other tool importing it as it is; it returns why not.
func (g *group) inert(overlay map[string][]byte, active []*candidate) (string, error) {
	for _, o := range g.others {
		if slices.ContainsFunc(active, func(c *candidate) bool { return samePath(c.r.file, o.File) }) {
			continue
		}
		r, skip, err := read(o, g.opts)
		if err != nil {
			return "", err
		}
		if skip != "" {
			return fmt.Sprintf("cannot prove the change to %s inert for %s, which also imports it: %s", g.name, o.File, skip), nil
		}
		if !imports(r.view, g.path) {
			continue
		}
		if _, err := r.gate(r.tree.Source(), overlay, nil); err != nil {
			return fmt.Sprintf("adding the tokens to %s would change the expansion of %s (which also imports it): %s", g.name, filepath.Base(o.File), gateDetail(err)), nil
		}
	}
	return "", nil
}

// imports reports whether the view read the macro file at path.
func imports(view *macros.Result, path string) bool {
	return slices.ContainsFunc(view.Imports, func(p string) bool { return samePath(p, path) })
}

// samePath reports whether two paths name one file, as cleaned paths.
func samePath(a, b string) bool { return filepath.Clean(a) == filepath.Clean(b) }

// readImport reads the file at path as an import under opts would: from
// opts.Files, else from disk unless opts.NoDisk.
func readImport(opts macros.Options, path string) ([]byte, error) {
	for _, k := range []string{path, filepath.Clean(path), filepath.Base(path)} {
		if b, ok := opts.Files[k]; ok {
			return b, nil
		}
	}
	if opts.NoDisk {
		return nil, fs.ErrNotExist
	}
	if opts.ReadFile != nil {
		return opts.ReadFile(path)
	}
	return os.ReadFile(path)
}
