package macros

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	cstmacros "github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// run writes tool as tool.xml (and files beside it) into a temporary
// directory, builds Galaxy's view of it as gtr's runner does, and runs
// the check.
func run(t *testing.T, tool string, files map[string]string) []lint.Finding {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, "tool.xml")
	tree := cst.Parse(path, []byte(tool))
	c := &lint.Ctx{File: tree, Tool: true, Dir: dir}
	if res, err := cstmacros.ExpandTree(tree, cstmacros.Options{}); err == nil {
		c.Result, c.Root = res, res.Root
	} else if c.Root, err = cstmacros.FromTree(tree); err != nil {
		t.Fatal(err)
	}
	return lint.Run(XMLMacroCheetah, c)
}

// withMacros is a tool whose own <macros> hold defs.
func withMacros(defs string) string {
	return `<tool id="t" name="t" version="1"><macros>` + defs + `</macros><command>x</command></tool>`
}

func TestXMLMacroCheetah(t *testing.T) {
	for _, tc := range []struct {
		name, defs string
		want       int
	}{
		{"directive", "<xml name=\"o\">\n#if $x\n-v\n#end if\n</xml>", 1},
		{"placeholder in a tail", "<xml name=\"o\"><param name=\"a\" type=\"text\"/>--a '$a'</xml>", 1},
		{"elements only", "<xml name=\"o\"><param name=\"a\" type=\"text\"/></xml>", 0},
		{"Cheetah inside a command it defines", "<xml name=\"o\"><command>#if $x\n-v\n#end if</command></xml>", 0},
		{"a comment is not Cheetah to run", "<xml name=\"o\">## note\n<param name=\"a\" type=\"text\"/></xml>", 0},
		{"a dollar that is no placeholder", "<xml name=\"o\">costs $5</xml>", 0},
		{"token", "<token name=\"@O@\">#if $x\n-v\n#end if</token>", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := len(run(t, withMacros(tc.defs), nil)); got != tc.want {
				t.Errorf("got %d findings, want %d", got, tc.want)
			}
		})
	}
}

func TestXMLMacroCheetahInImportedFile(t *testing.T) {
	lib := "<macros>\n  <token name=\"@A@\">x</token>\n  <xml name=\"opts\">\n#if $v\n-v\n#end if\n  </xml>\n</macros>\n"
	tool := "<tool id=\"t\" name=\"t\" version=\"1\">\n  <macros><import>macros.xml</import></macros>\n  <command>x</command>\n</tool>\n"
	fs := run(t, tool, map[string]string{"macros.xml": lib})
	if len(fs) != 1 {
		t.Fatalf("got %d findings, want 1", len(fs))
	}
	if f := fs[0]; filepath.Base(f.Loc.File) != "macros.xml" || f.Pos.Line != 3 || f.Pos.Column != 14 {
		t.Errorf("at %s:%d:%d, want macros.xml:3:14 (the macro's name)", f.Loc.File, f.Pos.Line, f.Pos.Column)
	}
}

// TestFileMayHoldCheetahMemo checks that the memo of the import scans
// answers as the scan does, for a parse asked about again and for a new
// parse of the same bytes, also once more parses were asked about than
// it remembers.
func TestFileMayHoldCheetahMemo(t *testing.T) {
	srcs := []string{
		`<macros><xml name="a">--t \${GALAXY_SLOTS}</xml></macros>`,
		`<macros><xml name="a"><param name="$x"/></xml></macros>`,
		`<macros><xml name="a">#if $v
-v
#end if</xml></macros>`,
		`<macros><token name="@T@">$x</token></macros>`,
	}
	for _, src := range srcs {
		want := mayHoldCheetah(cst.Parse("m.xml", []byte(src)).RootElement())
		tree := cst.Parse("m.xml", []byte(src))
		for i := range 2 {
			if got := fileMayHoldCheetah(tree); got != want {
				t.Errorf("%q, ask %d: %v, want %v", src, i, got, want)
			}
		}
	}
	for i := range 100 {
		src := srcs[i%len(srcs)]
		want := mayHoldCheetah(cst.Parse("m.xml", []byte(src)).RootElement())
		if got := fileMayHoldCheetah(cst.Parse("m.xml", []byte(src))); got != want {
			t.Errorf("%q, parse %d: %v, want %v", src, i, got, want)
		}
	}
}
