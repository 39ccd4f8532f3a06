package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Linux reports as a child's peak resident set (ru_maxrss) the larger of
// what the child used and what its memory image held when it called
// execve; Go starts children sharing the parent's image until the exec,
// so a child of a test process that has grown large would report the
// test's size. measuredCommand has gtr write its own peak (VmHWM) to a
// file instead (GTR_PEAKRSS).

// measuredCommand is exec.Command(gtrBin, args...) with gtr asked to
// write its peak resident set; read it with peakOf after the run.
func measuredCommand(t *testing.T, args ...string) (*exec.Cmd, string) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "peakrss")
	cmd := exec.Command(gtrBin, args...)
	cmd.Env = append(os.Environ(), "GTR_PEAKRSS="+out)
	return cmd, out
}

// peakOf returns the peak resident set, in bytes, that gtr wrote to
// path.
func peakOf(t *testing.T, path string) int64 {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("gtr wrote no peak resident set: %v", err)
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
	if err != nil {
		t.Fatalf("peak resident set %q: %v", data, err)
	}
	return n
}
