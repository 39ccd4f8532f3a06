package fuzz_test

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/fuzz"
	"github.com/galaxy-gtr/gtr/rules"
)

// The engines on the hostile suite, in process: parse, check with the
// strict ruleset (which expands and validates the tool) and the gated
// format of the default ruleset. Each must answer within a budget
// proportional to the input, in time and in bytes allocated.

// engineBudget is what one pass of the engines over a hostile input may
// cost: a constant plus a cost per input byte. The constant covers a few
// expansions stopped at the expansion bound's 16 MiB floor (check, the
// format's gate and the expansion each make one). The cost per byte is
// about twice what the heaviest family measures (a million character
// references, each an edit of GTR207, near 400 bytes and 700 ns a byte)
// and twenty to fifty times an ordinary corpus tool's, so that the test
// does not flake on a busy machine but work out of proportion to the
// input fails it.
type engineBudget struct {
	base      time.Duration
	perByte   time.Duration
	allocBase uint64
	allocByte uint64
}

var hostileEngineBudget = engineBudget{base: 2 * time.Second, perByte: 1500 * time.Nanosecond, allocBase: 96 << 20, allocByte: 2000}

// engineCost is what runEngines measured.
type engineCost struct {
	took  time.Duration // CPU time of the process (user and system), robust to a busy machine
	alloc uint64        // bytes allocated
	err   error         // the first error an engine answered with
}

// runEngines runs parse, strict check and gated format over a tool and
// its imports, as the CLI does for one file.
func runEngines(tool []byte, imports map[string][]byte) engineCost {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := cpuTime()
	mo := &macros.Options{Files: imports, NoDisk: true}
	t := cst.Parse("tool.xml", tool)
	var err error
	if t.WellFormed() {
		rules.CheckWith(t, rules.RulesetRules("strict"), mo)
		_, err = rules.FormatWith("tool.xml", tool, rules.RulesetRules("default"), rules.FormatOptions{Macros: mo, ExpansionGate: true, Tree: t})
		if err == nil {
			_, err = macros.ExpandTree(t, *mo)
		}
	}
	took := cpuTime() - start
	runtime.ReadMemStats(&after)
	return engineCost{took: took, alloc: after.TotalAlloc - before.TotalAlloc, err: err}
}

func inputSize(tool []byte, imports map[string][]byte) int {
	n := len(tool)
	for _, f := range imports {
		n += len(f)
	}
	return n
}

func TestHostileEngines(t *testing.T) {
	for _, h := range fuzz.HostileSuite() {
		for _, n := range h.Sizes {
			t.Run(fmt.Sprintf("%s/%d", h.Name, n), func(t *testing.T) {
				tool, imports := h.Build(n)
				size := inputSize(tool, imports)
				c := runEngines(tool, imports)
				b := hostileEngineBudget
				if limit := b.base + time.Duration(size)*b.perByte; c.took > limit {
					t.Errorf("%s n=%d (%d bytes): took %v, budget %v", h.Name, n, size, c.took, limit)
				}
				if limit := b.allocBase + uint64(size)*b.allocByte; c.alloc > limit {
					t.Errorf("%s n=%d (%d bytes): allocated %d MiB, budget %d MiB", h.Name, n, size, c.alloc>>20, limit>>20)
				}
				t.Logf("%s n=%d: %d bytes, %v, %.1f MiB allocated (%.0f B/byte), %v",
					h.Name, n, size, c.took.Round(time.Millisecond), float64(c.alloc)/(1<<20), float64(c.alloc)/float64(size), c.err)
			})
		}
	}
}

// FuzzResourceBound checks the resource bound on any input: parsing,
// checking and formatting a document allocate at most a constant plus a
// fixed multiple of its size. It is seeded with the hostile suite at its
// smaller sizes, so that mutations start from the bombs.
func FuzzResourceBound(f *testing.F) {
	for _, h := range fuzz.HostileSuite() {
		for _, n := range h.Sizes {
			tool, imports := h.Build(n)
			if len(imports) == 0 && len(tool) <= 64<<10 {
				f.Add(tool)
			}
		}
	}
	f.Fuzz(func(t *testing.T, tool []byte) {
		c := runEngines(tool, nil)
		b := hostileEngineBudget
		if limit := b.allocBase + uint64(len(tool))*b.allocByte; c.alloc > limit {
			t.Fatalf("%d bytes of input allocated %d bytes, past the bound %d", len(tool), c.alloc, limit)
		}
	})
}
