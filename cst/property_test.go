package cst_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"unicode"

	"pgregory.net/rapid"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/fuzz"
)

// fataler is what *testing.T and *rapid.T have in common for checkTree.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// checkTree parses src and checks every structural invariant of the tree:
// the round trip, the token cover, node spans and nesting, the walkers, the
// error list and the decoded content's offset map.
func checkTree(t fataler, src []byte) *cst.Tree {
	t.Helper()
	tree := cst.Parse("prop.xml", src)
	if got := tree.Bytes(); !bytes.Equal(got, src) {
		t.Fatalf("round trip differs %s", firstDiff(src, got))
	}
	checkTokens(t, tree)
	checkNodes(t, tree)
	checkErrors(t, tree)
	checkLines(t, tree)
	checkFacts(t, tree)
	for n := range tree.Root().Descendants() {
		if n.Kind() == cst.KindElement {
			checkDecoded(t, tree, n, cst.Content(n))
			checkDecoded(t, tree, n, cst.AllContent(n))
		}
		if n.Kind() == cst.KindAttribute {
			checkAttr(t, n)
		}
	}
	return tree
}

// checkTokens checks that the tokens are non-empty, contiguous and cover
// [0, len(src)), and that each lies inside the node holding it.
func checkTokens(t fataler, tree *cst.Tree) {
	t.Helper()
	src := tree.Source()
	off := 0
	for tok := range tree.Tokens() {
		s := tok.Span()
		switch {
		case s.Start != off:
			t.Fatalf("token %d %v starts at %d, want %d (gap or overlap)", tok.Index(), tok.Kind(), s.Start, off)
		case s.Len() <= 0:
			t.Fatalf("token %d %v is empty", tok.Index(), tok.Kind())
		case tok.Kind() == cst.TokInvalid || strings.HasPrefix(tok.Kind().String(), "TokKind("):
			t.Fatalf("token %d has kind %v", tok.Index(), tok.Kind())
		case !tok.Node().Span().Covers(s):
			t.Fatalf("token %d %v %v lies outside its node %v %v", tok.Index(), tok.Kind(), s, tok.Node().Kind(), tok.Node().Span())
		case tree.TokenAt(s.Start) != tok || tree.TokenAt(s.End-1) != tok:
			t.Fatalf("TokenAt(%d) does not find token %d", s.Start, tok.Index())
		case tree.Token(tok.Index()) != tok:
			t.Fatalf("Token(%d) differs", tok.Index())
		case tree.TokenKind(tok.Index()) != tok.Kind() || tree.TokenSpan(tok.Index()) != s:
			t.Fatalf("TokenKind or TokenSpan(%d) is %v %v, want %v %v",
				tok.Index(), tree.TokenKind(tok.Index()), tree.TokenSpan(tok.Index()), tok.Kind(), s)
		}
		off = s.End
	}
	if off != len(src) {
		t.Fatalf("tokens end at %d, source at %d", off, len(src))
	}
	if tree.NumTokens() == 0 != (len(src) == 0) {
		t.Fatalf("%d tokens for %d bytes", tree.NumTokens(), len(src))
	}
}

// checkNodes walks the tree through Children and checks spans, links,
// token ranges and that Descendants and Inspect visit the same nodes.
func checkNodes(t fataler, tree *cst.Tree) {
	t.Helper()
	root := tree.Root()
	if root.Kind() != cst.KindDocument || root.Span() != (cst.Span{Start: 0, End: len(tree.Source())}) {
		t.Fatalf("root is %v %v, want Document [0,%d)", root.Kind(), root.Span(), len(tree.Source()))
	}
	var walk func(n cst.Node) []cst.Node
	walk = func(n cst.Node) []cst.Node {
		checkNode(t, n)
		order := []cst.Node{n}
		for c := range n.Children() {
			order = append(order, walk(c)...)
		}
		var desc []cst.Node
		for d := range n.Descendants() {
			desc = append(desc, d)
		}
		if !slices.Equal(desc, order) {
			t.Fatalf("%v %v: Descendants visits %d nodes, the subtree has %d", n.Kind(), n.Span(), len(desc), len(order))
		}
		return order
	}
	all := walk(root)
	var inspected []cst.Node
	cst.Inspect(root, func(n cst.Node) bool { inspected = append(inspected, n); return true })
	if !slices.Equal(inspected, all) {
		t.Fatalf("Inspect visits %d nodes, Children %d", len(inspected), len(all))
	}
	for i, n := range all {
		if n.Index() != i {
			t.Fatalf("node %v %v has index %d, preorder position %d", n.Kind(), n.Span(), n.Index(), i)
		}
	}
}

