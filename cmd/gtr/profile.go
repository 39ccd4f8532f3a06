package main

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"runtime/pprof"
	"strings"
)

// startProfile writes a CPU profile of the run to the file named by
// GTR_CPUPROFILE, a heap profile at the end of the run to the file named
// by GTR_MEMPROFILE and the run's peak resident set to the file named by
// GTR_PEAKRSS, for measuring gtr on real files (see README, Performance),
// and what the garbage collector cost to the file named by GTR_GCSTATS.
// It returns the function that stops them.
func startProfile() func() {
	stopCPU := startCPUProfile()
	return func() {
		stopCPU()
		writeHeapProfile()
		writePeakRSS()
		writeGCStats()
	}
}

// writeGCStats writes, to the file named by GTR_GCSTATS, the runtime's
// count of the run's collections and its estimates of the CPU time spent
// collecting, returning memory to the system and running gtr's own code,
// and the bytes and objects it allocated, one "name value" line each: the cost of the memory limit of a run
// (batchMemoryLimit) in figures that do not depend on how busy the
// machine is.
func writeGCStats() {
	path := os.Getenv("GTR_GCSTATS")
	if path == "" {
		return
	}
	s := []metrics.Sample{
		{Name: "/gc/cycles/total:gc-cycles"},
		{Name: "/cpu/classes/gc/total:cpu-seconds"},
		{Name: "/cpu/classes/scavenge/total:cpu-seconds"},
		{Name: "/cpu/classes/user:cpu-seconds"},
		{Name: "/gc/heap/allocs:bytes"},
		{Name: "/gc/heap/allocs:objects"},
	}
	metrics.Read(s)
	var b strings.Builder
	for _, m := range s {
		name, unit, _ := strings.Cut(strings.TrimPrefix(m.Name, "/"), ":")
		// The two counts of allocations differ only in their units.
		if strings.HasPrefix(name, "gc/heap/allocs") {
			name += ":" + unit
		}
		switch m.Value.Kind() {
		case metrics.KindUint64:
			fmt.Fprintf(&b, "%s %d\n", name, m.Value.Uint64())
		case metrics.KindFloat64:
			fmt.Fprintf(&b, "%s %.3f\n", name, m.Value.Float64())
		}
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		fmt.Fprintf(os.Stderr, "gtr: GTR_GCSTATS: %v\n", err)
	}
}

// writePeakRSS writes the process's peak resident set, in bytes, as a
// decimal number to the file named by GTR_PEAKRSS. A parent cannot learn
// it from the child's resource usage on Linux, which reports the parent's
// own size when the parent is larger (the child's image before its exec
// counts).
func writePeakRSS() {
	path := os.Getenv("GTR_PEAKRSS")
	if path == "" {
		return
	}
	n, err := peakRSS()
	if err == nil {
		err = os.WriteFile(path, []byte(fmt.Sprintln(n)), 0o644)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "gtr: GTR_PEAKRSS: %v\n", err)
	}
}

func writeHeapProfile() {
	path := os.Getenv("GTR_MEMPROFILE")
	if path == "" {
		return
	}
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gtr: GTR_MEMPROFILE: %v\n", err)
		return
	}
	defer f.Close()
	// The profile is as of the last collection: collect now so that it
	// counts every allocation of the run.
	runtime.GC()
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		fmt.Fprintf(os.Stderr, "gtr: GTR_MEMPROFILE: %v\n", err)
	}
}

func startCPUProfile() func() {
	path := os.Getenv("GTR_CPUPROFILE")
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gtr: GTR_CPUPROFILE: %v\n", err)
		return func() {}
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		fmt.Fprintf(os.Stderr, "gtr: GTR_CPUPROFILE: %v\n", err)
		f.Close()
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}
}

