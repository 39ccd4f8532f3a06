package rst

import "strings"

// Docutils looks for the end-string of a construct from every start-string
// it meets, over the rest of the paragraph. A paragraph of start-strings
// without end-strings (100 KB of "*a " or "``x ") would take time
// quadratic in its length; the inliner remembers instead, per kind of
// end-string, an offset from which a search found none.
//
// Whether position i holds an end-string depends on the search's start
// only through the lookbehinds, which see nothing before it: beyond the
// first few bytes, a search from a later start tests exactly what the
// failed search tested, and fails as it did.

// The kinds of end-string searches.
const (
	closeStrong       = iota // "**"
	closeEmphasis            // "*"
	closeLiteral             // "``"
	closeTarget              // "`" of an inline target
	closeInterpreted         // "`" of interpreted text or a phrase reference
	closeSubstitution        // "|"
	closeKinds
)

// lookbehindReach bounds how far before a position the end-string tests
// look: two characters (an escaped space before a backquote), four bytes
// each.
const lookbehindReach = 8

// closerMemo remembers, per kind of end-string, the earliest offset from
// which a search of the whole rest of the text found none; -1 when no
// search has failed.
type closerMemo [closeKinds]int

func newClosers() closerMemo {
	var c closerMemo
	for i := range c {
		c[i] = -1
	}
	return c
}

// limit returns where a search for an end-string of kind k from from need
// stop: at the end of the text, unless a search from an earlier offset
// found none, in which case only the first positions, whose lookbehinds
// reach back to from, can hold one.
func (in *inliner) limit(k, from int) int {
	if f := in.none[k]; f >= 0 && from > f {
		return min(len(in.s), from+lookbehindReach)
	}
	return len(in.s)
}

// failed records that a search for an end-string of kind k from from,
// which looked up to limit, found none.
func (in *inliner) failed(k, from, limit int) {
	if limit == len(in.s) && (in.none[k] < 0 || from < in.none[k]) {
		in.none[k] = from
	}
}

// footnoteEnd returns the offset from i of the first "]_" at or after i,
// or -1, remembering the search so that a paragraph of "[" without "]_"
// is not searched to its end from each of them.
func (in *inliner) footnoteEnd(i int) int {
	if in.fnFrom < 0 || i < in.fnFrom || in.fnAt >= 0 && in.fnAt < i {
		in.fnFrom, in.fnAt = i, -1
		if j := strings.Index(in.s[i:], "]_"); j >= 0 {
			in.fnAt = i + j
		}
	}
	if in.fnAt < 0 {
		return -1
	}
	return in.fnAt - i
}