// checkNode checks one node against its tokens and its children.
func checkNode(t fataler, n cst.Node) {
	t.Helper()
	s := n.Span()
	var toks []cst.Token
	for tok := range n.Tokens() {
		toks = append(toks, tok)
	}
	if len(toks) == 0 {
		if n.Kind() != cst.KindDocument || s.Len() != 0 {
			t.Fatalf("%v %v has no tokens", n.Kind(), s)
		}
		return
	}
	union := cst.Span{Start: toks[0].Span().Start, End: toks[len(toks)-1].Span().End}
	if union != s {
		t.Fatalf("%v span %v, its tokens cover %v", n.Kind(), s, union)
	}
	if n.FirstToken() != toks[0] || n.LastToken() != toks[len(toks)-1] {
		t.Fatalf("%v %v: FirstToken/LastToken disagree with Tokens", n.Kind(), s)
	}
	if !bytes.Equal(n.Bytes(), n.Tree().Source()[s.Start:s.End]) {
		t.Fatalf("%v %v: Bytes differ from the source", n.Kind(), s)
	}
	// The node's tokens are its own tokens interleaved with its children's
	// tokens, children in order and each child's tokens contiguous.
	i := 0
	prev := cst.Node{}
	for c := range n.Children() {
		if c.Parent() != n {
			t.Fatalf("%v %v: child %v has another parent", n.Kind(), s, c.Kind())
		}
		if c.PrevSibling() != prev || prev.IsValid() && prev.NextSibling() != c {
			t.Fatalf("%v %v: sibling links of %v are broken", n.Kind(), s, c.Kind())
		}
		cs := c.Span()
		if !s.Covers(cs) || prev.IsValid() && cs.Start < prev.Span().End {
			t.Fatalf("%v %v: child %v %v is outside the parent or before its previous sibling", n.Kind(), s, c.Kind(), cs)
		}
		for i < len(toks) && toks[i].Node() == n {
			i++
		}
		for tok := range c.Tokens() {
			if i >= len(toks) || toks[i] != tok {
				t.Fatalf("%v %v: tokens of child %v %v are not contiguous in the parent", n.Kind(), s, c.Kind(), cs)
			}
			i++
		}
		prev = c
	}
	for ; i < len(toks); i++ {
		if toks[i].Node() != n {
			t.Fatalf("%v %v: token %d belongs to %v, not to the node or a child", n.Kind(), s, toks[i].Index(), toks[i].Node().Kind())
		}
	}
	if n.LastChild() != prev {
		t.Fatalf("%v %v: LastChild is not the last of Children", n.Kind(), s)
	}
	for tok := range n.OwnTokens() {
		if tok.Node() != n {
			t.Fatalf("%v %v: OwnTokens yields a child's token", n.Kind(), s)
		}
	}
	checkShape(t, n)
}

