package mcpserver

import (
	"context"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/galaxy-gtr/gtr/rules/schema"
)

// medianTool returns the corpus tool of median size, or skips.
func medianTool(tb testing.TB) string {
	tb.Helper()
	return corpusTool(tb, false)
}

// largestTool returns the largest corpus tool file (its root <tool>).
func largestTool(tb testing.TB) string {
	tb.Helper()
	return corpusTool(tb, true)
}

// corpusTool returns the median-size corpus tool file, or with largest
// the largest.
func corpusTool(tb testing.TB, largest bool) string {
	tb.Helper()
	var dir string
	for _, d := range []string{os.Getenv("GTR_SHARED"), "../../../../../shared"} {
		if st, err := os.Stat(filepath.Join(d, "corpus")); d != "" && err == nil && st.IsDir() {
			dir = filepath.Join(d, "corpus")
			break
		}
	}
	if dir == "" {
		tb.Skip("skipping: ../shared/corpus not found (set GTR_SHARED)")
	}
	type f struct {
		path string
		size int64
	}
	var files []f
	_ = filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && strings.HasSuffix(p, ".xml") {
			files = append(files, f{p, info.Size()})
		}
		return nil
	})
	sort.Slice(files, func(i, j int) bool {
		return files[i].size < files[j].size || files[i].size == files[j].size && files[i].path < files[j].path
	})
	if largest {
		for i := len(files) - 1; i >= 0; i-- {
			src, _ := os.ReadFile(files[i].path)
			if strings.Contains(string(src), "<tool") {
				return string(src)
			}
		}
	}
	for i := len(files) / 2; i < len(files); i++ {
		src, _ := os.ReadFile(files[i].path)
		if strings.Contains(string(src), "<tool") {
			return string(src)
		}
	}
	tb.Skip("no tool found")
	return ""
}

func BenchmarkCheckTool(b *testing.B) {
	xml := medianTool(b)
	b.SetBytes(int64(len(xml)))
	for b.Loop() {
		if _, err := checkTool(context.Background(), CheckInput{XML: xml, Selection: Selection{Rulesets: []string{"strict"}}}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFormatTool(b *testing.B) {
	xml := medianTool(b)
	b.SetBytes(int64(len(xml)))
	for b.Loop() {
		if _, err := formatTool(context.Background(), FormatInput{XML: xml}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckToolSession measures a whole call through an MCP session
// (JSON encoding, schema validation, in-memory transport).
func BenchmarkCheckToolSession(b *testing.B) {
	xml := medianTool(b)
	cs := connect(b)
	for b.Loop() {
		if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "check_tool", Arguments: CheckInput{XML: xml}}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestCheckToolLatencyLargest reports the server-side p50 and p99 of
// check_tool with the strict ruleset (every advisory check) on the largest
// corpus tool, as a running server sees them: under the collector
// settings gtr mcp runs with (main's gcPercent 400 and mcpMemoryLimit,
// 1 GiB), after the schema tables New readies at the server's start, and
// over 200 calls after ten that warm the server up, reported on their own:
// the first fills what later calls share, and until the heap has grown to
// its working size the calls fault its pages in (30-45 ms for the first
// few on the project's VM, where later calls take 5-8 ms). The target is
// 20 ms; the test fails past 250 ms for the median, a regression however
// busy the machine, and says where the target stands.
func TestCheckToolLatencyLargest(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping latency measurement in -short mode")
	}
	xml := largestTool(t)
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(1 << 30))
	schema.Prepare()
	in := CheckInput{XML: xml, Selection: Selection{Rulesets: []string{"strict"}}}
	call := func() time.Duration {
		start := time.Now()
		if _, err := checkTool(context.Background(), in); err != nil {
			t.Fatal(err)
		}
		return time.Since(start)
	}
	first := call()
	var warm time.Duration
	for range 9 {
		warm = max(warm, call())
	}
	d := make([]time.Duration, 200)
	for i := range d {
		d[i] = call()
	}
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	p50, p99 := d[len(d)/2], d[len(d)*99/100-1]
	t.Logf("check_tool -ruleset strict on the largest corpus tool (%d bytes): first call %v, slowest of the next 9 %v; then p50 %v, p99 %v (slowest %v)",
		len(xml), first, warm, p50, p99, d[len(d)-1])
	// The bound is on the median, which a busy machine moves less than
	// the slowest call; work out of proportion slows every call.
	if p50 > 250*time.Millisecond {
		t.Errorf("check_tool too slow on the largest tool: p50 %v (regression bound 250ms; p99 target 20ms)", p50)
	} else if p99 > 20*time.Millisecond {
		t.Logf("p99 %v is past the target of 20ms", p99)
	}
}

// TestCheckToolLatency reports server-side p50 and p99 of check_tool on the
// median-size corpus tool; the targets are 2 ms and 20 ms.
func TestCheckToolLatency(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping latency measurement in -short mode")
	}
	xml := medianTool(t)
	var d []time.Duration
	for range 500 {
		start := time.Now()
		if _, err := checkTool(context.Background(), CheckInput{XML: xml, Selection: Selection{Rulesets: []string{"strict"}}}); err != nil {
			t.Fatal(err)
		}
		d = append(d, time.Since(start))
	}
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	p50, p99 := d[len(d)/2], d[len(d)*99/100]
	t.Logf("check_tool on a %d-byte tool: p50 %v, p99 %v", len(xml), p50, p99)
	if p50 > 2*time.Millisecond || p99 > 20*time.Millisecond {
		t.Errorf("check_tool too slow: p50 %v (target 2ms), p99 %v (target 20ms)", p50, p99)
	}
}
