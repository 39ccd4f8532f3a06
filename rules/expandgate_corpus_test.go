package rules_test

import (
	"errors"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
	"github.com/galaxy-gtr/gtr/rules/schema"
)

// parallel calls f(i) for i in [0, n) on all CPUs.
func parallel(n int, f func(i int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				f(i)
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}

// gatedFile is one corpus file formatted with the expansion-equality gate.
// wellFormedCorpus returns the well-formed tools and macro files of the
// corpus, with their paths on disk, the bases of their imports.
func wellFormedCorpus(t *testing.T) (tools, libs []gatedFile) {
	t.Helper()
	root := filepath.Join(sharedDir(t), "corpus")
	for _, f := range corpusFiles(t) {
		tr := cst.Parse(f.rel, f.src)
		if !tr.WellFormed() {
			continue
		}
		g := gatedFile{path: filepath.Join(root, f.rel), rel: f.rel, src: f.src}
		switch rules.Classify(tr) {
		case rules.TargetTool:
			tools = append(tools, g)
		case rules.TargetMacro:
			libs = append(libs, g)
		}
	}
	return tools, libs
}

type gatedFile struct {
	path string // on disk, the base of its imports
	rel  string
	src  []byte
	kind rules.Target
	res  rules.Formatted
	err  error
}

func formatCorpusGated(t *testing.T, rs []*rules.Rule, mo *macros.Options) []gatedFile {
	t.Helper()
	root := filepath.Join(sharedDir(t), "corpus")
	var files []gatedFile
	for _, f := range corpusFiles(t) {
		tr := cst.Parse(f.rel, f.src)
		if k := rules.Classify(tr); k != 0 && tr.WellFormed() {
			files = append(files, gatedFile{path: filepath.Join(root, f.rel), rel: f.rel, src: f.src, kind: k})
		}
	}
	parallel(len(files), func(i int) {
		f := &files[i]
		f.res, f.err = rules.FormatWith(f.path, f.src, rs, rules.FormatOptions{Macros: mo, ExpansionGate: true})
	})
	return files
}

// TestCorpusExpansionGate formats every corpus tool and macro file with the
// default ruleset and the expansion-equality gate, imports read from disk:
// no rewrite may be refused for changing Galaxy's expanded view (a refusal
// means a rule is not behaviour-preserving, or changes more than it
// declares), and only tools whose imports are missing (Galaxy cannot load
// them either) may be refused for an unresolved import. It logs the
// figures, and checks that the gate is not vacuous: each rule that
// declares a change, run alone without its declaration, is refused on
// every tool it changes.
func TestCorpusExpansionGate(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the corpus gate sweep in -short mode")
	}
	rs, err := rules.Selection{}.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	mo := &macros.Options{Cache: macros.NewCache()}
	files := formatCorpusGated(t, rs, mo)
	refused := map[string]int{}
	applied := map[string]int{}
	var tools, changed, unresolved int
	for _, f := range files {
		if f.kind == rules.TargetTool {
			tools++
		}
		var ge *rewrite.GateError
		switch {
		case errors.As(f.err, &ge) && ge.Gate == rewrite.GateUnresolvedImport:
			unresolved++
			if _, err := macros.Expand(f.path, f.src, *mo); !isImportError(err) {
				t.Errorf("%s: refused for an unresolved import, but it expands: %v", f.rel, f.err)
			}
		case errors.As(f.err, &ge):
			refused[strings.Join(ge.Codes, "+")]++
			t.Errorf("%s: %v", f.rel, f.err)
		case f.err != nil:
			t.Errorf("%s: %v", f.rel, f.err)
		case f.res.Changed:
			changed++
			for _, c := range f.res.Codes() {
				applied[c]++
			}
		}
	}
	t.Logf("%d files (%d tools, %d macro files): %d rewritten with the gate on, %d refused for changing the expanded view, %d for an unresolved import",
		len(files), tools, len(files)-tools, changed, len(refused), unresolved)
	for _, c := range sortedKeys(refused) {
		t.Logf("  refused, blamed on %-20s %d", c, refused[c])
	}
	for _, c := range sortedKeys(applied) {
		t.Logf("  %-8s applied to %5d files", c, applied[c])
	}

	// Without its declared change, a rule is refused wherever it changes
	// Galaxy's view.
	for _, r := range rs {
		if len(r.Changes) == 0 {
			continue
		}
		bare := *r
		bare.Changes = nil
		var applies, refusals int
		for _, f := range formatCorpusGated(t, []*rules.Rule{&bare}, mo) {
			var ge *rewrite.GateError
			switch {
			case errors.As(f.err, &ge) && ge.Gate == rewrite.GateExpansion && slices.Equal(ge.Codes, []string{r.Code}):
				applies++
				refusals++
			case f.err == nil && f.res.Changed:
				applies++
			}
		}
		t.Logf("  %-8s alone changes %4d files; without its declared change the gate refuses %4d of them", r.Code, applies, refusals)
		// A codemod's declared change is what it does; a layout rule's
		// (GTR004's blank <help>) is incidental.
		if applies > 0 && refusals == 0 || r.Family != rules.FamilyFmt && refusals != applies {
			t.Errorf("%s: the gate let %d of its rewrites through without the declared change", r.Code, applies-refusals)
		}
	}
}

