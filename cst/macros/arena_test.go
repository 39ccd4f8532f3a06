package macros_test

import (
	"bytes"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// TestArenaCorpus expands every corpus tool in one arena, reset between
// tools as a format run resets it between files, and checks each result,
// and each error, against the expansion in fresh memory. A second round
// reuses the arena's grown chunks.
func TestArenaCorpus(t *testing.T) {
	dir := sharedDir(t)
	tools := loadTools(t, dir)
	opts := corpusOptions(dir)
	var arena macros.Arena
	inArena := opts
	inArena.Arena = &arena
	for round := range 2 {
		for _, tool := range tools {
			want, werr := macros.Expand(tool.name, tool.src, opts)
			got, gerr := macros.Expand(tool.name, tool.src, inArena)
			switch {
			case (werr == nil) != (gerr == nil):
				t.Fatalf("round %d, %s: error %v in the arena, %v without", round, tool.name, gerr, werr)
			case werr != nil:
				if werr.Error() != gerr.Error() {
					t.Fatalf("round %d, %s: error %q in the arena, %q without", round, tool.name, gerr, werr)
				}
			default:
				if !bytes.Equal(got.JSON(), want.JSON()) {
					t.Fatalf("round %d, %s: the expansion in the arena differs", round, tool.name)
				}
			}
			arena.Reset()
		}
	}
}

// TestArenaReset checks that Reset clears what the arena handed out: a
// result used after it reads as empty rather than as another tool's.
func TestArenaReset(t *testing.T) {
	src := []byte(`<tool id="t"><macros><xml name="m"><param name="a"/></xml></macros><inputs><expand macro="m"/></inputs></tool>`)
	var arena macros.Arena
	res, err := macros.Expand("t.xml", src, macros.Options{Arena: &arena, NoDisk: true})
	if err != nil {
		t.Fatal(err)
	}
	root := res.Root
	if root.Tag != "tool" || len(root.Children) != 2 {
		t.Fatalf("unexpected expansion %s", res.JSON())
	}
	arena.Reset()
	if root.Tag != "" || root.Children != nil || root.Attrs != nil {
		t.Fatalf("Reset left the root as %q with %d children", root.Tag, len(root.Children))
	}
	again, err := macros.Expand("t.xml", src, macros.Options{Arena: &arena, NoDisk: true})
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := macros.Expand("t.xml", src, macros.Options{NoDisk: true})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again.JSON(), fresh.JSON()) {
		t.Fatalf("after Reset the arena expands %s, fresh memory %s", again.JSON(), fresh.JSON())
	}
}
