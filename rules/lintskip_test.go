package rules

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

func TestLintSkipNames(t *testing.T) {
	got := LintSkipNames([]byte("# comment\n  TestsMissing  \n\r\n\tXMLOrder\r\n#CitationsMissing\nlast"))
	if want := []string{"TestsMissing", "XMLOrder", "last"}; !slices.Equal(got, want) {
		t.Errorf("LintSkipNames = %q, want %q", got, want)
	}
}

func TestWithoutLines(t *testing.T) {
	tests := []struct{ in, want string }{
		{"A\nB\n", "B\n"},
		{"B\r\nA\r\n", "B\r\n"},
		{"# c\nB\nA", "# c\nB\n"},
		{"# only a comment stays\nA\n", ""}, // no suppression left: delete
	}
	for _, tt := range tests {
		got := withoutLines([]byte(tt.in), map[string]bool{"A": true})
		if tt.want == "" && got != nil || tt.want != "" && string(got) != tt.want {
			t.Errorf("withoutLines(%q) = %q, want %q (\"\" for nil)", tt.in, got, tt.want)
		}
	}
	if got := withoutLines([]byte("A\n"), nil); string(got) != "A\n" {
		t.Errorf("nothing removed: got %q", got)
	}
}

// lintSkipTool is a tool whose requirement version has surrounding
// whitespace (RequirementVersionWhitespace, fixed by GTR035.1) unless
// clean, and a name with none (ToolNameWhitespace, clean).
func lintSkipTool(t *testing.T, dir, name string, clean bool) LintSkipTool {
	t.Helper()
	version := " 1.0"
	if clean {
		version = "1.0"
	}
	src := `<tool id="t" name="T" version="1.0">
    <requirements>
        <requirement type="package" version="` + version + `">x</requirement>
    </requirements>
    <command>x</command>
    <inputs/>
    <outputs/>
</tool>
`
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return LintSkipTool{Path: path, Src: []byte(src)}
}

func TestReconcileLintSkip(t *testing.T) {
	dir := t.TempDir()
	clean := lintSkipTool(t, dir, "a.xml", true)
	dirty := lintSkipTool(t, dir, "b.xml", false)
	sidecar := []byte("ToolNameWhitespace\nRequirementVersionWhitespace\nEDAMTermsValid\nNoSuchLinter\ntests\nrequirementversionwhitespace\n")
	mo := &macros.Options{Cache: macros.NewCache()}

	plan, err := ReconcileLintSkip([]LintSkipTool{clean, dirty}, sidecar, mo)
	if err != nil {
		t.Fatal(err)
	}
	want := []LintSkipRemoval{
		{Linter: "ToolNameWhitespace", Codes: []string{"GTR035.2"}},
		{Linter: "RequirementVersionWhitespace", Fixed: true, Codes: []string{"GTR035.1"}},
	}
	if !slices.EqualFunc(plan.Removals, want, func(a, b LintSkipRemoval) bool {
		return a.Linter == b.Linter && a.Fixed == b.Fixed && slices.Equal(a.Codes, b.Codes)
	}) {
		t.Errorf("removals %+v, want %+v", plan.Removals, want)
	}
	// planemo matches names exactly: the lower-case line is not the linter's.
	if got := string(plan.Sidecar); got != "EDAMTermsValid\nNoSuchLinter\ntests\nrequirementversionwhitespace\n" {
		t.Errorf("sidecar %q", got)
	}
	// The removal holds with format's fixes written: the tools come fixed.
	if out, ok := plan.Tools[dirty.Path]; !ok || !strings.Contains(string(out), `version="1.0">x<`) {
		t.Errorf("tools to write: %v, want %s with its version trimmed", keysOf(plan.Tools), dirty.Path)
	}

	// With only clean tools nothing needs fixing, and nothing is written.
	plan, err = ReconcileLintSkip([]LintSkipTool{clean}, []byte("RequirementVersionWhitespace\n"), mo)
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Removals) != 1 || plan.Removals[0].Fixed || plan.Sidecar != nil || len(plan.Tools) != 0 {
		t.Errorf("clean directory: %+v", plan)
	}

	// A finding that format does not fix keeps the line: GTR021 reports
	// the missing tests.
	// So does it for a companion linter, through its subject:
	// TestsMissingDatasource follows TestsMissing.
	for _, line := range []string{"TestsMissing\n", "TestsMissingDatasource\n"} {
		plan, err = ReconcileLintSkip([]LintSkipTool{clean}, []byte(line), mo)
		if err != nil {
			t.Fatal(err)
		}
		if len(plan.Removals) != 0 || string(plan.Sidecar) != line {
			t.Errorf("%q on a tool without tests: %+v", line, plan)
		}
	}

	if _, err := ReconcileLintSkip([]LintSkipTool{{Path: "m.xml", Src: []byte("<tool><inputs></tool>")}}, []byte("TestsMissing\n"), mo); err == nil {
		t.Error("a malformed tool gave no error")
	}
	if _, err := ReconcileLintSkip(nil, []byte("TestsMissing\n"), mo); err == nil {
		t.Error("a directory without tools gave no error")
	}
}
