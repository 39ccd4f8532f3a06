package rewrite_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
)

// The benchmarks run the engine over the shared corpus with the default
// rules, as gtr format does without its expansion-equality gate:
//
//	go test -run='^$' -bench=. ./rewrite

// benchFile is one corpus file with its first pass's fixes.
type benchFile struct {
	src   []byte
	tree  *cst.Tree
	fixes []rewrite.Fix
	edits []rewrite.Edit // merged
}

func benchCorpus(b *testing.B) (files []benchFile, size int64) {
	b.Helper()
	root := ""
	for _, d := range []string{os.Getenv("GTR_SHARED"), "../../shared"} {
		if st, err := os.Stat(filepath.Join(d, "corpus")); d != "" && err == nil && st.IsDir() {
			root = filepath.Join(d, "corpus")
			break
		}
	}
	if root == "" {
		b.Skip("skipping: ../shared/corpus not found (set GTR_SHARED to the shared folder)")
	}
	rs, err := rules.Selection{}.Resolve()
	if err != nil {
		b.Fatal(err)
	}
	pass := rules.FixPass(rs)
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".xml") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		t := cst.Parse(path, src)
		if !t.WellFormed() {
			return nil
		}
		f := benchFile{src: src, tree: t, fixes: pass(t)}
		f.edits, _, _ = rewrite.Merge(f.fixes)
		files = append(files, f)
		size += int64(len(src))
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return files, size
}

func report(b *testing.B, files int) {
	b.ReportMetric(float64(files)*float64(b.N)/b.Elapsed().Seconds(), "files/s")
}

// BenchmarkMerge merges the fixes of each file's first pass.
func BenchmarkMerge(b *testing.B) {
	files, size := benchCorpus(b)
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, f := range files {
			rewrite.Merge(f.fixes)
		}
	}
	report(b, len(files))
}

// BenchmarkApply applies each file's merged edits and checks that nothing
// else moved, as an iteration of the fix loop does.
func BenchmarkApply(b *testing.B) {
	files, size := benchCorpus(b)
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, f := range files {
			out, err := rewrite.Apply(f.src, f.edits)
			if err != nil || !rewrite.Unmoved(f.src, out, f.edits) {
				b.Fatal(err)
			}
		}
	}
	report(b, len(files))
}

// BenchmarkRun runs the fix loop of the default rules to its fixpoint.
func BenchmarkRun(b *testing.B) {
	files, size := benchCorpus(b)
	rs, err := rules.Selection{}.Resolve()
	if err != nil {
		b.Fatal(err)
	}
	pass := rules.FixPass(rs)
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, f := range files {
			rewrite.Run(f.tree.File(), f.src, pass, rewrite.Options{Tree: f.tree})
		}
	}
	report(b, len(files))
}
