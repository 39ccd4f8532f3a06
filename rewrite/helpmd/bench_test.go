package helpmd

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// BenchmarkConvertCorpusHelps converts every RST help Galaxy rendered from
// the corpus (parse, convert, render both ways, compare the skeletons).
func BenchmarkConvertCorpusHelps(b *testing.B) {
	helps := oracleHelps(b)
	keys := sortedKeys(helps)
	size := 0
	for _, k := range keys {
		size += len(helps[k])
	}
	b.SetBytes(int64(size))
	b.ResetTimer()
	for b.Loop() {
		for _, k := range keys {
			ConvertText(helps[k])
		}
	}
	b.ReportMetric(float64(len(keys))*float64(b.N)/b.Elapsed().Seconds(), "helps/s")
}

// BenchmarkConvertCorpusTools runs Convert on every corpus tool, as
// "gtr convert-help" over the corpus does once the files are read.
func BenchmarkConvertCorpusTools(b *testing.B) {
	root, rels := corpusTools(b)
	var tools []Tool
	size := 0
	for _, rel := range rels {
		path := filepath.Join(root, rel)
		src, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		tools = append(tools, Tool{File: path, Src: src})
		size += len(src)
	}
	b.SetBytes(int64(size))
	b.ResetTimer()
	for b.Loop() {
		cache := macros.NewCache()
		for _, t := range tools {
			_, _ = Convert(t, macros.Options{Cache: cache})
		}
	}
	b.ReportMetric(float64(len(tools))*float64(b.N)/b.Elapsed().Seconds(), "tools/s")
}
