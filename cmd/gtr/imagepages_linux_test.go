package main

import (
	"bytes"
	"os"
	"strconv"
	"testing"
)

// rssFile returns the file-backed part of this process's resident set
// (RssFile), in KiB.
func rssFile(t *testing.T) int64 {
	t.Helper()
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skipf("no /proc/self/status: %v", err)
	}
	for line := range bytes.Lines(status) {
		if v, ok := bytes.CutPrefix(line, []byte("RssFile:")); ok {
			kb, err := strconv.ParseInt(string(bytes.TrimSuffix(bytes.TrimSpace(v), []byte(" kB"))), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kb
		}
	}
	t.Skip("no RssFile in /proc/self/status")
	return 0
}

// TestDropImagePages: dropping the executable's pages shrinks the
// file-backed resident set, and the program runs on (the code it needs
// next is read back in).
func TestDropImagePages(t *testing.T) {
	before := rssFile(t)
	dropImagePages()
	after := rssFile(t)
	t.Logf("RssFile %d KiB before, %d KiB after", before, after)
	if after >= before {
		t.Errorf("RssFile %d KiB after dropImagePages, not below %d KiB before", after, before)
	}
	// Code and read-only data come back on use: a check still works.
	src := []byte("<tool id=\"t\" name=\"T\" version=\"1\"><command>x</command></tool>\n")
	if _, ferr := loadBytes("t.xml", src, nil, nil); ferr != nil {
		t.Fatalf("after dropImagePages: %v", ferr)
	}
}
