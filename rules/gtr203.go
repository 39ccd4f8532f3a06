package rules

import (
	"bytes"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rewrite"
)

// GTR203 writes attribute values in double quotes.
var GTR203 = &Rule{
	Code:      "GTR203",
	Name:      "double-quoted-attributes",
	Summary:   "Quote attribute values with double quotes.",
	Family:    FamilyFmt,
	Fix:       FixAlways,
	Rulesets:  []string{"default", "iuc", "strict"},
	Since:     "0.1.0",
	Cite:      "https://galaxy-iuc-standards.readthedocs.io/en/latest/best_practices/tool_xml.html#coding-style",
	AppliesTo: TargetTool | TargetMacro,
	Order:     220,
	Doc: Doc{
		What: "Rewrites value='…' as value=\"…\", writing any double quote inside the value as &quot;.",
		Why: "One quoting style across a tool suite; the predecessor's serializer always writes double " +
			"quotes, and gtr makes the change a rule of its own so it can be ignored.",
		Example:   "<param name='x' value='a \"b\"'/>\n→\n<param name=\"x\" value=\"a &quot;b&quot;\"/>",
		FixSafety: "Safe: the attribute value an XML parser reads is unchanged.",
	},
	check: checkDoubleQuotes,
}

func checkDoubleQuotes(p *Pass) {
	for _, tok := range markupCandidates(p) {
		// Only values in single quotes.
		if tok.Kind() != cst.TokValue || tok.Bytes()[0] != '\'' {
			continue
		}
		n := tok.Node()
		// Only the value of an attribute.
		if n.Kind() != cst.KindAttribute || n.ValueToken() != tok {
			continue
		}
		// An unterminated value is a parse error; leave it.
		if s := tok.Span(); s.End-s.Start < 2 || tok.Bytes()[s.End-s.Start-1] != '\'' {
			continue
		}
		val := `"` + strings.ReplaceAll(n.RawValue(), `"`, "&quot;") + `"`
		p.fixEdit(n.Span(), "attribute "+n.Name()+" uses single quotes; use double quotes", rewrite.ReplaceSpan(tok.Span(), val))
	}
}

// markupCandidates returns, in source order, the tokens that GTR203 to
// GTR207 may report: a single-quoted value, a double-quoted one holding a
// byte GTR207 may rewrite, whitespace inside a tag other than one space
// between a start tag's items, a '>' of a start tag right before '</', and
// text with a '>' or a reference other than &lt; &gt; &amp;. Those rules
// look for layout and spelling anywhere in the file, so each would walk
// every node; instead one walk over the tokens, shared by the run, keeps
// the few a formatted file has, and each rule applies its own test to
// those.
func markupCandidates(p *Pass) []cst.Token {
	return shared(p, "markup-candidates", func() []cst.Token { return scanMarkupCandidates(p.Tree) })
}

// scanMarkupCandidates is the walk behind [markupCandidates]. It keeps a
// superset of what the rules report, resting on how the parser builds the
// tree: a tag's whitespace, an attribute's value and a text's characters
// and references are tokens of their own, and an element holds no token
// outside its tags and content nodes, so that <x></x> is a start tag's
// '>' followed by '</'.
//
// It reads every token of the file, so it reads each token's kind once, by
// index, and carries the kinds of the two before it along rather than
// asking a cursor again; a token's node record is read only for the rare
// whitespace the kinds around it leave undecided. It steps over the names
// after '<' and '</' and over an attribute's name and '=' after one space,
// which are no candidates, so that the common shapes of a tag take one
// turn of the loop less per name.
func scanMarkupCandidates(t *cst.Tree) []cst.Token {
	var cands []cst.Token
	src := t.Source()
	toks := t.TokenList()
	n := toks.Len()
	// The kinds of tokens i-1 and i-2, TokInvalid before the first.
	prev, prev2 := cst.TokInvalid, cst.TokInvalid
	for i := 0; i < n; i++ {
		k := toks.Kind(i)
		keep := false
		switch k {
		case cst.TokSpace:
			s := toks.Span(i)
			single := s.End-s.Start == 1 && src[s.Start] == ' '
			next := cst.TokInvalid
			if i+1 < n {
				next = toks.Kind(i + 1)
			}
			switch {
			case next == cst.TokGT || next == cst.TokSlashGT:
				// Whitespace before a tag's end is GTR204's.
				keep = true
			case single && next == cst.TokName && separatesAttrs(prev, prev2):
				// One space before an attribute, most of a file's
				// whitespace, is the layout wanted. The attribute's name
				// and '=' are no candidates either: when they are there,
				// step over them to its value.
				if i+3 < n && toks.Kind(i+2) == cst.TokEq && toks.Kind(i+3) == cst.TokValue {
					i += 3
					k, prev = cst.TokValue, cst.TokEq
					v := toks.Span(i)
					keep = valueCandidate(src[v.Start:v.End])
				}
			default:
				switch t.Token(i).Node().Kind() {
				case cst.KindStartTag:
					keep = !single
				case cst.KindEndTag, cst.KindAttribute:
					keep = true
				}
			}
		case cst.TokValue:
			v := toks.Span(i)
			keep = valueCandidate(src[v.Start:v.End])
		case cst.TokLT, cst.TokLTSlash:
			// The name after '<' or '</' is no candidate: step over it.
			if i+1 < n && toks.Kind(i+1) == cst.TokName {
				i++
				k, prev = cst.TokName, k
			}
		case cst.TokGT:
			keep = i+1 < n && toks.Kind(i+1) == cst.TokLTSlash && t.Token(i).Node().Kind() == cst.KindStartTag
		case cst.TokChars:
			s := toks.Span(i)
			keep = bytes.IndexByte(src[s.Start:s.End], '>') >= 0
		case cst.TokEntityRef:
			s := toks.Span(i)
			keep = !canonicalTextRef(src[s.Start:s.End])
		case cst.TokCharRef:
			keep = true
		}
		if keep {
			if cands == nil {
				// Most files keep a few: room for them in one allocation.
				cands = make([]cst.Token, 0, 16)
			}
			cands = append(cands, t.Token(i))
		}
		prev, prev2 = k, prev
	}
	return cands
}

// valueCandidate reports whether the attribute value v is a candidate:
// in single quotes, or in double quotes holding a byte GTR207 may rewrite.
// It is one expression rather than a switch so that the compiler inlines
// it into the walk, which calls it for most values of a file.
func valueCandidate(v []byte) bool {
	return v[0] == '\'' || v[0] == '"' && hasAttrSpecial(v[1:])
}

// separatesAttrs reports whether whitespace which a name follows, and
// which follows tokens of kinds prev and then (before that) prev2, lies in
// a start tag, telling it from the tokens before it rather than from its
// node, whose record the walk would otherwise read for nearly every
// whitespace token: the whitespace after a value (which ends its
// attribute) or after the element's name (the token after '<') is the
// tag's, while an attribute's own whitespace follows its name or '='.
func separatesAttrs(prev, prev2 cst.TokKind) bool {
	return prev == cst.TokValue || prev == cst.TokName && prev2 == cst.TokLT
}
