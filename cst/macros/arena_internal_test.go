package macros

import (
	"runtime"
	"runtime/debug"
	"testing"
)

// TestBumpResetKeepsFirstChunk checks that a reset keeps the first,
// smallest chunk for the next expansion and holds the larger ones only
// until the next collection: a take before it finds them again, and the
// collection frees them.
func TestBumpResetKeepsFirstChunk(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1)) // no collection until asked
	var b bump[Element]
	b.take(minChunk)            // fills the first chunk
	big := b.take(3 * minChunk) // a chunk of its own
	bigFirst := &big[:1][0]
	b.reset()
	if len(b.chunks) != 1 || len(b.chunks[0]) != minChunk || len(b.spare) != 1 {
		t.Fatalf("after reset: %d chunks (first of %d), %d spare; want the first of %d and 1 spare",
			len(b.chunks), len(b.chunks[0]), len(b.spare), minChunk)
	}
	b.take(minChunk)
	if again := b.take(2 * minChunk); &again[:1][0] != bigFirst {
		t.Error("a take before the next collection did not reuse the spare chunk")
	}
	b.reset()
	runtime.GC()
	if p := b.spare[0].first.Value(); p != nil {
		t.Error("the collection did not free the spare chunk")
	}
	b.take(minChunk)
	if c := b.take(2 * minChunk); len(c) != 0 || cap(c) != 2*minChunk || len(b.spare) != 0 {
		t.Errorf("after the collection: take gave len %d cap %d, %d spare listed; want a fresh chunk and none", len(c), cap(c), len(b.spare))
	}
}
