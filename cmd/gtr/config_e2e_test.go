package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// End-to-end tests of issue 15's config files, walking and standard
// input: the built binary in temporary repositories made of the example
// tools.

// exampleRepo returns a temporary directory with a .git directory (the
// top of a repository, so nothing above it is read) and the files, by
// slash-separated path; a value "@NAME" is a copy of
// testdata/examples/NAME.
func exampleRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, ".git", "info"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		if ex, ok := strings.CutPrefix(data, "@"); ok {
			b, err := os.ReadFile(filepath.Join(repoRoot, "testdata", "examples", ex))
			if err != nil {
				t.Fatal(err)
			}
			data = string(b)
		}
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// findingCodes parses check's text output into the codes found in each
// file: "path CODE" strings, sorted.
func findingCodes(stdout string) []string {
	var out []string
	for _, line := range strings.Split(stdout, "\n") {
		f := strings.Fields(line)
		if len(f) < 2 || strings.Count(f[0], ":") != 2 || !strings.HasPrefix(f[1], "GTR") {
			continue
		}
		path := f[0][:strings.Index(f[0], ":")]
		out = append(out, path+" "+f[1])
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// The example tools' findings with the default ruleset, by file.
var (
	fastqCodes = []string{"GTR002", "GTR201", "GTR205"}
	crlfCodes  = []string{"GTR018", "GTR019", "GTR207"}
)

func codesOf(path string, codes ...string) []string {
	var out []string
	for _, c := range codes {
		out = append(out, path+" "+c)
	}
	return out
}

func joined(lists ...[]string) []string {
	var out []string
	for _, l := range lists {
		out = append(out, l...)
	}
	slices.Sort(out)
	return out
}

func without(list []string, drop ...string) []string {
	return slices.DeleteFunc(slices.Clone(list), func(s string) bool { return slices.Contains(drop, s) })
}

// TestConfigPrecedenceEndToEnd runs check over a repository with config
// files and checks the codes reported in each file: flag ▸ per-file ▸
// file ▸ default, the nearest config file governing each directory, and
// -config replacing discovery.
func TestConfigPrecedenceEndToEnd(t *testing.T) {
	t.Parallel()
	tools := map[string]string{
		"tools/fastq_trim.xml":      "@fastq_trim.xml",
		"tools/line_count_crlf.xml": "@line_count_crlf.xml",
		"sub/fastq_trim.xml":        "@fastq_trim.xml",
	}
	with := func(extra map[string]string) map[string]string {
		out := map[string]string{}
		for k, v := range tools {
			out[k] = v
		}
		for k, v := range extra {
			out[k] = v
		}
		return out
	}
	all := joined(codesOf("sub/fastq_trim.xml", fastqCodes...), codesOf("tools/fastq_trim.xml", fastqCodes...),
		codesOf("tools/line_count_crlf.xml", crlfCodes...))
	tests := []struct {
		name  string
		files map[string]string
		args  []string
		want  []string
	}{
		{"default", tools, nil, all},
		{"file over default", with(map[string]string{"gtr.toml": "ignore = [\"GTR201\"]\n"}), nil,
			without(all, "sub/fastq_trim.xml GTR201", "tools/fastq_trim.xml GTR201")},
		{"per-file over file", with(map[string]string{"gtr.toml": "ignore = [\"GTR201\"]\n[per-file-ignores]\n\"tools/fastq_trim.xml\" = [\"GTR002\"]\n"}), nil,
			without(all, "sub/fastq_trim.xml GTR201", "tools/fastq_trim.xml GTR201", "tools/fastq_trim.xml GTR002")},
		{"flag ignore adds to file", with(map[string]string{"gtr.toml": "ignore = [\"GTR201\"]\n"}), []string{"-ignore", "GTR018"},
			without(all, "sub/fastq_trim.xml GTR201", "tools/fastq_trim.xml GTR201", "tools/line_count_crlf.xml GTR018")},
		{"flag select over per-file and file", with(map[string]string{"gtr.toml": "ignore = [\"GTR002\"]\n[per-file-ignores]\n\"tools\" = [\"GTR002\"]\n"}), []string{"-select", "GTR002"},
			joined(codesOf("sub/fastq_trim.xml", "GTR002"), codesOf("tools/fastq_trim.xml", "GTR002"))},
		{"nearest file", with(map[string]string{"gtr.toml": "ignore = [\"GTR201\"]\n", "sub/.gtr.toml": "select = [\"GTR205\"]\n"}), nil,
			joined(codesOf("sub/fastq_trim.xml", "GTR205"), codesOf("tools/fastq_trim.xml", "GTR002", "GTR205"), codesOf("tools/line_count_crlf.xml", crlfCodes...))},
		{"-config replaces discovery", with(map[string]string{"gtr.toml": "ignore = [\"GTR201\"]\n", "other.toml": "select = [\"GTR018\"]\n"}), []string{"-config", "other.toml"},
			codesOf("tools/line_count_crlf.xml", "GTR018")},
		{"file ruleset", with(map[string]string{"gtr.toml": "ruleset = \"cosmetic\"\n"}), nil,
			nil}, // the cosmetic ruleset finds nothing in these tools
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := exampleRepo(t, tt.files)
			stdout, stderr, _ := runGTR(t, dir, append([]string{"check"}, append(tt.args, ".")...)...)
			if stderr != "" {
				t.Fatalf("stderr: %s", stderr)
			}
			if got := findingCodes(stdout); !slices.Equal(got, tt.want) {
				t.Errorf("findings\n  %q\nwant\n  %q\nstdout:\n%s", got, tt.want, stdout)
			}
		})
	}
}

