package main

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/rules"
)

// End-to-end tests of format, check and diff: the built binary on temp
// copies of the example tools and, when the shared corpus is present, of a
// few real corpus tools (tools importing macro files included).

// corpusSample lists the corpus files the tests copy, relative to the
// corpus.
var corpusSample = []string{
	"bgruening__galaxytools/tools/salmon/alevin.xml",
	"bgruening__galaxytools/tools/salmon/macros.xml",
	"bgruening__galaxytools/tools/salmon/salmonquant.xml",
	"bgruening__galaxytools/tools/salmon/salmonquantmerge.xml",
	"galaxyproject__galaxy/test/functional/tools/parameters/gx_conditional_select.xml",
	"galaxyproject__galaxy/test/functional/tools/parameters/macros.xml",
	"galaxyproject__tools-devteam/tools/add_value/fixedValueColumn.xml",
	"peterjc__pico_galaxy/tools/align_back_trans/align_back_trans.xml",
}

// sharedCorpus returns the shared corpus directory, or "" when absent.
func sharedCorpus() string {
	dir := filepath.Join(sharedDir(), "corpus")
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return ""
	}
	return dir
}

// sampleDir returns a temporary directory holding examples/ (a copy of
// testdata/examples) and, when the corpus is present, corpus/ with the
// corpusSample files, all writable (mode 0644). It returns the XML files'
// paths relative to the directory, sorted.
func sampleDir(t *testing.T) (dir string, files []string) {
	t.Helper()
	dir = t.TempDir()
	copyFile := func(src, rel string) {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(rel, ".xml") {
			files = append(files, rel)
		}
	}
	examples, err := filepath.Glob(filepath.Join(repoRoot, "testdata", "examples", "*"))
	if err != nil || len(examples) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	for _, f := range examples {
		copyFile(f, "examples/"+filepath.Base(f))
	}
	if corpus := sharedCorpus(); corpus != "" {
		for _, f := range corpusSample {
			copyFile(filepath.Join(corpus, filepath.FromSlash(f)), "corpus/"+f)
		}
	} else {
		t.Logf("shared corpus not found; testing on the examples only (set GTR_SHARED)")
	}
	slices.Sort(files)
	return dir, files
}

// snapshot returns the content of every regular file under dir, by
// slash-separated relative path.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() == ".git" {
			if d != nil && d.IsDir() && d.Name() == ".git" {
				return filepath.SkipDir
			}
			return err
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// expectFormatted returns what format should write for each file of dir:
// the default rules' output through the same function the command uses.
func expectFormatted(t *testing.T, dir string, files []string) map[string]string {
	t.Helper()
	rs, err := rules.Selection{}.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	split := splitRules(rs)
	want := map[string]string{}
	for _, f := range files {
		r := rewriteFile(filepath.Join(dir, filepath.FromSlash(f)), split)
		if r.err != nil {
			t.Fatalf("%s: %s", f, r.err.msg)
		}
		want[f] = string(r.out)
		if r.src.kind == 0 {
			want[f] = string(r.src.src)
		}
	}
	return want
}

