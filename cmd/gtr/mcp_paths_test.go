package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/mcpserver"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// End-to-end tests of check_paths and format_paths: the built binary,
// serving a temp copy of corpus directories as its working tree.

// pathsTree returns a temp working tree with three corpus tool
// directories (tools importing macro files among them), a malformed tool
// and an XML file that is no tool, and the number of tool and macro
// files in it.
func pathsTree(t *testing.T) (dir string, tools int) {
	t.Helper()
	corpus := sharedCorpus()
	if corpus == "" {
		t.Skip("skipping: the shared corpus is not present (set GTR_SHARED)")
	}
	dir = t.TempDir()
	for _, d := range []string{"salmon", "canu", "flye"} {
		from := filepath.Join(corpus, "bgruening__galaxytools", "tools", d)
		names, err := filepath.Glob(filepath.Join(from, "*.xml"))
		if err != nil || len(names) == 0 {
			t.Fatalf("%s: %v", from, err)
		}
		for _, name := range names {
			writeTreeFile(t, dir, "tools/"+d+"/"+filepath.Base(name), string(must(os.ReadFile(name))))
			tools++
		}
	}
	writeTreeFile(t, dir, "tools/broken/broken.xml", "<tool id=\"broken\">\n  <inputs>\n</tool>\n")
	writeTreeFile(t, dir, "tools/canu/test-data/out.xml", "<results><n>1</n></results>\n")
	return dir, tools
}

func writeTreeFile(t *testing.T, dir, name, data string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// serve starts the binary at bin as "gtr mcp" in dir and connects a
// client that collects progress notifications.
func serve(t *testing.T, bin, dir string) (*mcp.ClientSession, *progressLog) {
	t.Helper()
	log := &progressLog{}
	client := mcp.NewClient(&mcp.Implementation{Name: "gtr-test", Version: "v0"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) { log.add(r.Params) },
	})
	cmd := exec.Command(bin, "mcp")
	cmd.Dir = dir
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs, log
}

// progressLog holds the progress notifications a client received.
type progressLog struct {
	mu   sync.Mutex
	seen []*mcp.ProgressNotificationParams
}

func (l *progressLog) add(p *mcp.ProgressNotificationParams) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.seen = append(l.seen, p)
}

