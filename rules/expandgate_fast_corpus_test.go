package rules_test

import (
	"bytes"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
)

// TestCorpusUnchangedIsSound formats every corpus tool with the default
// ruleset and checks the shortcut of the expansion-equality gate against
// the full comparison: for every pair of versions that
// [rewrite.Expansion.Unchanged] proves equal (the input and the gated
// output of a format run; the input and each version of a fix loop, and
// each version and the next), expanding both and comparing the views must
// pass with no declared change allowed; and the output's imports and
// landings that a run reports must be those of the output's expansion. It
// logs how many tool gates the shortcut passed.
func TestCorpusUnchangedIsSound(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the corpus sweep in -short mode")
	}
	rs, err := rules.Selection{}.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	mo := macros.Options{Cache: macros.NewCache()}
	tools, _ := wellFormedCorpus(t)
	var gates, proved, pairs, provedPairs, provedChanges atomic.Int64
	allow := rules.Declared(rs)
	parallel(len(tools), func(i int) {
		path, src := tools[i].path, tools[i].src
		x := &rewrite.Expansion{File: path, Macros: mo, Data: rules.IsPayload, Allow: allow}
		check := func(what string, a, b []byte) bool {
			if bytes.Equal(a, b) {
				return false
			}
			proved, ok := x.Proved(a, b)
			if !ok {
				return false
			}
			if len(proved) > 0 {
				provedChanges.Add(1)
			}
			// The full comparison, allowed only the changes the
			// shortcut needed, passes too, and needs no other.
			full := &rewrite.Expansion{File: path, Macros: mo, Data: rules.IsPayload, Allow: proved}
			if used, err := full.CompareExpanded(a, b); err != nil || len(used) > len(proved) {
				t.Errorf("%s: %s: the shortcut proved the views equal with %d changes, but the full comparison says %v (changes %d)", path, what, len(proved), err, len(used))
			}
			if x.Unchanged(a, b) && len(proved) > 0 {
				t.Errorf("%s: %s: Unchanged accepts what needs a declared change", path, what)
			}
			return true
		}
		res, err := rules.FormatWith(path, src, rs, rules.FormatOptions{Macros: &mo, ExpansionGate: true})
		if err == nil && res.Changed {
			gates.Add(1)
			if check("input → output", src, res.Output) {
				proved.Add(1)
			}
		}
		// The output's imports and landings, read from the input's view
		// when the gate proved the views equal, are the output's own.
		if err == nil {
			imports, landings, ierr := res.Imports()
			view, verr := macros.Expand(path, res.Output, mo)
			switch {
			case (ierr == nil) != (verr == nil):
				t.Errorf("%s: imports of the output: %v; its expansion: %v", path, ierr, verr)
			case verr == nil && (!slices.Equal(imports, view.Imports) || !reflect.DeepEqual(landings, rules.Landings(view))):
				t.Errorf("%s: the imports and landings of the output are not those of its expansion", path)
			}
		}
		// Every version of a fix loop (without the rules that read
		// imports), against the input and against the one before.
		var versions [][]byte
		pass := rules.FixPass(rs)
		_, _ = rewrite.Run(path, src, func(tr *cst.Tree) []rewrite.Fix {
			versions = append(versions, tr.Source())
			return pass(tr)
		}, rewrite.Options{})
		for k := 1; k < len(versions); k++ {
			for _, a := range [][]byte{versions[0], versions[k-1]} {
				pairs.Add(1)
				if check("a version of the fix loop", a, versions[k]) {
					provedPairs.Add(1)
				}
			}
		}
	})
	t.Logf("%d tools: %d rewritten with the gate on, %d of these gates passed by the shortcut; %d of %d other version pairs proved by it; %d proofs needed a declared change",
		len(tools), gates.Load(), proved.Load(), provedPairs.Load(), pairs.Load(), provedChanges.Load())
}

