package macros_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
)

// parseTools parses every corpus tool once, so that the benchmarks below
// measure this package's work without the parser's.
func parseTools(b *testing.B) ([]*cst.Tree, string, int64) {
	dir := sharedDir(b)
	tools := loadTools(b, dir)
	trees := make([]*cst.Tree, len(tools))
	var total int64
	for i, tool := range tools {
		trees[i] = cst.Parse(tool.name, tool.src)
		total += int64(len(tool.src))
	}
	return trees, dir, total
}

// BenchmarkFromTreeCorpus converts every parsed corpus tool into its
// canonical tree.
func BenchmarkFromTreeCorpus(b *testing.B) {
	trees, _, total := parseTools(b)
	b.SetBytes(total)
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	for range b.N {
		for _, t := range trees {
			_, _ = macros.FromTree(t)
		}
	}
	reportCPU(b, cpu, len(trees))
}

// BenchmarkExpandTreeCorpus expands every parsed corpus tool, with the
// macro files parsed once for all passes: conversion and expansion only.
func BenchmarkExpandTreeCorpus(b *testing.B) {
	trees, dir, total := parseTools(b)
	opts := corpusOptions(dir)
	for _, t := range trees {
		_, _ = macros.ExpandTree(t, opts) // fill the cache
	}
	b.SetBytes(total)
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	for range b.N {
		for _, t := range trees {
			_, _ = macros.ExpandTree(t, opts)
		}
	}
	reportCPU(b, cpu, len(trees))
}

// runFile is one file of the corpus as a check run meets it: a tool to
// expand or a macro file to hand to the cache.
type runFile struct {
	path  string
	tree  *cst.Tree
	macro bool
}

// walkCorpus parses every XML file of the corpus in the order a check run
// walks them (lexical, directory by directory) and keeps the tools and the
// well-formed macro files, as cmd/gtr classifies them by their root.
func walkCorpus(b *testing.B, dir string) ([]runFile, map[string][]byte, int64) {
	var files []runFile
	srcs := map[string][]byte{}
	var total int64
	root := filepath.Join(dir, "corpus")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".xml") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		t := cst.Parse(rel, src)
		switch t.RootElement().Name() {
		case "tool":
			files = append(files, runFile{path: rel, tree: t})
			total += int64(len(src))
		case "macros":
			if t.WellFormed() {
				files = append(files, runFile{path: rel, tree: t, macro: true})
			}
		}
		srcs[rel] = src
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return files, srcs, total
}

// BenchmarkCheckCorpus expands every corpus tool as one check run does
// (gtr check, on one worker): one fresh Cache for the whole run, each
// macro file handed to it with Seed when the walk reaches it unless an
// import read it first (cmd/gtr's loadBytes), and the expansions made in
// one Arena reset after each tool. Parsing is left out: the run parses
// every file whether or not it expands it.
func BenchmarkCheckCorpus(b *testing.B) {
	files, srcs, total := walkCorpus(b, sharedDir(b))
	readFile := func(name string) ([]byte, error) {
		if src, ok := srcs[name]; ok {
			return src, nil
		}
		return os.ReadFile(filepath.Join(sharedDir(b), name))
	}
	tools := 0
	for _, f := range files {
		if !f.macro {
			tools++
		}
	}
	b.SetBytes(total)
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	for range b.N {
		var arena macros.Arena
		opts := macros.Options{Cache: macros.NewCache(), Arena: &arena, ReadFile: readFile}
		for _, f := range files {
			if f.macro {
				if c := opts.Cache.Tree(f.path); c == nil || !bytes.Equal(c.Source(), f.tree.Source()) {
					opts.Cache.Seed(f.path, f.tree)
				}
				continue
			}
			_, _ = macros.ExpandTree(f.tree, opts)
			arena.Reset()
		}
	}
	reportCPU(b, cpu, tools)
}

// reportCPU reports tools per second and the CPU time per pass (the garbage
// collector's included), which a shared machine disturbs less than the
// wall time.
func reportCPU(b *testing.B, start time.Duration, tools int) {
	b.ReportMetric(float64(tools*b.N)/b.Elapsed().Seconds(), "tools/s")
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}
