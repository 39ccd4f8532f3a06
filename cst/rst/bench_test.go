package rst

import (
	"testing"
	"time"
)

// BenchmarkCorpus reads and renders the help of every corpus tool Galaxy
// renders, reporting MB/s and helps/s.
func BenchmarkCorpus(b *testing.B) {
	helps := loadOracle(b)
	size := 0
	for _, h := range helps {
		size += len(h.text)
	}
	b.SetBytes(int64(size))
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		for _, h := range helps {
			_ = HTML(Parse(h.text))
		}
	}
	b.ReportMetric(float64(len(helps)*b.N)/time.Since(start).Seconds(), "helps/s")
}
