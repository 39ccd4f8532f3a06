package fuzz

import (
	"fmt"
	"strings"
)

// Hostile is one family of hostile inputs: documents built to make a
// parser, an expander or a rule do work out of proportion to their size,
// the way a bomb, a deep nest or a huge element does. Build(n) makes the
// member of size parameter n (a depth, a count or a length, as Unit says).
type Hostile struct {
	Name string
	Unit string // what n counts
	// Build returns the tool file and the files it imports, by name
	// relative to the tool's directory (nil when it imports none).
	Build func(n int) (tool []byte, imports map[string][]byte)
	// Sizes are the n the suite runs: small enough for a quick test,
	// large enough to show the work stays in proportion.
	Sizes []int
	// Outcome says how gtr must answer the input of size n.
	Outcome func(n int) Outcome
}

// Outcome is how gtr answers a hostile input.
type Outcome uint8

const (
	// Processed: the file is checked and formatted like any other (its
	// findings, or a Galaxy-level problem such as an import cycle, are
	// reported as usual).
	Processed Outcome = iota
	// Malformed: the file is not well-formed XML as libxml2 (and so
	// Galaxy) reads it, and is reported with its parse errors.
	Malformed
	// TooLarge: Galaxy's expanded view of the tool would grow past gtr's
	// bound, and the file is an error naming the macro or token.
	TooLarge
	// NotRewritten: the file is checked, but gtr declines to rewrite it
	// with a reason (a construct it cannot prove a rewrite safe for, such
	// as entities declared in a DOCTYPE).
	NotRewritten
)

func (o Outcome) String() string {
	switch o {
	case Malformed:
		return "malformed"
	case TooLarge:
		return "too large"
	case NotRewritten:
		return "not rewritten"
	}
	return "processed"
}

// HostileSuite returns the hostile families of issue 16: deep nesting,
// very wide elements, long names and values, macro, token and import
// bombs, import cycles, huge CDATA, references by the million, deep #if
// nesting and placeholders by the hundred thousand.
func HostileSuite() []Hostile {
	always := func(o Outcome) func(int) Outcome { return func(int) Outcome { return o } }
	past := func(limit int, o Outcome) func(int) Outcome {
		return func(n int) Outcome {
			if n > limit {
				return o
			}
			return Processed
		}
	}
	return []Hostile{
		{Name: "deep", Unit: "nested elements", Sizes: []int{257, 258, 1000, 10_000, 100_000, 1_000_000},
			Build: deepTool, Outcome: past(257, Malformed)},
		{Name: "deep-unclosed", Unit: "open elements", Sizes: []int{1000, 100_000},
			Build: deepUnclosed, Outcome: always(Malformed)},
		{Name: "wide-siblings", Unit: "sibling elements", Sizes: []int{1000, 100_000, 1_000_000},
			Build: wideSiblings, Outcome: always(Processed)},
		{Name: "wide-attributes", Unit: "attributes on one element", Sizes: []int{1000, 100_000, 1_000_000},
			Build: wideAttributes, Outcome: past(850_000, Malformed)}, // a start tag past 10 MB
		{Name: "long-name", Unit: "bytes in an element name", Sizes: []int{1000, 49_000, 1_000_000},
			Build: longName, Outcome: past(50_000, Malformed)},
		{Name: "long-value", Unit: "bytes in an attribute value", Sizes: []int{1000, 1_000_000, 9_000_000},
			Build: longValue, Outcome: always(Processed)},
		{Name: "huge-cdata", Unit: "bytes of CDATA in <command>", Sizes: []int{1000, 1_000_000, 9_000_000},
			Build: hugeCDATA, Outcome: always(Processed)},
		{Name: "entity-references", Unit: "&amp; references in <help>", Sizes: []int{1000, 1_000_000},
			Build: entityRefs, Outcome: always(Processed)},
		{Name: "character-references", Unit: "&#x41; references in <help>", Sizes: []int{1000, 1_000_000},
			Build: charRefs, Outcome: always(Processed)},
		{Name: "token-bomb", Unit: "tokens, each holding the previous twice", Sizes: []int{10, 40, 64},
			Build: tokenBomb, Outcome: past(20, TooLarge)},
		{Name: "macro-bomb", Unit: "xml macros, each expanding the previous twice", Sizes: []int{8, 28, 64},
			Build: macroBomb, Outcome: past(16, TooLarge)},
		{Name: "macro-chain", Unit: "xml macros, each nesting the previous once", Sizes: []int{100, 10_000},
			Build: macroChain, Outcome: past(255, TooLarge)},
		{Name: "import-bomb", Unit: "macro files, each importing the next twice", Sizes: []int{4, 30},
			Build: importBomb, Outcome: past(16, TooLarge)},
		{Name: "import-cycle", Unit: "macro files in an import cycle", Sizes: []int{1, 2, 50},
			Build: importCycle, Outcome: always(Processed)},
		{Name: "deep-if", Unit: "nested #if", Sizes: []int{10, 1000, 100_000},
			Build: deepIf, Outcome: always(Processed)},
		{Name: "placeholders", Unit: "placeholders in <command>", Sizes: []int{1000, 100_000},
			Build: placeholders, Outcome: always(Processed)},
		{Name: "dtd-entity-bomb", Unit: "entities, each referencing the previous ten times", Sizes: []int{3, 10},
			Build: entityBomb, Outcome: always(NotRewritten)},
	}
}

