package stdio

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// run writes files (the first is the tool) to a temporary directory, runs
// ch on the tool's expanded view (the file as written when it does not
// expand) and returns the findings.
func run(t *testing.T, ch *lint.Check, files ...string) []lint.Finding {
	t.Helper()
	dir := t.TempDir()
	var tool string
	for i := 0; i+1 < len(files); i += 2 {
		p := filepath.Join(dir, files[i])
		if err := os.WriteFile(p, []byte(files[i+1]), 0o644); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			tool = p
		}
	}
	src, err := os.ReadFile(tool)
	if err != nil {
		t.Fatal(err)
	}
	tree := cst.Parse(tool, src)
	c := &lint.Ctx{File: tree, Tool: true}
	if res, err := macros.ExpandTree(tree, macros.Options{}); err == nil {
		c.Result, c.Root = res, res.Root
	} else if c.Root, err = macros.FromTree(tree); err != nil {
		t.Fatal(err)
	}
	return lint.Run(ch, c)
}

// tool is a tool file with root attributes attrs and body inside.
func tool(attrs, body string) string {
	return "<tool " + attrs + ">\n" + body + "\n</tool>\n"
}

type golden struct {
	name        string
	files       []string
	want        []string // "linter|message prefix" of each finding, in order
	wantNothing bool
}

func check(t *testing.T, ch *lint.Check, cases []golden) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := run(t, ch, tc.files...)
			if len(got) != len(tc.want) {
				t.Fatalf("got %d findings %v, want %d %v", len(got), got, len(tc.want), tc.want)
			}
			for i, w := range tc.want {
				linter, msg, _ := strings.Cut(w, "|")
				if got[i].Linter != linter || !strings.HasPrefix(got[i].Message, msg) {
					t.Errorf("finding %d = %s %q, want %s %q", i, got[i].Linter, got[i].Message, linter, msg)
				}
				if got[i].Code != ch.Code || got[i].Fix == "" {
					t.Errorf("finding %d has code %s, fix %q", i, got[i].Code, got[i].Fix)
				}
			}
		})
	}
}

func TestErrorHandlingMissing(t *testing.T) {
	check(t, ErrorHandlingMissing, []golden{
		{name: "detect_errors", files: []string{"t.xml", tool(`id="a"`, `<command detect_errors="exit_code">x</command>`)}},
		{name: "stdio", files: []string{"t.xml", tool(`id="a"`, `<command>x</command><stdio><exit_code range="1:"/></stdio>`)}},
		{name: "legacy", files: []string{"t.xml", tool(`id="a"`, `<command>x</command>`)},
			want: []string{"|No stdio definition found, tool indicates error conditions with output written to stderr."}},
		{name: "profile", files: []string{"t.xml", tool(`id="a" profile="16.04"`, `<command detect_errors="">x</command>`)},
			want: []string{"|No stdio definition found, tool indicates error conditions with non-zero exit codes."}},
		{name: "patch of the legacy profile", files: []string{"t.xml", tool(`id="a" profile="16.01.1"`, `<command>x</command>`)},
			want: []string{"|No stdio definition found, tool indicates error conditions with non-zero exit codes."}},
		{name: "legacy profile written out", files: []string{"t.xml", tool(`id="a" profile="16.1"`, `<command>x</command>`)},
			want: []string{"|No stdio definition found, tool indicates error conditions with output written to stderr."}},
		{name: "no command", files: []string{"t.xml", tool(`id="a" profile="21.01"`, ``)}, want: []string{"|"}},
		{name: "data source", files: []string{"t.xml", tool(`id="a" tool_type="data_source"`, `<command>x</command>`)}},
	})
}

func TestDetectErrorsNotAggressive(t *testing.T) {
	check(t, DetectErrorsNotAggressive, []golden{
		{name: "aggressive", files: []string{"t.xml", tool(`id="a"`, `<command detect_errors="aggressive">x</command>`)}},
		{name: "absent is GTR026's", files: []string{"t.xml", tool(`id="a"`, `<command>x</command>`)}},
		{name: "exit_code", files: []string{"t.xml", tool(`id="a"`, `<command detect_errors="exit_code">x</command>`)},
			want: []string{"|detect_errors=\"exit_code\" fails a job on its exit code only"}},
		{name: "exit_code with stderr regex", files: []string{"t.xml", tool(`id="a"`,
			`<command detect_errors="exit_code">x</command><stdio><regex match="Error" source="stderr" level="fatal"/></stdio>`)}},
		{name: "default", files: []string{"t.xml", tool(`id="a"`, `<command detect_errors="default">x</command>`)},
			want: []string{"|detect_errors=\"default\" adds nothing"}},
		{name: "wrong case", files: []string{"t.xml", tool(`id="a"`, `<command detect_errors="Aggressive">x</command>`)},
			want: []string{"|detect_errors=\"Aggressive\" is not a value Galaxy knows"}},
	})
}

