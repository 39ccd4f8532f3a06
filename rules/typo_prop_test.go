package rules

import (
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// similarityReference is difflib's ratio as similarity first computed it,
// with fresh rows for every longest match and no candidate filter.
func similarityReference(a, b string) float64 {
	ra, rb := []rune(a), []rune(b)
	if len(ra)+len(rb) == 0 {
		return 1
	}
	type box struct{ alo, ahi, blo, bhi int }
	total := 0
	queue := []box{{0, len(ra), 0, len(rb)}}
	for len(queue) > 0 {
		q := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		i, j, k := q.alo, q.blo, 0
		prev := make([]int, q.bhi-q.blo+1)
		cur := make([]int, q.bhi-q.blo+1)
		for x := q.alo; x < q.ahi; x++ {
			for y := q.blo; y < q.bhi; y++ {
				if ra[x] != rb[y] {
					cur[y-q.blo+1] = 0
					continue
				}
				n := prev[y-q.blo] + 1
				cur[y-q.blo+1] = n
				if n > k {
					i, j, k = x-n+1, y-n+1, n
				}
			}
			prev, cur = cur, prev
		}
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
	return 2 * float64(total) / float64(len(ra)+len(rb))
}

// TestSimilarityMatchesReference covers names longer than the rows kept
// on the stack, and non-ASCII text.
func TestSimilarityMatchesReference(t *testing.T) {
	text := rapid.OneOf(
		rapid.StringOfN(rapid.RuneFrom([]rune("abcé_")), 0, 12, -1),
		rapid.StringOfN(rapid.RuneFrom([]rune("abcé_")), 40, 120, -1),
	)
	rapid.Check(t, func(t *rapid.T) {
		a, b := text.Draw(t, "a"), text.Draw(t, "b")
		if got, want := similarity(a, b), similarityReference(a, b); got != want {
			t.Fatalf("similarity(%q, %q) = %v, reference %v", a, b, got, want)
		}
	})
}

// TestCloseMatchesFilterKeepsAll checks that the length bound rules out
// no candidate that reaches the cutoff.
func TestCloseMatchesFilterKeepsAll(t *testing.T) {
	word := rapid.StringOfN(rapid.RuneFrom([]rune("abcdé")), 0, 12, -1)
	rapid.Check(t, func(t *rapid.T) {
		w := word.Draw(t, "word")
		cands := rapid.SliceOfN(word, 0, 20).Draw(t, "candidates")
		var want []string
		for _, c := range cands {
			if c != w && similarityReference(c, w) >= typoCutoff {
				want = append(want, c)
			}
		}
		got := closeMatches(w, cands)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("closeMatches(%q, %q) = %q, want %q", w, cands, got, want)
		}
	})
}

// TestTypoIndexAsCloseMatches checks that an index answers as
// closeMatches does on its list, order included: on drawn lists of words
// sharing characters (ASCII and not), and on the schema's attribute names
// with drawn near-misses of them.
func TestTypoIndexAsCloseMatches(t *testing.T) {
	word := rapid.StringOfN(rapid.RuneFrom([]rune("abcdé_")), 0, 12, -1)
	rapid.Check(t, func(t *rapid.T) {
		w := word.Draw(t, "word")
		cands := rapid.SliceOfN(word, 0, 20).Draw(t, "candidates")
		// Near-misses of the word, which reach the cutoff.
		for range rapid.IntRange(0, 6).Draw(t, "misses") {
			cands = append(cands, nearMiss(t, w))
		}
		if got, want := newTypoIndex(cands).closeMatches(w), closeMatches(w, cands); !slices.Equal(got, want) {
			t.Fatalf("index of %q on %q = %q, closeMatches %q", cands, w, got, want)
		}
	})
	rapid.Check(t, func(t *rapid.T) {
		w := nearMiss(t, rapid.SampledFrom(schemaAttributeNames).Draw(t, "name"))
		if got, want := schemaAttributeIndex.closeMatches(w), closeMatches(w, schemaAttributeNames); !slices.Equal(got, want) {
			t.Fatalf("schema index on %q = %q, closeMatches %q", w, got, want)
		}
	})
}

// nearMiss returns s with a rune replaced, dropped or doubled, or as it is.
func nearMiss(t *rapid.T, s string) string {
	r := []rune(s)
	if len(r) == 0 {
		return s
	}
	i := rapid.IntRange(0, len(r)-1).Draw(t, "at")
	switch rapid.IntRange(0, 3).Draw(t, "how") {
	case 0:
		r[i] = rapid.RuneFrom([]rune("aeiou_xé")).Draw(t, "rune")
	case 1:
		r = append(r[:i:i], r[i+1:]...)
	case 2:
		r = append(r[:i+1:i+1], r[i:]...)
	}
	return string(r)
}
