package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWriteAllCreates checks the created files of a transaction: a new
// file is written with mode 0644 beside the replaced ones; a file to
// create that exists already fails the transaction before anything is
// renamed, so the file to replace keeps its bytes.
func TestWriteAllCreates(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tool, macros := filepath.Join(dir, "tool.xml"), filepath.Join(dir, "macros.xml")
	if err := os.WriteFile(tool, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	err := writeAll([]fileChange{{path: tool, old: []byte("old"), data: []byte("new")}, {path: macros, data: []byte("<macros/>"), create: true}}, "")
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(tool); string(b) != "new" {
		t.Errorf("tool.xml holds %q", b)
	}
	st, err := os.Stat(macros)
	if err != nil || st.Mode().Perm() != 0o644 {
		t.Errorf("macros.xml: %v, mode %v", err, st.Mode())
	}
	err = writeAll([]fileChange{{path: tool, old: []byte("new"), data: []byte("newer")}, {path: macros, data: []byte("<macros/>"), create: true}}, "")
	if err == nil {
		t.Fatal("creating a file that exists succeeded")
	}
	if b, _ := os.ReadFile(tool); string(b) != "new" {
		t.Errorf("tool.xml holds %q after a failed transaction", b)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*.gtr-*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}
