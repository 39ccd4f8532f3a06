package upgrade

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
	"github.com/galaxy-gtr/gtr/rules/schema"
)

// codemods returns the step codemods in code order.
func codemods() []*Step {
	var out []*Step
	for _, s := range Steps() {
		if s.Kind == KindCodemod {
			out = append(out, s)
		}
	}
	return out
}

// nextProfile returns the profile after p.
func nextProfile(t testing.TB, p string) string {
	t.Helper()
	after := Between(p, Latest())
	if len(after) == 0 {
		t.Fatalf("no profile after %s", p)
	}
	return after[0]
}

// validAt reports whether the tool d holds validates at profile p; false
// when it does not expand.
func validAt(d *Doc, p string) bool {
	return d.View != nil && schema.Valid(schema.Expanded(d.View), p)
}

// TestCodemodGoldenBoundary checks, for every golden case of a step
// codemod whose input validates at the step's From, that its output
// validates at the next profile, and that every "fires" case is one:
// an input that validates at From. Whether the input is stranded there
// depends on the schemas that stand in for the profiles, so it is logged.
func TestCodemodGoldenBoundary(t *testing.T) {
	for _, s := range codemods() {
		from := boundaryOf(s)
		next := nextProfile(t, from)
		cases, _ := filepath.Glob(filepath.Join("testdata", "steps", s.Code, "*.txtar"))
		for _, path := range cases {
			t.Run(s.Code+"/"+strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
				data, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				a := parseTxtar(string(data))
				before, after := map[string][]byte{}, map[string][]byte{}
				for _, n := range a.names {
					switch f, want := strings.CutPrefix(n, "want "); {
					case want:
						after[f] = []byte(a.files[n])
					case n != "target" && n != "refused":
						before[n] = []byte(a.files[n])
					}
				}
				for f, b := range before {
					if _, ok := after[f]; !ok {
						after[f] = b
					}
				}
				load := func(files map[string][]byte) *Doc {
					return NewDoc("tool.xml", files["tool.xml"], macros.Options{Files: files, NoDisk: true})
				}
				d := load(before)
				ok := validAt(d, from)
				if filepath.Base(path) == "fires.txtar" && !ok {
					var errs []schema.Error
					if d.View != nil {
						errs = schema.Validate(schema.Expanded(d.View), from)
					}
					t.Fatalf("the fires case does not validate at %s: %v %v", from, d.Err, errs)
				}
				if !ok {
					return
				}
				stranded := !validAt(d, next)
				if a.files["refused"] != "" {
					t.Logf("refused; validates at %s; stranded at %s: %v", from, next, stranded)
					return
				}
				d2 := load(after)
				if !validAt(d2, next) {
					t.Errorf("the output does not validate at %s: %v", next, schema.Validate(schema.Expanded(d2.View), next))
				}
				t.Logf("validates at %s; stranded at %s before the step: %v; after: validates", from, next, stranded)
			})
		}
	}
}

// sweepCounts are one step's figures over the corpus.
type sweepCounts struct {
	stranded, fixed, refused, stillInvalid int
	planned, gated, refusedAny             int
}

