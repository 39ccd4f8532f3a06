package cst

import (
	"slices"
	"unsafe"
	"weak"
)

// Slabs keeps the token and node arrays of released trees so that later
// parses fill them again instead of allocating, and zeroing, new ones:
// formatting one file parses each version of it, and all those trees die
// together once the file is done.
//
// Ownership: a tree made by [Slabs.Parse] belongs to whoever called it,
// and may be handed back with [Slabs.Release] only by that owner, once
// nothing reads it any more: not the tree, nor a [Node] or [Token] of it,
// nor anything that keeps one (a macro expansion, a cache). What a tree
// hands out that does not point into it stays valid: its source, names,
// spans, positions and errors. A released tree's arrays are nil, so any
// later use of its nodes or tokens panics instead of reading another
// file's tree. A tree its owner hands on for good (to a cache) goes
// through [Slabs.Keep] first, which gives it arrays of its own.
//
// The trees of one Slabs also share a table of element and attribute
// names (see nameTable), so that names repeated from file to file are not
// allocated again.
//
// A Slabs is not safe for concurrent use: give each goroutine its own.
// The zero value is ready to use, and a nil *Slabs parses as [Parse] does
// and releases nothing.
type Slabs struct {
	toks  [][]token
	nodes [][]node
	// bigToks and bigNodes hold the arrays over maxSlabBytes until the
	// next collection only (see large).
	bigToks  []large[token]
	bigNodes []large[node]
	names    *nameTable // shared by the trees of this Slabs: see nameTable
}

// maxSlabs bounds the arrays of each kind a [Slabs] keeps: formatting a
// file makes a handful of versions, and the largest arrays are kept, so
// that the next file's parses find room.
const maxSlabs = 4

// Parse is [Parse] filling arrays of released trees when one is large
// enough.
func (s *Slabs) Parse(file string, src []byte) *Tree {
	if s == nil {
		return Parse(file, src)
	}
	ntok, nnode := estimateSize(src)
	if s.names == nil || s.names.full() {
		s.names = &nameTable{}
	}
	return parse(file, src, take(&s.toks, &s.bigToks, ntok), take(&s.nodes, &s.bigNodes, nnode), s.names)
}

// Release hands the arrays of t to later parses and makes t unusable. The
// caller must own t (see [Slabs]); t need not come from s. Releasing a
// tree twice panics.
func (s *Slabs) Release(t *Tree) {
	if s == nil {
		return
	}
	if t.toks == nil {
		panic("cst: tree released twice")
	}
	give(&s.toks, &s.bigToks, t.toks)
	give(&s.nodes, &s.bigNodes, t.nodes)
	t.toks, t.nodes = nil, nil
}

// Keep gives t, parsed by s, arrays of its own of its exact size and
// takes back the arrays it was parsed into, for a tree that outlives the
// file it was parsed for (a macro file a run's cache keeps). Those arrays
// are as large as the largest file s parsed into them: kept by such trees,
// they would be lost to the slabs, and a run would hold every one.
func (s *Slabs) Keep(t *Tree) {
	if s == nil || t.toks == nil {
		return
	}
	toks, nodes := slices.Clone(t.toks), slices.Clone(t.nodes)
	give(&s.toks, &s.bigToks, t.toks)
	give(&s.nodes, &s.bigNodes, t.nodes)
	t.toks, t.nodes = toks, nodes
}

// take removes from free (else from big) the smallest array with room
// for n elements and returns it empty, or allocates one.
func take[T any](free *[][]T, big *[]large[T], n int) []T {
	best := -1
	for i, a := range *free {
		if cap(a) >= n && (best < 0 || cap(a) < cap((*free)[best])) {
			best = i
		}
	}
	if best < 0 {
		return takeLarge(big, n)
	}
	a := (*free)[best]
	last := len(*free) - 1
	(*free)[best] = (*free)[last]
	(*free)[last] = nil
	*free = (*free)[:last]
	return a[:0]
}

// maxSlabBytes bounds the size of an array a [Slabs] keeps for good:
// enough for a file of about 100 kB, larger than all but a few in the
// corpus. Kept for good, the arrays of the few larger files would stay
// with every worker for the rest of a run; they are held as large.
const maxSlabBytes = 256 << 10

// give adds a to free, dropping the smallest array when free is full; an
// array larger than maxSlabBytes goes to big.
func give[T any](free *[][]T, big *[]large[T], a []T) {
	var item T
	if uintptr(cap(a))*unsafe.Sizeof(item) > maxSlabBytes {
		giveLarge(big, a)
		return
	}
	if len(*free) < maxSlabs {
		*free = append(*free, a[:0])
		return
	}
	small := 0
	for i, b := range *free {
		if cap(b) < cap((*free)[small]) {
			small = i
		}
	}
	if cap(a) > cap((*free)[small]) {
		(*free)[small] = a[:0]
	}
}

// large is an array released by a tree and held through a weak pointer:
// until the next garbage collection frees it, a parse may fill it again
// instead of allocating one (a large file is parsed several times, and
// large files often come together), and it counts as garbage, not as
// live memory that every later collection would carry.
type large[T any] struct {
	first weak.Pointer[T] // the array's first element
	cap   int
}

// takeLarge removes from big the smallest array the collector has not
// freed with room for n elements and returns it empty, or allocates one.
// It drops what the collector freed.
func takeLarge[T any](big *[]large[T], n int) []T {
	var best []T
	at := -1
	kept := (*big)[:0]
	for _, l := range *big {
		p := l.first.Value()
		if p == nil {
			continue // freed
		}
		kept = append(kept, l)
		if l.cap >= n && (best == nil || l.cap < cap(best)) {
			best, at = unsafe.Slice(p, l.cap), len(kept)-1
		}
	}
	clear((*big)[len(kept):])
	*big = kept
	if best == nil {
		return make([]T, 0, n)
	}
	*big = slices.Delete(*big, at, at+1)
	return best[:0]
}

// giveLarge adds a to big, in place of the smallest array when big holds
// maxSlabs already.
func giveLarge[T any](big *[]large[T], a []T) {
	l := large[T]{first: weak.Make(&a[:1][0]), cap: cap(a)}
	if len(*big) < maxSlabs {
		*big = append(*big, l)
		return
	}
	small := 0
	for i, b := range *big {
		if b.cap < (*big)[small].cap {
			small = i
		}
	}
	if l.cap > (*big)[small].cap {
		(*big)[small] = l
	}
}
