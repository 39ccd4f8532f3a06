package rewrite

import (
	"errors"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// dataTags are the tags whose text the tests treat as data.
var dataTags = map[string]bool{"command": true, "help": true, "token": true, "option": true, "macro": true}

func testGate(allow ...*ViewChange) *Expansion {
	return &Expansion{
		File:   "tool.xml",
		Macros: macros.Options{NoDisk: true, Files: map[string][]byte{"macros.xml": []byte(testMacros)}},
		Data:   func(tag string) bool { return dataTags[tag] },
		Allow:  allow,
	}
}

const testMacros = `<macros>
    <token name="@VERSION@">1.0</token>
    <xml name="inputs">
        <param name="in" type="data"/>
    </xml>
</macros>
`

// quoteChange accepts a <command> text differing only by its quotes.
var quoteChange = &ViewChange{Name: "quotes", Text: func(b, a *macros.Element) bool {
	return b.Tag == "command" && strings.ReplaceAll(a.Text, "'", "") == b.Text
}}

// dropChange accepts the attribute drop="x" going away.
var dropChange = &ViewChange{Name: "drop", Attr: func(b, a *macros.Element, name string) bool {
	v, okB := b.Get(name)
	_, okA := a.Get(name)
	return name == "drop" && okB && !okA && v == "x"
}}

// fixChange accepts the value "chekboxes" becoming "x", and proposes it.
var fixChange = &ViewChange{
	Name: "fix",
	Attr: func(b, a *macros.Element, name string) bool {
		vb, _ := b.Get(name)
		va, _ := a.Get(name)
		return vb == "chekboxes" && va == "x"
	},
	Revalue: func(b *macros.Element, name string) []string { return []string{"x"} },
}

func TestExpansionGate(t *testing.T) {
	const base = `<tool id="t" name="T" version="@VERSION@">
  <macros>
    <import>macros.xml</import>
  </macros>
  <command>cat $in &gt; $out</command>
  <inputs>
    <expand macro="inputs"/>
    <param name="n" type="integer" value="1" label="N"/>
  </inputs>
  <outputs>
    <data name="out" format="txt"/>
  </outputs>
  <help>Some *help*.</help>
</tool>
`
	tests := []struct {
		name  string
		after string // base with replacements: "old⇒new⇒old⇒new…"
		allow []*ViewChange
		err   string // "" when accepted; else a substring of the error
		used  []string
	}{
		{name: "identical"},
		{name: "indentation", after: "\n  <inputs>⇒\n\t\t<inputs>⇒\n    <param name=\"n\"⇒\n        <param name=\"n\""},
		{name: "blank lines and no newline at the end", after: "</outputs>\n⇒</outputs>\n\n\n⇒</tool>\n⇒</tool>"},
		{name: "attribute order", after: `name="n" type="integer" value="1" label="N"⇒label="N" value="1" type="integer" name="n"`},
		{name: "attribute quotes and spacing", after: `<data name="out" format="txt"/>⇒<data  name = 'out'	format="txt" />`},
		{name: "CDATA instead of escaping", after: "<command>cat $in &gt; $out</command>⇒<command><![CDATA[cat $in > $out]]></command>"},
		{name: "character references", after: "Some *help*.⇒Some &#42;help*&#46;"},
		{name: "comments", after: "  <outputs>⇒  <!-- outputs -->\n  <outputs>"},
		{name: "tool children reordered", after: "  <help>Some *help*.</help>\n⇒⇒  <command>⇒  <help>Some *help*.</help>\n  <command>"},
		{name: "empty element forms", after: `<data name="out" format="txt"/>⇒<data name="out" format="txt">  </data>`},
		{
			name: "whitespace inside command", after: "cat $in⇒cat  $in",
			err: `/tool/command[1]: text "cat·$in·>·$out" became "cat··$in·>·$out"`,
		},
		{
			name: "help replaced by whitespace", after: "<help>Some *help*.</help>⇒<help>  </help>",
			err: "/tool/help[1]: text",
		},
		{name: "an attribute value", after: `value="1"⇒value="2"`, err: `/tool/inputs[1]/param[2]: attribute value="1" became "2"`},
		{name: "an attribute removed", after: ` label="N"⇒`, err: `attribute label="N" was removed`},
		{name: "an element renamed", after: "<data name⇒<output name", err: "<data> became <output>"},
		{name: "a child added", after: "    <data name⇒    <data name=\"log\"/>\n    <data name", err: "1 children became 2"},
		{name: "token value", after: `version="@VERSION@"⇒version="1.0 "`, err: `attribute version="1.0" became "1.0·"`},
		{name: "quotes undeclared", after: "cat $in⇒cat '$in'", err: "/tool/command[1]: text"},
		{name: "quotes declared", after: "cat $in⇒cat '$in'", allow: []*ViewChange{quoteChange}, used: []string{"quotes"}},
		{name: "declared but not needed", after: "\n  <inputs>⇒\n <inputs>", allow: []*ViewChange{quoteChange}},
		{name: "attribute drop declared", after: `label="N"⇒label="N" drop="x"`, err: "was added", allow: []*ViewChange{dropChange}},
		{
			name: "two declared changes in a row", after: `label="N"⇒label="N" drop="chekboxes"`,
			allow: []*ViewChange{fixChange, dropChange}, err: "was added",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			after := applyPairs(t, base, tt.after)
			used, err := testGate(tt.allow...).Compare([]byte(base), []byte(after))
			if tt.err == "" {
				require.NoError(t, err)
				var names []string
				for _, u := range used {
					names = append(names, u.Name)
				}
				assert.Equal(t, tt.used, names)
				return
			}
			var ge *GateError
			require.True(t, errors.As(err, &ge), "want a gate error, got %v", err)
			assert.Equal(t, GateExpansion, ge.Gate)
			assert.Contains(t, err.Error(), tt.err)
		})
	}
}

