package files

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// setup writes files, name then content, below a temporary directory
// (creating subdirectories) and returns the directory.
func setup(t *testing.T, files ...string) string {
	t.Helper()
	dir := t.TempDir()
	for i := 0; i+1 < len(files); i += 2 {
		p := filepath.Join(dir, filepath.FromSlash(files[i]))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(files[i+1]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// runIn runs RequiredFilesExist on dir/tool.xml, with the tool's
// directory set to dir, or to "" when inMemory.
func runIn(t *testing.T, dir string, inMemory bool) []lint.Finding {
	t.Helper()
	p := filepath.Join(dir, "tool.xml")
	src, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	tree := cst.Parse(p, src)
	c := &lint.Ctx{File: tree, Tool: true, Dir: dir}
	if inMemory {
		c.Dir = ""
	}
	if res, err := macros.ExpandTree(tree, macros.Options{}); err == nil {
		c.Result, c.Root = res, res.Root
	} else if c.Root, err = macros.FromTree(tree); err != nil {
		t.Fatal(err)
	}
	return lint.Run(RequiredFilesExist, c)
}

// withIncludes is a tool whose <required_files> holds body.
func withIncludes(body string) string {
	return "<tool id=\"t\" name=\"t\" version=\"1\">\n<required_files>\n" + body +
		"\n</required_files>\n<command>python '$__tool_directory__/a.py'</command>\n</tool>\n"
}

func messages(fs []lint.Finding) []string {
	var out []string
	for _, f := range fs {
		if f.Linter != "RequiredFilesExist" || f.Code != "GTR114" || f.Fix == "" {
			out = append(out, "bad finding: "+f.Linter+" "+f.Code)
			continue
		}
		out = append(out, f.Message)
	}
	return out
}

func TestRequiredFilesExist(t *testing.T) {
	cases := []struct {
		name  string
		body  string
		files []string
		want  []string
	}{
		{"literal present", `<include path="a.py"/>`, []string{"a.py", ""}, nil},
		{"literal in subdirectory", `<include path="lib/b.py" type="literal"/>`, []string{"lib/b.py", ""}, nil},
		{"literal directory", `<include path="lib"/>`, []string{"lib/b.py", ""}, nil},
		{"literal missing", `<include path="scirpt.py"/>`, []string{"a.py", ""},
			[]string{"Required file [scirpt.py] does not exist"}},
		{"literal trailing slash on a file", `<include path="a.py/"/>`, []string{"a.py", ""},
			[]string{"Required file [a.py/] does not exist"}},
		{"each include on its own", `<include path="a.py"/><include path="x.py"/><include path="y.py"/>`,
			[]string{"a.py", ""},
			[]string{"Required file [x.py] does not exist", "Required file [y.py] does not exist"}},
		{"prefix matches", `<include path="lib/" type="prefix"/>`, []string{"lib/deep/b.py", ""}, nil},
		{"prefix misses", `<include path="scripts/" type="prefix"/>`, []string{"lib/b.py", ""},
			[]string{"Required files pattern [scripts/] (type prefix) does not match any files"}},
		{"prefix does not match a directory alone", `<include path="empty" type="prefix"/>`,
			[]string{"emptydir/.keep", ""}, nil},
		{"glob star crosses directories", `<include path="*.py" type="glob"/>`, []string{"lib/deep/b.py", ""}, nil},
		{"glob misses", `<include path="*.R" type="glob"/>`, []string{"a.py", ""},
			[]string{"Required files pattern [*.R] (type glob) does not match any files"}},
		{"glob is case-sensitive", `<include path="*.PY" type="glob"/>`, []string{"a.py", ""},
			[]string{"Required files pattern [*.PY] (type glob) does not match any files"}},
		{"glob set", `<include path="lib/[ab].py" type="glob"/>`, []string{"lib/b.py", ""}, nil},
		{"glob negated set", `<include path="lib/[!b].py" type="glob"/>`, []string{"lib/b.py", ""},
			[]string{"Required files pattern [lib/[!b].py] (type glob) does not match any files"}},
		{"glob unclosed bracket is literal", `<include path="x[1" type="glob"/>`, []string{"x[1", ""}, nil},
		{"glob matches whole path", `<include path="b.py" type="glob"/>`, []string{"lib/b.py", ""},
			[]string{"Required files pattern [b.py] (type glob) does not match any files"}},
		{"regex anchored at start only", `<include path="lib/.*\.py" type="regex"/>`, []string{"lib/b.pyc", ""}, nil},
		{"regex misses", `<include path="b\.py" type="regex"/>`, []string{"lib/b.py", ""},
			[]string{"Required files pattern [b\\.py] (type regex) does not match any files"}},
		{"unknown type is a regex", `<include path="a\.p" type="Glob"/>`, []string{"a.py", ""}, nil},
		{"regex Go and Python reject is not judged", `<include path="*.py" type="Glob"/>`, []string{"a.py", ""}, nil},
		{"path-less exclude stops the check", `<include path="x.py"/><exclude type="glob"/>`, []string{"a.py", ""}, nil},
		{"excludes are not checked", `<exclude path="x.py"/>`, []string{"a.py", ""}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := setup(t, append([]string{"tool.xml", withIncludes(tc.body)}, tc.files...)...)
			got := messages(runIn(t, dir, false))
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestRequiredFilesExistSilent covers the cases Galaxy does not lint:
// content without a directory, tools without <required_files>, and tool
// types outside the module's defaults.
func TestRequiredFilesExistSilent(t *testing.T) {
	dir := setup(t, "tool.xml", withIncludes(`<include path="x.py"/>`))
	if got := runIn(t, dir, true); len(got) != 0 {
		t.Errorf("in memory: got %v, want nothing", got)
	}
	dir = setup(t, "tool.xml", "<tool id=\"t\" name=\"t\" version=\"1\"><command>x</command></tool>")
	if got := runIn(t, dir, false); len(got) != 0 {
		t.Errorf("no required_files: got %v", got)
	}
	dir = setup(t, "tool.xml", strings.Replace(withIncludes(`<include path="x.py"/>`), "<tool ", `<tool tool_type="data_source" `, 1))
	if got := runIn(t, dir, false); len(got) != 0 {
		t.Errorf("data_source: got %v", got)
	}
}

// TestRequiredFilesExistSymlinks checks that the walk follows links to
// directories, as os.walk(followlinks=True) does, and ends on a cycle.
func TestRequiredFilesExistSymlinks(t *testing.T) {
	dir := setup(t, "tool.xml", withIncludes(`<include path="linked/*.py" type="glob"/><include path="loop/loop/zzz" type="prefix"/>`))
	other := setup(t, "b.py", "")
	if err := os.Symlink(other, filepath.Join(dir, "linked")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	if err := os.Symlink(dir, filepath.Join(dir, "loop")); err != nil {
		t.Fatal(err)
	}
	got := messages(runIn(t, dir, false))
	want := []string{"Required files pattern [loop/loop/zzz] (type prefix) does not match any files"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestRequiredFilesExistInMacro checks that an include expanded from a
// macro file is reported at its path in that file.
func TestRequiredFilesExistInMacro(t *testing.T) {
	dir := setup(t,
		"tool.xml", "<tool id=\"t\" name=\"t\" version=\"1\">\n<macros><import>macros.xml</import></macros>\n"+
			"<expand macro=\"files\"/>\n<command>x</command>\n</tool>\n",
		"macros.xml", "<macros>\n<xml name=\"files\">\n<required_files>\n"+
			"    <include path=\"missing.py\"/>\n</required_files>\n</xml>\n</macros>\n")
	got := runIn(t, dir, false)
	if len(got) != 1 {
		t.Fatalf("got %d findings, want 1: %v", len(got), got)
	}
	f := got[0]
	if filepath.Base(f.Loc.File) != "macros.xml" || f.Pos.Line != 4 {
		t.Errorf("located at %s line %d, want macros.xml line 4", f.Loc.File, f.Pos.Line)
	}
	if f.Message != "Required file [missing.py] does not exist" {
		t.Errorf("message %q", f.Message)
	}
}
