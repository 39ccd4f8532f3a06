package macros

import (
	"bytes"
	"slices"

	"github.com/galaxy-gtr/gtr/cst"
)

// The last substitution of an expansion, of the tool's tokens over the
// whole tree, looks at every text, attribute name and value, while in most
// tools few hold a token: the elements written in the tool and the copies
// of macro bodies that nothing changed since are what their source says,
// and their source tells at once whether any of their strings can. So
// that it may skip them, expansion marks each element it changes, and the
// ones above it ([Element.touched]); an element not marked holds, with
// everything below it, the strings decoded from its span of its source
// file (Loc). A string decoded from a span holds only bytes of the span,
// except for line ends and spaces normalised from other blank bytes and
// what references stand for, which all start with '&': a subtree whose
// span holds neither '&' nor the first byte of any token name, none of
// them blank, holds no token.

// untouchedSkip turns the skipping on; tests turn it off to compare.
var untouchedSkip = true

// touch marks e and the elements above it as changed, when the expansion
// tracks changes. An element already marked has its ancestors marked.
func (x *expander) touch(e *Element) {
	if !x.track {
		return
	}
	for ; e != nil && !e.touched; e = e.parent {
		e.touched = true
	}
}

// skipsUntouched reports whether the untouched subtrees can be told from
// the source for table t: when no token name is empty or starts with a
// blank byte or '&', and the names start with few distinct bytes (each is
// searched for through the sources).
func skipsUntouched(t *tokenTable) bool {
	if t.len() == 0 || t.hasEmpty || t.nFirst > 3 || t.first['&'] {
		return false
	}
	for b := 0; b <= ' '; b++ {
		if t.first[b] {
			return false
		}
	}
	return true
}

// untouched finds the untouched subtrees that hold no token of one table:
// for each source file, the offsets of the bytes that may start a token
// or a reference, in order.
type untouched struct {
	res     *Result
	set     byteSet
	imports []*macroFile // the files loaded, which keep their offsets for other tools
	// files are the files asked about so far: a few, kept in place
	// rather than in a slice the expansion would allocate.
	files  [4]sourceMarks
	nFiles int
	more   []sourceMarks
}

// byteSet is the bytes that may start a token or a reference: '&' and at
// most three first bytes of token names (see skipsUntouched).
type byteSet struct {
	n int
	b [4]byte
}

type sourceMarks struct {
	file string
	ok   bool    // the file's source is known
	offs []int32 // where the bytes are, in order; shared, never modified
	k    int     // the first offset at or past the last subtree asked about
	// For the tool, which no other expansion asks about, the bytes are
	// searched for lazily instead (src not nil): for each byte of the
	// set, no occurrence lies in [from, next), and next is one or the
	// end of src.
	src        []byte
	from, next [4]int
}

// holds reports whether [start, end) holds one of the bytes of set.
func (m *sourceMarks) holds(start, end int, set byteSet) bool {
	if m.src == nil {
		// The walk asks in document order, mostly about spans further on
		// in the same file: the cursor moves forward, and is searched for
		// anew only when a span starts before the last.
		s, e := int32(start), int32(end)
		if m.k > 0 && m.offs[m.k-1] >= s || m.k < len(m.offs) && m.offs[m.k] < s {
			m.k, _ = slices.BinarySearch(m.offs, s)
		}
		return m.k < len(m.offs) && m.offs[m.k] < e
	}
	// Each search stops at the first occurrence past start, and is made
	// again only for a span that starts outside what the last one
	// covered: the walk goes through most of the tool in order, so each
	// byte is searched for through the source about once, without
	// stopping at the occurrences no span starts before.
	for i, b := range set.b[:set.n] {
		if start < m.from[i] || start > m.next[i] {
			m.from[i], m.next[i] = start, len(m.src)
			if j := bytes.IndexByte(m.src[start:], b); j >= 0 {
				m.next[i] = start + j
			}
		}
		if m.next[i] < end {
			return true
		}
	}
	return false
}

func newUntouched(res *Result, t *tokenTable, imports []*macroFile) untouched {
	u := untouched{res: res, imports: imports}
	u.set.b[0], u.set.n = '&', 1
	for c := range t.first {
		if t.first[c] {
			u.set.b[u.set.n] = byte(c)
			u.set.n++
		}
	}
	return u
}

// skips reports whether the substitution may pass over e and the elements
// below it: e is untouched and its span holds none of the bytes. It
// clears the mark of a touched element, which the substitution then goes
// through: once it is done, no element is marked.
func (u *untouched) skips(e *Element) bool {
	if e.touched {
		e.touched = false
		return false
	}
	m := u.marks(e.Loc.File)
	return m.ok && !m.holds(e.Loc.Span.Start, e.Loc.Span.End, u.set)
}

// marks returns the offsets of the bytes in file, found on first use.
func (u *untouched) marks(file string) *sourceMarks {
	for i := range u.files[:u.nFiles] {
		if u.files[i].file == file {
			return &u.files[i]
		}
	}
	for i := range u.more {
		if u.more[i].file == file {
			return &u.more[i]
		}
	}
	m := sourceMarks{file: file}
	// A tree is kept under the name it was parsed as, which its elements'
	// Locs hold; a parse handed to a Cache under another name is not
	// trusted to be theirs.
	if t := u.res.treeOf(file); t != nil && t.File() == file {
		m.ok = true
		if f := u.imported(t); f != nil {
			m.offs = f.marks(u.set)
		} else {
			m.src = t.Source()
			m.next = [4]int{-1, -1, -1, -1} // nothing searched yet: every span starts past next
		}
	}
	if u.nFiles < len(u.files) {
		u.files[u.nFiles] = m
		u.nFiles++
		return &u.files[u.nFiles-1]
	}
	u.more = append(u.more, m)
	return &u.more[len(u.more)-1]
}

// imported returns the loaded macro file of tree t, or nil for the tool.
func (u *untouched) imported(t *cst.Tree) *macroFile {
	for _, f := range u.imports {
		if f.tree == t {
			return f
		}
	}
	return nil
}

// marks returns the offsets of the bytes of set in the file's source,
// found once for each set: the many tools that import a file mostly use
// tokens of one style. They are counted first, so that the slice kept is
// no larger than it needs to be.
func (f *macroFile) marks(set byteSet) []int32 {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, m := range f.offs {
		if m.set == set {
			return m.offs
		}
	}
	src := f.tree.Source()
	n := 0
	for _, b := range set.b[:set.n] {
		n += bytes.Count(src, []byte{b})
	}
	offs := set.offsets(src, make([]int32, 0, n))
	if len(f.offs) < maxByteSets {
		f.offs = append(f.offs, byteOffsets{set, offs})
	}
	return offs
}

// maxByteSets bounds the sets of bytes a macro file keeps the offsets of.
const maxByteSets = 4

// byteOffsets are the offsets of the bytes of set in a source, in order.
type byteOffsets struct {
	set  byteSet
	offs []int32
}

// offsets returns the offsets of the bytes of s in src, in order,
// appended to buf[:0].
func (s byteSet) offsets(src []byte, buf []int32) []int32 {
	offs := buf[:0]
	for _, b := range s.b[:s.n] {
		for off := 0; ; off++ {
			j := bytes.IndexByte(src[off:], b)
			if j < 0 {
				break
			}
			off += j
			offs = append(offs, int32(off))
		}
	}
	if s.n > 1 {
		slices.Sort(offs)
	}
	return offs
}
