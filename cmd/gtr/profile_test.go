package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestPacedPercent(t *testing.T) {
	const mib = 1 << 20
	for _, c := range []struct {
		name                string
		goal, live, scanned uint64
		want                int
	}{
		{"small live heap: capped at gcPercent", 52 * mib, 10 * mib, 0, gcPercent},
		{"the goal reached exactly", 52 * mib, 20 * mib, 0, 160},
		{"stacks and globals count in the base", 52 * mib, 20 * mib, 12 * mib, 100},
		{"live near the goal: the floor", 52 * mib, 50 * mib, 0, minPacedPercent},
		{"live past the goal: the floor", 52 * mib, 60 * mib, 0, minPacedPercent},
		{"nothing live yet", 52 * mib, 0, 0, gcPercent},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := pacedPercent(c.goal, c.live, c.scanned)
			require.Equal(t, c.want, got)
			if got > minPacedPercent && got < gcPercent {
				// The runtime's goal for this GOGC is the pacer's goal.
				base := c.live + c.scanned
				require.InDelta(t, float64(c.goal), float64(c.live+base*uint64(got)/100), float64(base)/100)
			}
		})
	}
}

// TestPacer runs a pacer after real collections: it sets GOGC from what
// the collection found while the live heap is under lift, and lifts the
// memory limit (and restores gcPercent) once it is over.
func TestPacer(t *testing.T) {
	oldGC := debug.SetGCPercent(100)
	oldLimit := debug.SetMemoryLimit(math.MaxInt64)
	t.Cleanup(func() {
		debug.SetGCPercent(oldGC)
		debug.SetMemoryLimit(oldLimit)
	})

	const goal = 1 << 40 // far above any live heap: GOGC capped at gcPercent
	runtime.GC()
	require.True(t, newPacer(goal, math.MaxUint64, true).collected())
	require.Equal(t, gcPercent, debug.SetGCPercent(100))

	runtime.GC()
	require.True(t, newPacer(1, math.MaxUint64, true).collected()) // live is past a goal of one byte
	require.Equal(t, minPacedPercent, debug.SetGCPercent(100))

	// A pacer that leaves GOGC to the user does not set it.
	runtime.GC()
	require.True(t, newPacer(1, math.MaxUint64, false).collected())
	require.Equal(t, 100, debug.SetGCPercent(100))

	// Past lift: the limit goes and the pacer stops.
	debug.SetMemoryLimit(64 << 20)
	runtime.GC()
	require.False(t, newPacer(goal, 0, true).collected())
	require.Equal(t, int64(math.MaxInt64), debug.SetMemoryLimit(-1))
	require.Equal(t, gcPercent, debug.SetGCPercent(100))
}

// TestAfterEachCollection: the function runs after collections until it
// returns false.
func TestAfterEachCollection(t *testing.T) {
	calls := make(chan int, 10)
	n := 0
	afterEachCollection(func() bool {
		n++
		calls <- n
		return n < 3
	})
	for want := 1; want <= 3; want++ {
		got := 0
		for got == 0 {
			runtime.GC()
			select {
			case got = <-calls:
			default:
				runtime.Gosched()
			}
		}
		require.Equal(t, want, got)
	}
	for range 5 {
		runtime.GC()
	}
	runtime.Gosched()
	require.Empty(t, calls, "called again after returning false")
}