// TestConfigErrorsEndToEnd checks that an invalid config file stops the
// run with exit 2 and a FILE:LINE message, wherever it is found.
func TestConfigErrorsEndToEnd(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		files  map[string]string
		args   []string
		stderr string
	}{
		{"root config", map[string]string{"gtr.toml": "ruleset = \"strict\"\nslect = []\n", "a.xml": "@fastq_trim.xml"},
			[]string{"check", "."}, `gtr: gtr.toml:2: unknown key "slect"; did you mean "select"? (known keys: ruleset, select, ignore, exclude, per-file-ignores)` + "\n"},
		{"config met in the walk", map[string]string{"a.xml": "@fastq_trim.xml", "sub/gtr.toml": "select = [\"GTR999\"]\n", "sub/b.xml": "@fastq_trim.xml"},
			[]string{"format", "-check", "."}, `gtr: sub/gtr.toml:1: select: unknown rule code or planemo linter "GTR999"; did you mean "GTR099"?` + "\n"},
		{"config of a named file", map[string]string{"sub/gtr.toml": "exclude = 3\n", "sub/b.xml": "@fastq_trim.xml"},
			[]string{"diff", "sub/b.xml"}, "gtr: sub/gtr.toml:1: exclude: want an array of strings, got an integer\n"},
		{"-config missing", map[string]string{"a.xml": "@fastq_trim.xml"},
			[]string{"validate", "-config", "nope.toml", "."}, "gtr: nope.toml: cannot read: no such file or directory\n"},
		{"upgrade", map[string]string{"gtr.toml": "[per-file-ignores]\n\"a.xml\" = \"GTR001\"\n", "a.xml": "@fastq_trim.xml"},
			[]string{"upgrade", "-check", "."}, "gtr: gtr.toml:2: per-file-ignores.a.xml: want an array of strings, got a string\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := exampleRepo(t, tt.files)
			stdout, stderr, code := runGTR(t, dir, tt.args...)
			if code != exitError || stderr != tt.stderr || stdout != "" {
				t.Errorf("exit %d, stdout %q, stderr\n  %q\nwant exit 2, no stdout, stderr\n  %q", code, stdout, stderr, tt.stderr)
			}
		})
	}
}

