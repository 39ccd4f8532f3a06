package rename

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// writeTree writes files (name, content, …) under a temporary directory
// and returns it with the paths written.
func writeTree(t *testing.T, files ...string) (string, []string) {
	t.Helper()
	dir := t.TempDir()
	var paths []string
	for i := 0; i+1 < len(files); i += 2 {
		p := filepath.Join(dir, files[i])
		if err := os.WriteFile(p, []byte(files[i+1]), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return dir, paths
}

const sharedMacros = `<macros><token name="@IN@">cat '$inp'</token></macros>`

func importer(command string) string {
	return `<tool id="t" name="t" version="1"><macros><import>m.xml</import></macros><command>` + command +
		`</command><inputs><param name="inp" type="data"/></inputs></tool>`
}

// TestLockstep renames across the importers of a shared macro file: every
// importer takes the rename; one that cannot stops them all; the repo
// scan finds the importers.
func TestLockstep(t *testing.T) {
	dir, paths := writeTree(t, "m.xml", sharedMacros, "a.xml", importer("@IN@"), "b.xml", importer("@IN@ | wc"), "c.xml", `<tool id="c" name="c" version="1"><command>true</command></tool>`)
	repo := ScanRepo(paths, macros.Options{})
	if tools, ok := repo.Importers(filepath.Join(dir, "m.xml")); !ok || len(tools) != 2 {
		t.Fatalf("importers of m.xml: %v %v", tools, ok)
	}
	g, err := Lockstep(filepath.Join(dir, "a.xml"), "inp", "reads", repo, macros.Options{})
	if err != nil || g.Bail != nil {
		t.Fatal(err, g.Bail)
	}
	if len(g.Tools) != 2 || len(g.Order) != 3 || g.Sites != 3 {
		t.Errorf("group of %d tools, %d files, %d sites; want 2, 3, 3", len(g.Tools), len(g.Order), g.Sites)
	}
	if got := string(g.Files[filepath.Join(dir, "m.xml")]); got != strings.Replace(sharedMacros, "$inp", "$reads", 1) {
		t.Errorf("m.xml: %s", got)
	}

	// An importer that binds the name with #set cannot take it.
	dir, paths = writeTree(t, "m.xml", sharedMacros, "a.xml", importer("@IN@"), "b.xml", importer("#set $inp = 1\n@IN@"))
	g, err = Lockstep(filepath.Join(dir, "a.xml"), "inp", "reads", ScanRepo(paths, macros.Options{}), macros.Options{})
	if err != nil || g.Bail == nil || g.Bail.Reason != NoConsensus || len(g.Dissent) != 1 || g.Dissent[0].Bail.Reason != Shadowed {
		t.Errorf("got %v %+v, want no-consensus with b.xml shadowed", err, g)
	}

	// A macro file no scanned tool imports cannot be proved anyone's.
	g, err = Lockstep(filepath.Join(dir, "a.xml"), "inp", "reads", ScanRepo(nil, macros.Options{}), macros.Options{})
	if err != nil || g.Bail == nil || g.Bail.Reason != MacroOwnershipUnprovable {
		t.Errorf("got %v %+v, want macro-ownership-unprovable", err, g.Bail)
	}
}