// toolHead and toolTail wrap the parts of a hostile tool in a tool that is
// otherwise plausible, so that the rules reading commands, inputs and help
// all run.
const toolHead = `<tool id="hostile" name="hostile" version="1.0" profile="22.05">
    <description>hostile input</description>
`

const toolTail = `    <outputs>
        <data name="out" format="txt"/>
    </outputs>
    <help>help</help>
</tool>
`

const plainCommand = "    <command>echo $p &gt; '$out'</command>\n"

func tool(parts ...string) []byte {
	var b strings.Builder
	b.WriteString(toolHead)
	for _, p := range parts {
		b.WriteString(p)
	}
	b.WriteString(toolTail)
	return []byte(b.String())
}

func deepTool(n int) ([]byte, map[string][]byte) {
	// The tool element is the first level.
	inner := n - 1
	var b strings.Builder
	b.Grow(7 * inner)
	b.WriteString(`<tool id="deep" name="deep" version="1.0">`)
	b.WriteString(strings.Repeat("<a>", inner))
	b.WriteString(strings.Repeat("</a>", inner))
	b.WriteString("</tool>\n")
	return []byte(b.String()), nil
}

func deepUnclosed(n int) ([]byte, map[string][]byte) {
	return []byte(`<tool id="deep" name="deep" version="1.0">` + strings.Repeat("<a>", n-1)), nil
}

func wideSiblings(n int) ([]byte, map[string][]byte) {
	var b strings.Builder
	b.WriteString("    <inputs>\n")
	for i := range n {
		fmt.Fprintf(&b, "        <param name=\"p%d\" type=\"text\"/>\n", i)
	}
	b.WriteString("    </inputs>\n")
	return tool(plainCommand, b.String()), nil
}

func wideAttributes(n int) ([]byte, map[string][]byte) {
	var b strings.Builder
	b.WriteString(`    <inputs>
        <param name="p" type="text"`)
	for i := range n {
		fmt.Fprintf(&b, " a%d=\"v\"", i)
	}
	b.WriteString("/>\n    </inputs>\n")
	return tool(plainCommand, b.String()), nil
}

func longName(n int) ([]byte, map[string][]byte) {
	name := "x" + strings.Repeat("y", n-1)
	return tool(plainCommand, "    <"+name+"/>\n"), nil
}

func longValue(n int) ([]byte, map[string][]byte) {
	return tool(plainCommand, `    <inputs>
        <param name="p" type="text" value="`+strings.Repeat("v", n)+`"/>
    </inputs>
`), nil
}

func hugeCDATA(n int) ([]byte, map[string][]byte) {
	body := strings.Repeat("echo $p;\n", n/9+1)[:n]
	return tool("    <command><![CDATA["+body+"]]></command>\n",
		"    <inputs>\n        <param name=\"p\" type=\"text\"/>\n    </inputs>\n"), nil
}

func entityRefs(n int) ([]byte, map[string][]byte) {
	return refsInHelp("&amp;", n), nil
}

func charRefs(n int) ([]byte, map[string][]byte) {
	return refsInHelp("&#x41;", n), nil
}

func refsInHelp(ref string, n int) []byte {
	src := string(tool(plainCommand))
	return []byte(strings.Replace(src, "<help>help</help>", "<help>"+strings.Repeat(ref, n)+"</help>", 1))
}

// TokenBomb returns the token bomb of n tokens (see tokenBomb), for
// tests that need that one input.
func TokenBomb(n int) string {
	tool, _ := tokenBomb(n)
	return string(tool)
}

// MacroBomb returns the macro bomb of n macros (see macroBomb).
func MacroBomb(n int) string {
	tool, _ := macroBomb(n)
	return string(tool)
}

