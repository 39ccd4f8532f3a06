package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/rewrite"
)

// TestRefactorScripts runs the golden scripts of find-references and
// rename-param in testdata/refactor, on real corpus tools copied to a
// temporary directory. Each script is a txtar archive whose comment holds
// directives and one gtr command line, run in that directory:
//
//	# what the script checks
//	copy CORPUS/REL DEST   # copy a corpus file or directory to DEST
//	gtr rename-param x y DEST/tool.xml
//	exit 1                 # expected exit code; 0 when absent
//	-- DEST/extra.xml --
//	...                    # more files written to the directory first
//	-- stdout --
//	-- stderr --
//	-- diff --
//	...                    # a unified diff of every file the run changed or made
//
// "go test -update" rewrites the stdout, stderr and diff sections. A
// script that copies corpus files is skipped when the corpus is absent.
func TestRefactorScripts(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("..", "..", "testdata", "refactor", "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no scripts in testdata/refactor: %v", err)
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			t.Parallel()
			runRefactorScript(t, path)
		})
	}
}

func runRefactorScript(t *testing.T, path string) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ar := parseTxtar(data)
	dir := t.TempDir()
	var args []string
	wantCode := 0
	for _, line := range strings.Split(string(ar.comment), "\n") {
		fields := strings.Fields(line)
		switch {
		case len(fields) == 0 || strings.HasPrefix(fields[0], "#"):
		case fields[0] == "copy" && len(fields) == 3:
			corpus := sharedCorpus()
			if corpus == "" {
				t.Skip("skipping: ../shared/corpus not found")
			}
			copyCorpusTree(t, filepath.Join(corpus, fields[1]), filepath.Join(dir, filepath.FromSlash(fields[2])))
		case fields[0] == "gtr":
			args = fields[1:]
		case fields[0] == "exit" && len(fields) == 2:
			if wantCode, err = strconv.Atoi(fields[1]); err != nil {
				t.Fatalf("bad exit line %q", line)
			}
		default:
			t.Fatalf("unknown script line %q", line)
		}
	}
	if args == nil {
		t.Fatal("script has no gtr command line")
	}
	want := map[string]string{}
	for _, f := range ar.files {
		switch f.name {
		case "stdout", "stderr", "diff":
			want[f.name] = string(f.data)
		default:
			p := filepath.Join(dir, filepath.FromSlash(f.name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, f.data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	before := snapshotFiles(t, dir)
	stdout, stderr, code := runGTR(t, dir, args...)
	diff := treeDiff(before, snapshotFiles(t, dir))
	if code != wantCode {
		t.Errorf("exit code %d, want %d", code, wantCode)
	}
	if *update {
		ar.setFile("stdout", stdout)
		ar.setFile("stderr", stderr)
		ar.setFile("diff", diff)
		if err := os.WriteFile(path, ar.format(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	for _, s := range []struct{ name, got string }{{"stdout", stdout}, {"stderr", stderr}, {"diff", diff}} {
		if s.got != want[s.name] {
			t.Errorf("%s:\n%s\nwant:\n%s", s.name, s.got, want[s.name])
		}
	}
}

// copyCorpusTree copies the file or directory src to dst, every file writable.
func copyCorpusTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		out := filepath.Join(dst, rel)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return err
		}
		return os.WriteFile(out, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// snapshotFiles returns the files under dir by slash path.
func snapshotFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		data, err := os.ReadFile(p)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// treeDiff is the unified diff of every file that changed, appeared or
// went from before to after, in path order.
func treeDiff(before, after map[string][]byte) string {
	var names []string
	for n := range before {
		names = append(names, n)
	}
	for n := range after {
		if _, ok := before[n]; !ok {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	var out strings.Builder
	for _, n := range names {
		a, inA := before[n]
		b, inB := after[n]
		switch {
		case !inA:
			out.WriteString("new file " + n + "\n")
		case !inB:
			out.WriteString("deleted file " + n + "\n")
		default:
			out.WriteString(rewrite.UnifiedDiff("a/"+n, "b/"+n, a, b, 1))
		}
	}
	return out.String()
}