// checkShape checks the kinds a node's parts must have.
func checkShape(t fataler, n cst.Node) {
	t.Helper()
	switch n.Kind() {
	case cst.KindElement:
		if n.StartTag().Kind() != cst.KindStartTag || n.NameToken().Kind() != cst.TokName {
			t.Fatalf("element %v has no start tag or name", n.Span())
		}
		if et := n.EndTag(); et.IsValid() && et != n.LastChild() {
			t.Fatalf("element %v: end tag is not the last child", n.Span())
		}
		if cs := n.ContentSpan(); !n.Span().Covers(cs) || cs.Start > cs.End {
			t.Fatalf("element %v: content span %v", n.Span(), cs)
		}
	case cst.KindAttribute:
		if n.NameToken().Kind() != cst.TokName || n.Parent().Kind() != cst.KindStartTag {
			t.Fatalf("attribute %v: name %v, parent %v", n.Span(), n.NameToken().Kind(), n.Parent().Kind())
		}
		if v := n.ValueToken(); v.IsValid() && v.Kind() != cst.TokValue {
			t.Fatalf("attribute %v: value token is %v", n.Span(), v.Kind())
		}
	case cst.KindText:
		for tok := range n.Tokens() {
			switch tok.Kind() {
			case cst.TokChars, cst.TokEntityRef, cst.TokCharRef, cst.TokError:
			default:
				t.Fatalf("text %v holds a %v token", n.Span(), tok.Kind())
			}
		}
	}
}

// checkErrors checks that errors are sorted, point into the file and read
// as the house style wants: lower case, no final period.
func checkErrors(t fataler, tree *cst.Tree) {
	t.Helper()
	errs := tree.Errors()
	if tree.WellFormed() != (len(errs) == 0) || (errs.Err() == nil) != (len(errs) == 0) {
		t.Fatalf("WellFormed %v with %d errors", tree.WellFormed(), len(errs))
	}
	for i, e := range errs {
		p := e.Pos
		if p.Offset < 0 || p.Offset > len(tree.Source()) || i > 0 && p.Offset < errs[i-1].Pos.Offset {
			t.Fatalf("error %d at offset %d is out of order or outside the file: %v", i, p.Offset, errs)
		}
		if want := tree.Position(p.Offset); p != want {
			t.Fatalf("error %d at %v, want %v", i, p, want)
		}
		// A message may end in a name that ends in '.', so the final period
		// rule is checked on the fixed inputs of TestErrorMessages instead.
		first, _ := utf8First(e.Msg)
		if e.Msg == "" || unicode.IsUpper(first) && !upperOK(e.Msg) {
			t.Fatalf("error message %q breaks the house style", e.Msg)
		}
	}
}

func utf8First(s string) (rune, bool) {
	for _, r := range s {
		return r, true
	}
	return 0, false
}

// upperOK reports whether a message starts with an acronym or a keyword that
// is written in capitals.
func upperOK(msg string) bool {
	for _, w := range []string{"XML ", "DOCTYPE ", "CDATA "} {
		if strings.HasPrefix(msg, w) {
			return true
		}
	}
	return false
}

// checkLines checks that the line index and offsets agree both ways.
func checkLines(t fataler, tree *cst.Tree) {
	t.Helper()
	lines := tree.Lines()
	src := tree.Source()
	for off := 0; off <= len(src); off++ {
		line, col := lines.LineCol(off)
		if got := lines.Offset(line, col); got != off {
			t.Fatalf("offset %d -> %d:%d -> %d", off, line, col, got)
		}
		if off > 0 && col > 1 && (src[off-1] == '\n' || src[off-1] == '\r' && (off == len(src) || src[off] != '\n')) {
			t.Fatalf("offset %d after a line end is at column %d", off, col)
		}
	}
}

