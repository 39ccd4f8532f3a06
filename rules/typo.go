package rules

import (
	"slices"
	"unicode/utf8"
)

// typoCutoff is the least similarity (difflib's ratio) at which a name or
// value is taken for a misspelling of another, the predecessor's cutoff.
const typoCutoff = 0.80

// nameSet returns a set of names.
func nameSet(names []string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// similarity returns Python's difflib.SequenceMatcher(None, a, b).ratio():
// twice the number of characters in matching blocks over the total
// length, the blocks found as Ratcliff and Obershelp do (the longest
// common substring, leftmost in a then in b, then recursively on both
// sides). difflib's automatic junk heuristic applies only to sequences of
// 200 or more items, which names never are; longer strings are compared
// the same way without it.
func similarity(a, b string) float64 {
	ra, rb := []rune(a), []rune(b)
	if len(ra)+len(rb) == 0 {
		return 1
	}
	return 2 * float64(matches(ra, rb)) / float64(len(ra)+len(rb))
}

// matches returns the number of characters in the matching blocks of a
// and b.
func matches(a, b []rune) int {
	type box struct{ alo, ahi, blo, bhi int }
	// Names are short: the queue and longestMatch's rows fit on the stack.
	var boxes [8]box
	var rows [2 * 48]int
	scratch := rows[:]
	if 2*(len(b)+1) > len(rows) {
		scratch = make([]int, 2*(len(b)+1))
	}
	total := 0
	queue := append(boxes[:0], box{0, len(a), 0, len(b)})
	for len(queue) > 0 {
		q := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		i, j, k := longestMatch(a, b, q.alo, q.ahi, q.blo, q.bhi, scratch)
		if k == 0 {
			continue
		}
		total += k
		if q.alo < i && q.blo < j {
			queue = append(queue, box{q.alo, i, q.blo, j})
		}
		if i+k < q.ahi && j+k < q.bhi {
			queue = append(queue, box{i + k, q.ahi, j + k, q.bhi})
		}
	}
	return total
}

// longestMatch is difflib's find_longest_match without junk: the longest
// block a[i:i+k] == b[j:j+k] in the box, the earliest in a, then in b.
// scratch holds its two rows: at least 2*(bhi-blo+1) ints.
func longestMatch(a, b []rune, alo, ahi, blo, bhi int, scratch []int) (besti, bestj, bestk int) {
	besti, bestj = alo, blo
	n := bhi - blo + 1
	prev := scratch[:n] // prev[j-blo+1]: match length ending at a[i-1], b[j]
	cur := scratch[n : 2*n]
	clear(prev)
	clear(cur)
	for i := alo; i < ahi; i++ {
		for j := blo; j < bhi; j++ {
			if a[i] != b[j] {
				cur[j-blo+1] = 0
				continue
			}
			k := prev[j-blo] + 1
			cur[j-blo+1] = k
			if k > bestk {
				besti, bestj, bestk = i-k+1, j-k+1, k
			}
		}
		prev, cur = cur, prev
	}
	return besti, bestj, bestk
}

// closeMatches returns the candidates whose similarity to word is at
// least typoCutoff, best first, as difflib.get_close_matches orders them
// (by score, then by candidate, both descending).
func closeMatches(word string, candidates []string) []string {
	var out []scoredName
	n := utf8.RuneCountInString(word)
	w := measuredWord{word: word}
	for _, c := range candidates {
		if c == word {
			continue
		}
		// difflib's real_quick_ratio: the matches are at most the shorter
		// length, so a bound below the cutoff rules c out unmeasured.
		m := utf8.RuneCountInString(c)
		if 2*float64(min(m, n))/float64(m+n) < typoCutoff {
			continue
		}
		if s, ok := w.similarity(c, m+n); ok {
			out = append(out, scoredName{s, c})
		}
	}
	return bestFirst(out)
}

// measuredWord is the word closeMatches is asked about, with what
// measuring it against candidates needs, made for the first candidate
// the length bound lets through.
type measuredWord struct {
	word   string
	counts *charCounts
	runes  []rune
}

// similarity returns c's similarity to the word, whose lengths in runes
// add up to total, and whether it reaches typoCutoff; a candidate that
// cannot reach it is not measured. difflib's quick_ratio comes first: the
// matches are at most the characters c and the word have in common,
// counted with repeats. It rules out most names that pass the length
// bound (a0 … a99999 against the schema's attribute names) for a pass
// over c rather than the product of the lengths that measuring takes.
func (w *measuredWord) similarity(c string, total int) (float64, bool) {
	if w.counts == nil {
		w.counts, w.runes = newCharCounts(w.word), []rune(w.word)
	}
	if 2*float64(w.counts.common(c))/float64(total) < typoCutoff {
		return 0, false
	}
	s := 2 * float64(matches([]rune(c), w.runes)) / float64(total)
	return s, s >= typoCutoff
}

// scoredName is a candidate with its similarity to the word asked about.
type scoredName struct {
	s    float64
	name string
}

// bestFirst returns the names of out ordered as difflib.get_close_matches
// orders them: by score, then by name, both descending.
func bestFirst(out []scoredName) []string {
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && (out[j].s > out[j-1].s || out[j].s == out[j-1].s && out[j].name > out[j-1].name); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	names := make([]string, len(out))
	for i, o := range out {
		names[i] = o.name
	}
	return names
}

// typoIndex is a candidate list asked about very often (the schema's
// attribute names, once per undeclared attribute of a tool: a hundred
// thousand for a tool of as many made-up attributes), arranged once for
// difflib's cheap bounds. Its names are kept by length, so that the length
// bound passes over whole lengths, and with the set of each name's ASCII
// characters, so that a name with too few of the word's characters is
// ruled out by a few bit tests instead of a count over the name. It
// answers as [closeMatches] does on the list.
type typoIndex struct {
	byLen [][]typoName // by length in runes
}

type typoName struct {
	name  string
	chars [2]uint64 // the name's ASCII characters; every bit set when it has others
}

func newTypoIndex(names []string) *typoIndex {
	ix := &typoIndex{}
	for _, s := range names {
		m := utf8.RuneCountInString(s)
		for len(ix.byLen) <= m {
			ix.byLen = append(ix.byLen, nil)
		}
		ix.byLen[m] = append(ix.byLen[m], typoName{s, asciiSet(s)})
	}
	return ix
}

// asciiSet returns the set of s's bytes, with every bit set when s has a
// byte outside ASCII (such a name is not ruled out by the set).
func asciiSet(s string) (set [2]uint64) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return [2]uint64{^uint64(0), ^uint64(0)}
		}
		set[c>>6] |= 1 << (c & 63)
	}
	return set
}

