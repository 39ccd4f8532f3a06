package rewrite

import (
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const fastMacros = `<macros>
    <token name="@VERSION@">1.0</token>
    <xml name="inputs">
        <param name="in" type="data"/>
    </xml>
    <xml name="section">
        <section name="s">
            <yield/>
        </section>
    </xml>
    <xml name="inline">
        <yield/>
    </xml>
    <xml name="requirements">
        <requirements>
            <requirement type="package">x</requirement>
        </requirements>
    </xml>
</macros>
`

const fastTool = `<tool id="t" name="T" version="@VERSION@" profile="@PROFILE@">
  <macros>
    <import>macros.xml</import>
    <token name="@PROFILE@">21.05</token>
    <xml name="local" tokens="a">
      <param name="@A@" type="text"/>
      <param name="b" type="text"/>
    </xml>
  </macros>
  <expand macro="requirements"/>
  <command>cat $in &gt; $out</command>
  <inputs>
    <expand macro="inputs"/>
    <expand macro="section">
      <param name="x" type="integer" value="1"/>
      <param name="y" type="integer" value="2"/>
    </expand>
    <expand macro="local" a="p"/>
    <param name="n" type="integer" value="1" label="N M"/>
  </inputs>
  <outputs>
    <data name="out" format="txt"/>
  </outputs>
  <help>Some *help*. <expand macro="inline"><b>x</b> <i>y</i></expand></help>
</tool>
`

func fastGate() *Expansion {
	g := testGate()
	g.Macros.Files = map[string][]byte{"macros.xml": []byte(fastMacros)}
	return g
}

// TestUnchanged checks the shortcut of the expansion-equality gate: it
// proves what it should, falls back wherever Galaxy's view may change, and
// whatever it proves the full comparison passes with no declared change.
func TestUnchanged(t *testing.T) {
	crlf := func(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }
	tests := []struct {
		name   string
		base   string // fastTool when empty
		before string // replacements turning base into the input, "old⇒new⇒…"
		after  string // replacements turning base into the output
		edit   func(string) string
		want   bool
		full   bool // whether the full comparison passes, when want is false
	}{
		{name: "identical", want: true},
		{name: "indentation", after: "\n  <inputs>⇒\n\t\t<inputs>⇒\n    <param name=\"n\"⇒\n        <param name=\"n\"", want: true},
		{name: "XML declaration", after: "<tool id⇒<?xml version=\"1.0\"?>\n<tool id", want: true},
		{name: "attribute order, quotes and spacing", after: `<data name="out" format="txt"/>⇒<data  format = 'txt'	name="out" />`, want: true},
		{name: "empty element forms", after: `<data name="out" format="txt"/>⇒<data name="out" format="txt">  </data>`, want: true},
		{name: "CDATA instead of escaping", after: "<command>cat $in &gt; $out</command>⇒<command><![CDATA[cat $in > $out]]></command>", want: true},
		{name: "character references", after: "Some *help*.⇒Some &#42;help*&#46;", want: true},
		{name: "comment between elements", after: "  <outputs>⇒  <!-- outputs -->\n  <outputs>", want: true},
		{name: "comment inside data text", before: "Some *help*.⇒Some <!-- x -->*help*.", want: true},
		{name: "comment joining data text", before: "Some *help*.⇒Some <!-- x -->\n*help*.", full: false},
		{name: "CRLF line ends", edit: crlf, want: true},
		{name: "CRLF inside data text", before: "cat $in⇒cat\r\n$in", after: "cat $in⇒cat\n$in", want: true},
		{name: "reference in an attribute", after: `label="N M"⇒label="&#78;&#x20;M"`, want: true},
		{name: "attribute value normalisation", after: `label="N M"⇒label="N` + "\n" + `M"`, want: true},
		{
			name:  "tool children reordered between expands",
			after: "  <command>cat $in &gt; $out</command>\n⇒⇒  <help>Some⇒  <command>cat $in &gt; $out</command>\n  <help>Some", want: true,
		},
		{
			name:  "tool child moved across a tool-level expand",
			after: "  <expand macro=\"requirements\"/>\n  <command>cat $in &gt; $out</command>⇒  <command>cat $in &gt; $out</command>\n  <expand macro=\"requirements\"/>",
			full:  true,
		},
		{name: "layout inside <macros>", after: "<macros>\n    <import>⇒<macros>\n        <import>", want: true},
		{name: "layout inside a macro body landing in <inputs>", after: "      <param name=\"b\"⇒  <param name=\"b\"", want: true},
		{name: "attributes of a macro body reordered", after: `<param name="b" type="text"/>⇒<param type="text" name="b"/>`, want: true},
		{
			name: "layout inside a macro body landing in <help>",
			base: strings.Replace(strings.Replace(fastTool, "<import>", "<xml name=\"bits\"><b>x</b> <i>y</i></xml>\n    <import>", 1),
				"Some *help*.", "Some *help*.<expand macro=\"bits\"/>", 1),
			after: "<b>x</b> <i>y</i></xml>⇒<b>x</b>\n<i>y</i></xml>", full: false,
		},
		{name: "attributes of a macro definition reordered", after: `<xml name="local" tokens="a">⇒<xml tokens="a" name="local">`, full: true},
		{name: "layout inside an <expand> landing in <section>", after: "      <param name=\"y\"⇒        <param name=\"y\"", want: true},
		{name: "attributes inside an <expand> reordered", after: `name="x" type="integer"⇒type="integer" name="x"`, want: true},
		{name: "attributes of an <expand> reordered", after: `<expand macro="local" a="p"/>⇒<expand a="p" macro="local" />`, want: true},
		{name: "layout inside an <expand> landing in <help>", after: "<b>x</b> <i>⇒<b>x</b>\n<i>", full: false},
		{name: "text after an <expand> in data", after: "</expand></help>⇒</expand> </help>", full: true},
		{name: "whitespace inside <command>", after: "cat $in⇒cat  $in", full: false},
		{name: "whitespace in a token", after: ">21.05<⇒> 21.05<", full: false},
		{name: "whitespace in an import", after: "<import>macros.xml⇒<import> macros.xml", full: false},
		{name: "text that is not whitespace", after: "\n  <outputs>⇒\n x <outputs>", full: false},
		{name: "an attribute value", after: `value="1"⇒value="2"`, full: false},
		{name: "an element renamed", after: "<data name⇒<output name", full: false},
		{name: "a processing instruction added", after: "  <outputs>⇒  <?pi x?>\n  <outputs>", full: false},
		{name: "a DOCTYPE", before: "<tool id⇒<!DOCTYPE tool>\n<tool id", after: "<tool id⇒<!DOCTYPE tool>\n  <tool id", full: true},
		{
			name: "a whitespace token", base: strings.Replace(fastTool, "<import>", "<token name=\" \">_</token>\n    <import>", 1),
			after: "\n  <inputs>\n    <expand⇒\n  <inputs>\n  <expand", full: false,
		},
		{
			name: "attributes holding a token reordered", base: strings.Replace(fastTool, "<import>", "<token name=\"lab\">LAB</token>\n    <import>", 1),
			after: `type="integer" value="1" label="N M"⇒label="N M" type="integer" value="1"`, full: true,
		},
		{
			name: "a macro with token_quote", base: strings.Replace(fastTool, `tokens="a"`, `tokens="a" token_quote="%"`, 1),
			after: "      <param name=\"y\"⇒        <param name=\"y\"", full: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := tt.base
			if base == "" {
				base = fastTool
			}
			before, after := applyPairs(t, base, tt.before), applyPairs(t, base, tt.after)
			if tt.edit != nil {
				after = tt.edit(after)
			}
			g := fastGate()
			got := g.Unchanged([]byte(before), []byte(after))
			used, err := g.CompareExpanded([]byte(before), []byte(after))
			if got {
				require.NoError(t, err, "proved equal, but the full comparison fails")
				require.Empty(t, used, "proved equal, but the full comparison needs declared changes")
			}
			assert.Equal(t, tt.want, got)
			if !tt.want {
				assert.Equal(t, tt.full, err == nil, "the full comparison: %v", err)
			}
		})
	}
}

