package cst

import (
	"encoding/binary"
	"hash/maphash"
)

// nameTable interns element and attribute names, so that [Node.Name]
// returns one shared string per distinct name without allocating. A tree
// keeps the names by the index its nodes hold (node.nameID).
//
// [Parse] gives each tree a table of its own. [Slabs.Parse] gives the trees
// of one Slabs a table they share: the files a worker formats use much the
// same few dozen names, so after the first files a parse finds every name
// already there instead of allocating its string and building a hash table
// again. The table only grows while shared; each tree keeps the prefix of
// it that existed when its parse ended, so later additions, made past that
// prefix, never touch what a tree reads.
type nameTable struct {
	list   []string        // the names, by index
	slots  []uint64        // hash table: a name's hash above its index into list plus one, 0 empty
	recent [256]recentName // recently interned short names, by a hash of their words

	tags int32      // start tags read so far by the table's parses: the current one's number
	seen []attrMark // by name index: where the name was last an attribute
}

// recentName is an entry of nameTable.recent: a name of at most 16 bytes
// as two little-endian words, zero past its end, its length and its index
// plus one (0 for an empty entry).
type recentName struct {
	lo, hi uint64
	n, id  int32
}

// attrMark records the start tag (its number, counted from 1) in which a
// name last appeared as an attribute and the offset of that attribute.
type attrMark struct {
	tag, off int32
}

// Bounds on a shared table, beyond which [Slabs.Parse] starts a new one:
// the names of unusual files must not accumulate without end in a long
// run, and start tag numbers must not overflow.
const (
	maxSharedNames = 1 << 14
	maxSharedTags  = 1 << 30
)

// full reports whether the table should no longer be shared.
func (nt *nameTable) full() bool {
	return len(nt.list) >= maxSharedNames || nt.tags >= maxSharedTags
}

// nameSeed seeds the hash of names in lookup.
var nameSeed = maphash.MakeSeed()

// intern returns the index of name, adding it on first sight.
//
// Most names are short and repeat names seen shortly before: they are
// looked for first in a small cache, as two words compared at once rather
// than as strings, before the whole name is hashed. The words are read
// from the bytes name is a slice of, past its end when it is shorter than
// 16 bytes (the source of the file, whose bytes after the name are there
// to read), and the bytes past its end are masked off.
func (nt *nameTable) intern(name []byte) int32 {
	n := len(name)
	if n > 16 || cap(name) < 16 {
		return nt.lookup(name)
	}
	w := name[:16]
	lo, hi := binary.LittleEndian.Uint64(w), binary.LittleEndian.Uint64(w[8:])
	if n < 8 {
		lo &= 1<<(8*n) - 1
		hi = 0
	} else {
		hi &= 1<<(8*(n-8)) - 1 // all of hi for 16 bytes: a shift by 64 gives 0
	}
	// A multiplicative hash of the words: its top byte picks the entry.
	r := &nt.recent[((lo^hi*0x9E3779B97F4A7C15)*0x9E3779B97F4A7C15)>>56]
	if r.id > 0 && r.lo == lo && r.hi == hi && r.n == int32(n) {
		return r.id - 1
	}
	id := nt.lookup(name)
	*r = recentName{lo: lo, hi: hi, n: int32(n), id: id + 1}
	return id
}

// lookup returns the index of name, adding it on first sight. The index is
// found through slots, an open-addressing hash table of name indexes plus
// one: every element and attribute name passes through here, and a Go map
// (hashing a string key, then growing by rehashing for each new file) took
// over a tenth of the parse time. Each slot keeps the name's hash too, so
// that neither a probe past another name nor growing the table reads the
// names themselves: with a million distinct names (a hostile start tag),
// each such read missed the processor's cache and lookups took ten times
// as long per name as with a thousand.
func (nt *nameTable) lookup(name []byte) int32 {
	// A seeded hash, as Go maps use, so that no file can make every name
	// collide.
	h := uint32(maphash.Bytes(nameSeed, name))
	if len(nt.slots) == 0 {
		// Tool files use a few dozen distinct names: start with room for
		// that many instead of growing from one.
		nt.slots = make([]uint64, 64)
		nt.list = make([]string, 0, 32)
		nt.seen = make([]attrMark, 0, 32)
	}
	mask := uint32(len(nt.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		slot := nt.slots[i]
		if slot == 0 {
			break
		}
		if uint32(slot>>32) == h && nt.list[int32(slot)-1] == string(name) {
			return int32(slot) - 1
		}
	}
	id := int32(len(nt.list))
	nt.list = append(nt.list, string(name))
	if 2*len(nt.list) > len(nt.slots) {
		// Keep the table at most half full: rehash into one twice as large.
		old := nt.slots
		nt.slots = make([]uint64, 2*len(old))
		for _, slot := range old {
			if slot != 0 {
				nt.slots[nt.freeSlot(uint32(slot>>32))] = slot
			}
		}
	}
	nt.slots[nt.freeSlot(h)] = uint64(h)<<32 | uint64(id+1)
	return id
}

// freeSlot returns the first empty slot of slots for hash h.
func (nt *nameTable) freeSlot(h uint32) uint32 {
	mask := uint32(len(nt.slots) - 1)
	i := h & mask
	for nt.slots[i] != 0 {
		i = (i + 1) & mask
	}
	return i
}

// startTag starts a new set of attribute names for seenAttr.
func (nt *nameTable) startTag() { nt.tags++ }

// seenAttr returns the offset of an earlier attribute of the current start
// tag with the name whose index is id, or -1, and records this one, which
// starts at start. Each name remembers the last start tag it was seen in,
// so the check takes constant time however many attributes a tag has.
func (nt *nameTable) seenAttr(id int32, start int) int {
	for len(nt.seen) <= int(id) {
		nt.seen = append(nt.seen, attrMark{})
	}
	m := &nt.seen[id]
	if m.tag == nt.tags {
		return int(m.off)
	}
	*m = attrMark{tag: nt.tags, off: int32(start)}
	return -1
}
