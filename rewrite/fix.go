package rewrite

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Applicability says how safe it is to apply a fix, ordered from least to
// most safe as in ruff.
type Applicability uint8

const (
	// DisplayOnly fixes are shown but never applied.
	DisplayOnly Applicability = iota
	// Unsafe fixes may change what Galaxy does; applied only on request.
	Unsafe
	// Safe fixes keep the tool's behaviour and are applied by default.
	Safe
)

func (a Applicability) String() string {
	switch a {
	case DisplayOnly:
		return "display-only"
	case Unsafe:
		return "unsafe"
	case Safe:
		return "safe"
	}
	return fmt.Sprintf("Applicability(%d)", a)
}

// Fix is one rule's change for one finding: edits to apply together or not
// at all.
type Fix struct {
	Code          string // the rule code, e.g. "GTR001"
	Message       string // what the fix does, for people
	Edits         []Edit
	Applicability Applicability
	// Wrap is set by a fix that wraps character data in a CDATA section
	// (its edits insert the delimiters at the ends of the text and write
	// each reference as its character). [Merge] takes another fix's edit
	// inside that text along with it only when the edit reads the same
	// inside the section as outside it.
	Wrap *CDATAWrap
}

// CDATAWrap is the character data a [Fix] wraps in a CDATA section: the
// source bytes from Start, as written.
type CDATAWrap struct {
	Start int
	Text  string
}

// end returns the offset just past the wrapped text.
func (w *CDATAWrap) end() int { return w.Start + len(w.Text) }

// admits reports whether e, an edit of another fix, can be applied along
// with the wrap. An edit clear of the text is independent of it. One that
// touches an end from outside (it may rewrite the markup that delimits
// the text, such as the start tag's '>'), an insertion at either end,
// where the wrap inserts a delimiter, or an edit across an end would
// land on the wrong side of one: it is not admitted.
// An edit inside must keep every byte it replaces (its new text holds
// them) and add none of the characters that read differently in a CDATA
// section ('&' and '<' start markup outside one only) or could end it
// ("]]>"): it was made for the text as escaped and must mean the same
// once wrapped. Edits that touch a reference the wrap writes as its
// character conflict with the wrap's own edit of it.
func (w *CDATAWrap) admits(e Edit) bool {
	start, end := w.Start, w.end()
	switch {
	case e.End < start || e.Start > end:
		return true
	case e.Start == e.End && (e.Start == start || e.Start == end):
		return false
	case e.Start < start || e.End > end:
		return false
	}
	old := w.Text[e.Start-start : e.End-start]
	i := strings.Index(e.New, old)
	return i >= 0 && !strings.ContainsAny(e.New[:i], "&<]>") && !strings.ContainsAny(e.New[i+len(old):], "&<]>")
}

func (f Fix) start() int {
	s := -1
	for _, e := range f.Edits {
		if s < 0 || e.Start < s {
			s = e.Start
		}
	}
	return s
}

