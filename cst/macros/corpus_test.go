package macros_test

import (
	"bufio"
	"bytes"

	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// sharedDir locates the shared corpus and oracle: $GTR_SHARED, or
// ../../../shared from this package. It skips the test when absent.
func sharedDir(tb testing.TB) string {
	tb.Helper()
	dir := os.Getenv("GTR_SHARED")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared")
	}
	if _, err := os.Stat(filepath.Join(dir, "oracle", "expanded", "index.tsv")); err != nil {
		tb.Skipf("shared corpus and oracle not found at %s (set GTR_SHARED to the shared folder): %v", dir, err)
	}
	return dir
}

// oracleRow is one line of oracle/expanded/index.tsv.
type oracleRow struct {
	path   string // below corpus/
	ok     bool
	sha256 string
	err    string // Galaxy's exception for a failing tool
}

func loadIndex(tb testing.TB, dir string) []oracleRow {
	tb.Helper()
	f, err := os.Open(filepath.Join(dir, "oracle", "expanded", "index.tsv"))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var rows []oracleRow
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for first := true; sc.Scan(); first = false {
		if first {
			continue // header
		}
		cols := strings.Split(sc.Text(), "\t")
		for len(cols) < 4 {
			cols = append(cols, "")
		}
		rows = append(rows, oracleRow{path: cols[0], ok: cols[1] == "ok", sha256: cols[2], err: cols[3]})
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return rows
}

// corpusTool is one tool of the corpus, read into memory.
type corpusTool struct {
	row  oracleRow
	name string // "corpus/<path>": Galaxy's error messages name files this way
	src  []byte
}

func loadTools(tb testing.TB, dir string) []corpusTool {
	tb.Helper()
	rows := loadIndex(tb, dir)
	tools := make([]corpusTool, len(rows))
	for i, r := range rows {
		name := "corpus/" + r.path
		src, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			tb.Fatal(err)
		}
		tools[i] = corpusTool{row: r, name: name, src: src}
	}
	return tools
}

// corpusOptions reads imports below the shared folder, the way Galaxy's
// paths in the oracle's messages are written, through one shared cache.
func corpusOptions(dir string) macros.Options {
	return macros.Options{
		Cache:    macros.NewCache(),
		ReadFile: func(name string) ([]byte, error) { return os.ReadFile(filepath.Join(dir, name)) },
	}
}

type outcome struct {
	json []byte
	err  error
}

// expandAll expands every tool on all CPUs and returns the outcomes, the
// wall time and the CPU time taken.
func expandAll(tools []corpusTool, opts macros.Options) ([]outcome, time.Duration, time.Duration) {
	out := make([]outcome, len(tools))
	start, cpu := time.Now(), cpuTime()
	var wg sync.WaitGroup
	next := make(chan int, len(tools))
	for i := range tools {
		next <- i
	}
	close(next)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				res, err := macros.Expand(tools[i].name, tools[i].src, opts)
				if err != nil {
					out[i].err = err
					continue
				}
				out[i].json = res.JSON()
			}
		})
	}
	wg.Wait()
	return out, time.Since(start), cpuTime() - cpu
}

// corpusExceptions names corpus tools whose expansion may differ from the
// oracle, with the reason. Keep it empty unless a difference is understood
// and cannot be removed.
var corpusExceptions = map[string]string{}

