package rules_test

import (
	"bytes"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSpliceProof checks the shortcut of the importers' gate of a macro
// file through a real importer and its landing: a re-indented <xml> body
// landing in <inputs> is proved, a tail landing in <help> is not, nor is
// anything spliced when a landing is unknown; the full comparison and
// expanding the importer agree.
func TestSpliceProof(t *testing.T) {
	const lib = `<macros>
    <xml name="inputs">
        <param name="a" type="text"/>
        <param name="b" type="text"/>
    </xml>
    <xml name="bits"><b>x</b> <i>y</i></xml>
</macros>
`
	const tool = `<tool id="t" name="T" version="1">
  <macros><import>lib.xml</import></macros>
  <inputs><expand macro="inputs"/></inputs>
  <help>Some <expand macro="bits"/></help>
</tool>
`
	mo := macros.Options{NoDisk: true, Files: map[string][]byte{"lib.xml": []byte(lib)}}
	view, err := macros.Expand("tool.xml", []byte(tool), mo)
	require.NoError(t, err)
	known := []rules.Importer{{File: "tool.xml", Import: "lib.xml", Tool: []byte(tool), Landing: rules.Landings(view)["lib.xml"]}}
	unknown := []rules.Importer{{File: "tool.xml", Import: "lib.xml", Tool: []byte(tool)}}
	tests := []struct {
		name      string
		importers []rules.Importer
		from, to  string
		proved    bool
		sees      bool // the importer's view changes
	}{
		{"re-indent inside <xml>", known, "\n        <param name=\"b\"", "\n    <param name=\"b\"", true, false},
		{"tail landing in data", known, "<b>x</b> <i>", "<b>x</b>\n<i>", false, true},
		{"landing unknown", unknown, "\n        <param name=\"b\"", "\n    <param name=\"b\"", false, false},
		{"attributes reordered", unknown, `<param name="a" type="text"/>`, `<param type="text" name="a"/>`, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			after := []byte(strings.Replace(lib, tt.from, tt.to, 1))
			require.NotEqual(t, lib, string(after))
			x := rules.SpliceGate(tt.importers)
			assert.Equal(t, tt.proved, x.Unchanged([]byte(lib), after))
			_, full := x.CompareExpanded([]byte(lib), after)
			if tt.proved {
				assert.NoError(t, full)
			}
			assert.Equal(t, tt.proved || full == nil, rules.KeepsEverySplice([]byte(lib), after, tt.importers))
			err := rules.ExpandImporters(tt.importers, mo, nil, after)
			assert.Equal(t, tt.sees, err != nil, "expanding the importer: %v", err)
		})
	}
}