// TestWalkSkipsIgnoredAndExcluded checks that a walk leaves out what
// .gitignore, .git/info/exclude, the config's exclude and -exclude
// match, and keeps a file named on the command line whatever matches it.
func TestWalkSkipsIgnoredAndExcluded(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		".gitignore":              "build/\n*.skip.xml\n",
		".git/info/exclude":       "local.xml\n",
		"gtr.toml":                "exclude = [\"legacy\", \"tools/old/*.xml\"]\n",
		"tools/sub/.gitignore":    "!keep.skip.xml\nnested.xml\n",
		"tools/a.xml":             "@fastq_trim.xml",
		"tools/a.skip.xml":        "@fastq_trim.xml",
		"tools/sub/keep.skip.xml": "@fastq_trim.xml",
		"tools/sub/nested.xml":    "@fastq_trim.xml",
		"tools/old/b.xml":         "@fastq_trim.xml",
		"tools/old/deeper/c.xml":  "@fastq_trim.xml",
		"tools/legacy/d.xml":      "@fastq_trim.xml",
		"build/e.xml":             "@fastq_trim.xml",
		"local.xml":               "@fastq_trim.xml",
		"drop/f.xml":              "@fastq_trim.xml",
		"g.xml":                   "@fastq_trim.xml",
	}
	dir := exampleRepo(t, files)
	checked := func(args ...string) []string {
		t.Helper()
		stdout, stderr, _ := runGTR(t, dir, append([]string{"check", "-select", "GTR201"}, args...)...)
		if stderr != "" {
			t.Fatalf("stderr: %s", stderr)
		}
		var paths []string
		for _, f := range findingCodes(stdout) {
			paths = append(paths, strings.Fields(f)[0])
		}
		return paths
	}
	want := []string{"g.xml", "tools/a.xml", "tools/old/deeper/c.xml", "tools/sub/keep.skip.xml"}
	if got := checked("-exclude", "drop", "."); !slices.Equal(got, want) {
		t.Errorf("checked %q, want %q", got, want)
	}
	// Named files are always processed; a named directory is walked.
	named := []string{"build/e.xml", "drop/f.xml", "local.xml", "tools/a.skip.xml", "tools/legacy/d.xml", "tools/old/b.xml"}
	if got := checked(append([]string{"-exclude", "drop"}, named...)...); !slices.Equal(got, named) {
		t.Errorf("named files: checked %q, want %q", got, named)
	}
	if got := checked("tools/legacy"); !slices.Equal(got, []string{"tools/legacy/d.xml"}) {
		t.Errorf("named excluded directory: checked %q, want its file", got)
	}
	// The same walk serves format, diff, validate and upgrade.
	for _, args := range [][]string{{"format", "-check"}, {"diff"}, {"upgrade", "-check"}} {
		stdout, stderr, _ := runGTR(t, dir, append(args, "-exclude", "drop", ".")...)
		for _, skipped := range []string{"a.skip.xml", "nested.xml", "old/b.xml", "legacy", "build", "local.xml", "drop"} {
			if strings.Contains(stdout+stderr, skipped) {
				t.Errorf("gtr %s: output names %s, which the walk should leave out:\n%s%s", args[0], skipped, stdout, stderr)
			}
		}
	}
	stdout, _, _ := runGTR(t, dir, "validate", "-exclude", "drop", ".")
	if !strings.HasPrefix(stdout, "g.xml: ") || strings.Contains(stdout, "legacy") {
		t.Errorf("validate walked:\n%s", stdout)
	}
}

// runGTRStdin runs gtr in dir with stdin as its standard input.
func runGTRStdin(t *testing.T, dir string, stdin []byte, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(gtrBin, args...)
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatalf("running gtr %s: %v", strings.Join(args, " "), err)
	}
	return out.String(), errOut.String(), code
}

