package mcpserver

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Tests of check_paths and format_paths on a fake working tree: the
// argument checks, the shape of results, isError, progress. The real
// working tree (the CLI's walk and engines) is tested end to end in
// cmd/gtr/mcp_paths_test.go.

// fakeTree answers every run with outcomes, reporting progress file by
// file, and records the requests.
type fakeTree struct {
	root     string
	outcomes []FileOutcome
	mu       sync.Mutex
	reqs     []PathsRequest
}

func (f *fakeTree) Root() string { return f.root }

func (f *fakeTree) run(req PathsRequest, progress func(done, total int)) ([]FileOutcome, error) {
	f.mu.Lock()
	f.reqs = append(f.reqs, req)
	f.mu.Unlock()
	for i := range f.outcomes {
		progress(i+1, len(f.outcomes))
	}
	return f.outcomes, nil
}

func (f *fakeTree) Check(_ context.Context, req PathsRequest, progress func(done, total int)) ([]FileOutcome, error) {
	return f.run(req, progress)
}

func (f *fakeTree) Format(_ context.Context, req PathsRequest, progress func(done, total int)) ([]FileOutcome, error) {
	return f.run(req, progress)
}

// connectClient connects a client with copts to a server with opts.
func connectClient(t *testing.T, opts Options, copts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := New("test", opts).Connect(ctx, st, nil)
	require.NoError(t, err)
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, copts).Connect(ctx, ct, nil)
	require.NoError(t, err)
	t.Cleanup(func() { cs.Close() })
	return cs
}

func treeDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "tools", "a"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "tools", "a", "a.xml"), []byte("<tool/>"), 0o644))
	return dir
}

func TestPathsArguments(t *testing.T) {
	dir := treeDir(t)
	outside := t.TempDir()
	require.NoError(t, os.Symlink(outside, filepath.Join(dir, "escape")))
	fake := &fakeTree{root: dir}
	cs := connectClient(t, Options{WorkTree: fake}, nil)
	tests := []struct {
		name string
		in   CheckPathsInput
		kind string
	}{
		{"outside", CheckPathsInput{PathsInput: PathsInput{Paths: []string{outside}}}, KindInvalidArgument},
		{"dot dot", CheckPathsInput{PathsInput: PathsInput{Paths: []string{"../"}}}, KindInvalidArgument},
		{"symbolic link out", CheckPathsInput{PathsInput: PathsInput{Paths: []string{"escape"}}}, KindInvalidArgument},
		{"missing", CheckPathsInput{PathsInput: PathsInput{Paths: []string{"tools/nope.xml"}}}, KindInvalidArgument},
		{"bad glob", CheckPathsInput{PathsInput: PathsInput{Exclude: []string{"[a-"}}}, KindInvalidArgument},
		{"unknown ruleset", CheckPathsInput{Selection: Selection{Rulesets: []string{"strickt"}}}, KindUnknownRuleset},
		{"relative", CheckPathsInput{PathsInput: PathsInput{Paths: []string{"tools/a", filepath.Join(dir, "tools", "a", "a.xml")}}}, ""},
		{"default", CheckPathsInput{}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out CheckPathsOutput
			res := callTool(t, cs, "check_paths", tt.in, &out)
			assert.Equal(t, tt.kind != "", res.IsError, out.Message)
			assert.Equal(t, tt.kind, out.ErrorKind, out.Message)
		})
	}
	// Paths reach the working tree absolute, the default being its root.
	require.Len(t, fake.reqs, 2)
	assert.Equal(t, []string{filepath.Join(dir, "tools", "a"), filepath.Join(dir, "tools", "a", "a.xml")}, fake.reqs[0].Paths)
	assert.Equal(t, []string{dir}, fake.reqs[1].Paths)

	// A server without a working tree says so.
	var out CheckPathsOutput
	res := callTool(t, connect(t), "format_paths", FormatPathsInput{}, &out)
	assert.True(t, res.IsError)
	assert.Equal(t, KindInvalidArgument, out.ErrorKind)
}

