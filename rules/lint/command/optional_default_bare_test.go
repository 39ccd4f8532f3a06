package command

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

func TestOptionalDefaultBare(t *testing.T) {
	tool := func(command, inputs string) string {
		return `<tool id="t" name="t" version="1"><command><![CDATA[` + command + `]]></command><inputs>` + inputs + `</inputs></tool>`
	}
	const x = `<param name="x" type="integer" value="5" optional="true"/>`
	for _, tc := range []struct {
		name, tool string
		want       int
	}{
		{"bare", tool("tool -x $x", x), 1},
		{"enclosed", tool("tool -x ${x}", x), 1},
		{"in a section", tool("tool -x $s.x", `<section name="s">`+x+`</section>`), 1},
		{"guarded", tool("tool\n#if $x:\n-x $x\n#end if", x), 0},
		{"guarded with str", tool("tool\n#if str($x) != 'None':\n-x $x\n#end if", x), 0},
		{"guarded in an else", tool("tool\n#if $x is None:\n#pass\n#else\n-x $x\n#end if", x), 0},
		{"guarded by another parameter only", tool("#if $y:\n-x $x\n#end if", x+`<param name="y" type="boolean"/>`), 1},
		{"inside an expression", tool("#set v = $x\n", x), 0},
		{"empty default", tool("tool -x $x", `<param name="x" type="integer" value="" optional="true"/>`), 0},
		{"not optional", tool("tool -x $x", `<param name="x" type="integer" value="5"/>`), 0},
		{"optional False", tool("tool -x $x", `<param name="x" type="integer" value="5" optional="False"/>`), 0},
		{"data", tool("tool -x $x", `<param name="x" type="data" value="a.txt" optional="true"/>`), 0},
		{"in a repeat", tool("#for r in $rep\n$r.x\n#end for", `<repeat name="rep" title="r">`+x+`</repeat>`), 0},
		{"unused", tool("tool", x), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := len(runCheck(t, OptionalDefaultBare, tc.tool, nil)); got != tc.want {
				t.Errorf("got %d findings, want %d", got, tc.want)
			}
		})
	}
}

func TestOptionalDefaultBareInMacroFile(t *testing.T) {
	const lib = "<macros>\n  <xml name=\"cmd\">\n    <command>tool\n  -x $x</command>\n  </xml>\n</macros>\n"
	tool := "<tool id=\"t\" name=\"t\" version=\"1\">\n  <macros><import>macros.xml</import></macros>\n  <expand macro=\"cmd\"/>\n" +
		"  <inputs><param name=\"x\" type=\"integer\" value=\"5\" optional=\"true\"/></inputs>\n</tool>\n"
	fs := runCheck(t, OptionalDefaultBare, tool, map[string]string{"macros.xml": lib})
	if len(fs) != 1 {
		t.Fatalf("got %d findings, want 1", len(fs))
	}
	if f := fs[0]; filepath.Base(f.Loc.File) != "macros.xml" || f.Pos.Line != 4 || f.Pos.Column != 6 {
		t.Errorf("at %s:%d:%d, want macros.xml:4:6 (the placeholder)", f.Loc.File, f.Pos.Line, f.Pos.Column)
	}
}

// TestMentionsAsRegexp pins mentions to the regexp GTR105 compiled for
// each parameter, on generated paths and texts with word bytes, dots,
// separators, regexp metacharacters, multi-byte runes and (in the text)
// invalid UTF-8: once with few pieces, so that a path often stands next
// to a dot or a word, once with paths that repeat a rune, so that their
// occurrences overlap.
func TestMentionsAsRegexp(t *testing.T) {
	for _, alphabet := range []struct{ path, text string }{{"a0_.$é", "a_. é\xc3"}, {"aé", "ab é"}} {
		rapid.Check(t, func(t *rapid.T) {
			path := rapid.StringOfN(rapid.SampledFrom([]rune(alphabet.path)), 1, 3, -1).Draw(t, "path")
			pieces := []string{path}
			for _, r := range alphabet.text {
				pieces = append(pieces, string(r))
			}
			pieces = append(pieces, "\xa9")
			text := strings.Join(rapid.SliceOf(rapid.SampledFrom(pieces)).Draw(t, "pieces"), "")
			re := regexp.MustCompile(`(^|[^\w.])` + regexp.QuoteMeta(path) + `(\W|$)`)
			if got, want := mentions(text, path), re.MatchString(text); got != want {
				t.Fatalf("mentions(%q, %q) = %v, regexp gives %v", text, path, got, want)
			}
		})
	}
}