// applyPairs applies "old⇒new⇒old⇒new…" replacements to s, each once.
func applyPairs(t *testing.T, s, pairs string) string {
	t.Helper()
	if pairs == "" {
		return s
	}
	parts := strings.Split(pairs, "⇒")
	require.Equal(t, 0, len(parts)%2, "odd replacement list %q", pairs)
	for i := 0; i < len(parts); i += 2 {
		require.Contains(t, s, parts[i])
		s = strings.Replace(s, parts[i], parts[i+1], 1)
	}
	return s
}

func TestExpansionGateDeclaredChain(t *testing.T) {
	before := `<tool><inputs><param name="p" drop="chekboxes"/></inputs></tool>`
	after := `<tool><inputs><param name="p"/></inputs></tool>`
	_, err := testGate(dropChange).Compare([]byte(before), []byte(after))
	assert.Error(t, err, "one change alone cannot explain two")
	used, err := testGate(fixChange, dropChange).Compare([]byte(before), []byte(after))
	require.NoError(t, err)
	assert.Len(t, used, 2)
}

func TestExpansionGateToolChildrenByTag(t *testing.T) {
	before := "<tool>\n  <requirements><requirement>a</requirement></requirements>\n  <requirements><requirement>b</requirement></requirements>\n  <help>h</help>\n</tool>"
	// Distinct tags may move; two children with one tag may not swap,
	// since Galaxy finds the first.
	moved := "<tool>\n  <help>h</help>\n  <requirements><requirement>a</requirement></requirements>\n  <requirements><requirement>b</requirement></requirements>\n</tool>"
	swapped := "<tool>\n  <requirements><requirement>b</requirement></requirements>\n  <requirements><requirement>a</requirement></requirements>\n  <help>h</help>\n</tool>"
	_, err := testGate().Compare([]byte(before), []byte(moved))
	assert.NoError(t, err)
	_, err = testGate().Compare([]byte(before), []byte(swapped))
	assert.ErrorContains(t, err, "/tool/requirements[1]/requirement[1]: text")
	// Elsewhere order counts.
	_, err = testGate().Compare([]byte("<tool><inputs><a/><b/></inputs></tool>"), []byte("<tool><inputs><b/><a/></inputs></tool>"))
	assert.ErrorContains(t, err, "<a> became <b>")
}

func TestExpansionGateLayoutIsBetweenElementsOnly(t *testing.T) {
	// Text that is not whitespace only is compared in every element, data
	// or not; tails in data elements are compared exactly.
	_, err := testGate().Compare([]byte("<tool><inputs> x </inputs></tool>"), []byte("<tool><inputs>x</inputs></tool>"))
	assert.Error(t, err)
	_, err = testGate().Compare([]byte("<tool><help>a <b>x</b> y</help></tool>"), []byte("<tool><help>a <b>x</b>\n y</help></tool>"))
	assert.ErrorContains(t, err, "/tool/help[1]/b[1]: text after it")
	// A macro body spliced into a data element carries its whitespace
	// there: reindenting it is a real change.
	const macro = "<macros><xml name=\"m\"><b>x</b> <i>y</i></xml></macros>"
	before := "<tool>" + macro + "<help><expand macro=\"m\"/></help></tool>"
	after := strings.Replace(before, "</b> <i>", "</b>\n    <i>", 1)
	_, err = testGate().Compare([]byte(before), []byte(after))
	assert.ErrorContains(t, err, "/tool/help[1]/b[1]: text after it")
}

func TestExpansionGateImports(t *testing.T) {
	const tool = "<tool>\n<macros><import>missing.xml</import></macros>\n<command>x</command>\n</tool>\n"
	g := testGate()
	// Unchanged bytes need no proof.
	_, err := g.Compare([]byte(tool), []byte(tool))
	assert.NoError(t, err)
	// A change cannot be proved without the import: fail closed.
	_, err = g.Compare([]byte(tool), []byte(strings.Replace(tool, "\n<command>", "\n    <command>", 1)))
	var ge *GateError
	require.True(t, errors.As(err, &ge))
	assert.Equal(t, GateUnresolvedImport, ge.Gate)
	assert.Contains(t, ge.Detail, "missing.xml")
}

