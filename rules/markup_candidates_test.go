package rules

import (
	"bytes"
	"fmt"
	"reflect"
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
				msg := "'>' in text is written &gt; canonically"
				if tok.Kind() != cst.TokChars {
					msg = "reference " + tok.Text() + " is written " + quoteShort(want) + " canonically"
				}
				p.fixEdit(tok.Span(), msg, rewrite.ReplaceSpan(tok.Span(), want))
			}
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

func TestMarkupCandidatesMatchTreeWalk(t *testing.T) {
	for _, src := range []string{
		`<tool id='t' a = "x&#36;" b="1"  c="a&#10;b	c" >x > y &quot;</tool >`,
		`<tool><a x y="1"  z></a><b></b ><c ></c><d><!----></d></tool>`,
		`<tool x="1"y='2'/><tool x='unterminated`,
		`<tool x = "1"` + "\n" + `/>`,
		`<tool></tool junk ><e></ e>`,
		"<tool>\n  <x a='1'\t b=\"&gt;\"></x>\n</tool>\n",
	} {
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