// Merge combines fixes computed against one baseline into one edit list.
// Fixes are taken in a deterministic order (first edit offset, then code);
// an edit identical to one already taken coalesces with it; a fix with an
// edit that conflicts with one already taken is dropped whole, so the next
// iteration of the loop can retry it on the new text. Merge returns the
// merged edits, the fixes taken and the fixes dropped.
//
// It runs in O(n log n) for n edits when conflicts are rare: every edit is
// sorted once, conflicting pairs are found by one sweep, and the fixes are
// then taken greedily in order. The fixes' edit slices are only read.
//
// A fix that wraps text in CDATA ([Fix.Wrap]) also conflicts with every
// other fix with an edit inside that text the wrap does not admit.
func Merge(fixes []Fix) (edits []Edit, taken, dropped []Fix) {
	sc := mergeScratchPool.Get().(*mergeScratch)
	defer sc.put()
	state := sc.stateFor(len(fixes))
	order := sc.orderFor(len(fixes))
	total := 0
	for i := range fixes {
		state[i].start = fixes[i].start()
		total += len(fixes[i].Edits)
	}
	byStart := func(a, b int) int {
		if state[a].start != state[b].start {
			return state[a].start - state[b].start
		}
		if c := strings.Compare(fixes[a].Code, fixes[b].Code); c != 0 {
			return c
		}
		return compareEditLists(fixes[a].Edits, fixes[b].Edits)
	}
	// Rules report in source order, so the fixes usually are in order
	// already; a stable sort would leave them as they are.
	if !slices.IsSortedFunc(order, byStart) {
		slices.SortStableFunc(order, byStart)
	}
	for r, i := range order {
		state[i].rank = r
	}
	// Every edit, tagged with its fix, in source order.
	all := slices.Grow(sc.all[:0], total)
	var scratch []Edit // a fix's edits sorted, when they are not
	for i, f := range fixes {
		own := f.Edits
		if !slices.IsSortedFunc(own, compareEdits) {
			scratch = append(scratch[:0], own...)
			SortEdits(scratch)
			own = scratch
		}
		state[i].broken = check(own, maxEnd(own)) != nil
		for _, e := range f.Edits {
			all = append(all, taggedEdit{e, i})
		}
	}
	bySource := func(a, b taggedEdit) int {
		if c := compareEdits(a.Edit, b.Edit); c != 0 {
			return c
		}
		return state[a.fix].rank - state[b.fix].rank
	}
	sc.all = all
	if !slices.IsSortedFunc(all, bySource) && !sortByKeys(sc, fixes, order, state) {
		slices.SortStableFunc(all, bySource)
	}
	// Conflicting pairs between different fixes. Sorted by start, an edit
	// can only conflict with the edits that start before it ends. Conflicts
	// are rare: the map is made for the first.
	var clash map[int][]int
	for i := range all {
		for j := i + 1; j < len(all); j++ {
			a, b := all[i], all[j]
			if b.Start > a.Start && b.Start >= a.End {
				break
			}
			if a.fix != b.fix && a.Edit != b.Edit && conflicts(a.Edit, b.Edit) {
				if clash == nil {
					clash = map[int][]int{}
				}
				clash[a.fix] = append(clash[a.fix], b.fix)
				clash[b.fix] = append(clash[b.fix], a.fix)
			}
		}
	}
	for w, f := range fixes {
		if f.Wrap == nil {
			continue
		}
		for _, t := range all {
			if t.fix != w && !f.Wrap.admits(t.Edit) {
				if clash == nil {
					clash = map[int][]int{}
				}
				clash[w] = append(clash[w], t.fix)
				clash[t.fix] = append(clash[t.fix], w)
			}
		}
	}
	ntaken := 0
	for _, i := range order {
		ok := !state[i].broken
		for _, other := range clash[i] {
			if state[other].took {
				ok = false
				break
			}
		}
		if ok {
			state[i].took = true
			ntaken++
		}
	}
	taken = make([]Fix, 0, ntaken)
	if ntaken < len(fixes) {
		dropped = make([]Fix, 0, len(fixes)-ntaken)
	}
	for _, i := range order {
		if state[i].took {
			taken = append(taken, fixes[i])
		} else {
			dropped = append(dropped, fixes[i])
		}
	}
	n := 0
	for _, t := range all {
		if state[t.fix].took {
			n++
		}
	}
	edits = make([]Edit, 0, n)
	for _, t := range all {
		if !state[t.fix].took || len(edits) > 0 && edits[len(edits)-1] == t.Edit {
			continue
		}
		edits = append(edits, t.Edit)
	}
	return edits, taken, dropped
}

// sortByKeys sorts all, the edits of fixes listed fix by fix, into the
// order a stable sort by offset, insertions first, then merge rank gives
// (see [Merge]). Each edit's place in that order is packed into one
// integer: offset, a bit set for a replacement, the rank of its fix and
// its index among the fix's edits, the last two breaking the ties a
// stable sort keeps in input order. Sorting the integers and reading the
// edits back moves far less than sorting the tagged edits with a
// comparison function. It reports false, leaving all as it is, when an
// offset or count is too large to pack.
func sortByKeys(sc *mergeScratch, fixes []Fix, order []int, state []mergeState) bool {
	const offsetBits, rankBits, indexBits = 31, 16, 16
	if len(fixes) >= 1<<rankBits {
		return false
	}
	all := sc.all
	keys := slices.Grow(sc.keys[:0], len(all))
	defer func() { sc.keys = keys[:0] }()
	for i, f := range fixes {
		if len(f.Edits) >= 1<<indexBits {
			return false
		}
		for k, e := range f.Edits {
			if e.Start < 0 || uint64(e.Start) >= 1<<offsetBits {
				return false
			}
			key := uint64(e.Start) << (1 + rankBits + indexBits)
			if e.End != e.Start {
				key |= 1 << (rankBits + indexBits)
			}
			keys = append(keys, key|uint64(state[i].rank)<<indexBits|uint64(k))
		}
	}
	slices.Sort(keys)
	for j, key := range keys {
		i := order[key>>indexBits&(1<<rankBits-1)]
		all[j] = taggedEdit{fixes[i].Edits[key&(1<<indexBits-1)], i}
	}
	return true
}