func TestExpansionGateExpansionFailure(t *testing.T) {
	// An undefined macro: Galaxy loads neither version, and the gate
	// compares the files' own trees.
	const tool = "<tool>\n<macros><token name=\"@A@\">a</token></macros>\n<inputs><expand macro=\"nope\"/></inputs>\n<command>x</command>\n</tool>\n"
	_, err := testGate().Compare([]byte(tool), []byte(strings.Replace(tool, "\n<inputs>", "\n  <inputs>", 1)))
	assert.NoError(t, err)
	_, err = testGate().Compare([]byte(tool), []byte(strings.Replace(tool, "<command>x", "<command>y", 1)))
	assert.ErrorContains(t, err, "/tool/command[1]: text")
	// A rewrite that makes the expansion work, or fail another way, is a
	// change.
	_, err = testGate().Compare([]byte(tool), []byte(strings.Replace(tool, `<expand macro="nope"/>`, "", 1)))
	assert.ErrorContains(t, err, "did not expand before the rewrite and does after")
	_, err = testGate().Compare([]byte(tool), []byte(strings.Replace(tool, `macro="nope"`, "", 1)))
	assert.ErrorContains(t, err, "changes why the tool does not expand")
	ok := "<tool><macros><xml name=\"m\"><a/></xml></macros><inputs><expand macro=\"m\"/></inputs></tool>"
	_, err = testGate().Compare([]byte(ok), []byte(strings.Replace(ok, `macro="m"/>`, `macro="n"/>`, 1)))
	assert.ErrorContains(t, err, "no longer expands")
}

func TestExpansionGateMacroFile(t *testing.T) {
	// A macro library is compared as its own tree.
	g := testGate()
	g.File = "macros.xml"
	_, err := g.Compare([]byte(testMacros), []byte(strings.ReplaceAll(testMacros, "    ", "\t")))
	assert.NoError(t, err)
	_, err = g.Compare([]byte(testMacros), []byte(strings.Replace(testMacros, ">1.0<", "> 1.0<", 1)))
	assert.ErrorContains(t, err, "/macros/token[1]: text")
}

func TestExpansionGateAfterOptions(t *testing.T) {
	// Checking a macro file through a tool importing it: the tool's bytes
	// stay, the import changes.
	const tool = "<tool><macros><import>macros.xml</import></macros><inputs><expand macro=\"inputs\"/></inputs></tool>"
	g := testGate()
	reindented := strings.ReplaceAll(testMacros, "    ", "  ")
	g.After = &macros.Options{NoDisk: true, Files: map[string][]byte{"macros.xml": []byte(reindented)}}
	_, err := g.Compare([]byte(tool), []byte(tool))
	assert.NoError(t, err)
	g.After = &macros.Options{NoDisk: true, Files: map[string][]byte{"macros.xml": []byte(strings.Replace(testMacros, `"in"`, `"in2"`, 1))}}
	_, err = g.Compare([]byte(tool), []byte(tool))
	assert.ErrorContains(t, err, `attribute name="in" became "in2"`)
}

func TestRunWithExpansionGate(t *testing.T) {
	// The gate refuses through Run, which names the rules that applied.
	src := []byte("<tool><command>cat $in</command></tool>")
	pass := func(t2 *cst.Tree) []Fix {
		i := strings.Index(string(t2.Source()), "$in")
		if i < 0 || strings.Contains(string(t2.Source()), "'$in'") {
			return nil
		}
		return []Fix{{Code: "Q1", Applicability: Safe, Edits: []Edit{{i, i, "'"}, {i + 3, i + 3, "'"}}}}
	}
	res, err := Run("tool.xml", src, pass, Options{Gates: []Gate{testGate().Gate()}})
	var ge *GateError
	require.True(t, errors.As(err, &ge))
	assert.Equal(t, []string{"Q1"}, ge.Codes)
	assert.Equal(t, src, res.Output)
	res, err = Run("tool.xml", src, pass, Options{Gates: []Gate{testGate(quoteChange).Gate()}})
	require.NoError(t, err)
	assert.Equal(t, "<tool><command>cat '$in'</command></tool>", string(res.Output))
}

func TestShow(t *testing.T) {
	assert.Equal(t, `"a·b→c↵"`, show("a b\tc\n", "a b\tc\n"))
	long := strings.Repeat("x", 100) + "Y" + strings.Repeat("z", 100)
	assert.Equal(t, `…"`+strings.Repeat("x", 24)+"Y"+strings.Repeat("z", 23)+`"…`, show(long, strings.Repeat("x", 100)))
}
