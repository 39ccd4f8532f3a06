package main

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/galaxy-gtr/gtr/rules/schema"
)

// validateDoc decodes the fields of validate's JSON report the tests read.
type validateDocument struct {
	FormatVersion int `json:"format_version"`
	Files         []struct {
		Path        string  `json:"path"`
		Status      string  `json:"status"`
		Kind        string  `json:"kind"`
		Profile     string  `json:"profile"`
		Valid       *bool   `json:"valid"`
		NewestValid *string `json:"newest_valid_profile"`
		Errors      []struct {
			File   string `json:"file"`
			Line   int    `json:"line"`
			Column int    `json:"column"`
		} `json:"errors"`
		Profiles []struct {
			Profile string `json:"profile"`
			Valid   bool   `json:"valid"`
			Errors  int    `json:"errors"`
		} `json:"profiles"`
	} `json:"files"`
	Summary validateJSONSummary `json:"summary"`
}

func runValidateJSON(t *testing.T, dir string, args ...string) (validateDocument, int) {
	t.Helper()
	stdout, stderr, code := runGTR(t, dir, append([]string{"validate", "-output-format", "json"}, args...)...)
	var doc validateDocument
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("gtr validate -output-format json %v: %v\nstdout:\n%s\nstderr:\n%s", args, err, stdout, stderr)
	}
	return doc, code
}

// TestValidateAllProfilesJSON checks that -all-profiles lists every
// profile with a schema and that the newest valid profile agrees with the
// verdicts.
func TestValidateAllProfilesJSON(t *testing.T) {
	t.Parallel()
	doc, code := runValidateJSON(t, repoRoot, "-all-profiles", "testdata/validate")
	if code != exitFindings || doc.FormatVersion != 1 || len(doc.Files) != 4 {
		t.Fatalf("exit %d, format_version %d, %d files; want exit 1, version 1, 4 files", code, doc.FormatVersion, len(doc.Files))
	}
	want := validateJSONSummary{Files: 4, Valid: 1, Invalid: 1, Skipped: 2}
	if doc.Summary != want {
		t.Errorf("summary %+v, want %+v", doc.Summary, want)
	}
	for _, f := range doc.Files {
		if f.Kind == "macros" {
			if f.Status != "skipped" {
				t.Errorf("%s: status %q, want skipped", f.Path, f.Status)
			}
			continue
		}
		var profiles []string
		newest := ""
		for _, v := range f.Profiles {
			profiles = append(profiles, v.Profile)
			if v.Valid != (v.Errors == 0) {
				t.Errorf("%s at %s: valid %v with %d errors", f.Path, v.Profile, v.Valid, v.Errors)
			}
			if v.Valid {
				newest = v.Profile
			}
		}
		if !slices.Equal(profiles, schema.Profiles()) {
			t.Errorf("%s: profiles %v, want %v", f.Path, profiles, schema.Profiles())
		}
		got := ""
		if f.NewestValid != nil {
			got = *f.NewestValid
		}
		if got != newest {
			t.Errorf("%s: newest valid %q, the verdicts say %q", f.Path, got, newest)
		}
	}
}

// TestValidateExitCodes checks the exit code of each outcome.
func TestValidateExitCodes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		code int
	}{
		{[]string{"testdata/validate/good"}, exitOK},
		{[]string{"testdata/validate/good/tool.xml", "testdata/validate/good/macros.xml"}, exitOK},
		{[]string{"testdata/validate/bad_macro"}, exitFindings},
		{[]string{"-profile", "16.01", "testdata/validate/good"}, exitOK},
		{[]string{"testdata/validate/missing"}, exitError},
		{[]string{"-output-format", "sarif", "testdata/validate"}, exitError},
		{[]string{}, exitError},
	}
	for _, tt := range tests {
		_, _, code := runGTR(t, repoRoot, append([]string{"validate"}, tt.args...)...)
		if code != tt.code {
			t.Errorf("gtr validate %v: exit %d, want %d", tt.args, code, tt.code)
		}
	}
}

// TestValidateCorpus validates every corpus tool: the tools Galaxy cannot
// load are exactly the ones that cannot be expanded, every other tool gets
// a verdict, and macro files are skipped.
func TestValidateCorpus(t *testing.T) {
	t.Parallel()
	corpusDir(t)
	rows := oracleRows(t)
	doc, code := runValidateJSON(t, sharedDir(), "corpus")
	if code != exitFindings {
		t.Errorf("exit %d, want 1 (the corpus has invalid tools)", code)
	}
	ok, failed := 0, 0
	for _, row := range rows {
		if row == "ok" {
			ok++
		} else {
			failed++
		}
	}
	if s := doc.Summary; s.Valid+s.Invalid != ok || s.Unexpanded != failed || s.Errored != 0 {
		t.Errorf("summary %+v; want %d tools valid or invalid and %d unexpanded (the oracle's)", s, ok, failed)
	}
	for _, f := range doc.Files {
		row, isTool := rows[f.Path[len("corpus/"):]]
		switch {
		case !isTool && f.Status != "skipped":
			t.Errorf("%s: status %q; the oracle does not list it as a tool", f.Path, f.Status)
		case isTool && row == "ok" && f.Status != "valid" && f.Status != "invalid":
			t.Errorf("%s: status %q; Galaxy expands it", f.Path, f.Status)
		case isTool && row != "ok" && f.Status != "unexpanded":
			t.Errorf("%s: status %q; Galaxy fails with %s", f.Path, f.Status, row)
		}
	}
}

// BenchmarkBinaryValidate times "gtr validate -output-format json" over
// the corpus: expansion, validation at each tool's profile, and the newest
// valid profile of every tool.
func BenchmarkBinaryValidate(b *testing.B) { benchBinary(b, "validate", "-output-format", "json") }
