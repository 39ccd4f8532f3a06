package main

import (
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
)

// TestInOrder puts results from several goroutines in shuffled order and
// checks that inOrder emits each exactly once, in index order, never two
// at a time, and nothing before open allows it.
func TestInOrder(t *testing.T) {
	for round := range 200 {
		n := 1 + rand.IntN(300)
		idx := rand.Perm(n)
		openAt := rand.IntN(n + 1) // open allows emits once this many results are in
		var in atomic.Int64
		var busy atomic.Bool
		var mu sync.Mutex // guards got and bad, which emits running at once would race on
		var got []int
		var bad []string
		fail := func(why string) {
			mu.Lock()
			bad = append(bad, why)
			mu.Unlock()
		}
		o := &inOrder[int]{
			emit: func(i, r int) {
				if !busy.CompareAndSwap(false, true) {
					fail("two emits at once")
				}
				if r != i*10 {
					fail("result of another index")
				}
				if in.Load() < int64(openAt) {
					fail("emitted before open allowed it")
				}
				mu.Lock()
				got = append(got, i)
				mu.Unlock()
				if rand.IntN(8) == 0 {
					runtime.Gosched() // let the others put meanwhile
				}
				busy.Store(false)
			},
			open: func() bool { return in.Load() >= int64(openAt) },
		}
		var next atomic.Int64
		var wg sync.WaitGroup
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					k := int(next.Add(1) - 1)
					if k >= n {
						return
					}
					i := idx[k]
					in.Add(1)
					o.put(i, i*10)
				}
			}()
		}
		wg.Wait()
		o.flush()
		if len(bad) > 0 {
			t.Fatalf("round %d (n %d): %v", round, n, bad[0])
		}
		if len(got) != n {
			t.Fatalf("round %d: %d results emitted, want %d", round, len(got), n)
		}
		for k, i := range got {
			if i != k {
				t.Fatalf("round %d: emitted %v, not in index order", round, got)
			}
		}
	}
}
