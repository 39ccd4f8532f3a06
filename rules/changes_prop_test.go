package rules

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// quotesInsertedReference is quotesInserted as first written: a depth-first
// search of the alignments that remembers every failed position. The
// one-scan version must agree with it.
func quotesInsertedReference(b, a string) bool {
	if len(a) <= len(b) || (len(a)-len(b))%2 != 0 {
		return false
	}
	failed := map[[2]int]bool{}
	var align func(i, j int) bool
	align = func(i, j int) bool {
		var chain [][2]int
		for !failed[[2]int{i, j}] {
			if i == len(b) && j == len(a) {
				return true
			}
			chain = append(chain, [2]int{i, j})
			if n := placeholderLen(b, i); n > 0 && j+n+2 <= len(a) && a[j] == '\'' &&
				a[j+1:j+1+n] == b[i:i+n] && a[j+1+n] == '\'' && (i == 0 || b[i-1] != '\\') && align(i+n, j+n+2) {
				return true
			}
			if i == len(b) || j == len(a) || a[j] != b[i] {
				break
			}
			i, j = i+1, j+1
		}
		for _, k := range chain {
			failed[k] = true
		}
		return false
	}
	return align(0, 0)
}

// TestQuotesInsertedMatchesReference draws commands rich in
// placeholders, quotes and near-misses, and quotes some of their pieces:
// around placeholders, around parts of them, or anywhere.
func TestQuotesInsertedMatchesReference(t *testing.T) {
	piece := rapid.SampledFrom([]string{"$x", "$in", "${in}", "$!x", "$a.b", "$f(", "[", "'", "''", "\\", "$", "x", " ", ".", "}", "{", "!", "'$x'", "$x'"})
	rapid.Check(t, func(t *rapid.T) {
		parts := rapid.SliceOfN(piece, 0, 12).Draw(t, "parts")
		b := strings.Join(parts, "")
		var sb strings.Builder
		for i, p := range parts {
			switch rapid.IntRange(0, 5).Draw(t, "how") {
			case 0:
				sb.WriteString("'" + p + "'")
			case 1:
				sb.WriteString("'" + p)
			case 2:
				sb.WriteString(p + "'")
			default:
				sb.WriteString(p)
			}
			if i == 0 && rapid.Bool().Draw(t, "noise") {
				sb.WriteString(rapid.SampledFrom([]string{"", "'", "''", "x"}).Draw(t, "extra"))
			}
		}
		a := sb.String()
		if got, want := quotesInserted(b, a), quotesInsertedReference(b, a); got != want {
			t.Fatalf("quotesInserted(%q, %q) = %v, reference %v", b, a, got, want)
		}
	})
}

// TestQuotesInsertedExhaustive compares with the reference on every
// short text over the characters that matter, with two or four quotes
// inserted anywhere.
func TestQuotesInsertedExhaustive(t *testing.T) {
	alphabet := []string{"$", "x", "'", "\\", ".", "{", "}"}
	var texts func(prefix string, n int, f func(string))
	texts = func(prefix string, n int, f func(string)) {
		f(prefix)
		if n == 0 {
			return
		}
		for _, c := range alphabet {
			texts(prefix+c, n-1, f)
		}
	}
	var quoted func(a string, k, from int, f func(string))
	quoted = func(a string, k, from int, f func(string)) {
		if k == 0 {
			f(a)
			return
		}
		for p := from; p <= len(a); p++ {
			quoted(a[:p]+"'"+a[p:], k-1, p+1, f)
		}
	}
	texts("", 5, func(b string) {
		for _, k := range []int{2, 4} {
			quoted(b, k, 0, func(a string) {
				if got, want := quotesInserted(b, a), quotesInsertedReference(b, a); got != want {
					t.Fatalf("quotesInserted(%q, %q) = %v, reference %v", b, a, got, want)
				}
			})
		}
	})
}
