package rules

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/fuzz"
	"github.com/galaxy-gtr/gtr/rewrite"
	"pgregory.net/rapid"
)

// GTR203 to GTR207 check only the tokens markupCandidates keeps. The
// reference checks below are those rules as they were before, each walking
// every node of the tree; the tests hold the two to the same findings, on
// generated and damaged documents (where the parser's recovery makes odd
// trees) and on the corpus.

func refDoubleQuotes(p *Pass) {
	for n := range p.Tree.Root().Descendants() {
		if n.Kind() != cst.KindAttribute || n.Quote() != '\'' {
			continue
		}
		tok := n.ValueToken()
		raw := n.RawValue()
		if s := tok.Span(); s.End-s.Start < 2 || tok.Bytes()[s.End-s.Start-1] != '\'' {
			continue
		}
		val := `"` + strings.ReplaceAll(raw, `"`, "&quot;") + `"`
		p.fixEdit(n.Span(), "attribute "+n.Name()+" uses single quotes; use double quotes", rewrite.ReplaceSpan(tok.Span(), val))
	}
}

func refTagCloseSpacing(p *Pass) {
	for n := range p.Tree.Root().Descendants() {
		switch n.Kind() {
		case cst.KindStartTag:
			last := n.LastToken()
			prev := last.Prev()
			if last.Kind() != cst.TokGT && last.Kind() != cst.TokSlashGT || prev.Kind() != cst.TokSpace || prev.Node() != n {
				continue
			}
			p.fixEdit(prev.Span(), "whitespace before '"+closeText(last)+"' of <"+n.Name()+">", rewrite.ReplaceSpan(prev.Span(), ""))
		case cst.KindEndTag:
			for tok := range n.OwnTokens() {
				if tok.Kind() == cst.TokSpace {
					p.fixEdit(tok.Span(), "whitespace inside end tag </"+n.Name()+">", rewrite.ReplaceSpan(tok.Span(), ""))
				}
			}
		}
	}
}

func refAttributeSpacing(p *Pass) {
	for n := range p.Tree.Root().Descendants() {
		switch n.Kind() {
		case cst.KindStartTag:
			last := n.LastToken()
			for tok := range n.OwnTokens() {
				if tok.Kind() != cst.TokSpace || tok.Next() == last && last.Kind() != cst.TokSpace {
					continue
				}
				if !tok.Next().IsValid() || tok.Next().Node().Kind() != cst.KindAttribute {
					continue
				}
				if tok.Text() != " " {
					p.fixEdit(tok.Span(), "attributes of <"+n.Name()+"> should be separated by one space",
						rewrite.ReplaceSpan(tok.Span(), " "))
				}
			}
		case cst.KindAttribute:
			for tok := range n.OwnTokens() {
				if tok.Kind() == cst.TokSpace {
					p.fixEdit(tok.Span(), "whitespace around '=' in attribute "+n.Name(), rewrite.ReplaceSpan(tok.Span(), ""))
				}
			}
		}
	}
}

func refEmptyElementTag(p *Pass) {
	for n := range p.Tree.Root().Descendants() {
		if n.Kind() != cst.KindElement {
			continue
		}
		end := n.EndTag()
		if !end.IsValid() || n.StartTag().NextSibling() != end {
			continue
		}
		gt := n.StartTag().LastToken()
		if gt.Kind() != cst.TokGT {
			continue
		}
		p.fixEdit(n.StartTag().Span(), fmt.Sprintf("empty element <%s></%s> can be written <%s/>", n.Name(), n.Name(), n.Name()),
			rewrite.Edit{Start: gt.Span().Start, End: end.Span().End, New: "/>"})
	}
}

func refCanonicalEscaping(p *Pass) {
	for n := range p.Tree.Root().Descendants() {
		switch n.Kind() {
		case cst.KindText:
			var run textRun
			for tok := range n.Tokens() {
				if tok.Kind() == cst.TokChars && bytes.IndexByte(tok.Bytes(), '>') < 0 {
					continue
				}
				if tok.Kind() == cst.TokEntityRef && canonicalTextRef(tok.Bytes()) {
					continue
				}
				want, ok := canonicalTextToken(tok)
				if !ok || want == tok.Text() {
					continue
				}
				if !run.extend(tok, want) {
					run.report(p)
					run = textRun{first: tok, span: tok.Span(), want: []byte(want)}
				}
			}
			run.report(p)
		case cst.KindAttribute:
			if n.Quote() != '"' || !n.ValueToken().IsValid() {
				continue
			}
			vs := n.ValueSpan()
			raw := p.Tree.Source()[vs.Start:vs.End]
			if want, changed, ok := canonicalAttrValue(raw); ok && changed {
				p.fixEdit(n.ValueSpan(), "value of "+n.Name()+" is not escaped canonically",
					rewrite.ReplaceSpan(n.ValueSpan(), want))
			}
		}
	}
}