// tokenBomb is the token bomb of issue 16: n tokens, each holding the
// previous twice, the last used once; it expands to 2^(n-1) copies.
func tokenBomb(n int) ([]byte, map[string][]byte) {
	var b strings.Builder
	b.WriteString("    <macros>\n        <token name=\"@T0@\">ab</token>\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "        <token name=\"@T%d@\">@T%d@@T%d@</token>\n", i, i-1, i-1)
	}
	b.WriteString("    </macros>\n")
	src := strings.Replace(string(tool(b.String(), plainCommand)), "<description>hostile input</description>",
		fmt.Sprintf("<description>@T%d@</description>", n-1), 1)
	return []byte(src), nil
}

// macroBomb is the macro bomb of issue 16: n xml macros, each expanding
// the previous twice, the last expanded once in <inputs>.
func macroBomb(n int) ([]byte, map[string][]byte) {
	var b strings.Builder
	b.WriteString("    <macros>\n        <xml name=\"m0\"><param name=\"p\" type=\"text\"/></xml>\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "        <xml name=\"m%d\"><expand macro=\"m%d\"/><expand macro=\"m%d\"/></xml>\n", i, i-1, i-1)
	}
	b.WriteString("    </macros>\n")
	return tool(b.String(), plainCommand, fmt.Sprintf("    <inputs><expand macro=\"m%d\"/></inputs>\n", n-1)), nil
}

// macroChain nests n macros one in another, so that the expanded view is
// deeper than any file.
func macroChain(n int) ([]byte, map[string][]byte) {
	var b strings.Builder
	b.WriteString("    <macros>\n        <xml name=\"m0\"><param name=\"p\" type=\"text\"/></xml>\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "        <xml name=\"m%d\"><section name=\"s%d\" title=\"s\"><expand macro=\"m%d\"/></section></xml>\n", i, i, i-1)
	}
	b.WriteString("    </macros>\n")
	return tool(b.String(), plainCommand, fmt.Sprintf("    <inputs><expand macro=\"m%d\"/></inputs>\n", n-1)), nil
}

// importBomb imports a chain of n macro files, each importing the next
// twice: loading every import as written reads 2^n files.
func importBomb(n int) ([]byte, map[string][]byte) {
	files := map[string][]byte{}
	for i := range n {
		var imports string
		if i+1 < n {
			imports = fmt.Sprintf("    <import>m%d.xml</import>\n    <import>m%d.xml</import>\n", i+1, i+1)
		}
		files[fmt.Sprintf("m%d.xml", i)] = fmt.Appendf(nil, "<macros>\n%s    <token name=\"@V%d@\">%d</token>\n</macros>\n", imports, i, i)
	}
	return tool("    <macros>\n        <import>m0.xml</import>\n    </macros>\n", plainCommand), files
}

// importCycle imports a ring of n macro files (n = 1: a file importing
// itself).
func importCycle(n int) ([]byte, map[string][]byte) {
	files := map[string][]byte{}
	for i := range n {
		files[fmt.Sprintf("c%d.xml", i)] = fmt.Appendf(nil, "<macros>\n    <import>c%d.xml</import>\n    <token name=\"@C%d@\">x</token>\n</macros>\n", (i+1)%n, i)
	}
	return tool("    <macros>\n        <import>c0.xml</import>\n    </macros>\n", plainCommand), files
}

func deepIf(n int) ([]byte, map[string][]byte) {
	body := strings.Repeat("#if $p\n", n) + "echo $p\n" + strings.Repeat("#end if\n", n)
	return tool("    <command><![CDATA[\n"+body+"]]></command>\n",
		"    <inputs>\n        <param name=\"p\" type=\"text\"/>\n    </inputs>\n"), nil
}

func placeholders(n int) ([]byte, map[string][]byte) {
	var b strings.Builder
	b.WriteString("    <command><![CDATA[echo")
	for i := range n {
		fmt.Fprintf(&b, " $p%d", i%100)
	}
	b.WriteString(" > '$out']]></command>\n    <inputs>\n")
	for i := range 100 {
		fmt.Fprintf(&b, "        <param name=\"p%d\" type=\"text\"/>\n", i)
	}
	b.WriteString("    </inputs>\n")
	return tool(b.String()), nil
}

// entityBomb is the billion-laughs DOCTYPE: n entities, each referencing
// the previous ten times, the last used in <help>.
func entityBomb(n int) ([]byte, map[string][]byte) {
	var b strings.Builder
	b.WriteString("<!DOCTYPE tool [\n  <!ENTITY e0 \"lol\">\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "  <!ENTITY e%d \"%s\">\n", i, strings.Repeat(fmt.Sprintf("&e%d;", i-1), 10))
	}
	b.WriteString("]>\n")
	src := string(tool(plainCommand))
	src = strings.Replace(src, "<help>help</help>", fmt.Sprintf("<help>&e%d;</help>", n-1), 1)
	return []byte(b.String() + src), nil
}
