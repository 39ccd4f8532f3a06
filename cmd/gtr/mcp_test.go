package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/mcpserver"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// End-to-end tests of "gtr mcp": the built binary, driven by the SDK's
// client over stdio and HTTP, and by hand over raw standard input.

// macroTool returns a real tool that imports a macro file, and that file:
// a corpus tool when the corpus is present, else the example.
func macroTool(t *testing.T) (toolPath string, macros map[string]string) {
	t.Helper()
	dir := filepath.Join(repoRoot, "testdata", "examples")
	tool := "bedtools_slop.xml"
	if corpus := sharedCorpus(); corpus != "" {
		dir, tool = filepath.Join(corpus, "bgruening__galaxytools", "tools", "salmon"), "salmonquantmerge.xml"
	}
	toolPath = filepath.Join(dir, tool)
	src, err := os.ReadFile(toolPath)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), "<import>macros.xml</import>") {
		t.Fatalf("%s does not import macros.xml", toolPath)
	}
	m, err := os.ReadFile(filepath.Join(dir, "macros.xml"))
	if err != nil {
		t.Fatal(err)
	}
	return toolPath, map[string]string{"macros.xml": string(m)}
}

// callTool calls a tool and decodes its structured result into out.
func callTool(t *testing.T, cs *mcp.ClientSession, name string, args, out any) *mcp.CallToolResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	raw, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, out); err != nil {
		t.Fatalf("%s: structured content %s: %v", name, raw, err)
	}
	return res
}

func TestMCPStdio(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "gtr-test", Version: "v0"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: exec.Command(gtrBin, "mcp")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()

	if info := cs.InitializeResult().ServerInfo; info.Name != "gtr" || info.Version != testVersion {
		t.Errorf("server info %+v, want gtr %s", info, testVersion)
	}
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range tools.Tools {
		names = append(names, tool.Name)
	}
	if want := mcpToolNames; !slices.Equal(names, want) {
		t.Errorf("tools %v, want %v", names, want)
	}

	toolPath, macros := macroTool(t)
	src, err := os.ReadFile(toolPath)
	if err != nil {
		t.Fatal(err)
	}
	var formatted mcpserver.FormatOutput
	if res := callTool(t, cs, "format_tool", map[string]any{"xml": string(src), "macros": macros}, &formatted); res.IsError {
		t.Fatalf("format_tool failed: %+v", formatted.Envelope)
	}
	if !formatted.Success || !formatted.Changed || !strings.HasPrefix(formatted.Diff, "--- a/tool.xml\n+++ b/tool.xml\n") ||
		formatted.ProtocolVersion != mcpserver.ProtocolVersion {
		t.Errorf("format_tool: success %v, changed %v, protocol %d, diff %.60q",
			formatted.Success, formatted.Changed, formatted.ProtocolVersion, formatted.Diff)
	}
	// The server formats exactly as the CLI does.
	dir := t.TempDir()
	copied := filepath.Join(dir, "tool.xml")
	if err := os.WriteFile(copied, src, 0o644); err != nil {
		t.Fatal(err)
	}
	// The imports too: the expansion-equality gate reads them.
	for name, content := range macros {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, stderr, code := runGTR(t, dir, "format", "-q", "tool.xml"); code != exitOK {
		t.Fatalf("gtr format: exit %d, %s", code, stderr)
	}
	if cli, _ := os.ReadFile(copied); string(cli) != formatted.Formatted {
		t.Errorf("format_tool's output differs from gtr format's")
	}

	var checked mcpserver.CheckOutput
	if res := callTool(t, cs, "check_tool", map[string]any{"xml": string(src), "macros": macros, "rulesets": []string{"strict"}}, &checked); res.IsError {
		t.Fatalf("check_tool failed: %+v", checked.Envelope)
	}
	if !checked.Success || checked.Fixable == 0 || len(checked.Violations) != checked.Fixable+checked.Advisory {
		t.Errorf("check_tool: success %v, %d fixable, %d advisory, %d violations", checked.Success, checked.Fixable, checked.Advisory, len(checked.Violations))
	}
	for _, v := range checked.Violations {
		if v.Code == "" || v.Line < 1 || v.Column < 1 || v.Message == "" {
			t.Errorf("violation %+v", v)
		}
	}

	// A domain error is a result with isError and an error kind.
	var bad mcpserver.CheckOutput
	if res := callTool(t, cs, "check_tool", map[string]any{"xml": "<tool><inputs></tool>"}, &bad); !res.IsError || bad.ErrorKind != mcpserver.KindInvalidXML || bad.Line != 1 {
		t.Errorf("malformed XML: isError %v, %+v", res.IsError, bad.Envelope)
	}
}

// rawServer is "gtr mcp" on pipes, read line by line with a deadline.
type rawServer struct {
	t     *testing.T
	cmd   *exec.Cmd
	stdin io.WriteCloser
	lines chan string
}

func startRawServer(t *testing.T) *rawServer {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	cmd := exec.CommandContext(ctx, gtrBin, "mcp")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &rawServer{t: t, cmd: cmd, stdin: stdin, lines: make(chan string, 16)}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	return s
}

func (s *rawServer) send(line string) {
	s.t.Helper()
	if _, err := io.WriteString(s.stdin, line+"\n"); err != nil {
		s.t.Fatalf("writing to gtr mcp: %v", err)
	}
}

// receive returns the next message the server writes.
func (s *rawServer) receive() map[string]any {
	s.t.Helper()
	select {
	case line, ok := <-s.lines:
		if !ok {
			s.t.Fatal("gtr mcp closed its output")
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			s.t.Fatalf("server wrote a line that is not JSON: %q", line)
		}
		return m
	case <-time.After(20 * time.Second):
		s.t.Fatal("no answer from gtr mcp within 20s")
	}
	return nil
}

// TestMCPMalformedJSONRPC sends lines that are not JSON-RPC messages on
// raw standard input: each gets a JSON-RPC error response, and the server
// keeps serving.
func TestMCPMalformedJSONRPC(t *testing.T) {
	t.Parallel()
	s := startRawServer(t)
	s.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}`)
	if m := s.receive(); m["id"] != 1.0 || m["result"] == nil {
		t.Fatalf("initialize: %v", m)
	}
	s.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)

	tests := []struct {
		line string
		id   any
		code float64
	}{
		{`this is not json`, nil, -32700},
		{`{"jsonrpc":"2.0","id":2,"method":"tools/list"`, nil, -32700}, // truncated
		{`{"jsonrpc":"1.0","id":3,"method":"tools/list"}`, 3.0, -32600},
		{`{"jsonrpc":"2.0","id":"four","method":42}`, "four", -32600},
		{`[{"jsonrpc":"2.0","id":5,"method":"tools/list"}]`, nil, -32600},
		{`"just a string"`, nil, -32600},
	}
	for _, tt := range tests {
		s.send(tt.line)
		m := s.receive()
		e, _ := m["error"].(map[string]any)
		if m["jsonrpc"] != "2.0" || m["id"] != tt.id || e == nil || e["code"] != tt.code || e["message"] == "" {
			t.Errorf("%s: got %v; want an error response with id %v and code %v", tt.line, m, tt.id, tt.code)
		}
	}

	// Still serving: a valid call works.
	s.send(`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"check_tool","arguments":{"xml":"<tool id=\"t\">\n  <inputs/>\n</tool>\n","select":["GTR001"]}}}`)
	m := s.receive()
	res, _ := m["result"].(map[string]any)
	sc, _ := res["structuredContent"].(map[string]any)
	if m["id"] != 6.0 || sc == nil || sc["success"] != true || sc["fixable"] != 1.0 {
		t.Errorf("check_tool after the errors: %v", m)
	}

	// The end of the input ends the server, with exit code 0, after it has
	// answered what it read.
	s.send(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"version","arguments":{}}}`)
	s.stdin.Close()
	if m := s.receive(); m["id"] != 7.0 || m["result"] == nil {
		t.Errorf("request before EOF: %v", m)
	}
	if err := s.cmd.Wait(); err != nil {
		t.Errorf("gtr mcp after EOF: %v, want exit 0", err)
	}
}

