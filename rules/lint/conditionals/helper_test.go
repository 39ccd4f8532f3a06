package conditionals

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// run writes tool (and macros.xml, when macroFile is not "") to a temp
// directory, expands the tool as Galaxy does and returns what ch finds
// there, with the directory.
func run(t *testing.T, ch *lint.Check, tool, macroFile string) ([]lint.Finding, string) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "tool.xml")
	if err := os.WriteFile(path, []byte(tool), 0o644); err != nil {
		t.Fatal(err)
	}
	if macroFile != "" {
		if err := os.WriteFile(filepath.Join(dir, "macros.xml"), []byte(macroFile), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tree := cst.Parse(path, []byte(tool))
	c := &lint.Ctx{File: tree, Tool: true, Dir: dir}
	res, err := macros.ExpandTree(tree, macros.Options{})
	if err != nil {
		t.Fatalf("expand: %v", err)
	}
	c.Result, c.Root = res, res.Root
	return lint.Run(ch, c), dir
}

// linters returns the linter of each finding, in order.
func linters(fs []lint.Finding) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Linter
	}
	return out
}

// tool wraps inputs in a minimal tool.
func tool(inputs string) string {
	return "<tool id=\"t\" name=\"t\" version=\"1\">\n<inputs>\n" + inputs + "\n</inputs>\n</tool>\n"
}
