package command

import (
	"path/filepath"
	"testing"
)

func TestBooleanGatesOptions(t *testing.T) {
	tool := func(command, inputs string) string {
		return `<tool id="t" name="t" version="1"><command><![CDATA[` + command + `]]></command><inputs>` + inputs + `</inputs></tool>`
	}
	const b = `<param name="trim" type="boolean"/><param name="q" type="integer" value="20"/>`
	for _, tc := range []struct {
		name, tool string
		want       int
	}{
		{"gates", tool("#if $trim:\n--trim $q\n#end if", b), 1},
		{"gates a section's parameter", tool("#if $trim\n--q $s.q\n#end if", `<param name="trim" type="boolean"/><section name="s"><param name="q" type="integer" value="1"/></section>`), 1},
		{"str comparison", tool("#if str($trim) == 'true'\n--q $q\n#end if", b), 1},
		{"once per boolean", tool("#if $trim\n$q\n#end if\n#if $trim\n$q\n#end if", b), 1},
		{"gates only literals", tool("#if $trim:\n--trim\n#end if", b), 0},
		{"uses itself", tool("#if $trim:\n--trim $trim\n#end if", b), 0},
		{"other parameter in the else", tool("#if $trim:\n--trim\n#else\n$q\n#end if", b), 0},
		{"not a boolean", tool("#if $q:\n--trim $trim\n#end if", `<param name="q" type="integer" value="1"/><param name="trim" type="text"/>`), 0},
		{"conditional test", tool("#if $c.on\n$c.q\n#end if", `<conditional name="c"><param name="on" type="boolean"/><when value="true"><param name="q" type="integer" value="1"/></when><when value="false"/></conditional>`), 0},
		{"gates a hidden constant", tool("#if $trim\n$dir\n#end if", `<param name="trim" type="boolean"/><param name="dir" type="hidden" value="d"/>`), 0},
		{"for loop", tool("#for $x in $trim\n$q\n#end for", b), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := len(runCheck(t, BooleanGatesOptions, tc.tool, nil)); got != tc.want {
				t.Errorf("got %d findings, want %d", got, tc.want)
			}
		})
	}
}

func TestBooleanGatesOptionsInMacroFile(t *testing.T) {
	const lib = "<macros>\n  <xml name=\"cmd\">\n    <command>tool\n#if $trim\n  --q $q\n#end if</command>\n  </xml>\n</macros>\n"
	tool := "<tool id=\"t\" name=\"t\" version=\"1\">\n  <macros><import>macros.xml</import></macros>\n  <expand macro=\"cmd\"/>\n" +
		"  <inputs><param name=\"trim\" type=\"boolean\"/><param name=\"q\" type=\"integer\" value=\"5\"/></inputs>\n</tool>\n"
	fs := runCheck(t, BooleanGatesOptions, tool, map[string]string{"macros.xml": lib})
	if len(fs) != 1 {
		t.Fatalf("got %d findings, want 1", len(fs))
	}
	if f := fs[0]; filepath.Base(f.Loc.File) != "macros.xml" || f.Pos.Line != 4 || f.Pos.Column != 1 {
		t.Errorf("at %s:%d:%d, want macros.xml:4:1 (the #if)", f.Loc.File, f.Pos.Line, f.Pos.Column)
	}
}
