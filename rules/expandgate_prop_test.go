package rules_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
	"pgregory.net/rapid"
)

// gatedTool generates tools from the pieces the default rules rewrite,
// mixed so that fixes meet: text with '>' and references in <command> and
// <help> (CDATA wraps, canonical escaping, quoting), attribute values with
// tabs, newlines and references, tool children out of order, outputs to
// remap, redundant names, checkbox displays, requirement versions with
// whitespace, Python-style booleans and near-miss names, inline macros and
// tokens, odd indentation and quotes.
func gatedTool() *rapid.Generator[[]byte] {
	indent := rapid.SampledFrom([]string{"\n", "\n  ", "\n    ", "\n\t", "\n\n  ", " ", "\r\n  "})
	command := rapid.SampledFrom([]string{
		"<command>cat $in &gt; $out</command>",
		"<command>cat $in > $out &amp;&amp; echo \"x\"</command>",
		"<command><![CDATA[cat $in > $out]]></command>",
		"<command>\n    cat '$in' | sort $flag > $out\n  </command>",
		"<command>@BIN@ $in &#62; $out</command>",
		"<command detect_errors=\"exit_code\">cat ${in} $!out.ext &gt;&gt; $out</command>",
	})
	help := rapid.SampledFrom([]string{
		"<help>Use it: a &gt; b.</help>", "<help><![CDATA[Use *it*.]]></help>", "<help>  </help>",
		"<help>See <b>this</b> <i>tool</i>.</help>", "<help>a &#10; b&#9;c</help>", "",
	})
	param := rapid.SampledFrom([]string{
		`<param name="n" type="integer" value="1" label="N"/>`,
		`<param label='N' value="1"   type="integer" name="n" />`,
		`<param name="min_len" argument="--min-len" type="integer" value="0"/>`,
		`<param name="mode" type="select" display="checkboxes"><option value="a">A</option></param>`,
		"<param name=\"t\" type=\"text\" value=\"a\tb\nc\" label=\"x &#10; y &gt; z\"/>",
		`<param name="flag" type="boolean" checked="on" truevalue="-f" falsevalue=""/>`,
		`<param name="m" type="integer" value="1" lable="M"/>`,
		`<param name="m" type="select" multiple="FALSE"><option value="a" selected="Yes">A</option></param>`,
		`<param name="in" type="data" format="txt"></param>`,
		`<expand macro="more"/>`,
	})
	output := rapid.SampledFrom([]string{
		`<data name="out" format="txt"/>`,
		`<output name="out" type="data" format="txt"/>`,
		`<output name="out" type="collection" collection_type="list" collection_type_source="in"/>`,
		`<data name="out" format="txt" hidden="True">  </data>`,
	})
	requirement := rapid.SampledFrom([]string{
		`<requirement type="package" version="1.0">x</requirement>`,
		`<requirement type="package" version=" 1.0 ">x</requirement>`,
		`<requirement type="package" version="@VERSION@">x</requirement>`,
	})
	return rapid.Custom(func(t *rapid.T) []byte {
		ind := func() string { return indent.Draw(t, "indent") }
		var children []string
		children = append(children,
			"<macros>"+ind()+"<token name=\"@BIN@\">cat</token>"+ind()+"<token name=\"@VERSION@\">1.0</token>"+
				ind()+"<xml name=\"more\">"+ind()+"<param name=\"more\" type=\"integer\" value=\"2\"/>"+ind()+"</xml>"+ind()+"</macros>",
			command.Draw(t, "command"),
			"<requirements>"+ind()+requirement.Draw(t, "requirement")+ind()+"</requirements>",
		)
		inputs := "<inputs>"
		for _, p := range rapid.SliceOfN(param, 1, 4).Draw(t, "params") {
			inputs += ind() + p
		}
		children = append(children, inputs+ind()+"<param name=\"in\" type=\"data\" format=\"txt\"/>"+ind()+"</inputs>")
		children = append(children, "<outputs>"+ind()+output.Draw(t, "output")+ind()+"</outputs>")
		if h := help.Draw(t, "help"); h != "" {
			children = append(children, h)
		}
		order := rapid.Permutation(children).Draw(t, "order")
		var b strings.Builder
		b.WriteString(rapid.SampledFrom([]string{"", "<?xml version=\"1.0\"?>\n"}).Draw(t, "decl"))
		b.WriteString(`<tool id="t" name="T" version="@VERSION@">`)
		for _, c := range order {
			b.WriteString(ind() + c)
		}
		b.WriteString("\n</tool>")
		b.WriteString(rapid.SampledFrom([]string{"", "\n", "\n\n"}).Draw(t, "end"))
		return []byte(b.String())
	})
}

// TestGatedFormatProperty formats generated tools with the default ruleset
// and the expansion-equality gate: the rules' fixes, however they combine,
// never change Galaxy's expanded view beyond what the rules declare.
func TestGatedFormatProperty(t *testing.T) {
	rs, err := rules.Selection{}.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	changed := 0
	rapid.Check(t, func(t *rapid.T) {
		src := gatedTool().Draw(t, "tool")
		res, err := rules.FormatWith("gen.xml", src, rs, rules.FormatOptions{Macros: &macros.Options{NoDisk: true}, ExpansionGate: true})
		var ge *rewrite.GateError
		if errors.As(err, &ge) {
			t.Fatalf("%v\n%s", err, src)
		}
		if err != nil {
			t.Fatal(err)
		}
		if res.Changed {
			changed++
		}
	})
	if changed == 0 {
		t.Fatal("no generated tool was rewritten")
	}
}