func TestUnchangedNeedsItsPreconditions(t *testing.T) {
	before := []byte(fastTool)
	after := []byte(strings.Replace(fastTool, "\n  <inputs>", "\n    <inputs>", 1))
	g := fastGate()
	assert.True(t, g.Unchanged(before, after))
	// Other imports for the output, or tails compared another way: only
	// the full comparison knows.
	g.After = &g.Macros
	assert.False(t, g.Unchanged(before, after))
	g = fastGate()
	g.ExactTail = func(parent, child *macros.Element) bool { return false }
	assert.False(t, g.Unchanged(before, after))
	// A tool that does not expand.
	g = fastGate()
	g.Macros.Files = nil
	assert.False(t, g.Unchanged(before, after))
	// A macro file is compared as its tree, its spliced tails by
	// WrittenTail when ExactTail is set.
	lib, relib := []byte(fastMacros), []byte(strings.ReplaceAll(fastMacros, "    ", "  "))
	assert.True(t, fastGate().Unchanged(lib, relib))
	g = fastGate()
	g.ExactTail = func(parent, child *macros.Element) bool { return false }
	assert.False(t, g.Unchanged(lib, relib))
	g.WrittenTail = func(parent, child cst.Node) bool { return false }
	assert.True(t, g.Unchanged(lib, relib))
	g.After = &g.Macros
	assert.False(t, g.Unchanged(lib, relib))
	// Compare takes the shortcut, and otherwise compares the views.
	used, err := fastGate().Compare(before, after)
	assert.NoError(t, err)
	assert.Empty(t, used)
	_, err = fastGate().Compare(before, []byte(strings.Replace(fastTool, "cat $in", "cat  $in", 1)))
	assert.ErrorContains(t, err, "/tool/command[1]: text")
}