func TestExcludeMatch(t *testing.T) {
	tests := []struct {
		rel  string
		glob string
		want bool
	}{
		{"tools/a/test-data/x.xml", "test-data", true},
		{"tools/a/test-data/x.xml", "test-data/", true},
		{"tools/a/x_macros.xml", "*_macros.xml", true},
		{"tools/a/x.xml", "*_macros.xml", false},
		{"tools/old/x.xml", "tools/old", true},
		{"tools/old/x.xml", "tools/old/*", true},
		{"other/tools/old/x.xml", "tools/old", false},
		{"tools/older/x.xml", "tools/old", false},
		{"tools/a/x.xml", "/tools/*/x.xml", true},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, ExcludeMatch(tt.rel, []string{tt.glob}), "%s against %s", tt.rel, tt.glob)
	}
}

// TestPathsResults checks the shape of a run with a file of each kind:
// results hold the files with something to report, errors and skipped
// repeat the failed and declined ones, the summary counts all, and a
// file that errored sets isError.
func TestPathsResults(t *testing.T) {
	dir := treeDir(t)
	fake := &fakeTree{root: dir, outcomes: []FileOutcome{
		{Path: "tools/a/a.xml", Violations: []Violation{{Code: "GTR001", File: "tools/a/a.xml", Line: 1}}, Fixable: 1,
			Changed: true, Written: true, AppliedCodes: []string{"GTR001"}},
		{Path: "tools/a/clean.xml"},
		{Path: "tools/a/data.xml", Skipped: "not a Galaxy tool or macro file"},
		{Path: "tools/a/bad.xml", Error: &FileError{Path: "tools/a/bad.xml", ErrorKind: KindInvalidXML, Message: "malformed", Line: 3, Column: 1}},
	}}
	cs := connectClient(t, Options{WorkTree: fake}, nil)

	var checked CheckPathsOutput
	res := callTool(t, cs, "check_paths", CheckPathsInput{}, &checked)
	assert.True(t, res.IsError)
	assert.False(t, checked.Success)
	assert.Equal(t, KindFileErrors, checked.ErrorKind)
	assert.Contains(t, checked.Message, "1 of 4 file(s) could not be processed")
	assert.Equal(t, CheckPathsSummary{PathsSummary: PathsSummary{Checked: 2, Skipped: 1, Errored: 1}, Fixable: 1}, checked.Summary)
	var paths []string
	for _, r := range checked.Results {
		paths = append(paths, r.Path)
	}
	assert.Equal(t, []string{"tools/a/a.xml", "tools/a/data.xml", "tools/a/bad.xml"}, paths)
	assert.Equal(t, []string{"tools/a/data.xml"}, checked.Skipped)
	require.Len(t, checked.Errors, 1)
	assert.Equal(t, "tools/a/bad.xml", checked.Errors[0].Path)

	var formatted FormatPathsOutput
	res = callTool(t, cs, "format_paths", FormatPathsInput{DryRun: true, Diff: true}, &formatted)
	assert.True(t, res.IsError)
	assert.Equal(t, FormatPathsSummary{PathsSummary: PathsSummary{Checked: 2, Skipped: 1, Errored: 1}, Changed: 1, Written: 1}, formatted.Summary)
	assert.True(t, fake.reqs[1].DryRun && fake.reqs[1].Diff)
	assert.Contains(t, formatted.Message, "the others were formatted and written")

	// Without the file that errored, the run is a success.
	fake.outcomes = fake.outcomes[:3]
	res = callTool(t, cs, "check_paths", CheckPathsInput{}, &checked)
	assert.False(t, res.IsError)
	assert.True(t, checked.Success)
	assert.Empty(t, checked.Errors)
	assert.NotNil(t, checked.Errors, "errors is [] rather than null")
}

