package upgrade

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// BenchmarkUpgradeCorpus upgrades every corpus tool, in both modes; it
// reports MB/s and tools/s.
func BenchmarkUpgradeCorpus(b *testing.B) {
	root, rels := corpusTools(b)
	srcs := make([][]byte, len(rels))
	var size int64
	for i, rel := range rels {
		src, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			b.Fatal(err)
		}
		srcs[i] = src
		size += int64(len(src))
	}
	for _, mode := range []string{"minimal", "modernize"} {
		b.Run(mode, func(b *testing.B) {
			b.SetBytes(size)
			for b.Loop() {
				cache := macros.NewCache()
				for i, rel := range rels {
					_, _ = Upgrade(filepath.Join(root, rel), srcs[i], Options{Macros: macros.Options{Cache: cache}, Modernize: mode == "modernize"})
				}
			}
			b.ReportMetric(float64(len(rels))*float64(b.N)/b.Elapsed().Seconds(), "tools/s")
		})
	}
}