// wait returns the notifications of token once one reports progress
// equal to its total, or what came within ten seconds.
func (l *progressLog) wait(token string) []*mcp.ProgressNotificationParams {
	deadline := time.Now().Add(10 * time.Second)
	for {
		l.mu.Lock()
		var out []*mcp.ProgressNotificationParams
		done := false
		for _, p := range l.seen {
			if p.ProgressToken == token {
				out = append(out, p)
				done = done || p.Total > 0 && p.Progress == p.Total
			}
		}
		l.mu.Unlock()
		if done || time.Now().After(deadline) {
			return out
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// callPaths calls a tool with a progress token and decodes its result.
func callPaths(t *testing.T, cs *mcp.ClientSession, name, token string, args, out any) *mcp.CallToolResult {
	t.Helper()
	p := &mcp.CallToolParams{Name: name, Arguments: args}
	if token != "" {
		p.SetProgressToken(token)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := cs.CallTool(ctx, p)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	raw := must(json.Marshal(res.StructuredContent))
	if err := json.Unmarshal(raw, out); err != nil {
		t.Fatalf("%s: %s: %v", name, raw, err)
	}
	return res
}

// TestMCPCheckPaths checks a working tree with one malformed tool: the
// result is an error listing it, the summary counts every file, the
// findings are gtr check's, named by their paths in the tree, and a
// client that sent a progress token saw the run move to the end.
func TestMCPCheckPaths(t *testing.T) {
	t.Parallel()
	dir, tools := pathsTree(t)
	cs, log := serve(t, gtrBin, dir)

	var out mcpserver.CheckPathsOutput
	res := callPaths(t, cs, "check_paths", "check-1", map[string]any{"paths": []string{"tools"}}, &out)
	if !res.IsError || out.Success || out.ErrorKind != mcpserver.KindFileErrors {
		t.Errorf("isError %v, success %v, error_kind %q; want a file_errors error", res.IsError, out.Success, out.ErrorKind)
	}
	want := mcpserver.PathsSummary{Checked: tools, Skipped: 1, Errored: 1}
	if out.Summary.PathsSummary != want {
		t.Errorf("summary %+v, want %+v", out.Summary.PathsSummary, want)
	}
	if len(out.Errors) != 1 || out.Errors[0].Path != "tools/broken/broken.xml" || out.Errors[0].ErrorKind != mcpserver.KindInvalidXML || out.Errors[0].Line != 3 {
		t.Errorf("errors %+v; want broken.xml, invalid_xml at line 3", out.Errors)
	}
	if len(out.Skipped) != 1 || out.Skipped[0] != "tools/canu/test-data/out.xml" {
		t.Errorf("skipped %v", out.Skipped)
	}
	for _, r := range out.Results {
		for _, v := range r.Violations {
			if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(v.File))); err != nil || v.Line < 1 || v.Column < 1 {
				t.Errorf("%s: violation %s in file %q at %d:%d", r.Path, v.Code, v.File, v.Line, v.Column)
			}
		}
	}
	if out.Gtr.Version != testVersion || res.Meta[mcpserver.MetaKeyIdentity] == nil {
		t.Errorf("identity %+v, _meta %v", out.Gtr, res.Meta)
	}

	// The same findings as gtr check.
	stdout, _, _ := runGTR(t, dir, "check", "-output-format", "json", "tools")
	var cli struct {
		Summary struct{ Fixable, Advisory int }
	}
	if err := json.Unmarshal([]byte(stdout), &cli); err != nil {
		t.Fatal(err)
	}
	if out.Summary.Fixable != cli.Summary.Fixable || out.Summary.Advisory != cli.Summary.Advisory || cli.Summary.Fixable == 0 {
		t.Errorf("check_paths found %d fixable, %d advisory; gtr check %d and %d",
			out.Summary.Fixable, out.Summary.Advisory, cli.Summary.Fixable, cli.Summary.Advisory)
	}

	seen := log.wait("check-1")
	if len(seen) == 0 {
		t.Fatal("no progress notifications")
	}
	last := seen[len(seen)-1]
	if total := float64(tools + 2); last.Progress != total || last.Total != total {
		t.Errorf("last progress %v of %v, want %v of %v (%d notifications)", last.Progress, last.Total, total, total, len(seen))
	}
	for i := 1; i < len(seen); i++ {
		if seen[i].Progress < seen[i-1].Progress {
			t.Errorf("progress went back: %v after %v", seen[i].Progress, seen[i-1].Progress)
		}
	}

	// Excluding the malformed tool's directory makes the run clean of
	// errors; naming it keeps it.
	res = callPaths(t, cs, "check_paths", "", map[string]any{"exclude": []string{"broken"}}, &out)
	if res.IsError || out.Summary.Errored != 0 || out.Summary.Checked != tools {
		t.Errorf("with exclude: isError %v, summary %+v", res.IsError, out.Summary)
	}
	res = callPaths(t, cs, "check_paths", "", map[string]any{"paths": []string{"tools/broken/broken.xml"}, "exclude": []string{"broken"}}, &out)
	if !res.IsError || out.Summary.Errored != 1 {
		t.Errorf("a named file excluded: isError %v, summary %+v; want it processed", res.IsError, out.Summary)
	}
	res = callPaths(t, cs, "check_paths", "", map[string]any{"paths": []string{"/etc"}}, &out)
	if !res.IsError || out.ErrorKind != mcpserver.KindInvalidArgument {
		t.Errorf("a path outside the tree: isError %v, error_kind %q", res.IsError, out.ErrorKind)
	}
}

// TestMCPFormatPaths formats a working tree: dry_run writes nothing, and
// the run that writes leaves every file as gtr format does.
func TestMCPFormatPaths(t *testing.T) {
	t.Parallel()
	dir, tools := pathsTree(t)
	cs, log := serve(t, gtrBin, dir)
	before := snapshot(t, dir)

	var dry mcpserver.FormatPathsOutput
	res := callPaths(t, cs, "format_paths", "", map[string]any{"dry_run": true, "diff": true}, &dry)
	if !res.IsError || dry.Summary.Changed == 0 || dry.Summary.Written != 0 || dry.Summary.Checked != tools {
		t.Errorf("dry run: isError %v, summary %+v", res.IsError, dry.Summary)
	}
	for _, r := range dry.Results {
		if r.Changed && (!strings.HasPrefix(r.Diff, "--- a/"+r.Path+"\n+++ b/"+r.Path+"\n") || len(r.AppliedCodes) == 0 || r.Written) {
			t.Errorf("%s: diff %.80q, applied %v, written %v", r.Path, r.Diff, r.AppliedCodes, r.Written)
		}
	}
	if after := snapshot(t, dir); !mapsEqual(before, after) {
		t.Errorf("dry_run changed files")
	}

	// gtr format on a copy is the reference.
	ref := t.TempDir()
	if out, err := exec.Command("cp", "-R", dir+"/.", ref).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v\n%s", err, out)
	}
	runGTR(t, ref, "format", "-q", ".")

	var wrote mcpserver.FormatPathsOutput
	res = callPaths(t, cs, "format_paths", "format-1", map[string]any{}, &wrote)
	if !res.IsError || wrote.Summary.Written != dry.Summary.Changed || wrote.Summary.Errored != 1 ||
		!strings.Contains(wrote.Message, "the others were formatted and written") {
		t.Errorf("isError %v, summary %+v, message %q; want the dry run's %d files written", res.IsError, wrote.Summary, wrote.Message, dry.Summary.Changed)
	}
	if got, want := snapshot(t, dir), snapshot(t, ref); !mapsEqual(got, want) {
		for name := range want {
			if got[name] != want[name] {
				t.Errorf("%s differs from gtr format's output", name)
			}
		}
	}
	if seen := log.wait("format-1"); len(seen) == 0 || seen[len(seen)-1].Progress != float64(tools+2) {
		t.Errorf("progress %d notifications, want the last at %d", len(seen), tools+2)
	}
	// Formatting again changes nothing.
	res = callPaths(t, cs, "format_paths", "", map[string]any{"exclude": []string{"broken"}}, &wrote)
	if res.IsError || wrote.Summary.Changed != 0 {
		t.Errorf("again: isError %v, summary %+v", res.IsError, wrote.Summary)
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestMCPBinaryReplaced swaps the executable of a running server for a
// rebuilt one: every tool but version answers binary_replaced.
func TestMCPBinaryReplaced(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bin := filepath.Join(dir, "gtr")
	src := must(os.ReadFile(gtrBin))
	installExecutable(t, bin, src)
	cs, _ := serve(t, bin, dir)
	var checked mcpserver.CheckOutput
	if res := callPaths(t, cs, "check_tool", "", map[string]any{"xml": "<tool id=\"t\"/>"}, &checked); res.IsError {
		t.Fatalf("before the swap: %+v", checked.Envelope)
	}
	// A rebuild writes a new file and renames it over the old one.
	if err := os.WriteFile(bin+".new", src, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(bin+".new", bin); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"check_tool", "check_paths", "list_rules"} {
		var out mcpserver.CheckOutput
		args := map[string]any{}
		if name == "check_tool" {
			args["xml"] = "<tool id=\"t\"/>"
		}
		if res := callPaths(t, cs, name, "", args, &out); !res.IsError || out.ErrorKind != mcpserver.KindBinaryReplaced {
			t.Errorf("%s after the swap: isError %v, error_kind %q", name, res.IsError, out.ErrorKind)
		}
	}
	var version mcpserver.VersionOutput
	if res := callPaths(t, cs, "version", "", map[string]any{}, &version); res.IsError || !version.BinaryReplaced || version.Executable != bin {
		t.Errorf("version: isError %v, binary_replaced %v, executable %q", res.IsError, version.BinaryReplaced, version.Executable)
	}
}

// TestMCPCheckPathsConfig: check_paths reads the config file of the
// working tree as gtr check does: its ignore removes a rule and its
// exclude leaves files out, and a call's own selection layers over it.
func TestMCPCheckPathsConfig(t *testing.T) {
	t.Parallel()
	dir, _ := pathsTree(t)
	if err := os.WriteFile(filepath.Join(dir, "gtr.toml"), []byte("ignore = [\"GTR001\"]\nexclude = [\"tools/broken\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cs, _ := serve(t, gtrBin, dir)
	var out mcpserver.CheckPathsOutput
	callPaths(t, cs, "check_paths", "cfg-1", map[string]any{"paths": []string{"tools"}}, &out)
	if out.Summary.Errored != 0 {
		t.Errorf("the excluded malformed tool was checked: %+v", out.Errors)
	}
	for _, r := range out.Results {
		for _, v := range r.Violations {
			if v.Code == "GTR001" {
				t.Fatalf("%s: GTR001 reported although gtr.toml ignores it", r.Path)
			}
		}
	}
	stdout, _, _ := runGTR(t, dir, "check", "-output-format", "json", "tools")
	var cli struct {
		Summary struct{ Fixable, Advisory int }
	}
	if err := json.Unmarshal([]byte(stdout), &cli); err != nil {
		t.Fatal(err)
	}
	if out.Summary.Fixable != cli.Summary.Fixable {
		t.Errorf("check_paths found %d fixable, gtr check with the same config %d", out.Summary.Fixable, cli.Summary.Fixable)
	}
}

// installExecutable writes an executable file and waits until it can be
// run. A process that another test forks while the file is open for
// writing inherits the descriptor until it execs, and until then running
// the file fails with ETXTBSY (go.dev/issue/22315): seen in CI as
// "fork/exec …/gtr: text file busy".
func installExecutable(t *testing.T, path string, src []byte) {
	t.Helper()
	if err := os.WriteFile(path, src, 0o755); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		err := exec.Command(path, "version").Run()
		if !errors.Is(err, syscall.ETXTBSY) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s stays busy: %v", path, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
