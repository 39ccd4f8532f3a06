package helpmd

import (
	"testing"
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
