package rules

import (
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules/lint"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// bodyFragments build <command> bodies: plain text, references, markup that
// makes the body mixed, and the hazards the wrap must refuse.
var bodyFragments = []string{
	"cat $in", " ", "\n    ", "\r\n", "&amp;&amp;", "&lt;", "&gt;", "&quot;", "&#36;", "&#x41;", "&#10;",
	"&#13;", "]", "]]", "]]&gt;", "<!-- c -->", "<![CDATA[ x ]]>", "<![CDATA[]]>", `<expand macro="m"/>`,
	"<?pi x?>", "é", "@TOKEN@",
}

func passFor(t *cst.Tree) *Pass {
	return &Pass{Tree: t, Kind: TargetTool, Rule: GTR018_1, Newline: rewrite.Newline(t.Source())}
}

// TestCDATAPartitionProperty checks on random bodies that the two halves
// partition the bodies needing CDATA, and that the wrap keeps the text a
// parser reads while leaving nothing for either half.
func TestCDATAPartitionProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		body := strings.Join(rapid.SliceOfN(rapid.SampledFrom(bodyFragments), 0, 8).Draw(t, "body"), "")
		src := []byte("<tool id=\"t\">\n    <command>" + body + "</command>\n</tool>\n")
		tree := cst.Parse("t.xml", src)
		if !tree.WellFormed() {
			t.Skip("not well-formed")
		}
		p := passFor(tree)
		b := classifyCDATA(p, toolChild(p, "command"))
		fixes, residuals := len(Check(tree, []*Rule{GTR018_1})), len(Check(tree, []*Rule{GTR018_2}))
		if fixes+residuals > 1 || (b.verdict == cdataNotNeeded) != (fixes+residuals == 0) {
			t.Fatalf("verdict %d but %d fixes and %d residual findings for %q", b.verdict, fixes, residuals, body)
		}
		if b.verdict != cdataWrappable {
			return
		}
		out, err := rewrite.Apply(src, b.edits)
		if err != nil {
			t.Fatalf("apply: %v", err)
		}
		after := cst.Parse("t.xml", out)
		if !after.WellFormed() {
			t.Fatalf("wrapped %q is not well-formed: %s", body, out)
		}
		cmd := after.RootElement().Element("command")
		if got, want := cst.Content(cmd).Text, cst.Content(tree.RootElement().Element("command")).Text; got != want {
			t.Fatalf("wrap changed the text read from %q: %q, want %q", body, got, want)
		}
		if again := classifyCDATA(passFor(after), cmd); again.verdict != cdataNotNeeded {
			t.Fatalf("after the wrap %q is still verdict %d", out, again.verdict)
		}
	})
}

func TestReorderAttrsSkips(t *testing.T) {
	tests := []struct {
		name, src string
		want      int
	}{
		{"out of order", `<tool id="t"><inputs><param type="text" name="a"/></inputs></tool>`, 1},
		{"duplicate attribute", `<tool id="t"><inputs><param type="text" name="a" type="data"/></inputs></tool>`, 0},
		{"stray bytes", `<tool id="t"><inputs><param type="text" @ name="a"/></inputs></tool>`, 0},
		{"ordered", `<tool id="t"><inputs><param name="a" type="text"/></inputs></tool>`, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tree := cst.Parse("t.xml", []byte(tt.src))
			if got := len(Check(tree, []*Rule{GTR002})); got != tt.want {
				t.Errorf("%d findings, want %d", got, tt.want)
			}
		})
	}
}

func TestDeleteAttr(t *testing.T) {
	tests := []struct {
		src, attr, want string
	}{
		{`<p name="a" argument="--a"/>`, "name", `<p argument="--a"/>`},
		{`<p argument="--a" name="a"/>`, "name", `<p argument="--a"/>`},
		{`<p argument="--a" name="a" />`, "name", `<p argument="--a" />`},
		{`<p x="1" name="a" y="2"/>`, "name", `<p x="1" y="2"/>`},
		{"<p name=\"a\"\n   argument=\"--a\"/>", "name", "<p argument=\"--a\"/>"},
		{"<p x=\"1\"\n   name=\"a\"\n   y=\"2\"/>", "name", "<p x=\"1\"\n   y=\"2\"/>"},
		{"<p x=\"1\"\n   name=\"a\"/>", "name", "<p x=\"1\"/>"},
		{`<p name="a"/>`, "name", `<p/>`},
	}
	for _, tt := range tests {
		tree := cst.Parse("t.xml", []byte(tt.src))
		a := tree.RootElement().Attr(tt.attr)
		out, err := rewrite.Apply([]byte(tt.src), []rewrite.Edit{deleteAttr(a)})
		if err != nil || string(out) != tt.want {
			t.Errorf("deleteAttr(%s) in %q = %q (err %v), want %q", tt.attr, tt.src, out, err, tt.want)
		}
	}
}

func TestTrimRawValue(t *testing.T) {
	tests := []struct{ raw, want string }{
		{" 1.9 ", "1.9"},
		{"1.9", "1.9"},
		{"\t1.9\r\n", "1.9"},
		{"&#32;1.9&#10;", "1.9"},
		{"&#x20;&#xA0;1.9", "1.9"},
		{"&amp;1&lt; ", "&amp;1&lt;"},
		{"1 .9", "1 .9"},
		{"&#32;", ""},
	}
	for _, tt := range tests {
		if got := trimRawValue(tt.raw); got != tt.want {
			t.Errorf("trimRawValue(%q) = %q, want %q", tt.raw, got, tt.want)
		}
	}
}

