package command

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/galaxy-gtr/gtr/cst/cheetah"
)

func TestLoneAmpersand(t *testing.T) {
	for _, tc := range []struct {
		name, command string
		want          int // findings
	}{
		{"joins two commands", "sort in > s & head s > out", 1},
		{"no space", "a&b", 1},
		{"redirect-only command before it", "a &&\n>2& echo x", 1},
		{"after a placeholder", "$tool '$in' & cat x", 1},
		{"and-and", "a && b", 0},
		{"redirections", "a 2>&1 > log; b &> log; c |& d; e >& f; g <&3", 0},
		{"trailing background", "server 7000 &\nclient 7000", 0},
		{"before a shell comment", "a & # start the server", 0},
		{"single-quoted", "awk '{ if (a & b) print }' in", 0},
		{"double-quoted", `echo "a & b"`, 0},
		{"quote opened around a placeholder", `echo "$x & $y" > out`, 0},
		{"escaped", `echo a \& b`, 0},
		{"in a shell comment", "a # x & y\nb", 0},
		{"in a Cheetah comment", "a ## x & y\nb", 0},
		{"in a directive", "#if $a & $b\nx\n#end if", 0},
		{"in a placeholder expression", "${a & b} c", 0},
		{"after a pipe", "a | & b", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tool := "<tool id=\"t\" name=\"t\" version=\"1\"><command><![CDATA[" + tc.command + "]]></command></tool>"
			if got := len(runCheck(t, LoneAmpersand, tool, nil)); got != tc.want {
				t.Errorf("got %d findings, want %d", got, tc.want)
			}
		})
	}
}

func TestLoneAmpersandInMacroFile(t *testing.T) {
	const lib = "<macros>\n  <xml name=\"cmd\">\n    <command>\nsort in > s\n  &amp;&amp; head s > o &amp; wc -l o\n    </command>\n  </xml>\n</macros>\n"
	tool := "<tool id=\"t\" name=\"t\" version=\"1\">\n  <macros><import>macros.xml</import></macros>\n  <expand macro=\"cmd\"/>\n</tool>\n"
	fs := runCheck(t, LoneAmpersand, tool, map[string]string{"macros.xml": lib})
	if len(fs) != 1 {
		t.Fatalf("got %d findings, want 1", len(fs))
	}
	// References move the text's bytes, so the finding is the whole text.
	if f := fs[0]; filepath.Base(f.Loc.File) != "macros.xml" || f.Pos.Line != 3 {
		t.Errorf("at %s:%d, want macros.xml:3", f.Loc.File, f.Pos.Line)
	}
}

// TestLoneAmpersandsPrefilter checks, on generated shell text with
// Cheetah, quotes, comments and operators, that skipping commands none
// of whose '&'s joins two commands reports what reading all their shell
// text does.
func TestLoneAmpersandsPrefilter(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		parts := rapid.SliceOf(rapid.SampledFrom([]string{"&", "&&", " ", "\n", "a", "2>&1", "&>", "|", ";", "#", "'", "\"", "\\", "$x", "#if $y", "#end if", ")", "}", "\t"})).Draw(t, "parts")
		src := strings.Join(parts, "")
		tmpl := cheetah.Parse(src)
		if got, want := loneAmpersands(tmpl), scanAmpersands(tmpl); !slices.Equal(got, want) {
			t.Fatalf("loneAmpersands(%q) = %v, reading all the shell text gives %v", src, got, want)
		}
	})
}
