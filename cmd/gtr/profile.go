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
// the pacer and batchMemoryLimit keep under 84 MiB: the page allocator
// reuses the lowest free addresses first, so the heap stays at the start
// of the region, and 256 MiB leave room for a run over one large file,
// whose live heap lifts the limit. Each MiB reserved costs the start of
// every run (the runtime records every page of the region in its span
// table, and the first collection frees it): a gigabyte made it 3-6 ms
// longer and kept 0.9 MB more of the runtime's metadata under the limit.
// 128 MiB started 3-4 ms sooner than 256 (check --ruleset strict over an
// empty directory, 2026-12-06) but put the heap past it on small pages
// for a large tool: 6 MB of character references took 1.0-1.1 s instead
// of 0.5-0.9 s (TestHostileCLI, whose 9 MB of CDATA then passed its CPU
// budget).
const limitedBatchHeap = 256 << 20

// batchMemoryLimit is the soft limit on the memory a run of check or
// format lets the Go runtime hold (debug.SetMemoryLimit), when GOMEMLIMIT
// does not set one. What such a run keeps live is small (the files being
// worked on and a bounded macro cache: 10-40 MB over the corpus), but it
// allocates some 700 MB of short-lived memory, so with gcPercent alone
// the heap would grow to five times the live heap (peak RSS 170-250 MB
// over the corpus). The pacer collects at batchHeapGoal, well under it;
// the limit holds the heap, the free pages the runtime keeps and its own
// memory, when they pass it, by collecting sooner and returning pages.
// Peak RSS is about 10 MiB above it at most: the pages of the executable
// the run touches after dropImagePages. 84 MiB peaks at 89-95 MiB over
// the corpus (series of 30 runs of check --ruleset strict, 2026-12-06,
// with the pacer); until session 16 the
// executable's startup pages stayed resident and the limit was 80 MiB
// for the same peak (see README, Performance).
const batchMemoryLimit = 84 << 20

// batchHeapGoal is the heap a run of check or format lets the collector
// grow to before it collects, when neither GOGC nor GOMEMLIMIT is set
// (see pacer): well under batchMemoryLimit, so that the heap, the pages
// it has freed and not yet reused, and the runtime's own memory stay
// under the limit too. At the limit, the runtime keeps under it by
// returning free pages to the system as it takes others (madvise, on the
// allocating goroutine) and faulting them in again: with the collector
// paced by the limit alone (a heap goal of 64-71 MB) that cost the run
// over the corpus a quarter of its system time (0.28-0.30 s against
// 0.21 s now) and made check --ruleset strict take 1.45-1.54x the wall
// time of xmllint --noout against 1.36-1.44x with this goal (2026-12-06,
// series of 30 interleaved rounds), for the same peak RSS (89-95 MiB).
// Goals from 46 to 60 MiB were no faster.
const batchHeapGoal = 52 << 20

// minPacedPercent bounds the GOGC the pacer sets from below: a live
// heap near the goal (a run over very large files) gets a collection per
// quarter of it allocated, not one per file.
const minPacedPercent = 25

// tuneBatch prepares the runtime for a run of check or format: the pages
// of startup out of the resident set (dropImagePages), the heap backed by
// huge pages (useHugePages), collected when it reaches batchHeapGoal
// (see pacer) and its memory bounded by batchMemoryLimit, until the live
// heap outgrows three quarters of the limit. At half, coinciding large
// files of the corpus sometimes lifted it (4 runs of format --check in 27
// then peaked at 163-182 MiB). A GOGC or GOMEMLIMIT of the user's is kept:
// GOMEMLIMIT alone leaves the run at gcPercent, GOGC alone at the limit.
func tuneBatch() {
	dropImagePages()
	useHugePages(limitedBatchHeap)
	if _, ok := os.LookupEnv("GOMEMLIMIT"); ok {
		return
	}
	debug.SetMemoryLimit(batchMemoryLimit)
	_, userGC := os.LookupEnv("GOGC")
	afterEachCollection(newPacer(batchHeapGoal, batchMemoryLimit/4*3, !userGC).collected)
}

// pacer sets the collector's target after each collection (debug.SetGCPercent)
// so that the next one comes when the heap reaches goal, and lifts the
// memory limit once a collection finds more than lift bytes live: near
// the limit the collector would run ever more often (a run over one very
// large file, say), up to half the CPU, and past that point gcPercent
// alone decides, as before the limit. A pacer that does not set GOGC
// (the user set it) only lifts the limit.
type pacer struct {
	goal, lift uint64
	setGC      bool
	sample     []metrics.Sample
}

func newPacer(goal, lift uint64, setGC bool) *pacer {
	return &pacer{goal: goal, lift: lift, setGC: setGC, sample: []metrics.Sample{
		{Name: "/gc/heap/live:bytes"},
		{Name: "/gc/scan/stack:bytes"},
		{Name: "/gc/scan/globals:bytes"},
	}}
}

// collected reads what the last collection found and sets the target of
// the next; it reports whether to go on after the next collection.
func (p *pacer) collected() bool {
	metrics.Read(p.sample)
	var v [3]uint64
	for i, s := range p.sample {
		if s.Value.Kind() != metrics.KindUint64 {
			return false
		}
		v[i] = s.Value.Uint64()
	}
	live := v[0]
	if live > p.lift {
		debug.SetMemoryLimit(math.MaxInt64)
		if p.setGC {
			debug.SetGCPercent(gcPercent)
		}
		return false
	}
	if p.setGC {
		debug.SetGCPercent(pacedPercent(p.goal, live, v[1]+v[2]))
	}
	return true
}

// pacedPercent is the GOGC that puts the next collection's heap goal at
// goal, given the live heap and the stacks and globals the collector
// scans: the runtime's goal is live + (live + scanned) * GOGC / 100.
func pacedPercent(goal, live, scanned uint64) int {
	base := live + scanned
	switch {
	case goal <= live:
		return minPacedPercent
	case base == 0:
		return gcPercent
	}
	return max(minPacedPercent, min(gcPercent, int((goal-live)*100/base)))
}

// afterEachCollection calls f after each collection, from the finalizer
// of an object made to die in it, until f returns false.
func afterEachCollection(f func() bool) {
	var arm func()
	arm = func() {
		// Two pointers: neither tiny nor pointer-free, so that the
		// finalizer runs in the collection that frees it.
		runtime.SetFinalizer(new([2]*byte), func(*[2]*byte) {
			if f() {
				arm()
			}
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