// TestCorpus expands every corpus tool and compares the result with
// Galaxy's own expansion byte for byte, and failing tools with Galaxy's
// error.
func TestCorpus(t *testing.T) {
	dir := sharedDir(t)
	tools := loadTools(t, dir)
	outs, elapsed, cpu := expandAll(tools, corpusOptions(dir))

	var identical, differ, bothFail, weFail, weOK, excepted int
	for i, tool := range tools {
		o := outs[i]
		why, excused := corpusExceptions[tool.row.path]
		switch {
		case tool.row.ok && o.err == nil:
			// index.tsv holds the sha256 of the JSON without its final
			// newline; the .json files have it.
			sum := sha256.Sum256(bytes.TrimSuffix(o.json, []byte("\n")))
			if hex.EncodeToString(sum[:]) == tool.row.sha256 {
				identical++
				continue
			}
			if excused {
				excepted++
				t.Logf("%s: differs (documented exception: %s)", tool.row.path, why)
				continue
			}
			differ++
			want, err := os.ReadFile(filepath.Join(dir, "oracle", "expanded", tool.row.path+".json"))
			if err != nil {
				t.Errorf("%s: %v", tool.row.path, err)
				continue
			}
			t.Errorf("%s: expansion differs from Galaxy's:\n%s", tool.row.path, firstDifference(o.json, want))
		case tool.row.ok:
			weFail++
			t.Errorf("%s: we fail, Galaxy expands it: %v", tool.row.path, o.err)
		case o.err == nil:
			weOK++
			t.Errorf("%s: we expand it, Galaxy fails: %s", tool.row.path, tool.row.err)
		default:
			bothFail++
			if msg := compareFailure(o.err, tool.row.err); msg != "" {
				t.Errorf("%s: %s", tool.row.path, msg)
			}
		}
	}
	t.Logf("%d tools expanded with their JSON in %v (%v CPU time, %d CPUs): %d identical, %d differ, %d both fail, %d we fail/Galaxy ok, %d we ok/Galaxy fails, %d documented exceptions",
		len(tools), elapsed.Round(time.Millisecond), cpu.Round(time.Millisecond), runtime.GOMAXPROCS(0), identical, differ, bothFail, weFail, weOK, excepted)
}

// compareFailure checks that we fail the way Galaxy does: the same
// exception class, and for errors other than libxml2's syntax errors the
// same message.
func compareFailure(err error, galaxy string) string {
	var me *macros.Error
	if !errors.As(err, &me) {
		return fmt.Sprintf("error %v is not a *macros.Error", err)
	}
	class, _, _ := strings.Cut(galaxy, ":")
	if me.GalaxyClass() != class {
		return fmt.Sprintf("we fail with %s (%v), Galaxy with %s", me.GalaxyClass(), err, galaxy)
	}
	if class != "XMLSyntaxError" && me.Galaxy != galaxy {
		return fmt.Sprintf("Galaxy's message differs:\n got: %s\nwant: %s", me.Galaxy, galaxy)
	}
	return ""
}

// firstDifference shows where two outputs first differ, with whitespace
// made visible.
func firstDifference(got, want []byte) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	from := max(0, i-120)
	show := func(b []byte) string {
		end := min(len(b), i+120)
		s := string(b[from:end])
		return strings.NewReplacer(" ", "·", "\t", "→", "\n", "↵").Replace(s)
	}
	return fmt.Sprintf("at byte %d:\n got: …%s…\nwant: …%s…", i, show(got), show(want))
}

// benchCorpus runs one pass over the corpus per iteration, each with a
// fresh cache as one CLI run has, and reports tool bytes per second (MB/s)
// and tools per second.
func benchCorpus(b *testing.B, pass func(tools []corpusTool, opts macros.Options)) {
	dir := sharedDir(b)
	tools := loadTools(b, dir)
	var total int64
	for _, tool := range tools {
		total += int64(len(tool.src))
	}
	b.SetBytes(total)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		pass(tools, corpusOptions(dir))
	}
	b.ReportMetric(float64(len(tools)*b.N)/b.Elapsed().Seconds(), "tools/s")
}

// BenchmarkExpandCorpus parses and expands every corpus tool (imports read
// from disk once per pass) on one goroutine.
func BenchmarkExpandCorpus(b *testing.B) {
	benchCorpus(b, func(tools []corpusTool, opts macros.Options) {
		for _, tool := range tools {
			_, _ = macros.Expand(tool.name, tool.src, opts)
		}
	})
}

// BenchmarkExpandCorpusJSON is BenchmarkExpandCorpus plus the canonical JSON
// of every expansion.
func BenchmarkExpandCorpusJSON(b *testing.B) {
	benchCorpus(b, func(tools []corpusTool, opts macros.Options) {
		for _, tool := range tools {
			if res, err := macros.Expand(tool.name, tool.src, opts); err == nil {
				_ = res.JSON()
			}
		}
	})
}

// BenchmarkExpandCorpusParallel is BenchmarkExpandCorpusJSON on all CPUs,
// as the corpus test runs it.
func BenchmarkExpandCorpusParallel(b *testing.B) {
	benchCorpus(b, func(tools []corpusTool, opts macros.Options) { expandAll(tools, opts) })
}