// TestPathsProgress checks that a client that sends a progressToken gets
// notifications with it, and one that sends none gets none.
func TestPathsProgress(t *testing.T) {
	dir := treeDir(t)
	fake := &fakeTree{root: dir, outcomes: []FileOutcome{{Path: "a.xml"}, {Path: "b.xml"}, {Path: "c.xml"}}}
	got := make(chan *mcp.ProgressNotificationParams, 10)
	cs := connectClient(t, Options{WorkTree: fake}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) { got <- r.Params },
	})
	p := &mcp.CallToolParams{Name: "check_paths", Arguments: CheckPathsInput{}}
	p.SetProgressToken("tok-1")
	_, err := cs.CallTool(context.Background(), p)
	require.NoError(t, err)
	// The first and the last are always sent; those between within
	// progressEvery of the one before are not.
	var seen []*mcp.ProgressNotificationParams
	for len(seen) < 2 {
		select {
		case n := <-got:
			seen = append(seen, n)
		case <-time.After(5 * time.Second):
			t.Fatalf("got %d progress notifications, want 2", len(seen))
		}
	}
	assert.Equal(t, "tok-1", seen[0].ProgressToken)
	assert.Equal(t, 1.0, seen[0].Progress)
	assert.Equal(t, 3.0, seen[1].Progress)
	assert.Equal(t, 3.0, seen[1].Total)
	assert.Equal(t, "3 of 3 files checked", seen[1].Message)

	_, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "check_paths", Arguments: CheckPathsInput{}})
	require.NoError(t, err)
	select {
	case n := <-got:
		t.Errorf("a notification for a call without a token: %+v", n)
	case <-time.After(100 * time.Millisecond):
	}
}

// TestIdentity checks that every result carries gtr's identity, in its
// structured content and its _meta: successes, failures and the SDK's
// own answer to arguments that fail the input schema.
func TestIdentity(t *testing.T) {
	cs := connect(t)
	want := Identity{Version: "test", RuleSetDigest: RuleSetDigest()}
	calls := []struct {
		name string
		args any
	}{
		{"version", VersionInput{}},
		{"check_tool", CheckInput{XML: demoTool}},
		{"format_tool", FormatInput{XML: "<tool"}},
		{"check_paths", CheckPathsInput{}},
		{"check_tool", map[string]any{"xml": demoTool, "bogus": 1}},
	}
	for _, c := range calls {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: c.name, Arguments: c.args})
		require.NoError(t, err, c.name)
		raw, err := json.Marshal(res.Meta[MetaKeyIdentity])
		require.NoError(t, err)
		var meta Identity
		require.NoError(t, json.Unmarshal(raw, &meta), c.name)
		assert.Equal(t, want, meta, "%s: _meta", c.name)
		if res.StructuredContent == nil {
			continue // the SDK's answer to bad arguments has none
		}
		raw, err = json.Marshal(res.StructuredContent)
		require.NoError(t, err)
		var env struct{ Gtr Identity }
		require.NoError(t, json.Unmarshal(raw, &env))
		assert.Equal(t, want, env.Gtr, "%s: structured content", c.name)
	}
}

// TestBinaryReplaced swaps the executable the server watches for another
// file: every tool but version then answers binary_replaced, and version
// says so.
func TestBinaryReplaced(t *testing.T) {
	exe := filepath.Join(t.TempDir(), "gtr")
	require.NoError(t, os.WriteFile(exe, []byte("old build"), 0o755))
	cs := connectClient(t, Options{Executable: exe}, nil)
	var checked CheckOutput
	res := callTool(t, cs, "check_tool", CheckInput{XML: demoTool}, &checked)
	require.False(t, res.IsError, checked.Message)

	next := exe + ".new"
	require.NoError(t, os.WriteFile(next, []byte("new build"), 0o755))
	require.NoError(t, os.Rename(next, exe))
	res = callTool(t, cs, "check_tool", CheckInput{XML: demoTool}, &checked)
	assert.True(t, res.IsError)
	assert.Equal(t, KindBinaryReplaced, checked.ErrorKind)
	assert.Contains(t, checked.Message, exe)
	assert.Equal(t, "test", checked.Gtr.Version)

	var version VersionOutput
	res = callTool(t, cs, "version", VersionInput{}, &version)
	assert.False(t, res.IsError)
	assert.True(t, version.BinaryReplaced)
	assert.Equal(t, exe, version.Executable)
}