// mergeScratch holds the working slices of one [Merge], kept between
// calls: the fix loop merges once per iteration of every file, and these
// are as long as the file's edits.
type mergeScratch struct {
	state []mergeState
	order []int
	all   []taggedEdit
	keys  []uint64
}

var mergeScratchPool = sync.Pool{New: func() any { return new(mergeScratch) }}

// stateFor returns n zero states.
func (sc *mergeScratch) stateFor(n int) []mergeState {
	sc.state = slices.Grow(sc.state[:0], n)[:n]
	clear(sc.state)
	return sc.state
}

// orderFor returns 0, 1, …, n-1.
func (sc *mergeScratch) orderFor(n int) []int {
	sc.order = slices.Grow(sc.order[:0], n)[:n]
	for i := range sc.order {
		sc.order[i] = i
	}
	return sc.order
}

// put clears the edits, whose texts would otherwise stay reachable, and
// returns sc to the pool.
func (sc *mergeScratch) put() {
	clear(sc.all)
	sc.all = sc.all[:0]
	mergeScratchPool.Put(sc)
}

// mergeState is what [Merge] knows of one fix.
type mergeState struct {
	start  int  // its first edit's offset
	rank   int  // its position in merge order
	broken bool // its own edits conflict
	took   bool // it is taken
}

// taggedEdit is an edit with the index of its fix.
type taggedEdit struct {
	Edit
	fix int
}

// compareEditLists orders edit lists as their printed forms order
// (fmt.Sprint of the slice, "[e1 e2 …]" with each edit as [Edit.String]
// prints it), without printing them. Printed edits are prefix-free (each
// ends at the closing quote of its text), so the first edit that differs
// decides; when one list is a prefix of the other, the longer list comes
// first, as the space after its last shared edit sorts before "]".
func compareEditLists(a, b []Edit) int {
	for i := range min(len(a), len(b)) {
		if c := compareEditText(a[i], b[i]); c != 0 {
			return c
		}
	}
	return len(b) - len(a)
}

// compareEditText orders two edits as their [Edit.String] forms
// "[start,end)→"new"" order. The offsets compare as decimal text followed
// by their delimiter; the texts as Go-quoted strings.
func compareEditText(a, b Edit) int {
	if a == b {
		return 0
	}
	var ba, bb [48]byte
	pa := strconv.AppendInt(ba[:0], int64(a.Start), 10)
	pa = append(pa, ',')
	pa = strconv.AppendInt(pa, int64(a.End), 10)
	pa = append(pa, ')')
	pb := strconv.AppendInt(bb[:0], int64(b.Start), 10)
	pb = append(pb, ',')
	pb = strconv.AppendInt(pb, int64(b.End), 10)
	pb = append(pb, ')')
	if c := bytes.Compare(pa, pb); c != 0 {
		return c
	}
	return strings.Compare(strconv.Quote(a.New), strconv.Quote(b.New))
}

// conflicts reports whether two distinct edits cannot both be applied.
func conflicts(a, b Edit) bool {
	if a.Start > b.Start {
		a, b = b, a
	}
	if a.Start == b.Start {
		// Two insertions at one point would make their order depend on the
		// merge order, and two replacements share bytes: both conflict. An
		// insertion before a replacement does not.
		return (a.End == a.Start) == (b.End == b.Start)
	}
	return b.Start < a.End
}

func maxEnd(edits []Edit) int {
	m := 0
	for _, e := range edits {
		if e.End > m {
			m = e.End
		}
	}
	return m
}
