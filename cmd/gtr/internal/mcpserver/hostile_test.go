package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/fuzz"
	"github.com/galaxy-gtr/gtr/rules"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// deepTool is a tool holding n nested <a> elements.
func deepTool(n int) string {
	return "<tool id=\"deep\" name=\"deep\" version=\"1\">" + strings.Repeat("<a>", n) + strings.Repeat("</a>", n) + "</tool>\n"
}

// wideExpansion is a tool expanding a macro of 1000 params 510 times.
func wideExpansion() string {
	return "<tool id=\"wide\" name=\"wide\" version=\"1\">\n  <macros>\n    <xml name=\"m0\">" +
		strings.Repeat("<param name=\"p\" type=\"text\"/>", 1000) + "</xml>\n  </macros>\n  <command>true</command>\n  <inputs>" +
		strings.Repeat("<expand macro=\"m0\"/>", 510) + "</inputs>\n</tool>\n"
}

// slowTool is a tool of about 900 KB, just under MCP's input limit,
// whose check takes about half a second, ten times the deadlines of the
// tests below. (A <command> of a hundred thousand placeholders served
// until checking it got fast: 40 ms warm.)
func slowTool() string {
	// 25,000 parameters of a misspelt type: valid at no profile, so
	// GTR006 validates the tool at every profile looking for repairs.
	return "<tool id=\"slow\" name=\"slow\" version=\"1\">\n    <command><![CDATA[echo]]></command>\n    <inputs>\n" +
		strings.Repeat("        <param name=\"p\" type=\"txt\"/>\n", 25_000) + "    </inputs>\n</tool>\n"
}

// answerWithin calls a tool with a deadline of its own on the client
// side, so that a server that never answers fails the test instead of
// hanging it, and decodes the envelope.
func answerWithin(t *testing.T, cs *mcp.ClientSession, d time.Duration, name string, args any) (*mcp.CallToolResult, Envelope, time.Duration) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	start := time.Now()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	took := time.Since(start)
	require.NoError(t, err, "%s got no answer within %s", name, d)
	var env Envelope
	raw, err := json.Marshal(res.StructuredContent)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &env))
	return res, env, took
}

// TestHostileInputsThenNormalCall sends each bomb to every engine tool on
// one session, then a normal check_tool call on the same session: the
// bomb answers with its error kind and the server goes on serving.
func TestHostileInputsThenNormalCall(t *testing.T) {
	tests := []struct {
		name string
		xml  string
		kind string
	}{
		// Past the expansion bound: 510,000 elements from 39 KB.
		{"wide expansion", wideExpansion(), KindExpansionTooLarge},
		{"token bomb", fuzz.TokenBomb(40), KindExpansionTooLarge},
		{"macro bomb", fuzz.MacroBomb(28), KindExpansionTooLarge},
		// MCP takes at most 1 MiB of XML: 140,000 levels are 980 KB.
		{"deep tool", deepTool(140_000), KindInvalidXML},
	}
	calls := []struct {
		tool string
		args func(xml string) any
	}{
		{"check_tool", func(x string) any { return CheckInput{XML: x} }},
		{"format_tool", func(x string) any { return FormatInput{XML: x} }},
		{"expand_tool", func(x string) any { return ExpandInput{XML: x} }},
		{"validate_tool", func(x string) any { return ValidateInput{XML: x} }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.LessOrEqual(t, len(tt.xml), MaxInputBytes)
			cs := connect(t)
			for _, c := range calls {
				res, env, took := answerWithin(t, cs, time.Minute, c.tool, c.args(tt.xml))
				assert.True(t, res.IsError, c.tool)
				assert.Equal(t, tt.kind, env.ErrorKind, "%s: %s", c.tool, env.Message)
				t.Logf("%s: %s in %s: %.200s", c.tool, env.ErrorKind, took.Round(time.Millisecond), env.Message)
				// The next request on the session is answered.
				var out CheckOutput
				res = callTool(t, cs, "check_tool", CheckInput{XML: demoTool}, &out)
				assert.False(t, res.IsError, "check_tool after %s of the %s", c.tool, tt.name)
				assert.True(t, out.Success)
				assert.NotEmpty(t, out.Violations)
			}
		})
	}
}

// TestExpansionTooLargeMessage pins what an agent reads of a bomb: the
// token at its line in the tool, the bound, and what to do.
func TestExpansionTooLargeMessage(t *testing.T) {
	cs := connect(t)
	_, env, _ := answerWithin(t, cs, time.Minute, "check_tool", CheckInput{XML: fuzz.TokenBomb(40)})
	require.Equal(t, KindExpansionTooLarge, env.ErrorKind)
	assert.Contains(t, env.Message, "tool.xml:")
	assert.Contains(t, env.Message, "@T")
	assert.Contains(t, env.Message, "gtr help expand")
	assert.Positive(t, env.Line)
	assert.Positive(t, env.Column)
}

