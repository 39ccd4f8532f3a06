package rules

import (
	"slices"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/cheetah"
)

// fuzzTool wraps a command body in a tool declaring the names the seeds
// use, in CDATA when possible and as escaped text otherwise.
func fuzzTool(body string) []byte {
	cmd := "<![CDATA[" + body + "]]>"
	if strings.Contains(body, "]]>") {
		r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")
		cmd = r.Replace(body)
	}
	return []byte(`<tool id="t" name="T" version="1.0">
    <command>` + cmd + `</command>
    <inputs>
        <param name="input" type="data" format="txt"/>
        <param name="many" type="data" format="txt" multiple="true"/>
        <param name="text" type="text"/>
        <conditional name="cond">
            <param name="mode" type="select"><option value="a">A</option></param>
            <when value="a"/>
        </conditional>
    </inputs>
    <outputs>
        <data name="output" format="txt"/>
    </outputs>
</tool>
`)
}

// FuzzGTR020 checks on any command body that the two halves partition
// their findings, and that the fix keeps the Cheetah parse, the
// placeholders and the rendered text apart from the inserted quotes.
func FuzzGTR020(f *testing.F) {
	for _, seed := range []string{
		"cat $input > $output",
		"cat '$input' \"$input\" ${input} $!input $input.ext $text $many",
		"#if $input:\n cat $input\n#else\n cat '$input\n#end if\n' $output",
		"#for $f in $many:\n cat $f >> $output\n#end for\n#set $input = 1\n$input",
		"echo \"\\$(cat $input)\" \\$(( $text )) >&$output <<EOF\n$input\nEOF",
		"## $input\n#* $input *#\n#raw\n$input\n#end raw\n\\$input $$input",
		"@TOKEN@ $input #echo 'x'\n $output",
		"#def f($input)\n$input\n#end def\n$f($input) $cond.mode $mode",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		src := fuzzTool(body)
		tree := cst.Parse("fuzz.xml", src)
		if !tree.WellFormed() {
			return
		}
		d1, d2 := Check(tree, []*Rule{GTR020_1}), Check(tree, []*Rule{GTR020_2})
		seen := map[cst.Span]bool{}
		for _, d := range d1 {
			seen[d.Span] = true
		}
		for _, d := range d2 {
			if seen[d.Span] {
				t.Fatalf("both halves report %v", d.Span)
			}
		}
		if len(d1) == 0 {
			return
		}
		res, err := Format("fuzz.xml", src, []*Rule{GTR020_1})
		if err != nil {
			t.Fatalf("format: %v", err)
		}
		before, _ := commandOf(tree)
		after, _ := commandOf(cst.Parse("fuzz.xml", res.Output))
		tb, ta := cheetah.Parse(before.Text), cheetah.Parse(after.Text)
		if ta.Errors().Len() > 0 {
			t.Fatalf("quoted command does not parse: %v", ta.Errors())
		}
		if !slices.Equal(placeholderPaths(tb), placeholderPaths(ta)) {
			t.Fatalf("placeholders changed: %v vs %v", placeholderPaths(tb), placeholderPaths(ta))
		}
		rb, ra := renderShell(tb), renderShell(ta)
		strip := func(r shellRender) string {
			var b strings.Builder
			for i, s := range r.texts {
				b.WriteString(strings.ReplaceAll(s, "'", ""))
				if i < len(r.phs) {
					b.WriteString("\x00" + r.phs[i] + "\x00")
				}
			}
			return b.String()
		}
		if strip(rb) != strip(ra) {
			t.Fatalf("rendered text changed beyond quotes:\n%q\n%q", strip(rb), strip(ra))
		}
	})
}

// TestCommandParseMemo checks that a format run parses each <command>
// text once: a fix elsewhere leaves the command to the parse of the first
// pass, a fix in the command makes a second one.
func TestCommandParseMemo(t *testing.T) {
	tool := func(cmd string) []byte {
		return []byte(`<tool id="t" name="T" version="1.0">
    <command><![CDATA[` + cmd + `]]></command>
    <inputs>
        <param name="input" type="data" format="txt"/>
    </inputs>
    <outputs>
        <data name="output" format="txt"/>
    </outputs>
    <help>Sorts &amp; more.</help>
</tool>
`)
	}
	rs, err := Selection{}.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		cmd    string
		parses int
	}{
		{"sort '$input' > '$output'", 1},
		{"sort $input > '$output'", 2},
	} {
		res, err := FormatWith("t.xml", tool(tt.cmd), rs, FormatOptions{})
		if err != nil {
			t.Fatalf("%q: %v", tt.cmd, err)
		}
		if res.Iterations == 0 {
			t.Fatalf("%q: nothing fixed", tt.cmd)
		}
		if got := len(res.views.commands); got != tt.parses {
			t.Errorf("%q: %d parses of the command in %d iterations, want %d", tt.cmd, got, res.Iterations, tt.parses)
		}
	}
}
