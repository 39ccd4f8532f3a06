package rewrite

import (
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const fastLib = `<macros>
    <token name="@V@">1.0</token>
    <import>other.xml</import>
    <xml name="inputs" tokens="a">
        <param name="in" type="data"/>
        <param name="@A@" type="text"/>
        <expand macro="more"/>
        <yield/>
    </xml>
    <xml name="bits"><b>x</b> <i>y</i></xml>
    <macro name="m"><param name="p"/> <param name="q"/></macro>
    <template name="t">#if $x
  a
#end if</template>
    <section name="s">
        <param name="z" type="text"/>
    </section>
</macros>
`

// libGates returns the two gates of a macro file: its own, and the
// importers' splice comparison (the tails of the children of an <xml>
// but <expand> and <yield> exact where landed says, every one when landed
// is nil), as rules builds them.
func libGates(landed map[int]bool) (own, splice *Expansion) {
	data := func(tag string) bool {
		switch tag {
		case "command", "help", "token", "macro", "template", "import":
			return true
		}
		return false
	}
	spliced := func(parent, tag string) bool { return parent == "xml" && tag != "expand" && tag != "yield" }
	own = &Expansion{File: "macros.xml", Macros: macros.Options{NoDisk: true}, Data: data}
	splice = &Expansion{
		File: "macros.xml", Macros: macros.Options{NoDisk: true}, Data: data,
		ExactTail: func(parent, child *macros.Element) bool {
			return spliced(parent.Tag, child.Tag) && (landed == nil || landed[child.Loc.Span.Start])
		},
		WrittenTail: func(parent, child cst.Node) bool {
			return spliced(parent.Name(), child.Name()) && (landed == nil || landed[child.Span().Start])
		},
	}
	return own, splice
}

// TestUnchangedMacroFile checks the shortcut for a macro file, compared as
// its canonical tree by its own gate and, with exact spliced tails, by
// the importers': it proves what it should, falls back wherever a
// definition or a spliced tail may change, and whatever it proves the
// full comparison passes with no declared change.
func TestUnchangedMacroFile(t *testing.T) {
	// The children of <xml name="bits"> land in data in the importers.
	bits := map[int]bool{strings.Index(fastLib, "<b>x"): true, strings.Index(fastLib, "<i>y"): true}
	tests := []struct {
		name   string
		base   string              // fastLib when empty
		after  string              // replacements turning base into the output, "old⇒new⇒…"
		edit   func(string) string // the output from base, instead of after
		all    bool                // every spliced tail exact (an importer's landing unknown)
		own    bool                // the shortcut proves the file's own gate
		splice bool                // the shortcut proves the importers' comparison
		full   bool                // the full importers' comparison passes
		fails  bool                // the full own comparison fails
	}{
		{name: "identical", own: true, splice: true, full: true},
		{name: "re-indent inside <xml>", after: "        <param name=\"in\"⇒    <param name=\"in\"⇒        <param name=\"@A@\"⇒  <param name=\"@A@\"", own: true, splice: true, full: true},
		{name: "re-indent inside <xml>, landings unknown", all: true, after: "        <param name=\"@A@\"⇒  <param name=\"@A@\"", own: true, full: false},
		{name: "text of an <xml> before its first child, landings unknown", all: true, after: "tokens=\"a\">\n        <param⇒tokens=\"a\"><param", own: true, splice: true, full: true},
		{name: "tail landing in data", after: "<b>x</b> <i>⇒<b>x</b>\n<i>", own: true, full: false},
		{name: "tail not landing in data", after: "<param name=\"in\" type=\"data\"/>\n⇒<param name=\"in\" type=\"data\"/>\n\t", own: true, splice: true, full: true},
		{name: "tail after an <expand>, landings unknown", all: true, after: "<expand macro=\"more\"/>\n        <yield/>⇒<expand macro=\"more\"/>\n  <yield/>", own: true, splice: true, full: true},
		{name: "tail after a <yield>, landings unknown", all: true, after: "<yield/>\n    </xml>⇒<yield/></xml>", own: true, splice: true, full: true},
		{name: "layout deeper than the definitions, landings unknown", all: true, after: "\n        <param name=\"z\"⇒\n  <param name=\"z\"", own: true, splice: true, full: true},
		{name: "layout between the definitions", after: "\n    <template⇒\n\n  <template⇒\n    <section⇒  <!-- s -->\n<section", own: true, splice: true, full: true},
		{name: "CRLF line ends, landings unknown", all: true, edit: func(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }, own: true, splice: true, full: true},
		{name: "whitespace in a <token>", after: ">1.0<⇒> 1.0<", fails: true},
		{name: "whitespace in an <import>", after: "<import>other.xml⇒<import> other.xml", fails: true},
		{name: "tail in a <macro>", after: "<param name=\"p\"/> <param⇒<param name=\"p\"/>\n<param", fails: true},
		{name: "whitespace in a <template>", after: "#if $x\n  a⇒#if $x\n    a", fails: true},
		{name: "an element renamed", after: "<section name⇒<sections name⇒</section>⇒</sections>", fails: true},
		{name: "an attribute value", after: `name="z"⇒name="y"`, fails: true},
		{name: "attributes reordered", after: `<param name="in" type="data"/>⇒<param type="data"  name='in'/>`, own: true, splice: true, full: true},
		{name: "attributes of an <xml> reordered", after: `<xml name="inputs" tokens="a">⇒<xml tokens="a" name="inputs">`, full: true},
		{name: "attributes of an <expand> reordered", base: strings.Replace(fastLib, `macro="more"`, `macro="more" b="1"`, 1), after: `macro="more" b="1"⇒b="1" macro="more"`, own: true, splice: true, full: true},
		{
			name:  "attributes holding a token name reordered",
			base:  strings.NewReplacer(`<param name="z" type="text"/>`, `<param name="z" type="text" label="L"/>`, `<token name="@V@">`, `<token name="lab">`).Replace(fastLib),
			after: `type="text" label="L"⇒label="L" type="text"`, full: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := tt.base
			if base == "" {
				base = fastLib
			}
			before, after := base, applyPairs(t, base, tt.after)
			if tt.edit != nil {
				after = tt.edit(base)
			}
			landed := bits
			if tt.all {
				landed = nil
			}
			own, splice := libGates(landed)
			for _, g := range []struct {
				name           string
				x              *Expansion
				proved, passes bool
			}{
				{"own gate", own, tt.own, !tt.fails},
				{"importers' comparison", splice, tt.splice, tt.full},
			} {
				got := g.x.Unchanged([]byte(before), []byte(after))
				used, err := g.x.CompareExpanded([]byte(before), []byte(after))
				if got {
					require.NoError(t, err, "%s: proved equal, but the full comparison fails", g.name)
					require.Empty(t, used, "%s: proved equal, but the full comparison needs declared changes", g.name)
				}
				assert.Equal(t, g.proved, got, "%s: the shortcut", g.name)
				assert.Equal(t, g.passes, err == nil, "%s: the full comparison: %v", g.name, err)
			}
		})
	}
}