// markupRules returns the rules checking markupCandidates and their
// references: copies with the whole-tree walks above as checks.
func markupRules() (rs, refs []*Rule) {
	for r, check := range map[*Rule]func(*Pass){
		GTR203: refDoubleQuotes,
		GTR204: refTagCloseSpacing,
		GTR205: refAttributeSpacing,
		GTR206: refEmptyElementTag,
		GTR207: refCanonicalEscaping,
	} {
		ref := *r
		ref.check = check
		rs, refs = append(rs, r), append(refs, &ref)
	}
	return rs, refs
}

// sameMarkupFindings fails unless each rule, alone and all of them in one
// run, finds in src what its reference does; it returns the number of
// findings.
func sameMarkupFindings(tb interface {
	Helper()
	Fatalf(string, ...any)
}, name string, src []byte) int {
	tb.Helper()
	tree := cst.Parse(name, src)
	rs, refs := markupRules()
	for i := range rs {
		got, want := Check(tree, rs[i:i+1]), Check(tree, refs[i:i+1])
		if !reflect.DeepEqual(got, want) {
			tb.Fatalf("%s: %s finds\n%s\nwant\n%s", name, rs[i].Code, dumpDiags(got), dumpDiags(want))
		}
	}
	got, want := Check(tree, rs), Check(tree, refs)
	if !reflect.DeepEqual(got, want) {
		tb.Fatalf("%s: together the rules find\n%s\nwant\n%s", name, dumpDiags(got), dumpDiags(want))
	}
	return len(got)
}

func dumpDiags(ds []Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "  %v %s %q", d.Span, d.Code, d.Message)
		if d.Fix != nil {
			fmt.Fprintf(&b, " %+v", d.Fix.Edits)
		}
		b.WriteString("\n")
	}
	return b.String()
}

var markupCases = []string{
	`<tool id='t' a = "x&#36;" b="1"  c="a&#10;b	c" >x > y &quot;</tool >`,
	`<tool><a x y="1"  z></a><b></b ><c ></c><d><!----></d></tool>`,
	`<tool x="1"y='2'/><tool x='unterminated`,
	`<tool x = "1"` + "\n" + `/>`,
	`<tool></tool junk ><e></ e>`,
	"<tool>\n  <x a='1'\t b=\"&gt;\"></x>\n</tool>\n",
	" <a b=\"12345678>\" c=\"123456789abcdef&\" d=\"x\ty\"/> ",
	"<a>0123456789abcdef0123456789abcdef></a ><",
}

func TestMarkupCandidatesMatchTreeWalk(t *testing.T) {
	for _, src := range markupCases {
		sameMarkupFindings(t, "case.xml", []byte(src))
	}
	findings := 0
	rapid.Check(t, func(t *rapid.T) {
		findings += sameMarkupFindings(t, "gen.xml", fuzz.Document().Draw(t, "doc"))
	})
	if findings == 0 {
		t.Error("the generated documents exercised no finding")
	}
}

func TestCorpusMarkupCandidatesMatchTreeWalk(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test")
	}
	findings := 0
	for _, f := range CorpusForTest(t) {
		findings += sameMarkupFindings(t, f.Rel, f.Src)
	}
	t.Logf("%d findings", findings)
}

// sameCandidates fails unless scanMarkupCandidates keeps in src exactly
// the tokens refScanMarkupCandidates does.
func sameCandidates(tb interface {
	Helper()
	Fatalf(string, ...any)
}, name string, src []byte) {
	tb.Helper()
	tree := cst.Parse(name, src)
	got, want := scanMarkupCandidates(tree), refScanMarkupCandidates(tree)
	if !slices.Equal(got, want) {
		tb.Fatalf("%s: candidates\n%s\nwant\n%s", name, dumpTokens(got), dumpTokens(want))
	}
}

func dumpTokens(toks []cst.Token) string {
	var b strings.Builder
	for _, tok := range toks {
		fmt.Fprintf(&b, "  %d %v %v %q\n", tok.Index(), tok.Kind(), tok.Span(), tok.Text())
	}
	return b.String()
}