// TestMCPHTTP serves streamable HTTP on a free loopback port, initialises
// a session and lists the tools, then stops the server with SIGINT.
func TestMCPHTTP(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, gtrBin, "mcp", "-http", "127.0.0.1:0")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := regexp.MustCompile(`http://127\.0\.0\.1:\d+/`).FindString(sc.Text()); m != "" {
				urls <- m
			}
		}
	}()
	var url string
	select {
	case url = <-urls:
	case <-time.After(20 * time.Second):
		t.Fatal("gtr mcp -http printed no URL within 20s")
	}

	transport := &mcp.StreamableClientTransport{Endpoint: url, DisableStandaloneSSE: true}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "gtr-test", Version: "v0"}, nil).Connect(ctx, transport, nil)
	if err != nil {
		t.Fatalf("initialize over HTTP: %v", err)
	}
	if info := cs.InitializeResult().ServerInfo; info.Name != "gtr" {
		t.Errorf("server info %+v", info)
	}
	tools, err := cs.ListTools(ctx, nil)
	if err != nil || len(tools.Tools) != len(mcpToolNames) {
		t.Errorf("tools/list over HTTP: %v, %d tools", err, len(tools.Tools))
	}
	cs.Close()

	// A request naming another host is refused (DNS rebinding).
	req, _ := http.NewRequestWithContext(ctx, "POST", url, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
	req.Host = "attacker.example"
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusForbidden {
		t.Errorf("request with Host attacker.example: %v, status %v; want 403", err, statusOf(resp))
	}

	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("gtr mcp -http after SIGINT: %v, want exit 0", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("gtr mcp -http did not stop within 20s of SIGINT")
	}
}

func statusOf(resp *http.Response) string {
	if resp == nil {
		return "none"
	}
	resp.Body.Close()
	return fmt.Sprint(resp.StatusCode)
}

// mcpToolNames are the tools gtr mcp lists, sorted.
var mcpToolNames = []string{"check_paths", "check_tool", "convert_help_tool", "expand_tool", "find_references_tool", "format_paths", "format_tool",
	"list_rules", "list_rulesets", "rename_param_tool", "tokenize_version_tool", "upgrade_tool", "validate_tool", "version"}
