package macros

import (
	"slices"
	"unsafe"
	"weak"
)

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
	// buf, vbuf, stack and open are the scratch buffers of the
	// conversion of the tool (see converter), which would otherwise grow
	// anew for every tool.
	buf, vbuf []byte
	stack     []*Element
	open      []int32
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
	// spare holds, through weak pointers, the chunks reset let go, until
	// the next garbage collection frees them: a large tool that comes
	// before it finds them, and they are not live memory that every
	// later collection would carry.
	spare []spareChunk[T]
}

type spareChunk[T any] struct {
	first weak.Pointer[T]
	len   int
}

// maxSpare bounds the chunks a bump holds as spare.
const maxSpare = 4

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
	b.chunks = append(b.chunks, b.chunk(max(size, n)))
	b.cur, b.used = len(b.chunks)-1, n
	return b.chunks[b.cur][:0:n]
}

// chunk returns a zero chunk of at least n items: the smallest spare one
// the collector has not freed, else a new one of n.
func (b *bump[T]) chunk(n int) []T {
	var best []T
	at := -1
	kept := b.spare[:0]
	for _, c := range b.spare {
		p := c.first.Value()
		if p == nil {
			continue // freed
		}
		kept = append(kept, c)
		if c.len >= n && (best == nil || c.len < len(best)) {
			best, at = unsafe.Slice(p, c.len), len(kept)-1
		}
	}
	clear(b.spare[len(kept):])
	b.spare = kept
	if best == nil {
		return make([]T, n)
	}
	b.spare = slices.Delete(b.spare, at, at+1)
	return best
}

// reset clears what was handed out, so that no stale pointer keeps
// garbage alive and every item is zero when taken again. It keeps the
// first chunk only, and only when it is of the smallest size: over the
// corpus that holds every expansion of 99% of the tools. The others,
// which a few large tools need, go to spare: kept, they would stay with
// the arena for the rest of the run (the largest about 5 MB per worker).
func (b *bump[T]) reset() {
	for i := 0; i < b.cur && i < len(b.chunks); i++ {
		clear(b.chunks[i])
	}
	if b.cur < len(b.chunks) {
		clear(b.chunks[b.cur][:b.used])
	}
	keep := 0
	if len(b.chunks) > 0 && len(b.chunks[0]) <= minChunk {
		keep = 1
	}
	for i := keep; i < len(b.chunks); i++ {
		b.addSpare(b.chunks[i])
	}
	clear(b.chunks[keep:])
	b.chunks = b.chunks[:keep]
	b.cur, b.used = 0, 0
}

// addSpare adds the zero chunk c to spare, in place of the smallest when
// spare is full.
func (b *bump[T]) addSpare(c []T) {
	s := spareChunk[T]{first: weak.Make(&c[0]), len: len(c)}
	if len(b.spare) < maxSpare {
		b.spare = append(b.spare, s)
		return
	}
	small := 0
	for i, x := range b.spare {
		if x.len < b.spare[small].len {
			small = i
		}
	}
	if s.len > b.spare[small].len {
		b.spare[small] = s
	}
}
