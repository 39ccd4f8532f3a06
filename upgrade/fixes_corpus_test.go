package upgrade

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
	"github.com/galaxy-gtr/gtr/rules/schema"
)

// fixTally counts what one runtime fix makes of the corpus.
type fixTally struct {
	has, fixed, refused, untouched int
	// GTR016 only: the interpreter buckets.
	bucketA, bucketB, emptyInterp int
	reasons                       map[string]int
}

// TestFixesCorpus runs the runtime fixes GTR014, GTR015 and GTR016 over
// every corpus tool, its imports read from disk. On every tool a fix
// plans edits for, the edits must apply, pass the expansion-equality gate
// with the step's declared changes, leave nothing to plan on the output,
// clear the condition the fix's code is about, and keep the tool valid at
// every schema it was valid at. A tool with the condition must be fixed
// or refused. The figures are logged.
func TestFixesCorpus(t *testing.T) {
	root, rels := corpusTools(t)
	steps := []*Step{GTR014, GTR015, GTR016}
	tally := map[string]*fixTally{}
	for _, s := range steps {
		tally[s.Code] = &fixTally{reasons: map[string]int{}}
	}
	mo := macros.Options{Cache: macros.NewCache()}
	tools, kept := 0, 0
	for _, rel := range rels {
		path := filepath.Join(root, rel)
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		tools++
		d := NewDoc(path, src, mo)
		var valid []string // the schemas the tool is valid at, read once
		for _, s := range steps {
			n := tally[s.Code]
			had := d.Root != nil && fixConditions[s.Code](d.Root)
			if had {
				n.has++
			}
			p := s.Plan(d)
			if s == GTR016 && had {
				interpreterBuckets(n, d, p)
			}
			switch {
			case len(p.Refused) > 0:
				n.refused++
				n.reasons[refusalKind(p.Refused[0])]++
				continue
			case len(p.Edits) == 0:
				if had {
					n.untouched++
					t.Errorf("%s: %s: the tool has the condition of %s and the step neither fixes nor refuses", rel, s.Code, s.Clears)
				}
				continue
			}
			n.fixed++
			if valid == nil && d.View != nil {
				valid = validSchemas(d.View)
			}
			checkFix(t, rel, s, d, p, mo, valid)
			kept += len(valid)
		}
	}
	t.Logf("%d corpus tools; validity kept at %d (fixed tool, schema) pairs the tool was valid at before", tools, kept)
	for _, s := range steps {
		n := tally[s.Code]
		t.Logf("%s (%s): condition in %d tools; fixed %d, refused %d, untouched %d", s.Code, s.Clears, n.has, n.fixed, n.refused, n.untouched)
		for _, r := range slices.Sorted(maps.Keys(n.reasons)) {
			t.Logf("    refused %4d: %s", n.reasons[r], r)
		}
	}
	n := tally["GTR016"]
	t.Logf("GTR016 interpreter buckets: interpreter used by %d tools; bucket A (literal first word, fixed) %d; bucket B (leading Cheetah) %d; empty interpreter (removed) %d",
		n.has, n.bucketA, n.bucketB, n.emptyInterp)
}

// checkFix applies a fix's plan to one corpus tool and checks its output.
func checkFix(t *testing.T, rel string, s *Step, d *Doc, p Plan, mo macros.Options, valid []string) {
	t.Helper()
	out, err := rewrite.ApplyFiles(d.Files(), p.Edits)
	if err != nil {
		t.Errorf("%s: %s: edits do not apply: %v", rel, s.Code, err)
		return
	}
	newTool := d.Source(d.File)
	after := mo
	after.Files = map[string][]byte{}
	for f, b := range out {
		if f == d.File {
			newTool = b
			continue
		}
		after.Files[f] = b
	}
	x := &rewrite.Expansion{File: d.File, Macros: mo, After: &after, Data: rules.IsPayload, Allow: s.Changes}
	if _, err := x.CompareExpanded(d.Source(d.File), newTool); err != nil {
		t.Errorf("%s: %s: expansion-equality gate: %v", rel, s.Code, err)
		return
	}
	d2 := NewDoc(d.File, newTool, after)
	if again := s.Plan(d2); len(again.Edits) > 0 || len(again.Refused) > 0 {
		t.Errorf("%s: %s: the step plans again on its own output: %+v", rel, s.Code, again)
	}
	if d2.Root != nil && fixConditions[s.Code](d2.Root) {
		t.Errorf("%s: %s: the fixed tool still has the condition of %s", rel, s.Code, s.Clears)
	}
	if d2.View == nil {
		t.Errorf("%s: %s: the fixed tool does not expand: %v", rel, s.Code, d2.Err)
		return
	}
	root := schema.Expanded(d2.View)
	for _, pr := range valid {
		if !schema.Valid(root, pr) {
			t.Errorf("%s: %s: the fixed tool is no longer valid at %s: %v", rel, s.Code, pr, schema.Validate(root, pr))
		}
	}
}

// validSchemas returns the schemas an expanded tool is valid at.
func validSchemas(r *macros.Result) []string {
	root := schema.Expanded(r)
	valid := []string{}
	for _, p := range schema.Profiles() {
		if schema.Valid(root, p) {
			valid = append(valid, p)
		}
	}
	return valid
}

// interpreterBuckets sorts a tool with <command interpreter> into the
// predecessor's buckets: A, a literal first word (the fix's case); B, a
// command that starts with Cheetah; and the empty interpreter, which
// Galaxy never used. (Whether an A script is beside its tool cannot be
// told: the corpus holds the XML files only.)
func interpreterBuckets(n *fixTally, d *Doc, p Plan) {
	cmd := firstChild(d.Root, "command")
	interp, _ := cmd.Get("interpreter")
	start, end, ok := scriptSpan(cmd.Text)
	word := cmd.Text[start:end]
	switch {
	case interp == "":
		n.emptyInterp++
	case ok && (strings.HasPrefix(word, "#") || strings.HasPrefix(word, "$") && toolDirPrefix(word) == ""):
		n.bucketB++
	case len(p.Edits) > 0:
		n.bucketA++
	}
}

// refusalKind returns a refusal sentence without its position and
// quoted specifics, so that refusals of one kind count together.
func refusalKind(s string) string {
	if _, rest, ok := strings.Cut(s, ": "); ok && strings.Contains(s[:len(s)-len(rest)], ".xml:") {
		s = rest
	}
	var b strings.Builder
	quoted := false
	for _, r := range s {
		switch {
		case r == '"':
			quoted = !quoted
			if quoted {
				b.WriteString(`"…"`)
			}
		case !quoted:
			b.WriteRune(r)
		}
	}
	out := b.String()
	if i := strings.Index(out, " ("); i > 0 && strings.Contains(out, "data inputs") {
		out = out[:i]
	}
	return out
}
