package command

import (
	"maps"
	"path/filepath"
	"regexp"
	"testing"

	"pgregory.net/rapid"
)

func TestParamUnused(t *testing.T) {
	tool := func(command, inputs, rest string) string {
		return `<tool id="t" name="t" version="1"><command><![CDATA[` + command + `]]></command><inputs>` + inputs +
			`</inputs>` + rest + `</tool>`
	}
	const a = `<param name="a" type="integer" value="1"/>`
	for _, tc := range []struct {
		name, tool string
		want       int
	}{
		{"unused", tool("echo", a, ""), 1},
		{"placeholder", tool("echo $a", a, ""), 0},
		{"enclosed", tool("echo ${a}", a, ""), 0},
		{"attribute of a section", tool("echo $s.a", `<section name="s">`+a+`</section>`, ""), 0},
		{"bare name in a directive", tool("#if a > 1\nx\n#end if", a, ""), 0},
		{"in a comprehension", tool(`${",".join([str(r.a) for r in $rep])}`, `<repeat name="rep" title="r">`+a+`</repeat>`, ""), 0},
		{"getVar", tool(`$getVar("a")`, a, ""), 0},
		{"string subscript", tool(`#for r in $rep: $r['a'] #end for`, `<repeat name="rep" title="r">`+a+`</repeat>`, ""), 0},
		{"only in plain text", tool("echo a", a, ""), 1},
		{"only in a shell comment is still text", tool("echo # $b\n", a+`<param name="b" type="text"/>`, ""), 1},
		{"argument", tool("echo $min_len", `<param argument="--min-len" type="integer" value="1"/>`, ""), 0},
		{"argument unused", tool("echo", `<param argument="--min-len" type="integer" value="1"/>`, ""), 1},
		{"conditional test", tool("echo $c.x", `<conditional name="c"><param name="sel" type="select"><option value="x">x</option></param><when value="x"><param name="x" type="text"/></when></conditional>`, ""), 0},
		{"configfile", `<tool id="t" name="t" version="1"><command>cat $cf</command><configfiles><configfile name="cf">$a</configfile></configfiles><inputs>` + a + `</inputs></tool>`, 0},
		{"output filter", tool("echo", a, `<outputs><data name="o" format="txt"><filter>a > 1</filter></data></outputs>`), 0},
		{"output label", tool("echo", a, `<outputs><data name="o" format="txt" label="${a} out"/></outputs>`), 0},
		{"change_format", tool("echo", a, `<outputs><data name="o" format="txt"><change_format><when input="a" value="1" format="tabular"/></change_format></data></outputs>`), 0},
		{"data_ref", tool("echo $col", `<param name="a" type="data" format="tabular"/><param name="col" type="data_column" data_ref="a"/>`, ""), 0},
		{"group walked through", tool("#for k, v in $opts.items()\n$k=$v\n#end for", `<section name="opts">`+a+`</section>`, ""), 0},
		{"computed name", tool(`$getVar("opt_" + $kind)`, a+`<param name="kind" type="text"/>`, ""), 0},
		{"computed subscript", tool(`$s['opt_' + $kind]`, a+`<param name="kind" type="text"/>`, ""), 0},
		{"inputs configfile", tool("cat $inputs_json", a, `<configfiles><inputs name="inputs_json"/></configfiles>`), 0},
		{"code file", tool("echo", a, `<code file="hooks.py"/>`), 0},
		{"data source", `<tool id="t" name="t" version="1" tool_type="data_source"><command>x</command><inputs>` + a + `</inputs></tool>`, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := len(runCheck(t, ParamUnused, tc.tool, nil)); got != tc.want {
				t.Errorf("got %d findings, want %d", got, tc.want)
			}
		})
	}
}

func TestParamUnusedInMacroFile(t *testing.T) {
	const lib = "<macros>\n  <xml name=\"opts\">\n    <param name=\"used\" type=\"integer\" value=\"1\"/>\n    <param name=\"unused\" type=\"integer\" value=\"1\"/>\n  </xml>\n</macros>\n"
	tool := "<tool id=\"t\" name=\"t\" version=\"1\">\n  <macros><import>macros.xml</import></macros>\n  <command>echo $used</command>\n  <inputs><expand macro=\"opts\"/></inputs>\n</tool>\n"
	fs := runCheck(t, ParamUnused, tool, map[string]string{"macros.xml": lib})
	if len(fs) != 1 {
		t.Fatalf("got %d findings, want 1", len(fs))
	}
	if f := fs[0]; filepath.Base(f.Loc.File) != "macros.xml" || f.Pos.Line != 4 || f.Pos.Column != 18 {
		t.Errorf("at %s:%d:%d, want macros.xml:4:18 (the name's value)", f.Loc.File, f.Pos.Line, f.Pos.Column)
	}
}

// TestIsPlaceholderNameAsRegexp pins isPlaceholderName to the regexp it
// replaced, on generated names with word bytes, digits first, separators
// and multi-byte runes.
func TestIsPlaceholderNameAsRegexp(t *testing.T) {
	re := regexp.MustCompile(`^[a-zA-Z_]\w*$`)
	rapid.Check(t, func(t *rapid.T) {
		name := rapid.StringOf(rapid.SampledFrom([]rune("aZ09_ .-$\té|\n"))).Draw(t, "name")
		if got, want := isPlaceholderName(name), re.MatchString(name); got != want {
			t.Fatalf("isPlaceholderName(%q) = %v, regexp gives %v", name, got, want)
		}
	})
}

// TestIsDottedNameAsRegexp pins isDottedName to the regexp it replaced,
// on generated strings of word bytes, dots, other separators and
// multi-byte runes.
func TestIsDottedNameAsRegexp(t *testing.T) {
	re := regexp.MustCompile(`^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$`)
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.StringOf(rapid.SampledFrom([]rune("aZ09_..- é\n"))).Draw(t, "s")
		if got, want := isDottedName(s), re.MatchString(s); got != want {
			t.Fatalf("isDottedName(%q) = %v, regexp gives %v", s, got, want)
		}
	})
}

// TestAddTextSplitsAsRegexp pins addText's hand-written scan to the
// regexp split it replaced, on generated text with word bytes, separators
// and multi-byte runes: of the names asked about (every substring of the
// text, and a few words besides), it marks those the split gives.
func TestAddTextSplitsAsRegexp(t *testing.T) {
	nonWord := regexp.MustCompile(`\W+`)
	rapid.Check(t, func(t *rapid.T) {
		text := rapid.StringOf(rapid.SampledFrom([]rune("aZ09_ .-$\té|"))).Draw(t, "text")
		want := map[string]bool{}
		for _, w := range nonWord.Split(text, -1) {
			if w != "" {
				want[w] = true
			}
		}
		n := names{read: map[string]bool{"a": false, "Z": false, "a0": false, "_": false}}
		for i := range len(text) {
			for j := i + 1; j <= len(text); j++ {
				n.read[text[i:j]] = false
			}
		}
		asked := maps.Clone(n.read)
		n.addText(text)
		for name := range asked {
			if n.read[name] != want[name] {
				t.Fatalf("addText(%q) marks %q %v, regexp split gives %v", text, name, n.read[name], want[name])
			}
		}
		if len(n.read) != len(asked) {
			t.Fatalf("addText(%q) added names not asked about: %v", text, n.read)
		}
	})
}