// checkDecoded checks an element's decoded content against the source:
// verbatim stretches equal their source bytes and the map is monotonic and
// stays inside the element's content.
func checkDecoded(t fataler, tree *cst.Tree, el cst.Node, d cst.Decoded) {
	t.Helper()
	src := tree.Source()
	cs := el.ContentSpan()
	last := -1
	for off := 0; off < len(d.Text); off++ {
		o := d.Map.Source(off)
		if o < last || len(d.Text) > 0 && !cs.Contains(o) {
			t.Fatalf("element %v: decoded offset %d maps to %d (previous %d, content %v)", el.Span(), off, o, last, cs)
		}
		last = o
		if d.Map.Verbatim(cst.Span{Start: off, End: off + 1}) && src[o] != d.Text[off] {
			t.Fatalf("element %v: verbatim decoded byte %d is %q, source byte %d is %q", el.Span(), off, d.Text[off], o, src[o])
		}
		sp := d.Map.SourceSpan(cst.Span{Start: off, End: off + 1})
		if sp.Start > sp.End || !cs.Covers(sp) {
			t.Fatalf("element %v: decoded [%d,%d) maps to %v outside %v", el.Span(), off, off+1, sp, cs)
		}
	}
	// A carriage return survives decoding only as a character reference.
	for off := 0; off < len(d.Text); off++ {
		if d.Text[off] == '\r' && !bytes.HasPrefix(src[d.Map.Source(off):], []byte("&#")) {
			t.Fatalf("element %v: decoded text keeps a literal carriage return at %d: %q", el.Span(), off, d.Text)
		}
	}
}

// checkFacts checks what the parser records on the way against the tree:
// [cst.Tree.Count] against a walk, and [cst.Node.Verbatim] against the
// bytes of each node: it must never claim a node verbatim that is not, and
// in a well-formed tree it must find every one that is.
func checkFacts(t fataler, tree *cst.Tree) {
	t.Helper()
	counts := map[cst.Kind]int{}
	for n := range tree.Root().Descendants() {
		counts[n.Kind()]++
		want := verbatim(n)
		if got := n.Verbatim(); got && !want || got != want && tree.WellFormed() {
			t.Fatalf("%v %v %q: Verbatim() = %v, want %v", n.Kind(), n.Span(), n.Bytes(), got, want)
		}
		if want && n.Kind() == cst.KindAttribute && n.Value() != n.RawValue() {
			t.Fatalf("attribute %v: verbatim, but its value %q is not as written", n.Span(), n.Value())
		}
	}
	for k := cst.KindInvalid; k <= cst.KindCDATA+1; k++ {
		if got := tree.Count(k); got != counts[k] {
			t.Fatalf("Count(%v) = %d, the tree has %d", k, got, counts[k])
		}
	}
}

// verbatim is the reference for [cst.Node.Verbatim]: a quoted value
// without references, tabs, newlines or carriage returns; a text of one
// character data token (no references) without carriage returns; a closed
// CDATA section without carriage returns.
func verbatim(n cst.Node) bool {
	b := n.Bytes()
	switch n.Kind() {
	case cst.KindAttribute:
		v := n.ValueToken().Bytes()
		return len(v) >= 2 && v[len(v)-1] == v[0] && !bytes.ContainsAny(v, "&\t\n\r")
	case cst.KindText:
		return n.FirstToken() == n.LastToken() && n.FirstToken().Kind() == cst.TokChars && !bytes.Contains(b, []byte("\r"))
	case cst.KindCDATA:
		return len(b) >= len("<![CDATA[]]>") && bytes.HasSuffix(b, []byte("]]>")) && !bytes.Contains(b, []byte("\r"))
	}
	return false
}

// checkAttr checks that an attribute's raw value lies inside its value
// token and that decoding keeps no literal line ends.
func checkAttr(t fataler, a cst.Node) {
	t.Helper()
	vs := a.ValueSpan()
	if v := a.ValueToken(); v.IsValid() && !v.Span().Covers(vs) {
		t.Fatalf("attribute %v: value span %v outside its token %v", a.Span(), vs, v.Span())
	}
	raw := a.RawValue()
	if v := a.Value(); !strings.Contains(raw, "&") && strings.ContainsAny(v, "\t\n\r") {
		t.Fatalf("attribute %v: value %q keeps a literal whitespace character", a.Span(), v)
	}
}

