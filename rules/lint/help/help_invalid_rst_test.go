package help

import (
	"strings"
	"testing"
)

func TestHelpInvalidRST(t *testing.T) {
	tool := func(help string) string {
		return "<tool id=\"t\" name=\"t\" version=\"1\">\n<help><![CDATA[\n" + help + "]]></help>\n</tool>\n"
	}
	for _, tc := range []struct {
		name, tool, want, msg string
		line                  int
	}{
		{name: "valid", tool: tool("Usage\n=====\n\nCounts lines.\n")},
		// docutils reads a 3-character underline as text (an INFO message).
		{name: "underline too short to be one", tool: tool("Usage\n===\n\nCounts lines.\n")},
		// What GTR089.1 repairs is its finding.
		{name: "short underline is GTR089.1's", tool: tool("Usage text\n=====\n\nCounts lines.\n")},
		{name: "list without a blank line is GTR089.1's", tool: tool("* one\n* two\nafter\n")},
		// No repair: reported, in docutils' words, at its line.
		{name: "literal block expected", tool: tool("Example::\n\nnot indented\n"), want: "HelpInvalidRST",
			msg: "Invalid reStructuredText found in help - [<string>:4: (WARNING/2) Literal block expected; none found.", line: 5},
		// The residual of a partial repair: the first message of a kind
		// the repairs leave, not the first docutils reports.
		{name: "residual", tool: tool("Usage text\n=====\n\n.. foo:: x\n"), want: "HelpInvalidRST",
			msg: `(ERROR/3) Unknown directive type "foo".`, line: 6},
		// Help holding a token is not GTR089.1's to repair: reported whole.
		{name: "token", tool: "<tool id=\"t\" name=\"t\" version=\"1\">\n<macros><token name=\"@V@\">1</token></macros>\n" +
			"<help><![CDATA[\nUsage @V@ here\n=====\n]]></help>\n</tool>\n", want: "HelpInvalidRST",
			msg: "(WARNING/2) Title underline too short.", line: 3},
		{name: "markdown help is not RST", tool: "<tool id=\"t\" name=\"t\" version=\"1\"><help format=\"markdown\">Usage\n===\n</help></tool>"},
		{name: "empty help is HelpEmpty's", tool: tool("   \n")},
		{name: "data source tool", tool: strings.Replace(tool("Usage\n===\n"), `version="1"`, `version="1" tool_type="data_source"`, 1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs := runCheck(t, HelpInvalidRST, tc.tool, nil)
			if got := linters(fs); got != tc.want {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
			if tc.want == "" {
				return
			}
			if !strings.Contains(fs[0].Message, tc.msg) {
				t.Errorf("message %q lacks %q", fs[0].Message, tc.msg)
			}
			if fs[0].Pos.Line != tc.line {
				t.Errorf("reported at line %d, want %d (the help line docutils names, in the tool)", fs[0].Pos.Line, tc.line)
			}
		})
	}
}
