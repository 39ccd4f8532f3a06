package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckFindingInMacroFile runs check -ruleset strict on a copy of a real
// corpus tool whose requirement without a version is written in the macro
// file it imports: every output format names the macro file and the line
// there (5:4 for the text output, which counts bytes), and says which
// <expand> of the tool brought it in.
func TestCheckFindingInMacroFile(t *testing.T) {
	t.Parallel()
	corpus := sharedCorpus()
	if corpus == "" {
		t.Skip("skipping: the shared corpus is absent")
	}
	dir := t.TempDir()
	src := filepath.Join(corpus, "TAMU-CPT__galaxy-tools", "tools", "comparative")
	for _, name := range []string{"cdhit-clustsize.xml", "macros.xml", "cpt-macros.xml"} {
		b, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Skip("skipping: corpus tool absent:", err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	args := []string{"check", "-ruleset", "strict", "-select", "RequirementVersionMissing", "cdhit-clustsize.xml"}
	const via = `cdhit-clustsize.xml:8:3 <expand macro="requirements">`

	t.Run("text", func(t *testing.T) {
		stdout, _, _ := runGTR(t, dir, args...)
		want := "macros.xml:5:4  GTR033  Requirement progressivemauve defines no version (expanded from " + via + ")  (advisory)"
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks\n%s\ngot:\n%s", want, stdout)
		}
	})
	t.Run("json", func(t *testing.T) {
		stdout, _, _ := runGTR(t, dir, append(args, "-output-format", "json")...)
		var rep jsonReport
		if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
			t.Fatalf("output is not JSON: %v\n%s", err, stdout)
		}
		found := false
		for _, f := range rep.Files {
			for _, fd := range f.Findings {
				if fd.Code == "GTR033" && fd.File == "macros.xml" && fd.Line == 5 && fd.Via == via && fd.Fix != "" && fd.Advisory {
					found = true
				}
			}
		}
		if !found {
			t.Errorf("no GTR033 finding at macros.xml:5 expanded from %s with a fix:\n%s", via, stdout)
		}
	})
	t.Run("sarif", func(t *testing.T) {
		stdout, _, _ := runGTR(t, dir, append(args, "-output-format", "sarif")...)
		if !strings.Contains(stdout, `"uri": "macros.xml"`) || !strings.Contains(stdout, `"startLine": 5`) {
			t.Errorf("no SARIF result located in macros.xml at line 5:\n%s", stdout)
		}
	})
	t.Run("github", func(t *testing.T) {
		stdout, _, _ := runGTR(t, dir, append(args, "-output-format", "github")...)
		if !strings.Contains(stdout, "::warning file=macros.xml,line=5,") || !strings.Contains(stdout, "expanded from") {
			t.Errorf("no annotation on macros.xml line 5:\n%s", stdout)
		}
	})
}
