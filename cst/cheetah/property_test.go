package cheetah

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// fataler is what checkInvariants needs of *testing.T and *rapid.T.
type fataler interface {
	Fatalf(format string, args ...any)
}

// checkInvariants checks what must hold for every input: the tokens are
// non-empty and cover src exactly, in order; every node lies inside its
// parent, after its previous sibling, over its parent's tokens; errors
// and query results point into src.
func checkInvariants(t fataler, src string) {
	tpl := Parse(src)
	var b strings.Builder
	off := 0
	for tok := range tpl.Tokens() {
		if tok.Span.Start != off || tok.Span.End <= tok.Span.Start || tok.Span.End > len(src) {
			t.Fatalf("token %s %v does not follow offset %d in %q", tok.Kind, tok.Span, off, src)
		}
		b.WriteString(src[tok.Span.Start:tok.Span.End])
		off = tok.Span.End
	}
	if b.String() != src {
		t.Fatalf("tokens do not round-trip %q", src)
	}
	var walk func(n Node)
	walk = func(n Node) {
		sp := n.Span()
		first, end := n.TokenRange()
		prev := sp.Start
		prevTok := first
		for c := range n.Children() {
			cs := c.Span()
			cf, ce := c.TokenRange()
			if cs.Start < prev || cs.End > sp.End || cs.Start > cs.End || cf < prevTok || ce > end {
				t.Fatalf("%s %v (tokens %d-%d) not inside %s %v after %d (tokens %d-%d) in %q",
					c.Kind(), cs, cf, ce, n.Kind(), sp, prev, first, end, src)
			}
			if c.Parent() != n {
				t.Fatalf("child's parent is not its parent in %q", src)
			}
			prev, prevTok = cs.End, ce
			walk(c)
		}
	}
	root := tpl.Root()
	if root.Span() != (Span{0, len(src)}) {
		t.Fatalf("root span %v, want [0,%d) for %q", root.Span(), len(src), src)
	}
	walk(root)
	for _, e := range tpl.Errors() {
		if e.Offset < 0 || e.Offset > len(src) || e.Msg == "" {
			t.Fatalf("error %+v out of range in %q", e, src)
		}
	}
	inside := func(sp Span) bool { return 0 <= sp.Start && sp.Start <= sp.End && sp.End <= len(src) }
	for ph := range tpl.Placeholders() {
		if !inside(ph.NameSpan) || src[ph.NameSpan.Start:ph.NameSpan.End] != ph.Path {
			t.Fatalf("placeholder %+v out of range in %q", ph, src)
		}
	}
	for r := range tpl.References() {
		if !inside(r.Span) || src[r.Span.Start:r.Span.End] != r.Name {
			t.Fatalf("reference %+v out of range in %q", r, src)
		}
	}
	for bd := range tpl.Bindings() {
		if !inside(bd.Span) || src[bd.Span.Start:bd.Span.End] != bd.Name {
			t.Fatalf("binding %+v out of range in %q", bd, src)
		}
	}
	for i := range len(src) + 1 {
		tpl.InComment(i)
		tpl.InRaw(i)
		tpl.InString(i)
	}
}

// fragments are the pieces the generator joins: directives, placeholders,
// comments, escapes, macro tokens and stray punctuation.
var fragments = []string{
	"#if $x", "#if $x:", "#end if", "#elif $y", "#else", "#else if $z", "#for $i in $l", "#end for",
	"#while 1", "#end while", "#set x = $y", "#set global g = 1", "#def f(a, b=1)", "#end def",
	"#block b", "#end block", "#try", "#except", "#finally", "#end try", "#unless $u", "#end unless",
	"#raw", "#end raw", "#slurp", "#silent $x", "#echo $x", "#import os", "#from a import b",
	"#include 'f'", "#return", "#break", "#continue", "#pass", "#stop", "#assert 1", "#del x",
	"#attr $a = 1", "#extends B", "#implements f", "#compiler-settings", "#end compiler-settings",
	"#call f", "#end call", "#filter F", "#end filter", "#cache", "#end cache", "#capture c",
	"#end capture", "#errorCatcher E", "#encoding utf8", "#super", "#breakpoint", "#@d", "#arg a",
	"$x", "$x.y", "$x[0]", "$f(1, $y)", "${x}", "${x, f=1}", "$(x)", "$[x]", "$(1+2)", "$!x",
	"$*x", "$*5m*x", "$__tool_directory__", "$", "$1", "\\$", "\\#", "##c", "#*", "*#", "#", "#!",
	"@TOKEN@", "@lower_case@", "<%", "%>", "(", ")", "[", "]", "{", "}", "'", "\"", "'''", ":", "=",
	",", ".", " ", "\t", "\n", "\r\n", "\\\n", "\\", " and ", " in ", " then ", "'a#b$c'",
}

// genTemplate generates Cheetah-like text, with random bytes spliced in
// and a random truncation.
func genTemplate() *rapid.Generator[string] {
	return rapid.Custom(func(t *rapid.T) string {
		parts := rapid.SliceOfN(rapid.OneOf(
			rapid.SampledFrom(fragments),
			rapid.SampledFrom(fragments),
			rapid.SampledFrom(fragments),
			rapid.StringN(0, 4, -1),
			rapid.Map(rapid.SliceOfN(rapid.Byte(), 1, 3), func(b []byte) string { return string(b) }),
		), 0, 30).Draw(t, "parts")
		s := strings.Join(parts, "")
		if len(s) > 0 && rapid.Bool().Draw(t, "truncate") {
			s = s[:rapid.IntRange(0, len(s)).Draw(t, "cut")]
		}
		return s
	})
}

// TestRoundTripProperty: for any Cheetah-like text, Parse does not panic
// and the invariants hold.
func TestRoundTripProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		checkInvariants(t, genTemplate().Draw(t, "src"))
	})
}

// FuzzCheetah checks the same invariants on arbitrary bytes, seeded from
// the table tests.
func FuzzCheetah(f *testing.F) {
	for _, c := range verdictCases {
		f.Add(c.src)
	}
	for _, s := range fragments {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		checkInvariants(t, src)
	})
}
