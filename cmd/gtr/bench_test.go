package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules"
)

// The benchmarks run check and format's per-file work over the shared
// corpus, sequentially, and report MB/s and files/s:
//
//	go test -run='^$' -bench=Corpus ./cmd/gtr
//
// Whole-process timings (gtr against xmllint) are in the README.

// sharedDir returns the shared folder: $GTR_SHARED, else ../shared beside
// the repository.
func sharedDir() string {
	if d := os.Getenv("GTR_SHARED"); d != "" {
		return d
	}
	return filepath.Join(repoRoot, "..", "shared")
}

// corpusDir returns the shared corpus, or skips.
func corpusDir(tb testing.TB) string {
	tb.Helper()
	dir := filepath.Join(sharedDir(), "corpus")
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		tb.Skipf("skipping: %s not found (set GTR_SHARED to the shared folder)", dir)
	}
	return dir
}

func corpusFiles(b *testing.B) (files []string, size int64) {
	files, errs := xmlFiles([]string{corpusDir(b)})
	if len(errs) > 0 {
		b.Fatal(errs[0])
	}
	for _, f := range files {
		st, err := os.Stat(f)
		if err != nil {
			b.Fatal(err)
		}
		size += st.Size()
	}
	return files, size
}

func benchCorpus(b *testing.B, work func(path string)) {
	files, size := corpusFiles(b)
	b.SetBytes(size)
	b.ResetTimer()
	for b.Loop() {
		for _, f := range files {
			work(f)
		}
	}
	b.ReportMetric(float64(len(files)*b.N)/b.Elapsed().Seconds(), "files/s")
}

func mustResolve(b *testing.B, s rules.Selection) []*rules.Rule {
	rs, err := s.Resolve()
	if err != nil {
		b.Fatal(err)
	}
	return rs
}

func BenchmarkCorpusCheckStrict(b *testing.B) {
	rs := mustResolve(b, rules.Selection{Rulesets: []string{"strict"}})
	benchCorpus(b, func(path string) {
		checkFile(path, rs, &macros.Options{Cache: macros.NewCache()}, false, workerMemory{})
	})
}

func BenchmarkCorpusFormat(b *testing.B) {
	split := splitRules(mustResolve(b, rules.Selection{}))
	benchCorpus(b, func(path string) { rewriteFile(path, split) })
}

// BenchmarkCorpusLoad is the floor under both: reading and parsing.
func BenchmarkCorpusLoad(b *testing.B) {
	benchCorpus(b, func(path string) { load(path) })
}

// The Binary benchmarks time whole gtr processes over the corpus, as a
// user runs them, beside xmllint --noout on the same files (when xmllint
// is installed) for scale:
//
//	go test -run='^$' -bench=Binary -benchtime=3x ./cmd/gtr

func benchBinary(b *testing.B, args ...string) {
	corpus := corpusDir(b)
	files, size := corpusFiles(b)
	b.SetBytes(size)
	b.ResetTimer()
	for b.Loop() {
		cmd := exec.Command(gtrBin, append(args, corpus)...)
		if err := cmd.Run(); err != nil {
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != exitFindings {
				b.Fatalf("gtr %v: %v", args, err)
			}
		}
	}
	b.ReportMetric(float64(len(files)*b.N)/b.Elapsed().Seconds(), "files/s")
}

func BenchmarkBinaryCheckStrict(b *testing.B) { benchBinary(b, "check", "-q", "-ruleset", "strict") }

func BenchmarkBinaryFormatCheck(b *testing.B) { benchBinary(b, "format", "-q", "-check") }

func BenchmarkBinaryXmllint(b *testing.B) {
	xmllint, err := exec.LookPath("xmllint")
	if err != nil {
		b.Skip("skipping: xmllint not found")
	}
	files, size := corpusFiles(b)
	b.SetBytes(size)
	b.ResetTimer()
	for b.Loop() {
		// As xargs does: many files per process.
		for chunk := range slices.Chunk(files, 1000) {
			cmd := exec.Command(xmllint, append([]string{"--noout"}, chunk...)...)
			_ = cmd.Run() // malformed corpus files make it exit non-zero
		}
	}
	b.ReportMetric(float64(len(files)*b.N)/b.Elapsed().Seconds(), "files/s")
}
