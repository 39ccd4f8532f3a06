package version

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
)

// corpusTools returns the corpus root and the paths, relative to it, of
// every corpus file MANIFEST.tsv lists as a tool; it skips the test when
// the shared corpus (../shared, or $GTR_SHARED) is absent.
func corpusTools(tb testing.TB) (string, []string) {
	tb.Helper()
	for _, d := range []string{os.Getenv("GTR_SHARED"), "../../../shared", "../../../../shared"} {
		if d == "" {
			continue
		}
		root := filepath.Join(d, "corpus")
		f, err := os.Open(filepath.Join(root, "MANIFEST.tsv"))
		if err != nil {
			continue
		}
		defer f.Close()
		var rels []string
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if cols := strings.Split(sc.Text(), "\t"); len(cols) >= 3 && cols[2] == "tool" {
				rels = append(rels, filepath.Join(cols[0], cols[1]))
			}
		}
		return root, rels
	}
	tb.Skip("skipping: ../shared/corpus not found (set GTR_SHARED to the shared folder to run corpus tests)")
	return "", nil
}

// loadCorpusTools reads the corpus tools that are well-formed with a
// <tool> root (the commands pass over the rest), by directory too.
func loadCorpusTools(t *testing.T) (tools []Tool, byDir map[string][]Tool, dirs []string) {
	t.Helper()
	root, rels := corpusTools(t)
	byDir = map[string][]Tool{}
	for _, rel := range rels {
		path := filepath.Join(root, rel)
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		tree := cst.Parse(path, src)
		if !tree.WellFormed() || tree.RootElement().Name() != "tool" {
			continue
		}
		tool := Tool{File: path, Src: src, Tree: tree}
		d := filepath.Dir(path)
		if _, ok := byDir[d]; !ok {
			dirs = append(dirs, d)
		}
		byDir[d] = append(byDir[d], tool)
		tools = append(tools, tool)
	}
	return tools, byDir, dirs
}

// reasonKind names a skip reason by its fixed part: its text with quoted
// values, positions and gate details taken out.
var (
	quoted   = regexp.MustCompile(`'[^']*'|"[^"]*"`)
	position = regexp.MustCompile(`[^ ()]+:\d+:\d+:?`)
)

func reasonKind(skip string) string {
	if skip == "" {
		return "changed"
	}
	k := skip
	if i := strings.Index(k, ": Galaxy's expanded view"); i >= 0 {
		k = k[:i]
	}
	if strings.Contains(k, "cannot read imported macro file") {
		return "skipped: an imported macro file cannot be read (fail closed)"
	}
	if strings.HasPrefix(k, "the tool does not expand") {
		return "skipped: the tool does not expand as Galaxy loads it"
	}
	k = position.ReplaceAllString(k, "")
	k = quoted.ReplaceAllString(k, "…")
	return "skipped: " + strings.Join(strings.Fields(k), " ")
}

// logCounts logs counts by outcome, most frequent first.
func logCounts(t *testing.T, what string, counts map[string]int) {
	t.Helper()
	keys := make([]string, 0, len(counts))
	total := 0
	for k, n := range counts {
		keys = append(keys, k)
		total += n
	}
	slices.SortFunc(keys, func(a, b string) int {
		if counts[a] != counts[b] {
			return counts[b] - counts[a]
		}
		return strings.Compare(a, b)
	})
	t.Logf("%s over %d corpus tools:", what, total)
	for _, k := range keys {
		t.Logf("  %5d  %s", counts[k], k)
	}
}

// TestCorpusTokenize runs the tokenization on every corpus tool, inline
// and with -macros-file macros.xml by directory: each either tokenizes
// with Galaxy's expanded view unchanged (checked here again, apart from
// the gate, in Galaxy's canonical JSON with an empty <macros> read as
// none, and for every other tool of the directory importing a macro file
// it writes) or skips with a reason. It logs the counts by outcome.
func TestCorpusTokenize(t *testing.T) {
	tools, byDir, dirs := loadCorpusTools(t)
	cache := macros.NewCache()
	opts := TokenizeOptions{Macros: macros.Options{Cache: cache}}
	inline := map[string]int{}
	for _, tool := range tools {
		res, err := Tokenize(tool, opts)
		if err != nil {
			t.Errorf("%s: %v", tool.File, err)
			continue
		}
		inline[reasonKind(res.Skip)]++
		if res.Skip == "" {
			checkUnchanged(t, tool.File, tool.Src, res.Files, nil)
		}
	}
	logCounts(t, "tokenize-version", inline)
	shared := map[string]int{}
	opts.MacrosFile = "macros.xml"
	for _, d := range dirs {
		res, err := TokenizeShared(byDir[d], opts, byDir[d])
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range res {
			shared[reasonKind(r.Skip)]++
			if r.Skip == "" {
				checkUnchanged(t, r.File, byDir[d][i].Src, r.Files, byDir[d])
			}
		}
	}
	logCounts(t, "tokenize-version -macros-file macros.xml", shared)
	if inline["changed"] == 0 {
		t.Error("no corpus tool tokenized")
	}
}