// TestCodemodsCorpus runs every step codemod over every corpus tool,
// expanded with its imports from disk. A tool that validates at the
// step's From but not at the next profile is stranded there: the step's
// plan is applied and the output validated again (fixed, refused, or
// still invalid). On every tool the step plans edits for, the edits must
// apply, pass the expansion-equality gate with the step's declared
// changes, and leave nothing to plan on the output.
func TestCodemodsCorpus(t *testing.T) {
	root, rels := corpusTools(t)
	steps := codemods()
	counts := make([]sweepCounts, len(steps))
	nexts := make([]string, len(steps))
	for i, s := range steps {
		nexts[i] = nextProfile(t, s.From)
	}
	cache := macros.NewCache()
	unexpanded := 0
	for _, rel := range rels {
		path := filepath.Join(root, rel)
		src, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		mo := macros.Options{Cache: cache}
		d := NewDoc(path, src, mo)
		if d.View == nil {
			unexpanded++
		}
		for i, s := range steps {
			c := &counts[i]
			stranded := validAt(d, s.From) && !validAt(d, nexts[i])
			if stranded {
				c.stranded++
			}
			p := s.Plan(d)
			switch {
			case stranded && len(p.Refused) > 0:
				c.refused++
				c.refusedAny++
				t.Logf("%s %s refused (the tool validates again unchanged at %s): %s", s.Code, rel, validAgain(d, s.From), strings.Join(p.Refused, "; "))
			case len(p.Refused) > 0:
				c.refusedAny++
			case len(p.Edits) > 0:
				c.planned++
				d2, ok := checkSweepPlan(t, s, rel, d, mo, p)
				if ok {
					c.gated++
				}
				switch {
				case !stranded:
				case d2 != nil && validAt(d2, nexts[i]):
					c.fixed++
				default:
					c.stillInvalid++
					if d2 != nil && d2.View != nil {
						t.Logf("%s %s still invalid at %s: %v", s.Code, rel, nexts[i], schema.Validate(schema.Expanded(d2.View), nexts[i]))
					}
				}
			case stranded:
				c.stillInvalid++
				t.Logf("%s %s stranded, nothing planned: %v", s.Code, rel, schema.Validate(schema.Expanded(d.View), nexts[i]))
			}
		}
	}
	for i, s := range steps {
		c := counts[i]
		fmt.Printf("%s %s→%s (schemas %s→%s): stranded %d, fixed %d, refused %d, still invalid %d; over all %d tools: plans edits for %d (%d pass the gates), refuses %d (%d of them do not expand)\n",
			s.Code, s.From, nexts[i], schemaName(s.From), schemaName(nexts[i]), c.stranded, c.fixed, c.refused, c.stillInvalid, len(rels), c.planned, c.gated, c.refusedAny, unexpanded)
	}
}

// validAgain returns the first profile after from that d validates at,
// or "no later profile".
func validAgain(d *Doc, from string) string {
	for _, p := range Between(from, Latest()) {
		if validAt(d, p) {
			return p
		}
	}
	return "no later profile"
}

func schemaName(p string) string {
	n, _ := SchemaOf(p)
	return n
}

// checkSweepPlan applies plan p of step s to d and checks the gates: the
// edits apply, the expansion-equality gate passes with s's declared
// changes, and the step plans nothing on the output. It returns the
// output's doc (nil when the edits do not apply) and whether every gate
// passed.
func checkSweepPlan(t *testing.T, s *Step, rel string, d *Doc, mo macros.Options, p Plan) (*Doc, bool) {
	t.Helper()
	out, err := rewrite.ApplyFiles(d.Files(), p.Edits)
	if err != nil {
		t.Errorf("%s %s: the edits do not apply: %v", s.Code, rel, err)
		return nil, false
	}
	newTool, files := d.Source(d.File), map[string][]byte{}
	for f, b := range out {
		if f == d.File {
			newTool = b
		} else {
			files[f] = b
		}
	}
	amo := mo
	amo.Files = files
	x := &rewrite.Expansion{File: d.File, Macros: mo, After: &amo, Data: rules.IsPayload, Allow: s.Changes}
	ok := true
	if _, err := x.CompareExpanded(d.Source(d.File), newTool); err != nil {
		t.Errorf("%s %s: expansion-equality gate: %v", s.Code, rel, err)
		ok = false
	}
	// The gate as callers run it, with its proof from the parses first.
	if _, err := x.Compare(d.Source(d.File), newTool); err != nil {
		t.Errorf("%s %s: expansion-equality gate (Compare): %v", s.Code, rel, err)
		ok = false
	}
	d2 := NewDoc(d.File, newTool, amo)
	d2.Target = d.Target
	if again := s.Plan(d2); len(again.Edits) > 0 || len(again.Refused) > 0 {
		t.Errorf("%s %s: the step plans again on its own output: %+v", s.Code, rel, again)
		ok = false
	}
	return d2, ok
}

