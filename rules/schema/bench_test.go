package schema

import (
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
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

// expandedCorpus expands every corpus tool with gtr's macro expander, as
// production does, outside any timing.
func expandedCorpus(b *testing.B) []*macros.Result {
	b.Helper()
	tools := loadCorpus(b)
	shared := sharedDir(b, "corpus")
	opts := macros.Options{
		Cache:    macros.NewCache(),
		ReadFile: func(name string) ([]byte, error) { return os.ReadFile(filepath.Join(shared, name)) },
	}
	var out []*macros.Result
	for _, ct := range tools {
		name := "corpus/" + ct.path
		src, err := os.ReadFile(filepath.Join(shared, name))
		if err != nil {
			b.Fatal(err)
		}
		res, err := macros.Expand(name, src, opts)
		if err != nil {
			continue // as in production: a tool that does not expand is not validated
		}
		out = append(out, res)
	}
	return out
}

// BenchmarkExpandedValidate is the production use, serially: the adapter
// over each tool's expansion, validated at the newest profile.
func BenchmarkExpandedValidate(b *testing.B) {
	results := expandedCorpus(b)
	newest := Profiles()[len(Profiles())-1]
	defaultSet()
	b.ResetTimer()
	for b.Loop() {
		for _, res := range results {
			Validate(Expanded(res), newest)
		}
	}
	b.ReportMetric(float64(len(results)*b.N)/b.Elapsed().Seconds(), "files/s")
}

// BenchmarkExpandedNewestValid adds, for each tool not valid at the newest
// profile, the search for the newest profile it is valid at.
func BenchmarkExpandedNewestValid(b *testing.B) {
	results := expandedCorpus(b)
	newest := Profiles()[len(Profiles())-1]
	defaultSet()
	b.ResetTimer()
	for b.Loop() {
		for _, res := range results {
			view := Expanded(res)
			if len(Validate(view, newest)) > 0 {
				NewestValid(view, nil)
			}
		}
	}
	b.ReportMetric(float64(len(results)*b.N)/b.Elapsed().Seconds(), "files/s")
}

// BenchmarkWrittenValidate is the other production use: each corpus tool
// without <macros>, parsed outside the timing, validated as written at the
// newest profile, serially.
func BenchmarkWrittenValidate(b *testing.B) {
	tools := loadCorpus(b)
	shared := sharedDir(b, "corpus")
	var roots []Element
	for _, ct := range tools {
		src, err := os.ReadFile(filepath.Join(shared, "corpus", ct.path))
		if err != nil {
			b.Fatal(err)
		}
		t := cst.Parse(ct.path, src)
		if root := t.RootElement(); len(t.Errors()) == 0 && !root.Element("macros").IsValid() {
			roots = append(roots, Written(root))
		}
	}
	newest := Profiles()[len(Profiles())-1]
	defaultSet()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, r := range roots {
			Validate(r, newest)
		}
	}
	b.ReportMetric(float64(len(roots)*b.N)/b.Elapsed().Seconds(), "files/s")
}