// TestScanMarkupCandidatesMatchReference holds the walk to the one it
// replaced, which asked a cursor for each token and the tokens around it,
// on the table cases, generated and damaged documents and the corpus.
func TestScanMarkupCandidatesMatchReference(t *testing.T) {
	for _, src := range markupCases {
		sameCandidates(t, "case.xml", []byte(src))
	}
	rapid.Check(t, func(t *rapid.T) {
		sameCandidates(t, "gen.xml", fuzz.Document().Draw(t, "doc"))
	})
	rapid.Check(t, func(t *rapid.T) {
		// Any bytes: the walk must not read outside the tree at its ends.
		sameCandidates(t, "bytes.xml", rapid.SliceOf(rapid.SampledFrom([]byte("<>/= \t\n'\"&#;ab!?-[]"))).Draw(t, "src"))
	})
	if testing.Short() {
		return
	}
	files := CorpusForTest(t)
	for _, f := range files {
		sameCandidates(t, f.Rel, f.Src)
	}
	t.Logf("%d corpus files", len(files))
}

// refScanMarkupCandidates is the walk behind markupCandidates. It keeps a
// superset of what the rules report, resting on how the parser builds the
// tree: a tag's whitespace, an attribute's value and a text's characters
// and references are tokens of their own, and an element holds no token
// outside its tags and content nodes, so that <x></x> is a start tag's
// '>' followed by '</'.
func refScanMarkupCandidates(t *cst.Tree) []cst.Token {
	var cands []cst.Token
	src := t.Source()
	for i, n := 0, t.NumTokens(); i < n; i++ {
		tok := t.Token(i)
		keep := false
		switch tok.Kind() {
		case cst.TokSpace:
			s := tok.Span()
			single := s.End-s.Start == 1 && src[s.Start] == ' '
			switch next := tok.Next().Kind(); {
			case next == cst.TokGT || next == cst.TokSlashGT:
				// Whitespace before a tag's end is GTR204's.
				keep = true
			case single && next == cst.TokName && refSeparatesAttrs(tok):
				// One space before an attribute, most of a file's
				// whitespace, is the layout wanted.
			default:
				switch tok.Node().Kind() {
				case cst.KindStartTag:
					keep = !single
				case cst.KindEndTag, cst.KindAttribute:
					keep = true
				}
			}
		case cst.TokValue:
			s := tok.Span()
			switch src[s.Start] {
			case '\'':
				keep = true
			case '"':
				keep = hasAttrSpecial(src[s.Start+1 : s.End])
			}
		case cst.TokGT:
			keep = tok.Next().Kind() == cst.TokLTSlash && tok.Node().Kind() == cst.KindStartTag
		case cst.TokChars:
			keep = bytes.IndexByte(tok.Bytes(), '>') >= 0
		case cst.TokEntityRef:
			keep = !canonicalTextRef(tok.Bytes())
		case cst.TokCharRef:
			keep = true
		}
		if keep {
			if cands == nil {
				// Most files keep a few: room for them in one allocation.
				cands = make([]cst.Token, 0, 16)
			}
			cands = append(cands, tok)
		}
	}
	return cands
}

// refSeparatesAttrs reports whether whitespace token tok, which a name
// follows, lies in a start tag, telling it from the tokens before it
// rather than from its node, whose record the walk would otherwise read for
// nearly every whitespace token: the whitespace after a value (which ends
// its attribute) or after the element's name (the token after '<') is the
// tag's, while an attribute's own whitespace follows its name or '='.
func refSeparatesAttrs(tok cst.Token) bool {
	prev := tok.Prev()
	switch prev.Kind() {
	case cst.TokValue:
		return true
	case cst.TokName:
		return prev.Prev().Kind() == cst.TokLT
	}
	return false
}

// BenchmarkScanMarkupCandidates times the candidate walk alone over the
// parsed corpus, and the reference walk it replaced. Over the whole corpus
// ("cold") the walk waits for memory most of the time; a check of one file
// finds its tree in the cache, as the parser just wrote it, which the
// "warm" runs stand for by walking each tree 8 times in a row.
func BenchmarkScanMarkupCandidates(b *testing.B) {
	var trees []*cst.Tree
	var size int64
	for _, f := range CorpusForTest(b) {
		trees = append(trees, cst.Parse(f.Rel, f.Src))
		size += int64(len(f.Src))
	}
	for _, bench := range []struct {
		name string
		scan func(*cst.Tree) []cst.Token
	}{{"walk", scanMarkupCandidates}, {"ref", refScanMarkupCandidates}} {
		for _, reps := range []int{1, 8} {
			name := bench.name + "/cold"
			if reps > 1 {
				name = bench.name + "/warm"
			}
			b.Run(name, func(b *testing.B) {
				b.SetBytes(size * int64(reps))
				b.ReportAllocs()
				for b.Loop() {
					for _, t := range trees {
						for range reps {
							bench.scan(t)
						}
					}
				}
			})
		}
	}
}