// checkUnchanged expands the tool at path before and after the files of
// a change are written, and fails when the views differ; every tool of
// others (the directory's) that imports a changed macro file is checked
// the same way.
func checkUnchanged(t *testing.T, path string, src []byte, files map[string][]byte, others []Tool) {
	t.Helper()
	view := func(file string, b []byte, overlay map[string][]byte) []byte {
		res, err := macros.Expand(file, b, macros.Options{Files: overlay})
		if err != nil {
			t.Errorf("%s: %v", file, err)
			return nil
		}
		r := res.Root.Clone()
		dropEmptyMacros(r)
		return macros.JSON(r)
	}
	overlay := map[string][]byte{}
	for f, b := range files {
		if f != path {
			overlay[f] = b
		}
	}
	if before, after := view(path, src, nil), view(path, files[path], overlay); !bytes.Equal(before, after) {
		t.Errorf("%s: the view changed:\n%s\n%s", path, before, after)
	}
	if len(overlay) == 0 {
		return
	}
	for _, o := range others {
		if o.File == path {
			continue
		}
		res, err := macros.Expand(o.File, o.Src, macros.Options{})
		if err != nil || !slices.ContainsFunc(res.Imports, func(p string) bool { _, ok := overlay[p]; return ok }) {
			continue
		}
		if _, written := files[o.File]; written {
			continue
		}
		if before, after := view(o.File, o.Src, nil), view(o.File, o.Src, overlay); !bytes.Equal(before, after) {
			t.Errorf("%s: the view of %s, which imports the macro file, changed", path, o.File)
		}
	}
}

// TestCorpusBump runs a suite bump on every corpus tool, with the tools
// of its directory as the importers: each either bumps, changing its
// view in the version's suffix alone (checked here again), or skips with
// a reason. It logs the counts by outcome.
func TestCorpusBump(t *testing.T) {
	tools, byDir, _ := loadCorpusTools(t)
	cache := macros.NewCache()
	mo := macros.Options{Cache: cache}
	found := map[string][]Tool{}
	importers := func(path string) ([]Tool, error) {
		if ts, ok := found[path]; ok {
			return ts, nil
		}
		var out []Tool
		for _, o := range byDir[filepath.Dir(path)] {
			if res, err := macros.ExpandTree(o.Tree, mo); err == nil && slices.Contains(res.Imports, path) {
				out = append(out, o)
			}
		}
		found[path] = out
		return out, nil
	}
	lifted := map[string]bool{}
	counts := map[string]int{}
	for _, tool := range tools {
		// A tool a suite bump lifted already is not bumped again, as the
		// command does.
		if lifted[tool.File] {
			counts["changed (lifted by the bump of an imported macro file for another tool)"]++
			continue
		}
		res, err := Bump(tool, BumpOptions{Macros: mo, Importers: importers})
		if err != nil {
			t.Errorf("%s: %v", tool.File, err)
			continue
		}
		k := reasonKind(res.Skip)
		if res.Skip == "" && res.Via != "" {
			k += " (in an imported macro file)"
		}
		counts[k]++
		if res.Skip != "" {
			continue
		}
		for _, l := range res.Lifts {
			lifted[l] = true
		}
		overlay := map[string][]byte{}
		for f, b := range res.Files {
			overlay[f] = b
		}
		after := tool.Src
		if b, ok := overlay[tool.File]; ok {
			after = b
			delete(overlay, tool.File)
		}
		b, err1 := macros.Expand(tool.File, tool.Src, macros.Options{})
		a, err2 := macros.Expand(tool.File, after, macros.Options{Files: overlay})
		if err1 != nil || err2 != nil {
			t.Errorf("%s: %v %v", tool.File, err1, err2)
			continue
		}
		r := b.Root.Clone()
		for i := range r.Attrs {
			if r.Attrs[i].Name == "version" {
				r.Attrs[i].Value = res.New
			}
		}
		if !bytes.Equal(macros.JSON(r), macros.JSON(a.Root)) {
			t.Errorf("%s: the bump changes more than the version", tool.File)
		}
	}
	logCounts(t, "bump-version-suffix", counts)
}
