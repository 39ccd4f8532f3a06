package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestScripts runs the scripts in testdata/cli. Each is a txtar archive
// whose comment holds one gtr command line and optional directives:
//
//	# what the script checks
//	gtr debug roundtrip -v .
//	exit 0      # expected exit code; 0 when absent
//	dir repo    # run in the repository root instead of a fresh directory
//	-- tool.xml --
//	...         # files written to the fresh directory
//	-- stdout --
//	...         # expected standard output; empty when absent
//	-- stderr --
//	...         # expected standard error; empty when absent
//	-- want/tool.xml --
//	...         # expected content of tool.xml after the run
//
// Arguments are split on spaces. "go test -update" rewrites stdout,
// stderr and the want/ files from the actual output.
func TestScripts(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("..", "..", "testdata", "cli", "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no scripts in testdata/cli: %v", err)
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			t.Parallel()
			runScript(t, path)
		})
	}
}

func runScript(t *testing.T, path string) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ar := parseTxtar(data)
	var args []string
	wantCode, dir := 0, t.TempDir()
	for _, line := range strings.Split(string(ar.comment), "\n") {
		fields := strings.Fields(line)
		switch {
		case len(fields) == 0 || strings.HasPrefix(fields[0], "#"):
		case fields[0] == "gtr":
			args = fields[1:]
		case fields[0] == "exit" && len(fields) == 2:
			if wantCode, err = strconv.Atoi(fields[1]); err != nil {
				t.Fatalf("bad exit line %q", line)
			}
		case line == "dir repo":
			dir = repoRoot
		default:
			t.Fatalf("unknown script line %q", line)
		}
	}
	if args == nil {
		t.Fatal("script has no gtr command line")
	}
	want := map[string]string{}
	var after []string // the files whose content after the run is checked
	for _, f := range ar.files {
		if name, ok := strings.CutPrefix(f.name, "want/"); ok {
			after = append(after, name)
			continue
		}
		switch f.name {
		case "stdout", "stderr":
			want[f.name] = string(f.data)
		default:
			if dir == repoRoot {
				t.Fatalf("script with 'dir repo' must not hold file %s", f.name)
			}
			p := filepath.Join(dir, filepath.FromSlash(f.name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, f.data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}

	stdout, stderr, code := runGTR(t, dir, args...)
	if code != wantCode {
		t.Errorf("exit code %d, want %d", code, wantCode)
	}
	got := map[string]string{}
	for _, name := range after {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			t.Errorf("want/%s: %v", name, err)
		}
		got[name] = string(b)
	}
	if *update {
		ar.setFile("stdout", stdout)
		ar.setFile("stderr", stderr)
		for _, name := range after {
			ar.setFile("want/"+name, got[name])
		}
		if err := os.WriteFile(path, ar.format(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if stdout != want["stdout"] {
		t.Errorf("stdout:\n%s\nwant:\n%s", stdout, want["stdout"])
	}
	if stderr != want["stderr"] {
		t.Errorf("stderr:\n%s\nwant:\n%s", stderr, want["stderr"])
	}
	for _, f := range ar.files {
		if name, ok := strings.CutPrefix(f.name, "want/"); ok && got[name] != string(f.data) {
			t.Errorf("%s after the run:\n%s\nwant:\n%s", name, got[name], f.data)
		}
	}
}

// txtar is a parsed txtar archive: a comment, then files introduced by
// "-- name --" lines.
type txtar struct {
	comment []byte
	files   []txtarFile
}

type txtarFile struct {
	name string
	data []byte
}

func parseTxtar(data []byte) *txtar {
	ar := &txtar{}
	cur := &ar.comment
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line = data[:i+1]
		}
		data = data[len(line):]
		if name, ok := txtarMarker(line); ok {
			ar.files = append(ar.files, txtarFile{name: name})
			cur = &ar.files[len(ar.files)-1].data
			continue
		}
		*cur = append(*cur, line...)
	}
	return ar
}

// txtarMarker returns the file name of a "-- name --" line.
func txtarMarker(line []byte) (string, bool) {
	s := strings.TrimSuffix(string(line), "\n")
	if !strings.HasPrefix(s, "-- ") || !strings.HasSuffix(s, " --") || len(s) < len("-- x --") {
		return "", false
	}
	return strings.TrimSpace(s[3 : len(s)-3]), true
}

// setFile replaces, adds or (for empty data) removes the file called name.
func (ar *txtar) setFile(name, data string) {
	for i, f := range ar.files {
		if f.name == name {
			if data == "" {
				ar.files = append(ar.files[:i], ar.files[i+1:]...)
			} else {
				ar.files[i].data = []byte(data)
			}
			return
		}
	}
	if data != "" {
		ar.files = append(ar.files, txtarFile{name, []byte(data)})
	}
}

func (ar *txtar) format() []byte {
	var b bytes.Buffer
	b.Write(ar.comment)
	for _, f := range ar.files {
		fmt.Fprintf(&b, "-- %s --\n", f.name)
		b.Write(f.data)
		if len(f.data) > 0 && f.data[len(f.data)-1] != '\n' {
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}