func TestStdioRegexInvalid(t *testing.T) {
	stdio := func(match string) []string {
		return []string{"t.xml", tool(`id="a"`, `<command>x</command><stdio><regex match="`+match+`" source="stderr" level="fatal"/></stdio>`)}
	}
	check(t, StdioRegexInvalid, []golden{
		{name: "valid", files: stdio(`^(?i)error:\s+(\d+)[a-z\]-]*\1(?P&lt;n&gt;x)(?P=n)(?#c)(?(1)a|b)\x41\u0041[\0-\x7f]{2,}?`)},
		{name: "empty is skipped", files: stdio(``)},
		{name: "nothing to repeat", files: stdio(`*error`),
			want: []string{"StdIORegex|Match '*error' is no valid regular expression: nothing to repeat at position 0"}},
		{name: "after anchor", files: stdio(`^+x`), want: []string{"StdIORegex|Match '^+x' is no valid regular expression: nothing to repeat"}},
		{name: "multiple repeat", files: stdio(`a**`), want: []string{"StdIORegex|Match 'a**' is no valid regular expression: multiple repeat"}},
		{name: "unbalanced", files: stdio(`a)`), want: []string{"StdIORegex|Match 'a)' is no valid regular expression: unbalanced parenthesis"}},
		{name: "unterminated group", files: stdio(`(a`), want: []string{"StdIORegex|Match '(a' is no valid regular expression: missing ), unterminated subpattern"}},
		{name: "unterminated set", files: stdio(`[a-`), want: []string{"StdIORegex|Match '[a-' is no valid regular expression: unterminated character set"}},
		{name: "bad range", files: stdio(`[z-a]`), want: []string{"StdIORegex|Match '[z-a]' is no valid regular expression: bad character range z-a"}},
		{name: "bad escape", files: stdio(`\q`), want: []string{"StdIORegex|Match '\\q' is no valid regular expression: bad escape \\q"}},
		{name: "bad group reference", files: stdio(`(a)\2`), want: []string{"StdIORegex|Match '(a)\\2' is no valid regular expression: invalid group reference 2"}},
		{name: "min over max", files: stdio(`a{3,2}`), want: []string{"StdIORegex|Match 'a{3,2}' is no valid regular expression: min repeat greater than max repeat"}},
		{name: "literal brace", files: stdio(`a{,x}{}`)},
		{name: "missing flag", files: stdio(`(?i-:x)`), want: []string{"StdIORegex|Match '(?i-:x)' is no valid regular expression: missing flag at position 4"}},
		{name: "named escape without brace", files: stdio(`\Nx`), want: []string{"StdIORegex|Match '\\Nx' is no valid regular expression: missing { at position 2"}},
		{name: "conditional on a group never opened", files: stdio(`(?(2)a|b)(c)`), want: []string{"StdIORegex|Match '(?(2)a|b)(c)' is no valid regular expression: invalid group reference 2"}},
		{name: "conditional on a later group", files: stdio(`(?(1)a|b)(c)`)},
		{name: "huge count", files: stdio(`a{99999999999}`), want: []string{"StdIORegex|Match 'a{99999999999}' is no valid regular expression: the repetition number is too large"}},
		{name: "possessive depends on python", files: stdio(`a*+`)},
		{name: "two stdio are skipped", files: []string{"t.xml", tool(`id="a"`, `<stdio><regex match="*"/></stdio><stdio/>`)}},
	})
}

// TestFindingInMacroFile checks that a regex brought by a macro is
// reported at its match attribute in the macro file.
func TestFindingInMacroFile(t *testing.T) {
	macrosXML := "<macros>\n  <xml name=\"stdio\">\n    <stdio>\n" +
		"      <regex match=\"(oops\" source=\"stderr\" level=\"fatal\"/>\n    </stdio>\n  </xml>\n</macros>\n"
	got := run(t, StdioRegexInvalid,
		"tool.xml", tool(`id="a" name="A" version="1"`, "<macros><import>macros.xml</import></macros>\n<command>x</command>\n<expand macro=\"stdio\"/>"),
		"macros.xml", macrosXML)
	if len(got) != 1 {
		t.Fatalf("got %v, want one finding", got)
	}
	if filepath.Base(got[0].Loc.File) != "macros.xml" || got[0].Pos.Line != 4 || got[0].Pos.Column != 21 {
		t.Errorf("finding at %s:%d:%d, want macros.xml:4:21", got[0].Loc.File, got[0].Pos.Line, got[0].Pos.Column)
	}
}