// TestCorpusUnchangedOnMutants checks the shortcut of the
// expansion-equality gate where the formatter does not go: every corpus
// tool is mutated at random places (whitespace-only texts given other
// whitespace, the whitespace at the end of other texts changed, the
// attributes of an element reversed, two neighbouring children of <tool>
// swapped), and whenever the shortcut proves a mutant equal to the tool,
// expanding both and comparing the views must pass with no declared
// change allowed.
func TestCorpusUnchangedOnMutants(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the corpus sweep in -short mode")
	}
	mo := macros.Options{Cache: macros.NewCache()}
	root := filepath.Join(sharedDir(t), "corpus")
	type tool struct {
		path string
		src  []byte
		tree *cst.Tree
	}
	var tools []tool
	for _, f := range corpusFiles(t) {
		if tr := cst.Parse(f.rel, f.src); rules.Classify(tr) == rules.TargetTool && tr.WellFormed() {
			tools = append(tools, tool{filepath.Join(root, f.rel), f.src, tr})
		}
	}
	const perTool = 6
	var mutants, proved atomic.Int64
	parallel(len(tools), func(i int) {
		tl := tools[i]
		var texts, tagged, top []cst.Node
		for n := range tl.tree.RootElement().Descendants() {
			switch {
			case n.Kind() == cst.KindText:
				texts = append(texts, n)
			case n.Kind() == cst.KindElement && n.StartTag().IsValid():
				k := 0
				for range n.Attrs() {
					k++
				}
				if k >= 2 {
					tagged = append(tagged, n)
				}
				if n.Parent() == tl.tree.RootElement() {
					top = append(top, n)
				}
			}
		}
		rng := rand.New(rand.NewPCG(uint64(i), 1))
		spaces := []string{"", " ", "\n", "\n    ", "\t", "\r\n  "}
		x := &rewrite.Expansion{File: tl.path, Macros: mo, Data: rules.IsPayload}
		for range perTool {
			var edits []rewrite.Edit
			for range 1 + rng.IntN(2) {
				switch k := rng.IntN(4); {
				case k <= 1 && len(texts) > 0:
					edits = append(edits, trailingSpace(texts[rng.IntN(len(texts))], spaces[rng.IntN(len(spaces))]))
				case k == 2 && len(tagged) > 0:
					edits = append(edits, reversedAttrs(tagged[rng.IntN(len(tagged))]))
				case k == 3 && len(top) > 1:
					j := rng.IntN(len(top) - 1)
					a, b := top[j].Span(), top[j+1].Span()
					between := tl.src[a.End:b.Start]
					edits = append(edits, rewrite.Edit{Start: a.Start, End: b.End, New: string(tl.src[b.Start:b.End]) + string(between) + string(tl.src[a.Start:a.End])})
				}
			}
			out, err := rewrite.Apply(tl.src, edits)
			if err != nil { // overlapping edits
				continue
			}
			mutants.Add(1)
			if !x.Unchanged(tl.src, out) {
				continue
			}
			proved.Add(1)
			if used, err := x.CompareExpanded(tl.src, out); err != nil || len(used) > 0 {
				t.Errorf("%s: the shortcut proved a mutant equal, but the full comparison says %v (changes %d); edits %q", tl.path, err, len(used), edits)
			}
		}
	})
	t.Logf("%d mutants of %d tools, %d proved equal by the shortcut", mutants.Load(), len(tools), proved.Load())
}

// trailingSpace returns the edit that makes ws the whitespace at the end
// of text node n, for mutants.
func trailingSpace(n cst.Node, ws string) rewrite.Edit {
	sp, b := n.Span(), n.Bytes()
	end := len(bytes.TrimRight(b, " \t\r\n"))
	return rewrite.Edit{Start: sp.Start + end, End: sp.End, New: ws}
}

// reversedAttrs returns the edit that writes the attributes of element el
// in reverse order, one space before each, for mutants.
func reversedAttrs(el cst.Node) rewrite.Edit {
	var attrs []string
	var sp cst.Span
	for a := range el.Attrs() {
		attrs = append(attrs, " "+a.Text())
		if sp.End == 0 {
			sp.Start = a.Span().Start - 1
		}
		sp.End = a.Span().End
	}
	slices.Reverse(attrs)
	return rewrite.Edit{Start: sp.Start, End: sp.End, New: strings.Join(attrs, "")}
}
