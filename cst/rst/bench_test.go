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

// BenchmarkParseCorpus reads the help of every corpus tool Galaxy renders
// without rendering it, the work a strict check does to judge whether each
// help is valid reStructuredText.
func BenchmarkParseCorpus(b *testing.B) {
	helps := loadOracle(b)
	size := 0
	for _, h := range helps {
		size += len(h.text)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	b.ResetTimer()
	start, cpu := time.Now(), cpuTime()
	for i := 0; i < b.N; i++ {
		for _, h := range helps {
			_ = Parse(h.text)
		}
	}
	// On a shared machine the wall time counts waiting for a core too;
	// the process's CPU time (the collector's included) does not.
	b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(len(helps)*b.N)/time.Since(start).Seconds(), "helps/s")
}