// TestCallTimeout runs a check that takes seconds under a deadline of a
// fraction of one: the call answers timeout at the deadline, and the
// engine stops there too (the context reaches GTR006's validations), as
// the next call, which needs the only engine slot, shows by being
// answered long before the check could have finished.
func TestCallTimeout(t *testing.T) {
	const deadline = 50 * time.Millisecond
	cs := connectWith(t, Options{CallTimeout: deadline, MaxEngines: 1})
	slow := slowTool()
	res, env, took := answerWithin(t, cs, time.Minute, "check_tool", CheckInput{XML: slow})
	assert.True(t, res.IsError)
	require.Equal(t, KindTimeout, env.ErrorKind, env.Message)
	assert.Contains(t, env.Message, "check_tool ran past the server's call deadline of 50ms")
	assert.Contains(t, env.Message, "--call-timeout")
	assert.Less(t, took, 5*time.Second, "the timeout answer came late")

	start := time.Now()
	for {
		var out CheckOutput
		res, _, _ := answerWithin(t, cs, time.Minute, "check_tool", CheckInput{XML: demoTool})
		raw, _ := json.Marshal(res.StructuredContent)
		require.NoError(t, json.Unmarshal(raw, &out))
		if out.Success {
			break
		}
		// Timed out waiting for the slot: the engine is still running.
		require.Equal(t, KindTimeout, out.ErrorKind, out.Message)
		require.Less(t, time.Since(start), 3*time.Second, "the stopped engine kept its slot: the deadline did not reach it")
	}
}

// TestTimeoutWhileWaitingForASlot: a call that finds every engine slot
// busy waits under its own deadline and says so.
func TestTimeoutWhileWaitingForASlot(t *testing.T) {
	h := newHost("test", Options{CallTimeout: 50 * time.Millisecond, MaxEngines: 1})
	h.slots <- struct{}{} // the one slot is busy
	defer func() { <-h.slots }()
	_, err := run(h, context.Background(), "check_tool", true, CheckInput{XML: demoTool}, checkTool)
	var te *ToolError
	require.ErrorAs(t, err, &te)
	assert.Equal(t, KindTimeout, te.Kind)
	assert.Contains(t, te.Message, "waiting for one of the 1 engine slots")
	// Calls that run no engine do not wait for a slot.
	_, err = run(h, context.Background(), "list_rulesets", false, ListRulesetsInput{}, func(context.Context, ListRulesetsInput) (ListRulesetsOutput, error) {
		return ListRulesetsOutput{}, nil
	})
	assert.NoError(t, err)
}

// TestEngineStopsMapToKinds pins the error kinds of what stops an engine.
func TestEngineStopsMapToKinds(t *testing.T) {
	h := newHost("test", Options{CallTimeout: time.Second})
	tooLarge := &macros.Error{Kind: macros.ErrTooLarge, Pos: cst.Position{File: toolFile, Line: 3, Column: 5}, Msg: "token @T9@ expands exponentially"}
	for _, tt := range []struct {
		err  error
		kind string
	}{
		{tooLarge, KindExpansionTooLarge},
		{fmt.Errorf("wrapped: %w", tooLarge), KindExpansionTooLarge},
		{&macros.Error{Kind: macros.ErrCanceled, Msg: "expansion stopped"}, KindTimeout},
		{fmt.Errorf("fix loop stopped: %w", context.DeadlineExceeded), KindTimeout},
		{fmt.Errorf("checking stopped: %w", context.Canceled), KindTimeout},
		{errors.New("something else"), KindInternalError},
	} {
		te := h.stopped("check_tool", tt.err)
		assert.Equal(t, tt.kind, te.Kind, "%v", tt.err)
	}
	te := h.stopped("check_tool", tooLarge)
	assert.Equal(t, 3, te.Line)
	assert.Contains(t, te.Message, "tool.xml:3:5: token @T9@ expands exponentially")
}

// TestPanicReleasesTheSlot: a handler that panics answers internal_error
// and gives its engine slot back, so that the next calls run.
func TestPanicReleasesTheSlot(t *testing.T) {
	h := newHost("test", Options{MaxEngines: 1})
	h.s = mcp.NewServer(&mcp.Implementation{Name: "gtr", Version: "test"}, nil)
	register(h, true, &mcp.Tool{Name: "boom", Description: "panics"}, func(context.Context, ListRulesetsInput) (ListRulesetsOutput, error) {
		panic("boom")
	})
	cs := serve(t, h.s)
	for range 3 {
		_, env, _ := answerWithin(t, cs, 10*time.Second, "boom", ListRulesetsInput{})
		assert.Equal(t, KindInternalError, env.ErrorKind)
		assert.Contains(t, env.Message, "gtr panicked: boom")
	}
}

