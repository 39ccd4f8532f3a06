package macros_test

import (
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

// reportCPU reports tools per second and the CPU time per pass (the garbage
// collector's included), which a shared machine disturbs less than the
// wall time.
func reportCPU(b *testing.B, start time.Duration, tools int) {
	b.ReportMetric(float64(tools*b.N)/b.Elapsed().Seconds(), "tools/s")
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}
