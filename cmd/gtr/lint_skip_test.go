package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/rules"
)

// lintSkipCorpusDir is a real corpus directory that ships a .lint_skip
// (suppressing TestsMissing, which its tool earns: it has no test).
const lintSkipCorpusDir = "Helmholtz-UFZ__galaxy-tools/tools/checkv"

// lintSkipCopy copies the corpus directory to a temp dir, adds to its
// .lint_skip a suppression of a linter its tool is clean for
// (ToolNameWhitespace) and one that format's fixes make clean
// (RequirementVersionWhitespace, after padding a requirement version),
// and returns the copy.
func lintSkipCopy(t *testing.T) string {
	t.Helper()
	corpus := sharedCorpus()
	if corpus == "" {
		t.Skip("skipping: no shared corpus")
	}
	dir := filepath.Join(t.TempDir(), "checkv")
	copyTree(t, filepath.Join(corpus, lintSkipCorpusDir), dir)
	tool := filepath.Join(dir, "end_to_end.xml")
	src, err := os.ReadFile(tool)
	if err != nil {
		t.Fatal(err)
	}
	padded := strings.Replace(string(src), `version="@TOOL_VERSION@">checkv<`, `version=" @TOOL_VERSION@">checkv<`, 1)
	if padded == string(src) {
		t.Fatal("the corpus tool no longer has the requirement this test pads")
	}
	writeTestFile(t, tool, padded)
	writeTestFile(t, filepath.Join(dir, ".lint_skip"), "TestsMissing\nToolNameWhitespace\n# why the next one\nRequirementVersionWhitespace\nEDAMTermsValid\n")
	return dir
}

func writeTestFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestLintSkipCorpusDir runs lint-skip on a copy of a real tool
// directory: -check reports and writes nothing; the real run removes the
// two lines it proves unneeded, keeps TestsMissing (the tool has no
// test) and EDAMTermsValid (PARTIAL), writes the fixed tool, and keeps the old
// files as .orig with -backup.
func TestLintSkipCorpusDir(t *testing.T) {
	t.Parallel()
	dir := lintSkipCopy(t)
	root := filepath.Dir(dir)
	before := snapshot(t, dir)
	want := "would remove from checkv/.lint_skip: ToolNameWhitespace (already clean; GTR035.2)\n" +
		"would remove from checkv/.lint_skip: RequirementVersionWhitespace (fixed; GTR035.1)\n"
	stdout, stderr, code := runGTR(t, root, "lint-skip", "-check", "checkv")
	if code != exitFindings || stdout != want || stderr != "" {
		t.Fatalf("lint-skip -check: exit %d, stdout:\n%s\nstderr:\n%s\nwant stdout:\n%s", code, stdout, stderr, want)
	}
	if after := snapshot(t, dir); len(after) != len(before) || after["end_to_end.xml"] != before["end_to_end.xml"] || after[".lint_skip"] != before[".lint_skip"] {
		t.Fatal("lint-skip -check wrote files")
	}

	stdout, stderr, code = runGTR(t, root, "lint-skip", "-backup", "checkv")
	if code != exitOK || stdout != strings.ReplaceAll(want, "would remove", "removed") || stderr != "" {
		t.Fatalf("lint-skip: exit %d, stdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	after := snapshot(t, dir)
	if got, want := after[".lint_skip"], "TestsMissing\n# why the next one\nEDAMTermsValid\n"; got != want {
		t.Errorf(".lint_skip is now %q, want %q", got, want)
	}
	if after[".lint_skip.orig"] != before[".lint_skip"] || after["end_to_end.xml.orig"] != before["end_to_end.xml"] {
		t.Error("-backup did not keep the old files as FILE.orig")
	}
	if strings.Contains(after["end_to_end.xml"], `version=" @TOOL_VERSION@"`) || after["end_to_end.xml"] == before["end_to_end.xml"] {
		t.Error("the tool was not written with format's fixes")
	}

	// Done: nothing more can go, and a second run says so.
	stdout, _, code = runGTR(t, root, "lint-skip", "-check", ".")
	if code != exitOK || stdout != "no .lint_skip suppressions could be provably removed\n" {
		t.Errorf("second run: exit %d, stdout %q", code, stdout)
	}
}

// TestLintSkipDeletesEmptySidecar checks that a .lint_skip file whose
// every suppression goes is deleted, and that no tool is written when
// every removal was already clean.
func TestLintSkipDeletesEmptySidecar(t *testing.T) {
	t.Parallel()
	dir := lintSkipCopy(t)
	writeTestFile(t, filepath.Join(dir, ".lint_skip"), "ToolNameWhitespace")
	before := snapshot(t, dir)
	stdout, stderr, code := runGTR(t, dir, "lint-skip", ".lint_skip")
	if code != exitOK || stdout != "removed from .lint_skip: ToolNameWhitespace (already clean; GTR035.2)\n" || stderr != "" {
		t.Fatalf("lint-skip: exit %d, stdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	after := snapshot(t, dir)
	if _, ok := after[".lint_skip"]; ok {
		t.Error(".lint_skip left without suppressions was not deleted")
	}
	if after["end_to_end.xml"] != before["end_to_end.xml"] {
		t.Error("a tool was written though no removal needed a fix")
	}
}

// TestLintSkipMalformedBails checks that a malformed XML file in the
// directory stops the work there: an error, exit 1, nothing written.
func TestLintSkipMalformedBails(t *testing.T) {
	t.Parallel()
	dir := lintSkipCopy(t)
	writeTestFile(t, filepath.Join(dir, "broken.xml"), "<tool id=\"b\"><inputs></tool>\n")
	before := snapshot(t, dir)
	stdout, stderr, code := runGTR(t, dir, "lint-skip", ".")
	if code != exitFindings || stdout != "" || !strings.Contains(stderr, "broken.xml: malformed XML; .lint_skip left as it is") {
		t.Fatalf("lint-skip: exit %d, stdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	after := snapshot(t, dir)
	for name, data := range before {
		if after[name] != data {
			t.Errorf("%s changed", name)
		}
	}
}

// TestRulesPlanemoJSON checks that "gtr rules -planemo -output-format
// json" prints the registry's parity, row for row, and counts that add up;
// the text table is pinned by the rules_planemo script.
func TestRulesPlanemoJSON(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := runGTR(t, t.TempDir(), "rules", "-planemo", "-output-format", "json")
	if code != exitOK || stderr != "" {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr)
	}
	var got parityReport
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	want := rules.PlanemoParity()
	if len(got.Linters) != len(want) || got.Have+got.Partial+got.None != len(want) {
		t.Fatalf("%d rows, counts %d+%d+%d, want %d linters", len(got.Linters), got.Have, got.Partial, got.None, len(want))
	}
	for i, p := range want {
		g := got.Linters[i]
		if g.Linter != p.Linter.Class || g.Status != p.Status.String() || !slices.Equal(g.Codes, nonNil(p.Codes)) || g.Reason != p.Reason {
			t.Errorf("row %d: %+v, want %s %s %v %q", i, g, p.Linter.Class, p.Status, p.Codes, p.Reason)
		}
	}
}