func TestDerivedParamName(t *testing.T) {
	tests := []struct{ arg, want string }{
		{"--min-length", "min_length"},
		{"-k", "k"},
		{"---x-y-", "x_y_"},
		{"plain", "plain"},
		{"--", ""},
	}
	for _, tt := range tests {
		if got := lint.NameFromArgument(tt.arg); got != tt.want {
			t.Errorf("lint.NameFromArgument(%q) = %q, want %q", tt.arg, got, tt.want)
		}
	}
}

// classifyCDATAReference is classifyCDATA as first written: it decodes the
// whole body before it writes the wrap.
func classifyCDATAReference(p *Pass, el cst.Node) cdataBody {
	needs := false
	var other cst.Node
	for c := range el.Content() {
		switch {
		case c.Kind() == cst.KindText:
			if !c.IsWhitespace() {
				needs = true
			}
		case !other.IsValid():
			other = c
		}
	}
	if !needs {
		return cdataBody{}
	}
	if other.IsValid() {
		return cdataBody{verdict: cdataResidual, reason: "it mixes text with " + describeNode(other)}
	}
	decoded := cst.Content(el).Text
	if strings.Contains(decoded, "]]>") {
		return cdataBody{verdict: cdataResidual, reason: `its text contains "]]>", which would end the CDATA section`}
	}
	if strings.Contains(decoded, "\r") {
		return cdataBody{verdict: cdataResidual, reason: "its text contains a carriage return (&#13;), which CDATA cannot keep"}
	}
	utf8 := fileIsUTF8(p.Tree)
	span := el.ContentSpan()
	var body strings.Builder
	body.WriteString("<![CDATA[")
	for tok := range el.Tokens() {
		if !span.Contains(tok.Span().Start) {
			continue
		}
		if tok.Kind() != cst.TokEntityRef && tok.Kind() != cst.TokCharRef {
			body.Write(tok.Bytes())
			continue
		}
		r, ok := resolveReference(tok.Text())
		if !ok {
			return cdataBody{verdict: cdataResidual, reason: "it uses the undeclared entity " + tok.Text()}
		}
		if !utf8 && strings.IndexFunc(r, func(c rune) bool { return c > 0x7f }) >= 0 {
			return cdataBody{verdict: cdataResidual, reason: "the reference " + tok.Text() + " cannot be written literally in the file's encoding"}
		}
		if r == "\n" {
			r = p.Newline
		}
		body.WriteString(r)
	}
	body.WriteString("]]>")
	return cdataBody{verdict: cdataWrappable, edits: []rewrite.Edit{rewrite.ReplaceSpan(span, body.String())}}
}

// TestCDATAMatchesReference checks classifyCDATA, which follows the text
// a parser reads while it writes the wrap, against the reference that
// decodes it first, on random bodies in files of either encoding and
// newline convention, well-formed or not.
func TestCDATAMatchesReference(t *testing.T) {
	fragments := append([]string{"&nbsp;", "&#xe9;", "&#233;", "&#93;", ">", "]>", "\r", "&#xD;", "&#x5D;&#x5d;&gt;", "\n"}, bodyFragments...)
	rapid.Check(t, func(t *rapid.T) {
		body := strings.Join(rapid.SliceOfN(rapid.SampledFrom(fragments), 0, 10).Draw(t, "body"), "")
		decl := rapid.SampledFrom([]string{"", `<?xml version="1.0"?>` + "\n", `<?xml version="1.0" encoding="ISO-8859-1"?>` + "\n"}).Draw(t, "decl")
		nl := rapid.SampledFrom([]string{"\n", "\r\n"}).Draw(t, "newline")
		src := []byte(decl + "<tool id=\"t\">" + nl + "    <command>" + body + "</command>" + nl + "</tool>" + nl)
		tree := cst.Parse("t.xml", src)
		p := passFor(tree)
		el := toolChild(p, "command")
		got, want := classifyCDATA(p, el), classifyCDATAReference(p, el)
		if got.verdict != want.verdict || got.reason != want.reason || (got.edits == nil) != (want.edits == nil) {
			t.Fatalf("%q: got %+v, want %+v", src, got, want)
		}
		// The wrap is written as its delimiters and references, where the
		// reference writes the whole body: both give one output.
		if got.edits != nil {
			g, gerr := rewrite.Apply(src, got.edits)
			w, werr := rewrite.Apply(src, want.edits)
			if gerr != nil || werr != nil || string(g) != string(w) {
				t.Fatalf("%q: wrapped as %q (%v), reference %q (%v)", src, g, gerr, w, werr)
			}
			span := el.ContentSpan()
			if got.wrap == nil || got.wrap.Start != span.Start || got.wrap.Text != string(src[span.Start:span.End]) {
				t.Fatalf("%q: wrap %+v does not name the body %v", src, got.wrap, span)
			}
		}
	})
}

// TestCDATAWrapMergesWithQuotes checks that GTR018.1's wrap and GTR020.1's
// quotes inside the same <command> are applied in one iteration: the quotes
// read the same once wrapped, so neither waits for the other.
func TestCDATAWrapMergesWithQuotes(t *testing.T) {
	src := []byte(`<tool id="t" name="T" version="1.0">
    <command>sort $input &gt; $output &amp;&amp; echo done</command>
    <inputs>
        <param name="input" type="data" format="txt"/>
    </inputs>
    <outputs>
        <data name="output" format="txt"/>
    </outputs>
</tool>
`)
	res, err := Format("t.xml", src, []*Rule{GTR018_1, GTR020_1})
	require.NoError(t, err)
	assert.Contains(t, string(res.Output), `<command><![CDATA[sort '$input' > '$output' && echo done]]></command>`)
	assert.Equal(t, 1, res.Iterations)
	assert.Equal(t, []string{"GTR018.1", "GTR020.1"}, res.Codes())
}
