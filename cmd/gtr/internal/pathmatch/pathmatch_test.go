package pathmatch

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestPatternMatch(t *testing.T) {
	t.Parallel()
	tests := []struct {
		pattern string
		path    string
		isDir   bool
		want    bool
	}{
		{"*.xml", "a.xml", false, true},
		{"*.xml", "tools/a/a.xml", false, true}, // no slash: any depth
		{"*.xml", "a.xmlx", false, false},
		{"test-data", "tools/x/test-data", true, true},
		{"test-data/", "tools/x/test-data", false, false}, // directories only
		{"test-data/", "tools/x/test-data", true, true},
		{"/build", "build", true, true},
		{"/build", "x/build", true, false}, // anchored
		{"tools/*.xml", "tools/a.xml", false, true},
		{"tools/*.xml", "tools/x/a.xml", false, false}, // "*" does not cross "/"
		{"tools/*.xml", "x/tools/a.xml", false, false},
		{"**/legacy", "legacy", true, true},
		{"**/legacy", "a/b/legacy", true, true},
		{"a/**/b.xml", "a/b.xml", false, true},
		{"a/**/b.xml", "a/x/y/b.xml", false, true},
		{"a/**", "a/x/y.xml", false, true},
		{"a/**", "a", true, false},
		{"a**b", "axxb", false, true},
		{"a**b", "ax/xb", false, false}, // "**" inside a component is "*"
		{"?.xml", "a.xml", false, true},
		{"?.xml", "ab.xml", false, false},
		{"[ab].xml", "b.xml", false, true},
		{"[!ab].xml", "b.xml", false, false},
		{"[a-c].xml", "c.xml", false, true},
		{`\#x`, "#x", false, true},
		{`\!x`, "!x", false, true},
		{`a\*`, "a*", false, true},
		{`a\*`, "ab", false, false},
		{"x  ", "x", false, true},  // trailing spaces dropped
		{`x\ `, "x ", false, true}, // unless escaped
		{"!keep.xml", "keep.xml", false, true},
	}
	for _, tt := range tests {
		t.Run(tt.pattern+" "+tt.path, func(t *testing.T) {
			p, ok, err := ParsePattern(tt.pattern)
			if !ok || err != nil {
				t.Fatalf("ParsePattern(%q) = ok %v, err %v", tt.pattern, ok, err)
			}
			if got := p.Match(tt.path, tt.isDir); got != tt.want {
				t.Errorf("%q matches %q (dir %v) = %v, want %v", tt.pattern, tt.path, tt.isDir, got, tt.want)
			}
		})
	}
}