// gcPercent is the garbage collector's target when GOGC is not set. gtr's
// live heap is small (one file's trees per worker, plus parsed macro
// files), and most of what it allocates dies with the file, so collecting
// four times less often than Go's default of 100 trades a few megabytes
// for about a fifth of the CPU time of a run over a repository (see
// README, Performance).
const gcPercent = 400

// batchHeap is how much of the heap a run over files that batchMemoryLimit
// does not bound (gtr validate, which sets no limit; the MCP server's runs
// over a working tree, under the server's own limit of 1 GiB) asks to have
// backed by huge pages (useHugePages): more than such a run over a few
// thousand tools touches. Only what the run touches is ever backed by
// memory.
const batchHeap = 1 << 30

// limitedBatchHeap is the same for a run of check or format, whose heap
// batchMemoryLimit keeps near 80 MiB: the page allocator reuses the
// lowest free addresses first, so the heap stays at the start of the
// region, and 256 MiB leave room for a run whose live heap lifts the
// limit (limitWhileSmall). A gigabyte made the start of such a run 3-6
// ms longer, before any file was read (the runtime records every page of
// the region in its span table), and kept 0.9 MB more of the runtime's
// metadata, which counts against the limit.
const limitedBatchHeap = 256 << 20

// batchMemoryLimit is the soft limit on the memory a run of check or
// format lets the Go runtime hold (debug.SetMemoryLimit), when GOMEMLIMIT
// does not set one. What such a run keeps live is small (the files being
// worked on and a bounded macro cache: 10-40 MB over the corpus), but it
// allocates some 800 MB of short-lived memory, so with gcPercent alone
// the heap would grow to five times the live heap (peak RSS 190-250 MB
// over the corpus). With the limit the collector runs when the heap
// nears it instead. Peak RSS is about 10 MiB above it: the pages of the
// executable the run touches after dropImagePages, and memory the runtime
// has not yet returned. Each MiB more costs a MiB of peak RSS and saves
// collections: 84 MiB peaks at 91-95 MiB over the corpus (series of five
// of check --ruleset strict and format --check, 2026-12-06); until then
// the executable's startup pages stayed resident and the limit was 80
// MiB for the same peak (see README, Performance).
const batchMemoryLimit = 84 << 20

// tuneBatch prepares the runtime for a run of check or format: the pages
// of startup out of the resident set (dropImagePages), the heap backed by
// huge pages (useHugePages) and its size bounded by
// batchMemoryLimit, until the live heap outgrows three quarters of it
// (see limitWhileSmall). At half, coinciding large files of the corpus
// sometimes lifted it (4 runs of format --check in 27 then peaked at
// 163-182 MiB).
func tuneBatch() {
	dropImagePages()
	useHugePages(limitedBatchHeap)
	if _, ok := os.LookupEnv("GOMEMLIMIT"); !ok {
		debug.SetMemoryLimit(batchMemoryLimit)
		limitWhileSmall(batchMemoryLimit / 4 * 3)
	}
}

// limitWhileSmall lifts the memory limit once a collection finds more
// than live bytes live. Near the limit the collector would run ever more
// often (a run over one very large file, say), up to half the CPU; past
// that point gcPercent alone decides, as before the limit. It checks
// after every collection, from the finalizer of an object made to die in
// it.
func limitWhileSmall(live uint64) {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var arm func()
	arm = func() {
		// Two pointers: neither tiny nor pointer-free, so that the
		// finalizer runs in the collection that frees it.
		runtime.SetFinalizer(new([2]*byte), func(*[2]*byte) {
			metrics.Read(sample)
			if sample[0].Value.Kind() == metrics.KindUint64 && sample[0].Value.Uint64() > live {
				debug.SetMemoryLimit(math.MaxInt64)
				return
			}
			arm()
		})
	}
	arm()
}

// tuneGC sets the collector's target to gcPercent unless the user chose
// one with GOGC.
func tuneGC() {
	if _, ok := os.LookupEnv("GOGC"); !ok {
		debug.SetGCPercent(gcPercent)
	}
}
