package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/column"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rewrite"
)

func TestDisplayPath(t *testing.T) {
	cwd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ path, want string }{
		{"tools/a.xml", "tools/a.xml"},
		{filepath.Join(cwd, "tools", "a.xml"), "tools/a.xml"},
		{"./tools/../a.xml", "a.xml"},
		{"/elsewhere/a.xml", "/elsewhere/a.xml"},
		{"../other/a.xml", "../other/a.xml"},
	}
	for _, tt := range tests {
		if got := displayPath(cwd, filepath.FromSlash(tt.path)); got != tt.want {
			t.Errorf("displayPath(%q) = %q, want %q", tt.path, got, tt.want)
		}
	}
}

// TestDiffTextHeaders checks the file names of diff headers: relative
// names as given, absolute ones without their leading slash, as git diff
// writes them.
func TestDiffTextHeaders(t *testing.T) {
	tests := []struct{ name, want string }{
		{"tools/a.xml", "--- a/tools/a.xml\n+++ b/tools/a.xml\n"},
		{"../other/a.xml", "--- a/../other/a.xml\n+++ b/../other/a.xml\n"},
		{"/elsewhere/a.xml", "--- a/elsewhere/a.xml\n+++ b/elsewhere/a.xml\n"},
	}
	for _, tt := range tests {
		got := diffText(tt.name, []byte("<a/>\n"), []byte("<b/>\n"))
		if !strings.HasPrefix(got, tt.want) {
			t.Errorf("diffText(%q) starts %q, want %q", tt.name, got[:min(len(got), len(tt.want))], tt.want)
		}
	}
}

func TestGitHubEscaping(t *testing.T) {
	if got := ghData("100% <a>\r\nb: c, d"); got != "100%25 <a>%0D%0Ab: c, d" {
		t.Errorf("ghData = %q", got)
	}
	if got := ghProperty("dir,x/a:b.xml"); got != "dir%2Cx/a%3Ab.xml" {
		t.Errorf("ghProperty = %q", got)
	}
}

func TestFormatSummary(t *testing.T) {
	tests := []struct {
		n      formatCounts
		dryRun bool
		want   string
	}{
		{formatCounts{}, false, "no files processed."},
		{formatCounts{changed: 2, unchanged: 1, skipped: 3, errored: 1}, false,
			"2 file(s) reformatted, 1 file(s) left unchanged, 3 skipped (not a Galaxy tool), 1 errored."},
		{formatCounts{changed: 1}, true,
			"1 file(s) would be reformatted, 0 file(s) would be left unchanged, 0 skipped (not a Galaxy tool), 0 errored."},
	}
	for _, tt := range tests {
		if got := tt.n.summary(tt.dryRun); got != tt.want {
			t.Errorf("summary(%+v, %v) = %q, want %q", tt.n, tt.dryRun, got, tt.want)
		}
	}
}

func TestRewriteError(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{&rewrite.GateError{Gate: "well-formed", Codes: []string{"GTR001", "GTR018.1"}, Detail: "boom"},
			"error: t.xml: rewrite refused by the well-formed gate (rules GTR001, GTR018.1): boom; the file was left unchanged\n"},
		{&rewrite.ConvergenceError{Codes: []string{"GTR002"}, Iterations: 12},
			"error: t.xml: failed to converge after 12 iterations: rules GTR002 keep producing fixes; the file was left unchanged\n"},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		rewriteError("t.xml", tt.err).print(&b)
		if b.String() != tt.want {
			t.Errorf("got %q, want %q", b.String(), tt.want)
		}
	}
	var b bytes.Buffer
	tree := cst.Parse("m.xml", []byte("<tool><a></tool>"))
	rewriteError("m.xml", &rewrite.MalformedError{Errors: tree.Errors()}).print(&b)
	if !strings.HasPrefix(b.String(), "error: m.xml: malformed XML\n  m.xml:1:10: ") || !strings.Contains(b.String(), "\nnote: ") {
		t.Errorf("malformed: %q", b.String())
	}
}

func TestUTF16Col(t *testing.T) {
	src := "<a>\n é😀x</a>"
	tree := cst.Parse("f.xml", []byte(src))
	x := strings.Index(src, "x")
	// Line 2: space (1), é (1 unit), 😀 (2 units), so x is at column 5.
	if got := column.InTree(tree, x); got != 5 {
		t.Errorf("utf16Col = %d, want 5", got)
	}
	if got := column.InTree(tree, 0); got != 1 {
		t.Errorf("column.InTree(0) = %d, want 1", got)
	}
}

func TestWrapText(t *testing.T) {
	got := wrapText("aaa bbb ccc dddddddddd e", 8)
	want := []string{"aaa bbb", "ccc", "dddddddddd", "e"}
	if !slices.Equal(got, want) {
		t.Errorf("wrapText = %q, want %q", got, want)
	}
}

func TestSARIFName(t *testing.T) {
	if got := sarifName("command-cdata-residual"); got != "CommandCdataResidual" {
		t.Errorf("sarifName = %q", got)
	}
}

func TestIsLoopback(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:8080": true, "[::1]:0": true, "localhost:1": true, "127.1.2.3:9": true,
		"0.0.0.0:80": false, ":8080": false, "example.org:80": false, "192.0.2.1:1": false, "127.0.0.1": false,
	} {
		if got := isLoopback(addr); got != want {
			t.Errorf("isLoopback(%q) = %v, want %v", addr, got, want)
		}
	}
}

func TestCheckMessage(t *testing.T) {
	tests := []struct {
		line string
		code int64 // 0: passed on
		id   string
	}{
		{`{"jsonrpc":"2.0","id":1,"method":"ping"}`, 0, ""},
		{`{"jsonrpc":"2.0","method":"notifications/initialized"}`, 0, ""},
		{`{"jsonrpc":"2.0","id":1,"result":{}}`, 0, ""},
		{`nope`, -32700, "null"},
		{`{"jsonrpc":"2.0","id":1,`, -32700, "null"},
		{`{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, -32600, "null"},
		{`{"id":"x","method":"ping"}`, -32600, `"x"`},
		{`[]`, -32600, "null"},
		{`17`, -32600, "null"},
	}
	for _, tt := range tests {
		m, resp := checkMessage([]byte(tt.line))
		if tt.code == 0 {
			if resp != nil || m == nil {
				t.Errorf("%s: refused with %s", tt.line, resp)
			}
			continue
		}
		var got struct {
			JSONRPC string          `json:"jsonrpc"`
			ID      json.RawMessage `json:"id"`
			Error   struct{ Code int64 }
		}
		if err := json.Unmarshal(resp, &got); err != nil || !bytes.HasSuffix(resp, []byte("\n")) {
			t.Fatalf("%s: response %q is not one JSON line: %v", tt.line, resp, err)
		}
		if m != nil || got.JSONRPC != "2.0" || got.Error.Code != tt.code || string(got.ID) != tt.id {
			t.Errorf("%s: response %s; want code %d and id %s", tt.line, resp, tt.code, tt.id)
		}
	}
}

func TestReadLine(t *testing.T) {
	r := bufio.NewReaderSize(strings.NewReader("short\n"+strings.Repeat("x", 100)+"\nlast"), 16)
	var got []string
	for {
		line, tooLong, err := readLine(r, 50)
		if tooLong {
			got = append(got, "<too long>")
		} else {
			got = append(got, string(line))
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if want := []string{"short", "<too long>", "last"}; !slices.Equal(got, want) {
		t.Errorf("lines %q, want %q", got, want)
	}
}
