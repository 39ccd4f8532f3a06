package schema

import (
	"runtime"
	"sync"
	"testing"
)

// BenchmarkNewestValidProfile finds the newest valid profile of every
// corpus tool (Galaxy's macro expansion, from the oracle JSON), one op
// being the whole corpus, on all cores (GOMAXPROCS workers).
func BenchmarkNewestValidProfile(b *testing.B) {
	tools := loadCorpus(b)
	defaultSet() // compile the tables outside the timing
	workers := runtime.GOMAXPROCS(0)
	b.ResetTimer()
	for b.Loop() {
		var wg sync.WaitGroup
		for w := range workers {
			wg.Go(func() {
				for i := w; i < len(tools); i += workers {
					NewestValid(tools[i].root, nil)
				}
			})
		}
		wg.Wait()
	}
	b.ReportMetric(float64(len(tools)*b.N)/b.Elapsed().Seconds(), "files/s")
}

// BenchmarkNewestValidProfileSerial is the same on one goroutine.
func BenchmarkNewestValidProfileSerial(b *testing.B) {
	tools := loadCorpus(b)
	defaultSet()
	b.ResetTimer()
	for b.Loop() {
		for i := range tools {
			NewestValid(tools[i].root, nil)
		}
	}
	b.ReportMetric(float64(len(tools)*b.N)/b.Elapsed().Seconds(), "files/s")
}

// BenchmarkCompile measures turning the generated tables into validators.
func BenchmarkCompile(b *testing.B) {
	for b.Loop() {
		if _, err := compile(tables); err != nil {
			b.Fatal(err)
		}
	}
}
