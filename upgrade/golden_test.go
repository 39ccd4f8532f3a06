package upgrade

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
)

var update = flag.Bool("update", false, "rewrite the want sections of testdata/steps/*/*.txtar")

// archive is a txtar archive: a comment followed by named files.
type archive struct {
	comment string
	names   []string
	files   map[string]string
}

// parseTxtar reads the txtar format: lines "-- name --" start a file, whose
// content runs to the next such line.
func parseTxtar(data string) *archive {
	a := &archive{files: map[string]string{}}
	cur, started := "", false
	var b strings.Builder
	flush := func() {
		if !started {
			a.comment = b.String()
		} else {
			a.files[cur] = b.String()
			a.names = append(a.names, cur)
		}
		b.Reset()
	}
	for line := range strings.SplitAfterSeq(data, "\n") {
		t := strings.TrimRight(line, "\r\n")
		if strings.HasPrefix(t, "-- ") && strings.HasSuffix(t, " --") && len(t) > 6 {
			flush()
			cur, started = t[3:len(t)-3], true
			continue
		}
		b.WriteString(line)
	}
	flush()
	return a
}

func (a *archive) format() string {
	var b strings.Builder
	b.WriteString(a.comment)
	for _, n := range a.names {
		fmt.Fprintf(&b, "-- %s --\n%s", n, a.files[n])
	}
	return b.String()
}

// set replaces or adds the file called name.
func (a *archive) set(name, content string) {
	if _, ok := a.files[name]; !ok {
		a.names = append(a.names, name)
	}
	a.files[name] = content
}

// drop removes the file called name.
func (a *archive) drop(name string) {
	delete(a.files, name)
	a.names = slices.DeleteFunc(a.names, func(n string) bool { return n == name })
}

// TestStepGolden runs every step over its cases in testdata/steps/CODE/*.txtar.
//
// A case holds tool.xml, any macro files it imports (by the import text),
// and optionally "target" (the profile for Doc.Target, one line). The
// step's plan is compared with "want <file>" sections, one per file it
// edits, holding the file after the edits, and "refused", holding the
// refusal sentences one per line (file names relative to the case). A
// case without want or refused sections must plan nothing. Every applied
// plan must pass the expansion-equality gate with the step's declared
// changes and plan nothing when run again on its output. -update rewrites
// the want and refused sections.
func TestStepGolden(t *testing.T) {
	for _, s := range Steps() {
		// The modes are tested by the contract sweep and the unit tests.
		if s.Kind == KindPipeline {
			continue
		}
		dir := filepath.Join("testdata", "steps", s.Code)
		cases, _ := filepath.Glob(filepath.Join(dir, "*.txtar"))
		t.Run(s.Code, func(t *testing.T) {
			if len(cases) == 0 {
				t.Fatalf("%s has no golden cases in %s", s.Code, dir)
			}
			for _, path := range cases {
				t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
					runStepCase(t, s, path)
				})
			}
		})
	}
}

func runStepCase(t *testing.T, s *Step, path string) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a := parseTxtar(string(data))
	tool, ok := a.files["tool.xml"]
	if !ok {
		t.Fatal("no tool.xml section")
	}
	files := map[string][]byte{}
	for _, n := range a.names {
		if n != "tool.xml" && n != "target" && n != "refused" && !strings.HasPrefix(n, "want ") {
			files[n] = []byte(a.files[n])
		}
	}
	mo := macros.Options{Files: files, NoDisk: true}
	d := NewDoc("tool.xml", []byte(tool), mo)
	d.Target = strings.TrimSpace(a.files["target"])
	plan := s.Plan(d)

	gotRefused := strings.Join(plan.Refused, "\n")
	if gotRefused != "" {
		gotRefused += "\n"
	}
	var out map[string][]byte
	if len(plan.Refused) == 0 && len(plan.Edits) > 0 {
		out, err = rewrite.ApplyFiles(d.Files(), plan.Edits)
		if err != nil {
			t.Fatalf("edits do not apply: %v", err)
		}
	}
	if *update {
		for _, n := range slices.Clone(a.names) {
			if n == "refused" || strings.HasPrefix(n, "want ") {
				a.drop(n)
			}
		}
		if gotRefused != "" {
			a.set("refused", gotRefused)
		}
		for _, f := range slices.Sorted(mapsKeys(out)) {
			a.set("want "+f, string(out[f]))
		}
		if err := os.WriteFile(path, []byte(a.format()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if want := a.files["refused"]; gotRefused != want {
		t.Errorf("refused:\n got: %q\nwant: %q", gotRefused, want)
	}
	for _, n := range a.names {
		if f, ok := strings.CutPrefix(n, "want "); ok {
			if _, edited := out[f]; !edited {
				t.Errorf("%s: want an edit, the step made none", f)
			}
		}
	}
	for f, b := range out {
		want, ok := a.files["want "+f]
		if !ok {
			t.Errorf("%s: the step edits it, the case has no want section:\n%s", f, b)
			continue
		}
		if string(b) != want {
			t.Errorf("%s:\n got:\n%s\nwant:\n%s", f, b, want)
		}
	}
	if out == nil {
		return
	}
	// The gate: Galaxy's view changes only as the step declares.
	after := map[string][]byte{}
	for f, b := range files {
		after[f] = b
	}
	newTool := []byte(tool)
	for f, b := range out {
		if f == "tool.xml" {
			newTool = b
		} else {
			after[f] = b
		}
	}
	amo := macros.Options{Files: after, NoDisk: true}
	x := &rewrite.Expansion{File: "tool.xml", Macros: mo, After: &amo, Data: rules.IsPayload, Allow: s.Changes}
	if _, err := x.CompareExpanded([]byte(tool), newTool); err != nil {
		t.Errorf("expansion-equality gate: %v", err)
	}
	// Idempotence: the step has nothing left to do on its output.
	d2 := NewDoc("tool.xml", newTool, amo)
	d2.Target = d.Target
	if again := s.Plan(d2); len(again.Edits) > 0 || len(again.Refused) > 0 {
		t.Errorf("the step plans again on its own output: %+v", again)
	}
}

func mapsKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}