// closeMatches is [closeMatches] of word against the index's names.
func (ix *typoIndex) closeMatches(word string) []string {
	n := utf8.RuneCountInString(word)
	// The word's distinct ASCII characters with their counts, and how many
	// of its characters are not ASCII: the characters a name can have in
	// common with the word are at most the counts of those it has at all,
	// plus every non-ASCII one.
	type charCount struct {
		c byte
		k int
	}
	var wcs []charCount
	other := 0
	for _, r := range word {
		if r >= utf8.RuneSelf {
			other++
			continue
		}
		if i := slices.IndexFunc(wcs, func(x charCount) bool { return x.c == byte(r) }); i >= 0 {
			wcs[i].k++
		} else {
			wcs = append(wcs, charCount{byte(r), 1})
		}
	}
	var out []scoredName
	w := measuredWord{word: word}
	for m, names := range ix.byLen {
		// real_quick_ratio, for every name of length m at once (the
		// empty name is only ever the empty word, itself skipped).
		if m+n == 0 || 2*float64(min(m, n))/float64(m+n) < typoCutoff {
			continue
		}
		for _, c := range names {
			if c.name == word {
				continue
			}
			bound := other
			for _, x := range wcs {
				if c.chars[x.c>>6]&(1<<(x.c&63)) != 0 {
					bound += x.k
				}
			}
			if 2*float64(bound)/float64(m+n) < typoCutoff {
				continue
			}
			if s, ok := w.similarity(c.name, m+n); ok {
				out = append(out, scoredName{s, c.name})
			}
		}
	}
	return bestFirst(out)
}

// charCounts counts the characters of a word, for difflib's quick_ratio.
type charCounts struct {
	ascii [128]int32
	other map[rune]int32 // nil when the word is ASCII
	// avail is the scratch copy common takes from, kept to spare a map
	// per candidate when the word is not ASCII.
	avail map[rune]int32
}

func newCharCounts(word string) *charCounts {
	cc := &charCounts{}
	for _, r := range word {
		if r < utf8.RuneSelf {
			cc.ascii[r]++
			continue
		}
		if cc.other == nil {
			cc.other = map[rune]int32{}
		}
		cc.other[r]++
	}
	return cc
}

// common returns how many characters s has in common with the counted
// word, each character counted as often as it occurs in both.
func (cc *charCounts) common(s string) int {
	avail := cc.ascii
	if cc.other != nil {
		if cc.avail == nil {
			cc.avail = make(map[rune]int32, len(cc.other))
		}
		clear(cc.avail)
	}
	n := 0
	for _, r := range s {
		if r < utf8.RuneSelf {
			if avail[r] > 0 {
				avail[r]--
				n++
			}
			continue
		}
		if cc.other == nil {
			continue
		}
		left, seen := cc.avail[r]
		if !seen {
			left = cc.other[r]
		}
		if left > 0 {
			n++
		}
		cc.avail[r] = left - 1
	}
	return n
}