func TestParsePatternNone(t *testing.T) {
	t.Parallel()
	for _, line := range []string{"", "   ", "# comment", "/", "!"} {
		if _, ok, err := ParsePattern(line); ok || err != nil {
			t.Errorf("ParsePattern(%q) = ok %v, err %v; want no pattern", line, ok, err)
		}
	}
	for _, line := range []string{"[abc", `abc\`} {
		if _, _, err := ParsePattern(line); err != ErrBadPattern {
			t.Errorf("ParsePattern(%q) err = %v, want ErrBadPattern", line, err)
		}
	}
}

func TestListLastMatchWins(t *testing.T) {
	t.Parallel()
	l := Parse(".gitignore", []byte("*.xml\n!keep.xml\n"))
	if ign, ok := l.Match("a.xml", false); !ign || !ok {
		t.Errorf("a.xml: ignored %v decided %v, want ignored", ign, ok)
	}
	if ign, ok := l.Match("keep.xml", false); ign || !ok {
		t.Errorf("keep.xml: ignored %v decided %v, want re-included", ign, ok)
	}
	if _, ok := l.Match("a.txt", false); ok {
		t.Errorf("a.txt decided, want no verdict")
	}
	if !l.MatchPath("x.xml/inner.txt", false) {
		t.Errorf("a file under an ignored directory is not ignored by MatchPath")
	}
}

// gitignoreTree is a repository layout for TestAgainstGit: its ignore
// files and the files whose fate git decides.
var gitignoreTree = map[string]string{
	".gitignore": `# top
*.bak
/build/
test-data
!important.bak
docs/*.xml
**/generated/**
deep/**/x.xml
*.tmp/
[Tt]emp*
\#hash.xml
spaced.xml   
`,
	"tools/.gitignore": `
*.xml
!keep*.xml
/anchored.xml
sub/
`,
	"tools/inner/.gitignore": `!*.xml
keep2.xml
`,
	".git/info/exclude": `local-only.xml
tools/excluded-by-info.xml
`,
}

var gitignoreFiles = []string{
	"a.xml", "a.bak", "important.bak", "build/a.xml", "x/build/a.xml",
	"test-data/a.xml", "tools/test-data/b.xml", "docs/a.xml", "docs/sub/a.xml",
	"generated/a.xml", "x/generated/y/a.xml", "deep/x.xml", "deep/a/b/x.xml", "deep/a/b/y.xml",
	"dir.tmp/a.xml", "file.tmp", "Temp1.xml", "temp/a.xml", "#hash.xml", "spaced.xml",
	"tools/a.xml", "tools/keep.xml", "tools/keep1.xml", "tools/anchored.xml", "tools/x/anchored.xml",
	"tools/sub/a.txt", "tools/x/sub/a.txt", "tools/inner/a.xml", "tools/inner/keep2.xml",
	"tools/inner/b.txt", "local-only.xml", "x/local-only.xml", "tools/excluded-by-info.xml",
	"tools/a.txt", "readme.txt",
}

// TestAgainstGit builds a repository with nested .gitignore files and
// .git/info/exclude, then checks that a walk skipping what a Stack
// ignores lists exactly the files "git ls-files --others
// --exclude-standard" does.
func TestAgainstGit(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	gitCmd(t, dir, "init", "-q")
	for name, data := range gitignoreTree {
		write(t, filepath.Join(dir, filepath.FromSlash(name)), data)
	}
	for _, name := range gitignoreFiles {
		write(t, filepath.Join(dir, filepath.FromSlash(name)), "x\n")
	}
	out := gitCmd(t, dir, "ls-files", "--others", "--exclude-standard")
	var want []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if !strings.HasSuffix(line, ".gitignore") {
			want = append(want, line)
		}
	}

	var got []string
	info, _ := os.ReadFile(filepath.Join(dir, ".git", "info", "exclude"))
	root := (*Stack)(nil).Push(dir, Parse("exclude", info))
	var walk func(d string, s *Stack)
	walk = func(d string, s *Stack) {
		if data, err := os.ReadFile(filepath.Join(d, ".gitignore")); err == nil {
			s = s.Push(d, Parse(".gitignore", data))
		}
		entries, err := os.ReadDir(d)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			p := filepath.Join(d, e.Name())
			if e.Name() == ".git" || e.Name() == ".gitignore" || s.Ignored(p, e.IsDir()) {
				continue
			}
			if e.IsDir() {
				walk(p, s)
				continue
			}
			rel, _ := RelSlash(dir, p)
			got = append(got, rel)
		}
	}
	walk(dir, root)
	slices.Sort(got)
	slices.Sort(want)
	t.Logf("%d of %d files not ignored: %q", len(got), len(gitignoreFiles), got)
	if !slices.Equal(got, want) {
		t.Errorf("files not ignored:\n got %q\nwant %q (git ls-files)", got, want)
	}
}

func gitCmd(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "core.excludesFile=", "-c", "core.quotepath=off"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir, "XDG_CONFIG_HOME="+dir)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git %s: %v", strings.Join(args, " "), err)
	}
	return string(out)
}

func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), fs.FileMode(0o644)); err != nil {
		t.Fatal(err)
	}
}
