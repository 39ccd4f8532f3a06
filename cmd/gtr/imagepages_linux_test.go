package main

import "testing"

// rssFile returns the file-backed part of this process's resident set
// (RssFile), in KiB.
func rssFile(t *testing.T) int64 {
	t.Helper()
	n, err := procStatus("RssFile")
	if err != nil {
		t.Skipf("no RssFile: %v", err)
	}
	return n >> 10
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
