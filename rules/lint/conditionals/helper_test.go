package conditionals

import (
	"testing"

	"github.com/galaxy-gtr/gtr/rules/lint"
	"github.com/galaxy-gtr/gtr/rules/lint/linttest"
)

// run writes tool (and macros.xml, when macroFile is not "") to a temp
// directory, expands the tool as Galaxy does and returns what ch finds
// there, with the directory.
func run(t *testing.T, ch *lint.Check, tool, macroFile string) ([]lint.Finding, string) {
	t.Helper()
	files := []string{"tool.xml", tool}
	if macroFile != "" {
		files = append(files, "macros.xml", macroFile)
	}
	return linttest.Expanded(t, ch, files...)
}

// linters returns the linter of each finding, in order.
func linters(fs []lint.Finding) []string { return linttest.Linters(fs) }

// tool wraps inputs in a minimal tool.
func tool(inputs string) string {
	return "<tool id=\"t\" name=\"t\" version=\"1\">\n<inputs>\n" + inputs + "\n</inputs>\n</tool>\n"
}
