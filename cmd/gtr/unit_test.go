package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
)

func TestDescribeDiff(t *testing.T) {
	tests := []struct {
		name, src, got, want string
	}{
		{
			name: "tab for space",
			src:  "<a>\n <b/>\n</a>\n",
			got:  "<a>\n\t<b/>\n</a>\n",
			want: "f.xml:2:1: printed tree differs from the source at byte 4\n" +
				"  source:  <a>↵·<b/>↵</a>↵\n" +
				"  printed: <a>↵→<b/>↵</a>↵\n" +
				"               ^\n",
		},
		{
			name: "lost CR",
			src:  "<a>\r\n</a>",
			got:  "<a>\n</a>",
			want: "f.xml:1:4: printed tree differs from the source at byte 3\n" +
				"  source:  <a>␍↵</a>\n" +
				"  printed: <a>↵</a>\n" +
				"              ^\n",
		},
		{
			name: "truncated",
			src:  "<a/>\n",
			got:  "<a/>",
			want: "f.xml:1:5: printed tree differs from the source at byte 4\n" +
				"  source:  <a/>↵\n" +
				"  printed: <a/>⟨EOF⟩\n" +
				"               ^\n",
		},
		{
			name: "long context",
			src:  strings.Repeat("x", 40) + "é" + strings.Repeat("y", 40),
			got:  strings.Repeat("x", 40) + "e" + strings.Repeat("y", 40),
			want: "f.xml:1:41: printed tree differs from the source at byte 40\n" +
				"  source:  " + strings.Repeat("x", 24) + "é" + strings.Repeat("y", 22) + "\n" +
				"  printed: " + strings.Repeat("x", 24) + "e" + strings.Repeat("y", 23) + "\n" +
				"           " + strings.Repeat(" ", 24) + "^\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tree := cst.Parse("f.xml", []byte(tt.src))
			if got := describeDiff(tree, []byte(tt.src), []byte(tt.got)); got != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

func TestVisible(t *testing.T) {
	got := visible([]byte("a b\tc\r\nd\x00\xffé\u200b"))
	want := `a·b→c␍↵d\x00\xffé\u200b`
	if got != want {
		t.Errorf("visible = %q, want %q", got, want)
	}
}

func TestSuggest(t *testing.T) {
	names := []string{"check", "debug", "format", "help", "version"}
	tests := []struct{ in, want string }{
		{"verison", "version"}, // swap
		{"hlep", "help"},
		{"fromat", "format"},
		{"debgu", "debug"},
		{"chek", "check"},
		{"versions", "version"},
		{"lint", ""},
		{"x", ""},
		{"", ""},
		{"form", ""}, // two edits in four characters is too many
	}
	for _, tt := range tests {
		if got := suggest(tt.in, names); got != tt.want {
			t.Errorf("suggest(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"abc", "", 3},
		{"", "abc", 3},
		{"kitten", "sitting", 3},
		{"ab", "ba", 1},
		{"ca", "abc", 3}, // optimal string alignment: no edit of a swapped pair
		{"héllo", "hello", 1},
	}
	for _, tt := range tests {
		if got := editDistance(tt.a, tt.b); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestForEachOrdered(t *testing.T) {
	for _, n := range []int{0, 1, 7, 1000} {
		var calls atomic.Int64
		var got []int
		forEachOrdered(n, func(i int) int {
			calls.Add(1)
			return i * i
		}, func(i, r int) {
			if r != i*i {
				t.Errorf("n=%d: emit(%d, %d), want result %d", n, i, r, i*i)
			}
			got = append(got, i)
		})
		if int(calls.Load()) != n || len(got) != n || !slices.IsSorted(got) {
			t.Errorf("n=%d: %d calls, emitted %v", n, calls.Load(), got)
		}
	}
}

func TestForEachWalked(t *testing.T) {
	for _, n := range []int{0, 1, 7, 300} {
		dir := t.TempDir()
		var want []string
		for i := range n {
			sub := filepath.Join(dir, fmt.Sprintf("d%02d", i%5))
			if err := os.MkdirAll(sub, 0o755); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(sub, fmt.Sprintf("f%03d.xml", i))
			if err := os.WriteFile(path, nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, _ = xmlFiles([]string{dir, filepath.Join(dir, "missing")})
		var got []string
		var firsts int
		forEachWalked(startWalk([]string{dir, filepath.Join(dir, "missing")}), func(path string) string {
			return path
		}, func(errs []error) {
			firsts++
			if len(got) > 0 || len(errs) != 1 {
				t.Errorf("n=%d: first called after %d results with %d errors, want before any with 1", n, len(got), len(errs))
			}
		}, func(path string) { got = append(got, path) })
		if firsts != 1 || !slices.Equal(got, want) {
			t.Errorf("n=%d: first called %d times; emitted %d files in order %v, want %d", n, firsts, len(got), slices.Equal(got, want), len(want))
		}
	}
}

// TestWalkListsDirectories checks which directories a walk reports as
// listed in full: those it read, not a hidden one it skipped, one it
// could not read, nor the directory of a file named on its own.
func TestWalkListsDirectories(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"a/b", "a/.h", "empty", ".hidden", "locked", "other"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"a/x.xml", "a/b/y.xml", "a/.h/u.xml", ".hidden/z.xml", "locked/w.xml", "other/v.xml"} {
		if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	locked := filepath.Join(dir, "locked")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(locked, 0o755)
	_, lockedErr := os.ReadDir(locked) // root reads it anyway
	w := startWalk([]string{filepath.Join(dir, "a"), filepath.Join(dir, "empty"), filepath.Join(dir, ".hidden"),
		locked, filepath.Join(dir, "other", "v.xml")})
	for {
		if _, done := w.ended(); done {
			break
		}
		runtime.Gosched()
	}
	_, listed := w.found()
	want := []string{"a", "a/b", "empty", ".hidden"} // a hidden root is entered, a/.h is not
	if lockedErr == nil {
		want = append(want, "locked")
	}
	var got []string
	for d := range listed {
		rel, err := filepath.Rel(dir, d)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, filepath.ToSlash(rel))
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("listed %v, want %v", got, want)
	}
}

func TestParseFlagsAnywhere(t *testing.T) {
	tests := []struct {
		args    []string
		pos     []string
		verbose bool
	}{
		{[]string{"a", "b"}, []string{"a", "b"}, false},
		{[]string{"-v", "a"}, []string{"a"}, true},
		{[]string{"a", "-v", "b"}, []string{"a", "b"}, true},
		{[]string{"a", "--", "-v"}, []string{"a", "-v"}, false},
		{[]string{"--", "-v", "--"}, []string{"-v", "--"}, false},
	}
	for _, tt := range tests {
		e := &env{cli: &cli{stdout: bufio.NewWriter(io.Discard), stderr: io.Discard}, cmd: &command{}, name: "gtr test"}
		fs := e.flagSet()
		verbose := fs.Bool("v", false, "")
		pos, _, ok := e.parse(fs, tt.args)
		if !ok || !slices.Equal(pos, tt.pos) || *verbose != tt.verbose {
			t.Errorf("parse(%q) = %q, -v %v, ok %v; want %q, -v %v", tt.args, pos, *verbose, ok, tt.pos, tt.verbose)
		}
	}
}

// TestCommandTable checks the table's conventions: names sorted and
// unique, summaries lower case without a final period, every entry either
// runnable or a group.
func TestCommandTable(t *testing.T) {
	var check func(prefix string, cmds []*command)
	check = func(prefix string, cmds []*command) {
		if !slices.IsSortedFunc(cmds, func(a, b *command) int { return strings.Compare(a.name, b.name) }) {
			t.Errorf("%s: subcommands not in alphabetical order", prefix)
		}
		for i, c := range cmds {
			name := prefix + " " + c.name
			if i > 0 && cmds[i-1].name == c.name {
				t.Errorf("%s: listed twice", name)
			}
			if c.summary == "" || strings.HasSuffix(c.summary, ".") || strings.ToLower(c.summary[:1]) != c.summary[:1] {
				t.Errorf("%s: summary %q should be one lower-case line without a final period", name, c.summary)
			}
			if strings.TrimSpace(c.description()) == "" {
				t.Errorf("%s: no doc", name)
			}
			if (c.run == nil) == (c.subcommands == nil) {
				t.Errorf("%s: want either a run function or subcommands", name)
			}
			check(name, c.subcommands)
		}
	}
	check("gtr", root.subcommands)
}

func TestGTRVersion(t *testing.T) {
	// The test binary is not linked with -X, so the default applies.
	if v := gtrVersion(); v != "devel" && !strings.HasPrefix(v, "v") {
		t.Errorf("gtrVersion() = %q, want devel or a module version", v)
	}
}
