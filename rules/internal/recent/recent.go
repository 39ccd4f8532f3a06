// Package recent remembers the values computed for the last few keys
// asked about, for analyses that several rules, or the files of a run one
// after another, ask for again.
package recent

import "sync"

// Memo remembers the values of the last keys its Of was asked about, as
// many as its size, the oldest forgotten first. It is safe for concurrent
// use. Values are shared between callers, which only read them.
type Memo[K comparable, V any] struct {
	mu      sync.Mutex
	entries []entry[K, V]
	next    int
}

type entry[K comparable, V any] struct {
	key K
	val V
	set bool
}

// New returns a Memo of n entries.
func New[K comparable, V any](n int) *Memo[K, V] {
	return &Memo[K, V]{entries: make([]entry[K, V], n)}
}

// Of returns the value remembered for key, computing it with compute,
// outside the lock, when there is none.
func (m *Memo[K, V]) Of(key K, compute func() V) V {
	m.mu.Lock()
	for _, e := range m.entries {
		if e.set && e.key == key {
			m.mu.Unlock()
			return e.val
		}
	}
	m.mu.Unlock()
	v := compute()
	m.mu.Lock()
	m.entries[m.next] = entry[K, V]{key, v, true}
	m.next = (m.next + 1) % len(m.entries)
	m.mu.Unlock()
	return v
}
