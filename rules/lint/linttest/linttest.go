// Package linttest runs advisory checks on files written for a test, for
// the golden tests of the rules/lint packages.
package linttest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// Run writes files, name then content, to a temporary directory and runs
// ch on the first: on its macro-expanded view when it is a tool that
// expands, on the file as written otherwise (a macro file, or a tool
// whose imports are missing). It returns the findings and the directory.
func Run(t testing.TB, ch *lint.Check, files ...string) ([]lint.Finding, string) {
	t.Helper()
	dir := t.TempDir()
	var first string
	for i := 0; i+1 < len(files); i += 2 {
		p := filepath.Join(dir, files[i])
		if err := os.WriteFile(p, []byte(files[i+1]), 0o644); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = p
		}
	}
	src, err := os.ReadFile(first)
	if err != nil {
		t.Fatal(err)
	}
	tree := cst.Parse(first, src)
	c := &lint.Ctx{File: tree, Tool: tree.RootElement().Name() == "tool", Dir: dir}
	if c.Tool {
		if res, err := macros.ExpandTree(tree, macros.Options{}); err == nil {
			c.Result, c.Root = res, res.Root
		}
	}
	if c.Root == nil {
		if c.Root, err = macros.FromTree(tree); err != nil {
			t.Fatal(err)
		}
	}
	return lint.Run(ch, c), dir
}
