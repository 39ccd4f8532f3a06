package rewrite

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"

	"github.com/galaxy-gtr/gtr/cst"
)

// wrapFix is a CDATA wrap of the content of the root element of src, the
// element starting "<c>": the delimiters inserted at the ends and every
// reference written as its character, as GTR018.1 makes it.
func wrapFix(t *cst.Tree) Fix {
	el := t.RootElement()
	span := el.ContentSpan()
	edits := []Edit{{span.Start, span.Start, "<![CDATA["}}
	for tok := range el.Tokens() {
		if !span.Contains(tok.Span().Start) || tok.Kind() != cst.TokEntityRef && tok.Kind() != cst.TokCharRef {
			continue
		}
		r, _ := cst.DecodeReference(tok.Text())
		edits = append(edits, Edit{tok.Span().Start, tok.Span().End, r})
	}
	edits = append(edits, Edit{span.End, span.End, "]]>"})
	return Fix{Code: "GTR018.1", Edits: edits, Applicability: Safe,
		Wrap: &CDATAWrap{Start: span.Start, Text: string(t.Source()[span.Start:span.End])}}
}

func TestCDATAWrapAdmits(t *testing.T) {
	// The wrapped text is "a &gt; b" at offsets 3-11 of "<c>a &gt; b</c>".
	w := &CDATAWrap{Start: 3, Text: "a &gt; b"}
	for _, c := range []struct {
		e    Edit
		want bool
	}{
		{Edit{0, 1, "x"}, true},      // outside
		{Edit{12, 15, ""}, true},     // outside, after
		{Edit{1, 3, "q"}, false},     // ends where the text starts: may rewrite the tag's ">"
		{Edit{11, 12, "q"}, false},   // starts where it ends: may rewrite "</"
		{Edit{3, 3, "'"}, false},     // at the start, where "<![CDATA[" goes
		{Edit{11, 11, "'"}, false},   // at the end, where "]]>" goes
		{Edit{2, 4, "xa"}, false},    // across the start
		{Edit{4, 4, "'"}, true},      // a quote inside
		{Edit{3, 4, "'a'"}, true},    // quoting "a", keeping it
		{Edit{10, 11, "'b'"}, true},  // quoting "b" at the end, keeping it
		{Edit{4, 4, "&amp;"}, false}, // a reference reads differently once wrapped
		{Edit{4, 4, "<"}, false},     // so does markup
		{Edit{4, 4, "]"}, false},     // could end the section
		{Edit{4, 4, ">"}, false},     // could end the section
		{Edit{3, 4, "b"}, false},     // drops a byte
		{Edit{3, 5, "a"}, false},     // drops a byte
		{Edit{5, 9, "'&gt;'"}, true}, // keeps the reference (the wrap's own edit conflicts with it)
		{Edit{5, 9, "'&gt;&amp;'"}, false},
	} {
		assert.Equal(t, c.want, w.admits(c.e), "%v", c.e)
	}
}

func TestMergeTakesAdmittedEditsWithTheWrap(t *testing.T) {
	src := "<c>sort $in &gt; $out</c>"
	tree := cst.Parse("t.xml", []byte(src))
	wrap := wrapFix(tree)
	quote := Fix{Code: "GTR020.1", Edits: []Edit{{8, 11, "'$in'"}}, Applicability: Safe}
	escape := Fix{Code: "GTR207", Edits: []Edit{{17, 17, "&amp;"}}, Applicability: Safe}
	edits, taken, dropped := Merge([]Fix{quote, escape, wrap})
	out, err := Apply([]byte(src), edits)
	assert.NoError(t, err)
	assert.Equal(t, "<c><![CDATA[sort '$in' > $out]]></c>", string(out))
	assert.Len(t, taken, 2)
	if assert.Len(t, dropped, 1) {
		assert.Equal(t, "GTR207", dropped[0].Code)
	}
}

// TestMergeWrapKeepsText checks that whatever Merge takes along with a
// CDATA wrap reads, once wrapped, as the other fixes' edits alone make
// the text read: the wrap changes how the text is written, never what a
// parser reads from it.
func TestMergeWrapKeepsText(t *testing.T) {
	pieces := rapid.SampledFrom([]string{"a", "$x", " ", "\n", "]", ">", "'", "&amp;", "&lt;", "&gt;", "&#10;", "&quot;", "&#x41;"})
	added := rapid.SampledFrom([]string{"'", "\"", "b", " ", "&amp;", "<", ">", "]", "]]", "&gt;", "&#10;", ""})
	rapid.Check(t, func(t *rapid.T) {
		body := strings.Join(rapid.SliceOfN(pieces, 1, 12).Draw(t, "body"), "")
		src := []byte("<c>" + body + "</c>")
		tree := cst.Parse("t.xml", src)
		if !tree.WellFormed() || strings.Contains(cst.Content(tree.RootElement()).Text, "]]>") {
			t.Skip("not wrappable")
		}
		wrap := wrapFix(tree)
		other := Fix{Code: "GTR020.1", Applicability: Safe}
		for range rapid.IntRange(1, 3).Draw(t, "edits") {
			start := rapid.IntRange(2, len(src)-2).Draw(t, "start")
			end := rapid.IntRange(start, min(start+4, len(src)-2)).Draw(t, "end")
			e := Edit{start, end, added.Draw(t, "new")}
			if rapid.Bool().Draw(t, "keep") {
				// Keeping the bytes it replaces, as a quoting fix does.
				e.New = added.Draw(t, "before") + string(src[start:end]) + e.New
			}
			other.Edits = append(other.Edits, e)
		}
		// What the loop makes of the other fix without the wrap.
		aloneEdits, aloneTaken, _ := Merge([]Fix{other})
		if len(aloneTaken) == 0 {
			t.Skip("overlapping edits")
		}
		alone, err := Apply(src, aloneEdits)
		if err != nil {
			t.Skip("overlapping edits")
		}
		at := cst.Parse("t.xml", alone)
		if !at.WellFormed() {
			t.Skip("the other fix alone breaks the document")
		}
		edits, taken, _ := Merge([]Fix{wrap, other})
		if len(taken) != 2 {
			return
		}
		out, err := Apply(src, edits)
		if err != nil {
			t.Fatalf("merged edits do not apply: %v", err)
		}
		ot := cst.Parse("t.xml", out)
		if !ot.WellFormed() {
			t.Fatalf("%q: merged output %q is not well-formed: %v", src, out, ot.Errors())
		}
		if got, want := cst.Content(ot.RootElement()).Text, cst.Content(at.RootElement()).Text; got != want {
			t.Fatalf("%q: merged output %q reads %q, the other fix alone %q reads %q", src, out, got, alone, want)
		}
	})
}