// TestProvedDeclaredText checks that the shortcut accepts a declared
// change of a text through its WrittenText hook, only for an element of
// the tool's own whose text holds no token, reports the change as used,
// and that the full comparison agrees.
func TestProvedDeclaredText(t *testing.T) {
	// A test change: "x" appended to a <command> under <tool>.
	appended := func(before, after string) bool { return after == before+"x" }
	ch := &ViewChange{
		Name: "appended",
		Text: func(b, a *macros.Element) bool {
			return b.Tag == "command" && len(b.Children) == 0 && appended(b.Text, a.Text)
		},
		WrittenText: func(tag string, top bool, before, after string) bool {
			return tag == "command" && top && appended(before, after)
		},
	}
	gate := func() *Expansion {
		g := fastGate()
		g.Allow = []*ViewChange{ch}
		return g
	}
	// The command's text before and after.
	cases := []struct {
		name          string
		before, after string
		want          bool
	}{
		{"accepted", "cat $in &gt; $out", "cat $in &gt; $outx", true},
		{"not the change", "cat $in &gt; $out", "cat $in &gt; $outy", false},
		// The hook would accept it, but the proof leaves a text that
		// may hold a token to the full comparison.
		{"a token in the text", "cat @VERSION@", "cat @VERSION@x", false},
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			before := []byte(strings.Replace(fastTool, "cat $in &gt; $out", tt.before, 1))
			after := []byte(strings.Replace(fastTool, "cat $in &gt; $out", tt.after, 1))
			used, ok := gate().Proved(before, after)
			assert.Equal(t, tt.want, ok)
			assert.False(t, gate().Unchanged(before, after), "Unchanged accepts no declared change")
			if ok {
				assert.Equal(t, []*ViewChange{ch}, used)
				full, err := gate().CompareExpanded(before, after)
				require.NoError(t, err)
				assert.Equal(t, []*ViewChange{ch}, full)
			}
		})
	}
	// A <command> that a macro moves is not the tool's own.
	moved := strings.Replace(fastTool, `<expand macro="local" a="p"/>`, `<expand macro="local" a="p"><command>a</command></expand>`, 1)
	_, ok := gate().Proved([]byte(moved), []byte(strings.Replace(moved, "<command>a</command>", "<command>ax</command>", 1)))
	assert.False(t, ok)
}