// TestStdinRoundTrips checks "-" as PATH: format writes what formatting
// the file on disk writes, check prints what checking it prints, both
// with imports resolved relative to -stdin-filename and its config file
// applied; without the name, a tool's imports resolve from the working
// directory.
func TestStdinRoundTrips(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"tools/bedtools_slop.xml":   "@bedtools_slop.xml",
		"tools/macros.xml":          "@macros.xml",
		"tools/fastq_trim.xml":      "@fastq_trim.xml",
		"tools/line_count_crlf.xml": "@line_count_crlf.xml",
		"cfg/gtr.toml":              "ignore = [\"GTR201\"]\n",
	}
	disk := exampleRepo(t, files)
	pipe := exampleRepo(t, files)
	for _, name := range []string{"bedtools_slop.xml", "fastq_trim.xml", "line_count_crlf.xml"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			rel := "tools/" + name
			src, err := os.ReadFile(filepath.Join(pipe, "tools", name))
			if err != nil {
				t.Fatal(err)
			}
			wantCheck, wantErr, wantCode := runGTR(t, disk, "check", rel)
			gotCheck, gotErr, gotCode := runGTRStdin(t, pipe, src, "check", "-stdin-filename", rel, "-")
			if gotCheck != wantCheck || gotErr != wantErr || gotCode != wantCode {
				t.Errorf("check -: exit %d, stdout\n%s\nstderr %q\nwant exit %d, stdout\n%s\nstderr %q", gotCode, gotCheck, gotErr, wantCode, wantCheck, wantErr)
			}

			wantDiff, _, _ := runGTR(t, disk, "diff", rel)
			gotDiff, _, _ := runGTRStdin(t, pipe, src, "diff", "-stdin-filename", rel, "-")
			if gotDiff != wantDiff {
				t.Errorf("diff -:\n%s\nwant:\n%s", gotDiff, wantDiff)
			}

			out, stderr, code := runGTRStdin(t, pipe, src, "format", "-stdin-filename", rel, "-")
			if code != exitOK || stderr != "" {
				t.Fatalf("format -: exit %d, stderr %q", code, stderr)
			}
			copyDir := exampleRepo(t, files)
			if _, stderr, code := runGTR(t, copyDir, "format", rel); code != exitOK {
				t.Fatalf("format %s: exit %d: %s", rel, code, stderr)
			}
			want, _ := os.ReadFile(filepath.Join(copyDir, "tools", name))
			if out != string(want) {
				t.Errorf("format - wrote\n%s\nwant what format wrote to the file:\n%s", out, want)
			}
			if _, _, code := runGTRStdin(t, pipe, want, "format", "-check", "-stdin-filename", rel, "-"); code != exitOK {
				t.Errorf("format -check - of formatted bytes: exit %d, want 0", code)
			}
			if string(want) != string(src) {
				if _, stderr, code := runGTRStdin(t, pipe, src, "format", "-check", "-stdin-filename", rel, "-"); code != exitFindings || stderr != "would reformat "+rel+"\n" {
					t.Errorf("format -check - of unformatted bytes: exit %d, stderr %q", code, stderr)
				}
			}
		})
	}

	// Without -stdin-filename, imports resolve from the working
	// directory: from the repository's top, macros.xml is not found, the
	// rewrite is refused, and format gives the bytes back as they came.
	src, _ := os.ReadFile(filepath.Join(pipe, "tools", "bedtools_slop.xml"))
	out, stderr, code := runGTRStdin(t, pipe, src, "format", "-")
	if code != exitFindings || out != string(src) || !strings.HasPrefix(stderr, "error: -: ") {
		t.Errorf("format - without a name: exit %d, stderr %q, stdout equal to input %v; want exit 1, an error naming -, the input back", code, stderr, out == string(src))
	}
	// From the tool's directory they resolve.
	if _, stderr, code := runGTRStdin(t, filepath.Join(pipe, "tools"), src, "format", "-"); code != exitOK {
		t.Errorf("format - in the tool's directory: exit %d, stderr %q", code, stderr)
	}

	// The config file of the name applies.
	fastq, _ := os.ReadFile(filepath.Join(pipe, "tools", "fastq_trim.xml"))
	cfgCheck, _, _ := runGTRStdin(t, pipe, fastq, "check", "-stdin-filename", "cfg/fastq_trim.xml", "-")
	if got := findingCodes(cfgCheck); !slices.Equal(got, codesOf("cfg/fastq_trim.xml", "GTR002", "GTR205")) {
		t.Errorf("check - under cfg/gtr.toml found %q, want GTR201 ignored", got)
	}
	// Validate reads standard input too.
	out, _, code = runGTRStdin(t, pipe, src, "validate", "-stdin-filename", "tools/bedtools_slop.xml", "-")
	if code != exitOK || !strings.HasPrefix(out, "tools/bedtools_slop.xml: valid at ") {
		t.Errorf("validate -: exit %d:\n%s", code, out)
	}

	// -stdin-filename without a PATH reads standard input, as in ruff.
	noPath, _, _ := runGTRStdin(t, pipe, fastq, "check", "-stdin-filename", "cfg/fastq_trim.xml")
	if noPath != cfgCheck {
		t.Errorf("check -stdin-filename without a PATH:\n%s\nwant as with -:\n%s", noPath, cfgCheck)
	}
	for _, args := range [][]string{{"check", "-", "tools"}, {"upgrade", "-"}, {"diff", "-base", "HEAD", "-"}, {"format", "-stdin-filename", "x.xml", "tools"}} {
		if _, stderr, code := runGTRStdin(t, pipe, src, args...); code != exitError || stderr == "" {
			t.Errorf("gtr %s: exit %d, stderr %q; want a usage error", strings.Join(args, " "), code, stderr)
		}
	}
}

