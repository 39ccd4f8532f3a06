package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestReadFile: readFile returns what os.ReadFile does, for empty, small,
// page-sized and large files, and for a file whose size the system
// reports as 0 though it has content (Linux's /proc).
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []int{0, 1, 4095, 4096, 4097, 1 << 20} {
		p := filepath.Join(dir, "f.xml")
		want := bytes.Repeat([]byte("<a/>\n"), n/5+1)[:n]
		if err := os.WriteFile(p, want, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := readFile(p)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("readFile of %d bytes: %d bytes, %v", n, len(got), err)
		}
	}
	if _, err := readFile(filepath.Join(dir, "missing.xml")); !os.IsNotExist(err) {
		t.Errorf("readFile of a missing file: %v, want a not-exist error", err)
	}
	if runtime.GOOS == "linux" {
		got, err := readFile("/proc/self/status")
		if err != nil || !bytes.Contains(got, []byte("VmRSS")) {
			t.Errorf("readFile(/proc/self/status): %d bytes, %v", len(got), err)
		}
	}
}
