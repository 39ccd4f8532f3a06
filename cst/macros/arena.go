package macros

// Arena lends its memory to expansion after expansion. A caller that
// expands one tool after another, and is done with each [Result] before
// the next, passes the same arena in [Options.Arena] and calls Reset in
// between: the elements, attributes and children slices of the next
// expansion then reuse the slabs of the last instead of fresh memory,
// which a run over thousands of tools would otherwise allocate, zero and
// collect again for every tool. Only the tool's own tree and the copies
// of macro bodies come from the arena; macro files kept in a [Cache]
// never do. An arena is not safe for concurrent use.
type Arena struct {
	els   bump[Element]
	attrs bump[Attr]
	kids  bump[*Element]
}

// Reset makes the arena's memory free for the next expansion. Every
// Result expanded in the arena since the last Reset is dead: its elements
// are cleared and will be handed out again.
func (a *Arena) Reset() {
	a.els.reset()
	a.attrs.reset()
	a.kids.reset()
}

// bump hands out slices cut from chunks that are kept for reuse.
type bump[T any] struct {
	chunks [][]T
	cur    int // the chunk being cut
	used   int // how much of chunks[cur] is handed out
}

// minChunk is the smallest chunk a bump allocates, in items.
const minChunk = 4096

// take returns n zero items, as an empty slice of capacity n.
func (b *bump[T]) take(n int) []T {
	for ; b.cur < len(b.chunks); b.cur, b.used = b.cur+1, 0 {
		if c := b.chunks[b.cur]; len(c)-b.used >= n {
			s := c[b.used : b.used+n : b.used+n]
			b.used += n
			return s[:0]
		}
	}
	size := minChunk
	if len(b.chunks) > 0 {
		size = 2 * len(b.chunks[len(b.chunks)-1])
	}
	b.chunks = append(b.chunks, make([]T, max(size, n)))
	b.cur, b.used = len(b.chunks)-1, n
	return b.chunks[b.cur][:0:n]
}

// reset clears what was handed out, so that no stale pointer keeps
// garbage alive and every item is zero when taken again. It keeps the
// first chunk only, and only when it is of the smallest size: over the
// corpus that holds every expansion of 99% of the tools, and the larger
// chunks a few large tools made would otherwise stay with the arena for
// the rest of the run (the largest about 5 MB per worker), for nothing.
func (b *bump[T]) reset() {
	if len(b.chunks) == 0 {
		return
	}
	if len(b.chunks[0]) > minChunk {
		b.chunks = nil
	} else {
		if b.cur == 0 {
			clear(b.chunks[0][:b.used])
		} else {
			clear(b.chunks[0])
		}
		clear(b.chunks[1:]) // let the larger chunks go
		b.chunks = b.chunks[:1]
	}
	b.cur, b.used = 0, 0
}