func isImportError(err error) bool {
	var me *macros.Error
	return errors.As(err, &me) && me.Kind == macros.ErrImport
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestCorpusMacroFilesThroughImporters formats every corpus macro file and
// checks it through the tools that import it: each corpus tool whose
// expansion reads the macro file must expand with the rewritten file to
// the view it has with the original, as the expansion-equality gate
// defines it (gtr format does the same for the tools of a run and of the
// macro file's directory).
func TestCorpusMacroFilesThroughImporters(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the corpus macro-file sweep in -short mode")
	}
	rs, err := rules.Selection{}.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	mo := macros.Options{Cache: macros.NewCache()}
	tools, libs := wellFormedCorpus(t)
	// Who imports what, under the path its expansion opens.
	importers := map[string][]rules.Importer{}
	var mu sync.Mutex
	parallel(len(tools), func(i int) {
		res, err := macros.Expand(tools[i].path, tools[i].src, mo)
		if err != nil {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		for _, imp := range res.Imports {
			key := filepath.Clean(imp)
			importers[key] = append(importers[key], rules.Importer{File: tools[i].path, Import: imp, Tool: tools[i].src, Landing: rules.Landings(res)[imp]})
		}
	})
	var changed, checks, unused, fast int
	parallel(len(libs), func(i int) {
		f := &libs[i]
		f.res, f.err = rules.FormatWith(f.path, f.src, rs, rules.FormatOptions{Macros: &mo, ExpansionGate: true})
	})
	for _, f := range libs {
		if f.err != nil {
			t.Errorf("%s: %v", f.rel, f.err)
			continue
		}
		if !f.res.Changed {
			continue
		}
		changed++
		imps := importers[filepath.Clean(f.path)]
		if len(imps) == 0 {
			unused++
			continue
		}
		checks += len(imps)
		if err := rules.ImportersGate(imps, mo, rs)(f.src, f.res.Output); err != nil {
			t.Errorf("%s: %v", f.rel, err)
		}
		// The shortcut that spares expanding the importers must never
		// pass a rewrite that expanding them refuses.
		var macroRules []*rules.Rule
		for _, r := range rs {
			if r.Applies(rules.TargetMacro) {
				macroRules = append(macroRules, r)
			}
		}
		if rules.KeepsEverySplice(f.src, f.res.Output, imps) {
			fast++
			if err := rules.ExpandImporters(imps, mo, rules.Declared(macroRules), f.res.Output); err != nil {
				t.Errorf("%s: the splice shortcut passes a rewrite the importers refuse: %v", f.rel, err)
			}
		}
	}
	t.Logf("%d macro files: %d rewritten; %d importer expansions checked equal; %d rewritten files imported by no corpus tool; %d passed without expanding importers",
		len(libs), changed, checks, unused, fast)
	if changed > 0 && fast == 0 {
		t.Errorf("the splice shortcut passed no macro file: it is never exercised")
	}
}

// TestCorpusSchemaRepairs counts what GTR006 and GTR017 do on the corpus
// tools that are valid at no profile (imports read from disk): how many
// they repair to validity, and how many they only report. Every tool they
// rewrite must validate afterwards, and no tool valid at some profile may
// be touched.
func TestCorpusSchemaRepairs(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the corpus repair sweep in -short mode")
	}
	rs := []*rules.Rule{rules.Lookup("GTR006"), rules.Lookup("GTR017")}
	mo := &macros.Options{Cache: macros.NewCache()}
	files := formatCorpusGated(t, rs, mo)
	var invalid, attrFailures, suggested, attrSuggested, repaired int
	fixedBy := map[string]int{}
	reported := map[string]int{}
	for _, f := range files {
		if f.kind != rules.TargetTool {
			continue
		}
		before, err := macros.Expand(f.path, f.src, *mo)
		if err != nil {
			continue
		}
		_, validBefore := schema.NewestValid(schema.Expanded(before), nil)
		if !validBefore {
			invalid++
			// The predecessor's figure: tools failing on an attribute
			// the schema does not declare, and those given a suggestion.
			attrFail := slices.ContainsFunc(schema.Validate(schema.Expanded(before), schema.Profiles()[len(schema.Profiles())-1]),
				func(e schema.Error) bool { return e.Kind == schema.KindAttrNotAllowed })
			if attrFail {
				attrFailures++
			}
			diags := rules.CheckWith(cst.Parse(f.path, f.src), rs, mo)
			if len(diags) > 0 {
				suggested++
			}
			if attrFail && slices.ContainsFunc(diags, func(d rules.Diagnostic) bool { return strings.HasPrefix(d.Message, "attribute ") }) {
				attrSuggested++
			}
		}
		if f.err != nil {
			t.Errorf("%s: %v", f.rel, f.err)
			continue
		}
		tr := cst.Parse(f.path, f.res.Output)
		for _, d := range rules.CheckWith(tr, rs, mo) {
			reported[d.Code]++
			t.Logf("  %s: %s %s", f.rel, d.Code, d.Message)
		}
		if !f.res.Changed {
			continue
		}
		if validBefore {
			t.Errorf("%s: valid at some profile, yet rewritten by %v", f.rel, f.res.Codes())
			continue
		}
		after, err := macros.Expand(f.path, f.res.Output, *mo)
		if err != nil {
			t.Errorf("%s: does not expand after the repairs: %v", f.rel, err)
			continue
		}
		if p, ok := schema.NewestValid(schema.Expanded(after), nil); !ok {
			t.Errorf("%s: still valid at no profile after %v", f.rel, f.res.Codes())
		} else {
			repaired++
			for _, c := range f.res.Codes() {
				fixedBy[c]++
			}
			t.Logf("  %s: %v → valid at %s", f.rel, f.res.Codes(), p)
		}
	}
	t.Logf("%d tools valid at no profile; %d get a GTR006/GTR017 finding; %d repaired to validity (GTR006 in %d, GTR017 in %d); findings left on the output: GTR006 %d, GTR017 %d (advisory)",
		invalid, suggested, repaired, fixedBy["GTR006"], fixedBy["GTR017"], reported["GTR006"], reported["GTR017"])
	t.Logf("%d of them fail on an attribute the schema does not declare; %d of those get an attribute suggestion (cutoff %.2f)",
		attrFailures, attrSuggested, 0.80)
}
