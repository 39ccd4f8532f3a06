package tests

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/rules/lint"
	"github.com/galaxy-gtr/gtr/rules/lint/linttest"
)

// run runs ch on a tool given as source, expanded with files beside it
// (written to a temporary directory, so imports resolve as on disk), and
// returns its findings.
func run(t *testing.T, ch *lint.Check, tool string, files map[string]string) []lint.Finding {
	t.Helper()
	got, _ := linttest.RunBeside(t, ch, tool, files)
	return got
}

// wrap makes a tool of the given inner XML.
func wrap(inner string) string {
	return "<tool id=\"t\" name=\"t\" version=\"1.0\">\n" + inner + "\n</tool>\n"
}

// caseT is one golden case: a tool and the linter of each finding
// expected, in order; none means the check must stay silent.
type caseT struct {
	name    string
	tool    string
	linters []string
	// message, when set, is the exact message of the first finding.
	message string
}

// runCases runs ch on every case and compares the findings' linters (and
// the first message when the case gives one).
func runCases(t *testing.T, ch *lint.Check, cases []caseT) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fs := run(t, ch, tc.tool, nil)
			var got []string
			for _, f := range fs {
				if f.Code != ch.Code {
					t.Errorf("finding has code %s, want %s", f.Code, ch.Code)
				}
				if f.Fix == "" {
					t.Errorf("finding %q says nothing of what to do", f.Message)
				}
				got = append(got, f.Linter)
			}
			if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", tc.linters) {
				t.Fatalf("linters %v, want %v (findings %+v)", got, tc.linters, fs)
			}
			if tc.message != "" && fs[0].Message != tc.message {
				t.Errorf("message\n%s\nwant\n%s", fs[0].Message, tc.message)
			}
		})
	}
}

// macroCase checks that ch reports a finding whose bytes come from an
// imported macro file at that file and the line holding want.
func macroCase(t *testing.T, ch *lint.Check, tool, macrosXML, want string) {
	t.Helper()
	fs := run(t, ch, tool, map[string]string{"macros.xml": macrosXML})
	if len(fs) == 0 {
		t.Fatal("no finding")
	}
	f := fs[0]
	if filepath.Base(f.Loc.File) != "macros.xml" {
		t.Fatalf("finding in %s, want macros.xml", f.Loc.File)
	}
	line := 1 + strings.Count(macrosXML[:strings.Index(macrosXML, want)], "\n")
	if f.Pos.Line != line {
		t.Errorf("finding at line %d, want %d (%q)", f.Pos.Line, line, want)
	}
}

// testsMacro is a macro file whose tests macro holds body.
func testsMacro(body string) string {
	return "<macros>\n  <xml name=\"tests\">\n    <tests>\n" + body + "\n    </tests>\n  </xml>\n</macros>\n"
}

// macroTool is a tool that imports macros.xml and expands its tests there.
func macroTool(inner string) string {
	return wrap("  <macros><import>macros.xml</import></macros>\n" + inner + "\n  <expand macro=\"tests\"/>")
}