func connectWith(t *testing.T, opts Options) *mcp.ClientSession {
	t.Helper()
	return serve(t, New("test", opts))
}

func serve(t *testing.T, s *mcp.Server) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	require.NoError(t, err)
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).Connect(ctx, ct, nil)
	require.NoError(t, err)
	t.Cleanup(func() { cs.Close() })
	return cs
}

// largestTools returns the n largest corpus tools of at most MaxInputBytes
// with the macro files of their directories, or skips.
func largestTools(t *testing.T, n int) []CheckInput {
	t.Helper()
	var dir string
	for _, d := range []string{os.Getenv("GTR_SHARED"), "../../../../../shared"} {
		if st, err := os.Stat(filepath.Join(d, "corpus")); d != "" && err == nil && st.IsDir() {
			dir = filepath.Join(d, "corpus")
			break
		}
	}
	if dir == "" {
		t.Skip("skipping: ../shared/corpus not found (set GTR_SHARED)")
	}
	type file struct {
		path string
		size int64
	}
	var files []file
	_ = filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && strings.HasSuffix(p, ".xml") && info.Size() <= MaxInputBytes {
			files = append(files, file{p, info.Size()})
		}
		return nil
	})
	sort.Slice(files, func(i, j int) bool { return files[i].size > files[j].size })
	var out []CheckInput
	for _, f := range files {
		src, err := os.ReadFile(f.path)
		if err != nil || rules.Classify(cst.Parse(f.path, src)) != rules.TargetTool {
			continue
		}
		in := CheckInput{XML: string(src), Macros: map[string]string{}, Selection: Selection{Rulesets: []string{"strict"}}}
		names, _ := filepath.Glob(filepath.Join(filepath.Dir(f.path), "*.xml"))
		for _, name := range names {
			m, err := os.ReadFile(name)
			if err == nil && len(m) <= MaxInputBytes && rules.Classify(cst.Parse(name, m)) == rules.TargetMacro {
				in.Macros[filepath.Base(name)] = string(m)
			}
		}
		out = append(out, in)
		if len(out) == n {
			break
		}
	}
	return out
}

// TestConcurrentLargestTools sends 100 check_tool calls at once, the ten
// largest corpus tools (460–530 KB, with their macro files) ten times
// each, and samples the heap while they run. Every call must answer
// successfully, and the heap stays bounded: at most MaxEngines calls run
// an engine at once, so the peak is the engines' working sets plus the
// arguments of the waiting calls, not a hundred working sets. The bound,
// 300 MiB, is the arguments of all the calls three times over (the
// client's JSON, the server's decoded strings and the parse: 100 × 460
// KB × 3 ≈ 140 MB) plus room for the two engines' working sets; 138 MiB
// was measured.
func TestConcurrentLargestTools(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping in -short mode")
	}
	tools := largestTools(t, 10)
	require.NotEmpty(t, tools)
	argBytes := 0
	for _, in := range tools {
		argBytes += len(in.XML)
		for _, m := range in.Macros {
			argBytes += len(m)
		}
	}
	cs := connectWith(t, Options{CallTimeout: 10 * time.Minute})
	runtime.GC()
	var peak atomic.Uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(sample)
			if v := sample[0].Value.Uint64(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	start := time.Now()
	var wg sync.WaitGroup
	failures := make(chan string, 100)
	for i := range 100 {
		wg.Go(func() {
			in := tools[i%len(tools)]
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "check_tool", Arguments: in})
			if err != nil {
				failures <- fmt.Sprintf("call %d: %v", i, err)
				return
			}
			raw, _ := json.Marshal(res.StructuredContent)
			var out CheckOutput
			if err := json.Unmarshal(raw, &out); err != nil || !out.Success {
				failures <- fmt.Sprintf("call %d: %v %s: %s", i, err, out.ErrorKind, out.Message)
			}
		})
	}
	wg.Wait()
	close(stop)
	<-sampled
	close(failures)
	for f := range failures {
		t.Error(f)
	}
	const bound = 300 << 20
	t.Logf("100 concurrent check_tool calls on the 10 largest corpus tools (%d KB of arguments per round): %s, peak heap %d MiB (bound %d MiB), GOMAXPROCS %d",
		argBytes>>10, time.Since(start).Round(time.Millisecond), peak.Load()>>20, bound>>20, runtime.GOMAXPROCS(0))
	assert.Less(t, peak.Load(), uint64(bound), "peak heap")
}
