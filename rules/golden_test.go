package rules_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
)

var update = flag.Bool("update", false, "rewrite golden files with the current output")

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
	cur := ""
	var b strings.Builder
	flush := func() {
		if cur == "" {
			a.comment = b.String()
		} else {
			a.files[cur] = b.String()
			a.names = append(a.names, cur)
		}
		b.Reset()
	}
	for _, line := range strings.SplitAfter(data, "\n") {
		t := strings.TrimRight(line, "\r\n")
		if strings.HasPrefix(t, "-- ") && strings.HasSuffix(t, " --") && len(t) > 6 {
			flush()
			cur = strings.TrimSpace(t[3 : len(t)-3])
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
		fmt.Fprintf(&b, "-- %s --\n", n)
		c := a.files[n]
		b.WriteString(c)
		if c != "" && !strings.HasSuffix(c, "\n") {
			b.WriteString("\n")
		}
	}
	return b.String()
}

func (a *archive) set(name, content string) {
	if _, ok := a.files[name]; !ok {
		a.names = append(a.names, name)
	}
	a.files[name] = content
}

// directive returns the value of a "key: value" line in the comment.
func (a *archive) directive(key string) (string, bool) {
	for _, line := range strings.Split(a.comment, "\n") {
		line = strings.TrimSpace(line)
		if line == key {
			return "", true
		}
		if v, ok := strings.CutPrefix(line, key+":"); ok {
			return strings.TrimSpace(v), true
		}
	}
	return "", false
}

// TestGolden runs each testdata/rules/*/*.txtar case: the rules named by the
// directory (or a "select:" line) check input.xml, the diagnostics must
// match, the fixed output must match fixed.xml, re-parse well-formed, and a
// second pass must change nothing. Formatting runs with the
// expansion-equality gate, the archive's other *.xml files serving as the
// macro files input.xml imports; a refused rewrite leaves fixed.xml equal to
// the input and its error in a "gate" section. An "undeclare: CODE" line
// runs that rule without its declared changes, to show the gate refusing
// them.
func TestGolden(t *testing.T) {
	paths, err := filepath.Glob("../testdata/rules/*/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatal("no golden files found under testdata/rules")
	}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".txtar")
		code := filepath.Base(filepath.Dir(path))
		t.Run(code+"/"+name, func(t *testing.T) { runGolden(t, path, code) })
	}
}

func runGolden(t *testing.T, path, code string) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a := parseTxtar(string(data))
	input, ok := a.files["input.xml"]
	if !ok {
		t.Fatal("no input.xml section")
	}
	if _, ok := a.directive("no-final-newline"); ok {
		input = strings.TrimSuffix(input, "\n")
	}
	sel := rules.Selection{Select: []string{code}}
	if s, ok := a.directive("select"); ok {
		sel = rules.Selection{Select: []string{s}}
	}
	rs, err := sel.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	if u, ok := a.directive("undeclare"); ok {
		for i, r := range rs {
			if r.Code == u {
				bare := *r
				bare.Changes = nil
				rs[i] = &bare
			}
		}
	}
	mo := &macros.Options{NoDisk: true, Files: map[string][]byte{}}
	for _, name := range a.names {
		if strings.HasSuffix(name, ".xml") && name != "input.xml" && name != "fixed.xml" {
			mo.Files[name] = []byte(a.files[name])
		}
	}
	opts := rules.FormatOptions{Macros: mo, ExpansionGate: true}
	src := []byte(input)
	tree := cst.Parse("input.xml", src)
	var diags strings.Builder
	for _, d := range rules.CheckWith(tree, rs, mo) {
		adv := ""
		if d.Advisory {
			adv = "  (advisory)"
		}
		fmt.Fprintf(&diags, "%d:%d  %s  %s%s\n", d.Pos.Line, d.Pos.Column, d.Code, d.Message, adv)
	}
	res, err := rules.FormatWith("input.xml", src, rs, opts)
	var ge *rewrite.GateError
	gate := ""
	switch {
	case errors.As(err, &ge):
		gate = err.Error() + "\n"
	case err != nil:
		t.Fatalf("format: %v", err)
	}
	fixed := string(res.Output)
	if *update {
		a.set("diagnostics", diags.String())
		a.set("fixed.xml", fixed)
		if gate != "" || a.files["gate"] != "" {
			a.set("gate", gate)
		}
		if err := os.WriteFile(path, []byte(a.format()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if want := a.files["diagnostics"]; want != diags.String() {
		t.Errorf("diagnostics differ\n--- want\n%s--- got\n%s", want, diags.String())
	}
	if want := a.files["gate"]; want != gate {
		t.Errorf("gate verdict differs\n--- want\n%s--- got\n%s", want, gate)
	}
	want := a.files["fixed.xml"]
	if _, ok := a.directive("no-final-newline-fixed"); ok {
		want = strings.TrimSuffix(want, "\n")
	}
	if want != fixed {
		t.Errorf("fixed output differs\n--- want\n%s--- got\n%s", want, fixed)
	}
	out := cst.Parse("fixed.xml", res.Output)
	if tree.WellFormed() && !out.WellFormed() {
		t.Errorf("fixed output is not well-formed: %v", out.Errors())
	}
	if gate != "" {
		return
	}
	again, err := rules.FormatWith("input.xml", res.Output, rs, opts)
	if err != nil || !bytes.Equal(again.Output, res.Output) {
		t.Errorf("second pass changed the output (err %v)", err)
	}
}