// TestRoundTripProperty checks the invariants on generated documents, both
// plausible and damaged.
func TestRoundTripProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		checkTree(t, fuzz.Document().Draw(t, "doc"))
	})
}

// TestRoundTripRandomBytes checks the invariants on arbitrary bytes.
func TestRoundTripRandomBytes(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		checkTree(t, rapid.SliceOf(rapid.Byte()).Draw(t, "src"))
	})
}

// FuzzRoundTripRapid is TestRoundTripProperty driven by `go test -fuzz`.
func FuzzRoundTripRapid(f *testing.F) {
	f.Fuzz(rapid.MakeFuzz(func(t *rapid.T) {
		checkTree(t, fuzz.Document().Draw(t, "doc"))
	}))
}

// TestGeneratorCoverage checks that the generator produces each feature the
// properties rely on, so that a change to it cannot silently narrow them.
func TestGeneratorCoverage(t *testing.T) {
	want := map[string]func(src []byte, tree *cst.Tree) bool{
		"well-formed": func(_ []byte, tree *cst.Tree) bool { return tree.WellFormed() },
		"malformed":   func(_ []byte, tree *cst.Tree) bool { return !tree.WellFormed() },
		"CDATA":       func(src []byte, _ *cst.Tree) bool { return bytes.Contains(src, []byte("<![CDATA[")) },
		"comment":     func(src []byte, _ *cst.Tree) bool { return bytes.Contains(src, []byte("<!--")) },
		"PI":          func(src []byte, _ *cst.Tree) bool { return bytes.Contains(src, []byte("<?pi")) },
		"XML decl":    func(src []byte, _ *cst.Tree) bool { return bytes.Contains(src, []byte("<?xml ")) },
		"BOM":         func(src []byte, _ *cst.Tree) bool { return bytes.HasPrefix(src, []byte("\xEF\xBB\xBF")) },
		"CRLF":        func(src []byte, _ *cst.Tree) bool { return bytes.Contains(src, []byte("\r\n")) },
		"single quote": func(src []byte, _ *cst.Tree) bool {
			return bytes.Contains(src, []byte("='")) || bytes.Contains(src, []byte("= '"))
		},
		"newline around =": func(src []byte, _ *cst.Tree) bool { return bytes.Contains(src, []byte("\n=\n")) },
		"char ref":         func(src []byte, _ *cst.Tree) bool { return bytes.Contains(src, []byte("&#")) },
		"entity ref":       func(src []byte, _ *cst.Tree) bool { return bytes.Contains(src, []byte("&amp;")) },
		"cheetah":          func(src []byte, _ *cst.Tree) bool { return bytes.Contains(src, []byte("${a.b}")) },
		"macro token":      func(src []byte, _ *cst.Tree) bool { return bytes.Contains(src, []byte("@TOKEN@")) },
		"nested elements": func(_ []byte, tree *cst.Tree) bool {
			for n := range tree.Root().Descendants() {
				if n.Kind() == cst.KindElement && n.Parent().Kind() == cst.KindElement {
					return true
				}
			}
			return false
		},
	}
	seen := map[string]bool{}
	rapid.Check(t, func(t *rapid.T) {
		src := fuzz.Document().Draw(t, "doc")
		tree := cst.Parse("gen.xml", src)
		for name, f := range want {
			if f(src, tree) {
				seen[name] = true
			}
		}
	})
	for name := range want {
		if !seen[name] {
			t.Errorf("the generator produced no document with: %s", name)
		}
	}
}

// TestShowGenerated logs a few generated documents for a person reading
// the tests: go test -run TestShowGenerated -v ./cst/
func TestShowGenerated(t *testing.T) {
	if !testing.Verbose() {
		t.Skip("run with -v to see a few generated documents")
	}
	for i := range 5 {
		t.Logf("example %d:\n%s", i, fuzz.PlausibleDocument().Example(i))
	}
}