func stat(t *testing.T, path string) fs.FileInfo {
	t.Helper()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func TestFormatRewritesFiles(t *testing.T) {
	t.Parallel()
	dir, files := sampleDir(t)
	want := expectFormatted(t, dir, files)
	// Odd permission bits must survive the rewrite.
	modes := map[string]fs.FileMode{files[0]: 0o600, files[len(files)-1]: 0o444}
	for f, m := range modes {
		if err := os.Chmod(filepath.Join(dir, f), m); err != nil {
			t.Fatal(err)
		}
	}
	before := snapshot(t, dir)
	infos := map[string]fs.FileInfo{}
	for _, f := range files {
		infos[f] = stat(t, filepath.Join(dir, f))
	}

	stdout, stderr, code := runGTR(t, dir, "format", ".")
	if code != exitOK || stderr != "" {
		t.Fatalf("gtr format .: exit %d, stderr:\n%s", code, stderr)
	}
	after := snapshot(t, dir)
	var wantLines []string
	changed := 0
	for _, f := range files {
		if after[f] != want[f] {
			t.Errorf("%s: written content differs from the formatter's output", f)
		}
		p := filepath.Join(dir, f)
		if after[f] != before[f] {
			changed++
			wantLines = append(wantLines, "reformatted "+f)
			// Atomic replacement: a new inode renamed over the old one.
			if os.SameFile(stat(t, p), infos[f]) {
				t.Errorf("%s: rewritten in place, not replaced by a rename", f)
			}
		} else {
			wantLines = append(wantLines, "unchanged "+f)
		}
		st, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		wantMode := fs.FileMode(0o644)
		if m, ok := modes[f]; ok {
			wantMode = m
		}
		if st.Mode().Perm() != wantMode {
			t.Errorf("%s: mode %v after format, want %v", f, st.Mode().Perm(), wantMode)
		}
	}
	if changed == 0 {
		t.Fatal("format changed nothing; the test needs files to rewrite")
	}
	if extra := slices.Collect(maps.Keys(after)); len(extra) != len(before) {
		t.Errorf("files after format: %v; want the same %d files (no temporary or backup files)", slices.Sorted(maps.Keys(after)), len(before))
	}
	gotLines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(gotLines) == 0 || !slices.Equal(gotLines[:len(gotLines)-1], wantLines) {
		t.Errorf("stdout:\n%s\nwant the lines:\n%s", stdout, strings.Join(wantLines, "\n"))
	}
	if !regexp.MustCompile(`^\d+ file\(s\) reformatted, \d+ file\(s\) left unchanged, 0 skipped \(not a Galaxy tool\), 0 errored\.$`).MatchString(gotLines[len(gotLines)-1]) {
		t.Errorf("summary %q", gotLines[len(gotLines)-1])
	}

	// Formatting is idempotent: a second run and -check find nothing.
	stdout, _, code = runGTR(t, dir, "format", "-q", ".")
	if code != exitOK || !strings.HasPrefix(stdout, "0 file(s) reformatted,") {
		t.Errorf("second format: exit %d, stdout %q", code, stdout)
	}
	if _, _, code = runGTR(t, dir, "format", "-check", "."); code != exitOK {
		t.Errorf("format -check after format: exit %d, want 0", code)
	}
}

func TestFormatSymlink(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	target := filepath.Join(dir, "real", "tool.xml")
	link := filepath.Join(dir, "links", "tool.xml")
	for _, d := range []string{filepath.Dir(target), filepath.Dir(link)} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(target, []byte("<tool id=\"t\">\n  <inputs/>\n</tool>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../real/tool.xml", link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	if _, stderr, code := runGTR(t, dir, "format", "links/tool.xml"); code != exitOK {
		t.Fatalf("exit %d, stderr %s", code, stderr)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("links/tool.xml is no longer a symbolic link (%v)", err)
	}
	if got, _ := os.ReadFile(target); string(got) != "<tool id=\"t\">\n    <inputs/>\n</tool>\n" {
		t.Errorf("target after format:\n%s", got)
	}
}

func TestFormatCheckAndDiffWriteNothing(t *testing.T) {
	t.Parallel()
	dir, files := sampleDir(t)
	before := snapshot(t, dir)

	stdout, _, code := runGTR(t, dir, "format", "-check", ".")
	if code != exitFindings || !strings.Contains(stdout, "would reformat ") || !strings.Contains(stdout, "would be reformatted") {
		t.Errorf("format -check: exit %d, stdout:\n%s\nwant exit 1 and would-reformat lines", code, stdout)
	}
	patch, stderr, code := runGTR(t, dir, "format", "-diff", ".")
	if code != exitOK || !strings.HasPrefix(patch, "--- a/") || !strings.Contains(stderr, "would be reformatted") {
		t.Errorf("format -diff: exit %d, stdout starts %.40q, stderr %q", code, patch, stderr)
	}
	if after := snapshot(t, dir); !maps.Equal(before, after) {
		t.Fatal("format -check or -diff changed files")
	}

	// The patch reproduces what format writes.
	want := expectFormatted(t, dir, files)
	gitApply(t, dir, patch)
	after := snapshot(t, dir)
	for _, f := range files {
		if after[f] != want[f] {
			t.Errorf("%s: git apply of format -diff differs from format", f)
		}
	}
}

// gitApply applies patch in dir with git apply, which also works outside
// a repository.
func gitApply(t *testing.T, dir, patch string) {
	t.Helper()
	cmd := exec.Command("git", "apply", "--whitespace=nowarn", "-")
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(patch)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git apply: %v\n%s", err, out)
	}
}

func TestFormatBackup(t *testing.T) {
	t.Parallel()
	dir, files := sampleDir(t)
	if err := os.Chmod(filepath.Join(dir, files[0]), 0o600); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, dir)
	if _, stderr, code := runGTR(t, dir, "format", "-backup", "-q", "."); code != exitOK {
		t.Fatalf("exit %d, stderr %s", code, stderr)
	}
	after := snapshot(t, dir)
	for _, f := range files {
		bak, ok := after[f+".bak"]
		switch {
		case after[f] == before[f] && ok:
			t.Errorf("%s: unchanged, but has a backup", f)
		case after[f] != before[f] && !ok:
			t.Errorf("%s: rewritten without a backup", f)
		case ok && bak != before[f]:
			t.Errorf("%s.bak does not hold the original bytes", f)
		}
	}
	st, err := os.Stat(filepath.Join(dir, files[0]+".bak"))
	if err == nil && st.Mode().Perm() != 0o600 {
		t.Errorf("%s.bak: mode %v, want the original's 0600", files[0], st.Mode().Perm())
	}
	// A second backup run replaces nothing, since nothing changes.
	if _, _, code := runGTR(t, dir, "format", "-backup", "-q", "."); code != exitOK {
		t.Errorf("second run: exit %d", code)
	}
}

func TestFormatMalformedUntouched(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bad := "<tool id=\"bad\">\n  <inputs>\n      <param name=\"x\" type=\"text\"/>\n</tool>\n"
	files := map[string]string{
		"bad.xml":   bad,
		"good.xml":  "<tool id=\"good\">\n  <inputs/>\n</tool>\n",
		"notes.xml": "<notes>\n  <a/>\n</notes>\n", // not a tool: skipped, never touched
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	stdout, stderr, code := runGTR(t, dir, "format", ".")
	if code != exitFindings {
		t.Errorf("exit %d, want 1", code)
	}
	if !strings.HasPrefix(stderr, "error: bad.xml: malformed XML\n  bad.xml:4:1: ") || !strings.Contains(stderr, "never guesses") {
		t.Errorf("stderr:\n%s\nwant the malformed-XML error with file:line:col", stderr)
	}
	if want := "reformatted good.xml\n1 file(s) reformatted, 0 file(s) left unchanged, 1 skipped (not a Galaxy tool), 1 errored.\n"; stdout != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", stdout, want)
	}
	after := snapshot(t, dir)
	if after["bad.xml"] != bad || after["notes.xml"] != files["notes.xml"] || len(after) != 3 {
		t.Errorf("malformed or skipped file changed, or extra files: %v", slices.Sorted(maps.Keys(after)))
	}
}

func TestCheckOutputFormats(t *testing.T) {
	t.Parallel()
	dir, files := sampleDir(t)
	// A malformed tool shows how each format reports file errors.
	if err := os.WriteFile(filepath.Join(dir, "bad.xml"), []byte("<tool id=\"bad\"><inputs></tool>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"check", "-ruleset", "strict", "."}

	t.Run("json", func(t *testing.T) {
		stdout, _, code := runGTR(t, dir, append(args, "-output-format", "json")...)
		if code != exitFindings {
			t.Errorf("exit %d, want 1", code)
		}
		var rep jsonReport
		if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
			t.Fatalf("output is not JSON: %v\n%s", err, stdout)
		}
		if rep.FormatVersion != jsonFormatVersion || len(rep.Files) != len(files)+1 || rep.Summary.Files != len(rep.Files) {
			t.Errorf("format_version %d, %d files, summary %+v; want %d files", rep.FormatVersion, len(rep.Files), rep.Summary, len(files)+1)
		}
		fixable, advisory := 0, 0
		for _, f := range rep.Files {
			for _, fd := range f.Findings {
				if fd.Advisory {
					advisory++
				} else {
					fixable++
				}
				if rules.Lookup(fd.Code) == nil || fd.Line < 1 || fd.Column < 1 || fd.EndLine < fd.Line || fd.Message == "" {
					t.Errorf("%s: bad finding %+v", f.Path, fd)
				}
			}
			if f.Path == "bad.xml" && (f.Status != "error" || f.Error == nil || f.Error.Line != 1) {
				t.Errorf("bad.xml: %+v, want status error with a line", f)
			}
		}
		if fixable != rep.Summary.Fixable || advisory != rep.Summary.Advisory || fixable == 0 || rep.Summary.Errored != 1 {
			t.Errorf("counted %d fixable, %d advisory; summary %+v", fixable, advisory, rep.Summary)
		}
	})

	t.Run("github", func(t *testing.T) {
		stdout, _, code := runGTR(t, dir, append(args, "-output-format", "github")...)
		if code != exitFindings || stdout == "" {
			t.Errorf("exit %d, stdout %q", code, stdout)
		}
		re := regexp.MustCompile(`^::(error|warning) file=[^,:]+,line=\d+,col=\d+(,endLine=\d+,endColumn=\d+)?,title=[^,:]+::\S.*$`)
		for _, line := range strings.Split(strings.TrimSuffix(stdout, "\n"), "\n") {
			if !re.MatchString(line) {
				t.Errorf("not a workflow annotation: %q", line)
			}
		}
		if !strings.Contains(stdout, "::error file=bad.xml,line=1,") {
			t.Errorf("no annotation for the malformed file")
		}
	})

	t.Run("sarif", func(t *testing.T) {
		stdout, _, code := runGTR(t, dir, append(args, "-output-format", "sarif")...)
		if code != exitFindings {
			t.Errorf("exit %d, want 1", code)
		}
		validateSARIF(t, dir, stdout)
	})

	t.Run("text", func(t *testing.T) {
		stdout, _, code := runGTR(t, dir, args...)
		if code != exitFindings {
			t.Errorf("exit %d, want 1", code)
		}
		finding := regexp.MustCompile(`^[^ ]+\.xml:\d+:\d+  GTR\d{3}  \S.*$`)
		lines := strings.Split(stdout, "\n")
		i := 0
		for ; i < len(lines) && finding.MatchString(lines[i]); i++ {
		}
		if i == 0 || !regexp.MustCompile(`^\d+ fixable, \d+ advisory finding\(s\) in \d+ file\(s\); \d+ file\(s\) clean; 0 skipped \(not a Galaxy tool or macro file\); 1 errored\.$`).MatchString(lines[i]) {
			t.Errorf("want finding lines then the summary; stdout:\n%s", stdout)
		}
		if !strings.Contains(stdout, "\nReferences (what each code means + how to fix):\n  GTR") {
			t.Errorf("no references block:\n%s", stdout)
		}
	})
}

// validateSARIF checks the fields of a SARIF 2.1.0 log that consumers
// require, and that every result points at an existing file and a rule of
// the driver.
func validateSARIF(t *testing.T, dir, data string) {
	t.Helper()
	var log struct {
		Schema  string `json:"$schema"`
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name  string `json:"name"`
					Rules []struct {
						ID               string `json:"id"`
						ShortDescription struct {
							Text string `json:"text"`
						} `json:"shortDescription"`
						HelpURI string `json:"helpUri"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    *string `json:"ruleId"`
				RuleIndex int     `json:"ruleIndex"`
				Level     string  `json:"level"`
				Message   struct {
					Text string `json:"text"`
				} `json:"message"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
						Region struct {
							StartLine, StartColumn, EndLine, EndColumn int
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
			Invocations []struct {
				ExecutionSuccessful        *bool `json:"executionSuccessful"`
				ToolExecutionNotifications []struct {
					Level string `json:"level"`
				} `json:"toolExecutionNotifications"`
			} `json:"invocations"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(data), &log); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if log.Version != "2.1.0" || !strings.Contains(log.Schema, "sarif") || len(log.Runs) != 1 {
		t.Fatalf("version %q, $schema %q, %d runs; want 2.1.0, a SARIF schema and one run", log.Version, log.Schema, len(log.Runs))
	}
	run := log.Runs[0]
	if run.Tool.Driver.Name != "gtr" || len(run.Tool.Driver.Rules) != len(rules.All) {
		t.Errorf("driver %q with %d rules, want gtr with %d", run.Tool.Driver.Name, len(run.Tool.Driver.Rules), len(rules.All))
	}
	for _, r := range run.Tool.Driver.Rules {
		if r.ID == "" || r.ShortDescription.Text == "" {
			t.Errorf("rule %+v lacks id or shortDescription", r)
		}
	}
	if len(run.Results) == 0 {
		t.Fatal("no results")
	}
	for _, res := range run.Results {
		if res.RuleID == nil || res.Message.Text == "" || len(res.Locations) == 0 {
			t.Fatalf("result lacks ruleId, message or locations: %+v", res)
		}
		if res.RuleIndex < 0 || res.RuleIndex >= len(run.Tool.Driver.Rules) || run.Tool.Driver.Rules[res.RuleIndex].ID != *res.RuleID {
			t.Errorf("ruleIndex %d does not point at rule %s", res.RuleIndex, *res.RuleID)
		}
		if res.Level != "error" && res.Level != "warning" {
			t.Errorf("level %q", res.Level)
		}
		loc := res.Locations[0].PhysicalLocation
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(loc.ArtifactLocation.URI))); err != nil || filepath.IsAbs(loc.ArtifactLocation.URI) {
			t.Errorf("uri %q is not a relative path to a file: %v", loc.ArtifactLocation.URI, err)
		}
		if r := loc.Region; r.StartLine < 1 || r.StartColumn < 1 || r.EndLine < r.StartLine {
			t.Errorf("region %+v", r)
		}
	}
	if len(run.Invocations) != 1 || run.Invocations[0].ExecutionSuccessful == nil || *run.Invocations[0].ExecutionSuccessful ||
		len(run.Invocations[0].ToolExecutionNotifications) != 1 {
		t.Errorf("invocations %+v; want one, unsuccessful, with the malformed file's notification", run.Invocations)
	}
}

// gitRepo makes dir a git repository with everything in it committed.
func gitRepo(t *testing.T, dir string) {
	t.Helper()
	runGit(t, dir, "init", "-q")
	runGit(t, dir, "add", "-A")
	runGit(t, dir, "commit", "-q", "-m", "init")
}

func runGit(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=gtr test", "-c", "user.email=test@example.org", "-c", "commit.gpgsign=false"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func TestDiffBase(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("skipping: git not found")
	}
	dir := t.TempDir()
	unformatted := "<tool id=\"%s\">\n  <inputs/>\n</tool>\n"
	write := func(name, data string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range []string{"tools/a.xml", "tools/b.xml", "tools/c.xml", "other/d.xml"} {
		write(n, strings.Replace(unformatted, "%s", n, 1))
	}
	gitRepo(t, dir)
	// Since HEAD: a.xml modified, c.xml deleted, e.xml untracked, d.xml
	// modified outside tools/; b.xml untouched.
	write("tools/a.xml", "<tool id=\"a2\">\n  <inputs/>\n</tool>\n")
	if err := os.Remove(filepath.Join(dir, "tools", "c.xml")); err != nil {
		t.Fatal(err)
	}
	write("tools/e.xml", "<tool id=\"e\">\n  <inputs/>\n</tool>\n")
	write("other/d.xml", "<tool id=\"d2\">\n  <inputs/>\n</tool>\n")

	headers := func(patch string) []string {
		var out []string
		for _, line := range strings.Split(patch, "\n") {
			if strings.HasPrefix(line, "+++ ") {
				out = append(out, strings.TrimPrefix(line, "+++ "))
			}
		}
		return out
	}
	tests := []struct {
		dir  string
		args []string
		want []string
	}{
		{".", []string{"diff", "-base", "HEAD"}, []string{"b/other/d.xml", "b/tools/a.xml", "b/tools/e.xml"}},
		{".", []string{"diff", "-base", "HEAD", "tools"}, []string{"b/tools/a.xml", "b/tools/e.xml"}},
		{"tools", []string{"diff", "-base", "HEAD"}, []string{"b/a.xml", "b/e.xml"}},
		{".", []string{"diff", "tools"}, []string{"b/tools/a.xml", "b/tools/b.xml", "b/tools/e.xml"}},
	}
	for _, tt := range tests {
		wd := filepath.Join(dir, tt.dir)
		stdout, stderr, code := runGTR(t, wd, tt.args...)
		if got := headers(stdout); code != exitFindings || !slices.Equal(got, tt.want) {
			t.Errorf("in %s: gtr %s: exit %d, files %v, stderr %q; want exit 1 and %v",
				tt.dir, strings.Join(tt.args, " "), code, got, stderr, tt.want)
		}
	}

	// The patch, applied where it was made, does what format does.
	patch, _, _ := runGTR(t, filepath.Join(dir, "tools"), "diff", "-base", "HEAD")
	gitApply(t, filepath.Join(dir, "tools"), patch)
	if stdout, _, code := runGTR(t, dir, "diff", "-base", "HEAD", "tools"); code != exitOK || stdout != "" {
		t.Errorf("after git apply: exit %d, diff:\n%s", code, stdout)
	}

	if _, stderr, code := runGTR(t, dir, "diff", "-base", "no-such-ref"); code != exitError || !strings.Contains(stderr, "git diff") {
		t.Errorf("unknown ref: exit %d, stderr %q; want 2 and git's message", code, stderr)
	}
}

// TestDiffGitApply checks that git apply of "gtr diff" in a repository
// gives exactly the bytes "gtr format" writes, CRLF files included.
func TestDiffGitApply(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("skipping: git not found")
	}
	dir, _ := sampleDir(t)
	gitRepo(t, dir)
	formatted := t.TempDir()
	copyTree(t, dir, formatted)
	if _, stderr, code := runGTR(t, formatted, "format", "-q", "."); code != exitOK {
		t.Fatalf("format: exit %d, stderr %s", code, stderr)
	}
	patch, stderr, code := runGTR(t, dir, "diff", ".")
	if code != exitFindings || stderr != "" {
		t.Fatalf("diff: exit %d, stderr %s", code, stderr)
	}
	gitApply(t, dir, patch)
	got, want := snapshot(t, dir), snapshot(t, formatted)
	for _, name := range slices.Sorted(maps.Keys(want)) {
		if got[name] != want[name] {
			t.Errorf("%s: git apply of gtr diff differs from gtr format", name)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d files after git apply, %d after format", len(got), len(want))
	}
	if stdout, _, code := runGTR(t, dir, "diff", "."); code != exitOK || stdout != "" {
		t.Errorf("diff after apply: exit %d, stdout %q", code, stdout)
	}
}

// copyTree copies the regular files under src (but .git) to dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	for name, data := range snapshot(t, src) {
		p := filepath.Join(dst, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestRulesOutput(t *testing.T) {
	t.Parallel()
	stdout, _, code := runGTR(t, ".", "rules")
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if code != exitOK || len(lines) != len(rules.All) {
		t.Fatalf("gtr rules: exit %d, %d lines, want %d", code, len(lines), len(rules.All))
	}
	re := regexp.MustCompile(`^(GTR\d{3}(?:\.\d)?)  \[(fmt|codemod|check)/(fixable|advisory)\]  rulesets:(\S+)  planemo:(\S+)  .+  doc:\S+$`)
	for i, line := range lines {
		m := re.FindStringSubmatch(line)
		if m == nil || m[1] != rules.All[i].Code {
			t.Errorf("line %d: %q; want the line of %s", i+1, line, rules.All[i].Code)
		}
	}

	stdout, _, code = runGTR(t, ".", "rules", "-output-format", "json")
	var infos []ruleInfo
	if err := json.Unmarshal([]byte(stdout), &infos); err != nil || code != exitOK || len(infos) != len(rules.All) {
		t.Errorf("gtr rules -output-format json: exit %d, %d rules, err %v", code, len(infos), err)
	}

	stdout, _, code = runGTR(t, ".", "rulesets")
	var want strings.Builder
	for _, rs := range rules.Rulesets {
		name := rs.Name
		if name == rules.DefaultRuleset {
			name += " (default)"
		}
		var codes []string
		for _, r := range rules.RulesetRules(rs.Name) {
			codes = append(codes, r.Code)
		}
		want.WriteString(name + ": " + rs.Description + "\n  rules: " + strings.Join(codes, ", ") + "\n")
	}
	if code != exitOK || stdout != want.String() {
		t.Errorf("gtr rulesets: exit %d\n%s\nwant:\n%s", code, stdout, want.String())
	}

	for _, r := range rules.All {
		stdout, _, code = runGTR(t, ".", "explain", strings.ToLower(r.Code))
		for _, s := range []string{r.Code + "  " + r.Name, "\nWhat it does\n", "\nWhy\n", "\nExample\n", "\nFix safety\n", "\nReference\n  " + r.Cite + "\n"} {
			if code != exitOK || !strings.Contains(stdout, s) {
				t.Errorf("gtr explain %s: exit %d, output lacks %q:\n%s", r.Code, code, s, stdout)
			}
		}
	}
}

func TestUsageErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want string // in stderr
	}{
		{[]string{"check", "-ruleset", "stict", "."}, `unknown ruleset "stict"; did you mean "strict"?`},
		{[]string{"check", "-select", "GTR01", "."}, `did you mean`},
		{[]string{"format", "-ignore", "gtr2001", "."}, `unknown rule code or planemo linter "gtr2001"; did you mean`},
		{[]string{"diff", "-ruleset", "cosmetics", "."}, `did you mean "cosmetic"?`},
		{[]string{"check", "-output-format", "jsn", "."}, `did you mean "json"?`},
		{[]string{"explain", "GTR0001"}, `did you mean "GTR001"?`},
		{[]string{"format", "-chek", "."}, `flag provided but not defined: -chek`},
		{[]string{"check"}, `no PATH given`},
		{[]string{"check", "no-such-dir"}, `no-such-dir: no such file or directory`},
		{[]string{"mcp", "-http", "192.0.2.1:80"}, `not a loopback address`},
		{[]string{"mcp", "-allow-remote"}, `-allow-remote needs -http`},
	}
	for _, tt := range tests {
		_, stderr, code := runGTR(t, ".", tt.args...)
		if code != exitError || !strings.Contains(stderr, tt.want) {
			t.Errorf("gtr %s: exit %d, stderr:\n%s\nwant exit 2 and %q", strings.Join(tt.args, " "), code, stderr, tt.want)
		}
	}
}

func TestColorOnlyOnTerminals(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.xml"), []byte("<tool id=\"a\">\n  <inputs/>\n</tool>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, _, _ := runGTR(t, dir, "diff", ".")
	if strings.Contains(stdout, "\x1b[") || !bytes.HasPrefix([]byte(stdout), []byte("--- a/a.xml\n")) {
		t.Errorf("diff to a pipe is coloured or malformed: %q", stdout)
	}
}