// TestConfigCommand checks gtr config's report on a file under a config
// file with per-file ignores.
func TestConfigCommand(t *testing.T) {
	t.Parallel()
	dir := exampleRepo(t, map[string]string{
		"gtr.toml":             "ruleset = \"strict\"\nignore = [\"GTR050\"]\nexclude = [\"legacy\"]\n\n[per-file-ignores]\n\"tools/*.xml\" = [\"GTR060\"]\n\"tests\" = [\"GTR061\"]\n",
		"tools/fastq_trim.xml": "@fastq_trim.xml",
	})
	stdout, stderr, code := runGTR(t, dir, "config", "-ignore", "GTR070", "tools/fastq_trim.xml")
	if code != exitOK || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{
		"config file:       gtr.toml                           (nearest)\n",
		"ruleset:           strict                             gtr.toml:1\n",
		"ignore:            GTR070                             -ignore, added to the file's\n",
		"                   (file: GTR050)                     gtr.toml:2\n",
		"exclude:           legacy                             gtr.toml:3\n",
		"  tools/*.xml:     GTR060                             gtr.toml:6, applies here\n",
		"  tests:           GTR061                             gtr.toml:7, does not apply here\n",
		"excluded in walks: no\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	for _, code := range []string{" GTR050", " GTR060", " GTR070"} {
		if strings.Contains(stdout[strings.Index(stdout, "rules ("):], code) {
			t.Errorf("rules list has %s, which is ignored:\n%s", code, stdout)
		}
	}
	if !strings.Contains(stdout, " GTR061") {
		t.Errorf("rules list lacks GTR061, whose per-file entry does not apply:\n%s", stdout)
	}
}

// TestPerFileIgnoreOfMacroFile checks that a per-file ignore of a macro
// file covers the findings a tool's check locates in it.
func TestPerFileIgnoreOfMacroFile(t *testing.T) {
	t.Parallel()
	corpus := sharedCorpus()
	if corpus == "" {
		t.Skip("skipping: the shared corpus is absent")
	}
	src := filepath.Join(corpus, "TAMU-CPT__galaxy-tools", "tools", "comparative")
	files := map[string]string{}
	for _, name := range []string{"cdhit-clustsize.xml", "macros.xml", "cpt-macros.xml"} {
		b, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Skip("skipping: corpus tool absent:", err)
		}
		files[name] = string(b)
	}
	const finding = "macros.xml:5:4  GTR033  Requirement progressivemauve defines no version"
	for _, tt := range []struct {
		config string
		want   bool
	}{
		{"ruleset = \"strict\"\n", true},
		{"ruleset = \"strict\"\n[per-file-ignores]\n\"macros.xml\" = [\"GTR033\"]\n", false},
		{"ruleset = \"strict\"\n[per-file-ignores]\n\"cdhit-clustsize.xml\" = [\"GTR033\"]\n", false}, // the tool's own selection leaves it out
	} {
		files["gtr.toml"] = tt.config
		dir := exampleRepo(t, files)
		stdout, _, _ := runGTR(t, dir, "check", "cdhit-clustsize.xml")
		if got := strings.Contains(stdout, finding); got != tt.want {
			t.Errorf("config\n%s: finding reported %v, want %v:\n%s", tt.config, got, tt.want, stdout)
		}
	}
}