// TestCodemodsCorpusMutated gives GTR008, GTR009 and GTR011 real tools
// to work on, which the corpus lacks: every corpus tool that validates at
// the step's From has, in a copy, the name of its first output <data> in
// <outputs> removed (GTR008), <filter>True</filter> added to every <data>
// of its output collections (GTR009, for the collections written in the
// tool) or a <trackster_conf/> added (GTR011). The
// step must then plan edits that apply, pass the gates and leave nothing
// to plan, and the result must validate at the next profile whenever the
// tool did before it was changed.
func TestCodemodsCorpusMutated(t *testing.T) {
	root, rels := corpusTools(t)
	mutations := []struct {
		step   *Step
		mutate func(d *Doc) ([]byte, bool)
	}{
		{GTR008, func(d *Doc) ([]byte, bool) {
			name := d.Tree.RootElement().Element("outputs").Element("data").Attr("name")
			if !name.IsValid() {
				return nil, false
			}
			out, err := rewrite.Apply(d.Source(d.File), []rewrite.Edit{rewrite.DeleteAttr(name)})
			return out, err == nil
		}},
		{GTR009, func(d *Doc) ([]byte, bool) {
			var edits []rewrite.Edit
			for coll := range d.Tree.RootElement().Element("outputs").ElementsNamed("collection") {
				for data := range coll.ElementsNamed("data") {
					if data.SelfClosing() {
						edits = append(edits, rewrite.ReplaceSpan(data.StartTag().LastToken().Span(), "><filter>True</filter></data>"))
					} else if end := data.EndTag(); end.IsValid() {
						edits = append(edits, rewrite.InsertBefore(end, "<filter>True</filter>"))
					}
				}
			}
			out, err := rewrite.Apply(d.Source(d.File), edits)
			return out, err == nil && len(edits) > 0
		}},
		{GTR011, func(d *Doc) ([]byte, bool) {
			end := d.Tree.RootElement().EndTag()
			if !end.IsValid() {
				return nil, false
			}
			out, err := rewrite.Apply(d.Source(d.File), []rewrite.Edit{rewrite.InsertBefore(end, "    <trackster_conf/>\n")})
			return out, err == nil
		}},
	}
	cache := macros.NewCache()
	for _, m := range mutations {
		s := m.step
		next := nextProfile(t, s.From)
		var mutated, planned, gated, validBefore, fixed int
		for _, rel := range rels {
			path := filepath.Join(root, rel)
			src, err := os.ReadFile(path)
			if err != nil {
				continue
			}
			mo := macros.Options{Cache: cache}
			orig := NewDoc(path, src, mo)
			if !validAt(orig, s.From) {
				continue
			}
			msrc, ok := m.mutate(orig)
			if !ok {
				continue
			}
			mutated++
			d := NewDoc(path, msrc, mo)
			p := s.Plan(d)
			if len(p.Refused) > 0 || len(p.Edits) == 0 {
				t.Logf("%s %s (changed): refused %q, %d edits", s.Code, rel, p.Refused, len(p.Edits))
				continue
			}
			planned++
			d2, ok := checkSweepPlan(t, s, rel+" (changed)", d, mo, p)
			if ok {
				gated++
			}
			if validAt(orig, next) {
				validBefore++
				if d2 != nil && validAt(d2, next) {
					fixed++
				} else {
					t.Errorf("%s %s (changed): valid at %s before the change, not after the step", s.Code, rel, next)
				}
			}
		}
		fmt.Printf("%s on changed corpus tools valid at %s: %d changed, %d planned (%d pass the gates); of the %d valid at %s before the change, %d validate there after the step\n",
			s.Code, s.From, mutated, planned, gated, validBefore, next, fixed)
	}
}