// TestCorpusMacroFileProofIsSound formats every corpus macro file with its
// importers, as gtr format does (the corpus tools formatted first, each
// importing under the path its expansion opens, with its output and the
// landings of its view), and checks the shortcut of a macro file's two
// gates against their full comparisons: whenever it proves a pair of
// versions (the input and the output, the versions of a fix loop, random
// mutants of the input) equal for the file's own gate, comparing the
// canonical trees passes with no declared change; whenever it proves them
// equal for the importers' gate, the comparison of keepsEverySplice passes
// too. It logs how many macro-file gates the shortcut decides.
func TestCorpusMacroFileProofIsSound(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the corpus macro-file sweep in -short mode")
	}
	rs, err := rules.Selection{}.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	mo := macros.Options{Cache: macros.NewCache()}
	tools, libs := wellFormedCorpus(t)
	// Who imports what, as rewriteAll finds it: a rewritten tool with its
	// output and landings, one the gate refused as it stands, landing
	// unknown.
	importers := map[string][]rules.Importer{}
	var mu sync.Mutex
	parallel(len(tools), func(i int) {
		f := &tools[i]
		var imports []string
		var landings map[string]*rules.Landing
		will := f.src
		res, err := rules.FormatWith(f.path, f.src, rs, rules.FormatOptions{Macros: &mo, ExpansionGate: true})
		if err == nil {
			will = res.Output
			if imports, landings, err = res.Imports(); err != nil {
				return
			}
		} else if view, err := macros.Expand(f.path, f.src, mo); err == nil {
			imports = view.Imports
		} else {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		for _, imp := range imports {
			key := filepath.Clean(imp)
			importers[key] = append(importers[key], rules.Importer{File: f.path, Import: imp, Tool: will, Landing: landings[imp]})
		}
	})
	for _, imps := range importers { // in a deterministic order
		slices.SortFunc(imps, func(a, b rules.Importer) int { return strings.Compare(a.File, b.File) })
	}
	var rewritten, imported, ownProved, spliceProved, pairs, pairsProved, refused atomic.Int64
	parallel(len(libs), func(i int) {
		f := &libs[i]
		imps := importers[filepath.Clean(f.path)]
		own := &rewrite.Expansion{File: f.path, Macros: mo, Data: rules.IsPayload}
		splice := rules.SpliceGate(imps)
		// check compares the shortcut with the full comparisons for one
		// pair and reports whether it decided both gates.
		check := func(what string, a, b []byte) bool {
			if bytes.Equal(a, b) {
				return false
			}
			okOwn := own.Unchanged(a, b)
			if okOwn {
				if used, err := own.CompareExpanded(a, b); err != nil || len(used) > 0 {
					t.Errorf("%s: %s: the shortcut proved the own gate, but the full comparison says %v (changes %d)", f.rel, what, err, len(used))
				}
			}
			if len(imps) == 0 {
				return okOwn
			}
			okSplice := splice.Unchanged(a, b)
			if okSplice {
				if _, err := splice.CompareExpanded(a, b); err != nil {
					t.Errorf("%s: %s: the shortcut proved the importers' gate, but keepsEverySplice's comparison says %v", f.rel, what, err)
				}
				if !okOwn {
					t.Errorf("%s: %s: the importers' shortcut holds where the own gate's does not", f.rel, what)
				}
			}
			return okOwn && okSplice
		}
		res, err := rules.FormatWith(f.path, f.src, rs, rules.FormatOptions{Macros: &mo, ExpansionGate: true, Importers: imps})
		switch {
		case err != nil:
			refused.Add(1)
			t.Logf("%s: %v", f.rel, err)
		case res.Changed:
			rewritten.Add(1)
			if len(imps) > 0 {
				imported.Add(1)
			}
			if own.Unchanged(f.src, res.Output) {
				ownProved.Add(1)
			}
			if check("input → output", f.src, res.Output) && len(imps) > 0 {
				spliceProved.Add(1)
			}
		}
		// Every version of a fix loop, against the input and against
		// the one before.
		var versions [][]byte
		pass := rules.FixPass(rs)
		_, _ = rewrite.Run(f.path, f.src, func(tr *cst.Tree) []rewrite.Fix {
			versions = append(versions, tr.Source())
			return pass(tr)
		}, rewrite.Options{})
		for k := 1; k < len(versions); k++ {
			for _, a := range [][]byte{versions[0], versions[k-1]} {
				pairs.Add(1)
				if check("a version of the fix loop", a, versions[k]) {
					pairsProved.Add(1)
				}
			}
		}
		// Mutants: layout given other whitespace, the whitespace at the
		// end of a text changed, an element's attributes reversed.
		tr := cst.Parse(f.path, f.src)
		var texts, tagged []cst.Node
		for n := range tr.RootElement().Descendants() {
			switch {
			case n.Kind() == cst.KindText:
				texts = append(texts, n)
			case n.Kind() == cst.KindElement:
				k := 0
				for range n.Attrs() {
					k++
				}
				if k >= 2 {
					tagged = append(tagged, n)
				}
			}
		}
		rng := rand.New(rand.NewPCG(uint64(i), 2))
		spaces := []string{"", " ", "\n", "\n    ", "\t", "\r\n  "}
		for range 8 {
			var edits []rewrite.Edit
			for range 1 + rng.IntN(2) {
				if k := rng.IntN(3); k <= 1 && len(texts) > 0 {
					edits = append(edits, trailingSpace(texts[rng.IntN(len(texts))], spaces[rng.IntN(len(spaces))]))
				} else if len(tagged) > 0 {
					edits = append(edits, reversedAttrs(tagged[rng.IntN(len(tagged))]))
				}
			}
			if out, err := rewrite.Apply(f.src, edits); err == nil {
				pairs.Add(1)
				if check("a mutant", f.src, out) {
					pairsProved.Add(1)
				}
			}
		}
	})
	t.Logf("%d macro files, %d importer lists: %d rewritten (%d refused), %d of them imported by a corpus tool; the shortcut proved the own gate of %d rewrites and both gates of %d of the imported; %d of %d other version pairs and mutants proved",
		len(libs), len(importers), rewritten.Load(), refused.Load(), imported.Load(), ownProved.Load(), spliceProved.Load(), pairsProved.Load(), pairs.Load())
	if rewritten.Load() > 0 && ownProved.Load() == 0 {
		t.Errorf("the shortcut proved no macro-file gate: it is never exercised")
	}
}
