package stdio

import (
	"path/filepath"
	"testing"

	"github.com/galaxy-gtr/gtr/rules/lint"
	"github.com/galaxy-gtr/gtr/rules/lint/linttest"
)

// The golden tests share linttest's runner.
type golden = linttest.Golden

func run(t *testing.T, ch *lint.Check, files ...string) []lint.Finding {
	t.Helper()
	got, _ := linttest.Run(t, ch, files...)
	return got
}

func tool(attrs, body string) string { return linttest.Tool(attrs, body) }

func check(t *testing.T, ch *lint.Check, cases []golden) { t.Helper(); linttest.Check(t, ch, cases) }

func TestErrorHandlingMissing(t *testing.T) {
	check(t, ErrorHandlingMissing, []golden{
		{Name: "detect_errors", Files: []string{"t.xml", tool(`id="a"`, `<command detect_errors="exit_code">x</command>`)}},
		{Name: "stdio", Files: []string{"t.xml", tool(`id="a"`, `<command>x</command><stdio><exit_code range="1:"/></stdio>`)}},
		{Name: "legacy", Files: []string{"t.xml", tool(`id="a"`, `<command>x</command>`)},
			Want: []string{"|No stdio definition found, tool indicates error conditions with output written to stderr."}},
		{Name: "profile", Files: []string{"t.xml", tool(`id="a" profile="16.04"`, `<command detect_errors="">x</command>`)},
			Want: []string{"|No stdio definition found, tool indicates error conditions with non-zero exit codes."}},
		{Name: "patch of the legacy profile", Files: []string{"t.xml", tool(`id="a" profile="16.01.1"`, `<command>x</command>`)},
			Want: []string{"|No stdio definition found, tool indicates error conditions with non-zero exit codes."}},
		{Name: "legacy profile written out", Files: []string{"t.xml", tool(`id="a" profile="16.1"`, `<command>x</command>`)},
			Want: []string{"|No stdio definition found, tool indicates error conditions with output written to stderr."}},
		{Name: "no command", Files: []string{"t.xml", tool(`id="a" profile="21.01"`, ``)}, Want: []string{"|"}},
		{Name: "data source", Files: []string{"t.xml", tool(`id="a" tool_type="data_source"`, `<command>x</command>`)}},
	})
}

func TestDetectErrorsNotAggressive(t *testing.T) {
	check(t, DetectErrorsNotAggressive, []golden{
		{Name: "aggressive", Files: []string{"t.xml", tool(`id="a"`, `<command detect_errors="aggressive">x</command>`)}},
		{Name: "absent is GTR026's", Files: []string{"t.xml", tool(`id="a"`, `<command>x</command>`)}},
		{Name: "exit_code", Files: []string{"t.xml", tool(`id="a"`, `<command detect_errors="exit_code">x</command>`)},
			Want: []string{"|detect_errors=\"exit_code\" fails a job on its exit code only"}},
		{Name: "exit_code with stderr regex", Files: []string{"t.xml", tool(`id="a"`,
			`<command detect_errors="exit_code">x</command><stdio><regex match="Error" source="stderr" level="fatal"/></stdio>`)}},
		{Name: "default", Files: []string{"t.xml", tool(`id="a"`, `<command detect_errors="default">x</command>`)},
			Want: []string{"|detect_errors=\"default\" adds nothing"}},
		{Name: "wrong case", Files: []string{"t.xml", tool(`id="a"`, `<command detect_errors="Aggressive">x</command>`)},
			Want: []string{"|detect_errors=\"Aggressive\" is not a value Galaxy knows"}},
	})
}

func TestStdioRegexInvalid(t *testing.T) {
	stdio := func(match string) []string {
		return []string{"t.xml", tool(`id="a"`, `<command>x</command><stdio><regex match="`+match+`" source="stderr" level="fatal"/></stdio>`)}
	}
	check(t, StdioRegexInvalid, []golden{
		{Name: "valid", Files: stdio(`^(?i)error:\s+(\d+)[a-z\]-]*\1(?P&lt;n&gt;x)(?P=n)(?#c)(?(1)a|b)\x41\u0041[\0-\x7f]{2,}?`)},
		{Name: "empty is skipped", Files: stdio(``)},
		{Name: "nothing to repeat", Files: stdio(`*error`),
			Want: []string{"StdIORegex|Match '*error' is no valid regular expression: nothing to repeat at position 0"}},
		{Name: "after anchor", Files: stdio(`^+x`), Want: []string{"StdIORegex|Match '^+x' is no valid regular expression: nothing to repeat"}},
		{Name: "multiple repeat", Files: stdio(`a**`), Want: []string{"StdIORegex|Match 'a**' is no valid regular expression: multiple repeat"}},
		{Name: "unbalanced", Files: stdio(`a)`), Want: []string{"StdIORegex|Match 'a)' is no valid regular expression: unbalanced parenthesis"}},
		{Name: "unterminated group", Files: stdio(`(a`), Want: []string{"StdIORegex|Match '(a' is no valid regular expression: missing ), unterminated subpattern"}},
		{Name: "unterminated set", Files: stdio(`[a-`), Want: []string{"StdIORegex|Match '[a-' is no valid regular expression: unterminated character set"}},
		{Name: "bad range", Files: stdio(`[z-a]`), Want: []string{"StdIORegex|Match '[z-a]' is no valid regular expression: bad character range z-a"}},
		{Name: "bad escape", Files: stdio(`\q`), Want: []string{"StdIORegex|Match '\\q' is no valid regular expression: bad escape \\q"}},
		{Name: "bad group reference", Files: stdio(`(a)\2`), Want: []string{"StdIORegex|Match '(a)\\2' is no valid regular expression: invalid group reference 2"}},
		{Name: "min over max", Files: stdio(`a{3,2}`), Want: []string{"StdIORegex|Match 'a{3,2}' is no valid regular expression: min repeat greater than max repeat"}},
		{Name: "literal brace", Files: stdio(`a{,x}{}`)},
		{Name: "missing flag", Files: stdio(`(?i-:x)`), Want: []string{"StdIORegex|Match '(?i-:x)' is no valid regular expression: missing flag at position 4"}},
		{Name: "named escape without brace", Files: stdio(`\Nx`), Want: []string{"StdIORegex|Match '\\Nx' is no valid regular expression: missing { at position 2"}},
		{Name: "conditional on a group never opened", Files: stdio(`(?(2)a|b)(c)`), Want: []string{"StdIORegex|Match '(?(2)a|b)(c)' is no valid regular expression: invalid group reference 2"}},
		{Name: "conditional on a later group", Files: stdio(`(?(1)a|b)(c)`)},
		{Name: "huge count", Files: stdio(`a{99999999999}`), Want: []string{"StdIORegex|Match 'a{99999999999}' is no valid regular expression: the repetition number is too large"}},
		{Name: "possessive depends on python", Files: stdio(`a*+`)},
		{Name: "two stdio are skipped", Files: []string{"t.xml", tool(`id="a"`, `<stdio><regex match="*"/></stdio><stdio/>`)}},
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
