//go:build linux

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/mcpserver"
	"github.com/galaxy-gtr/gtr/fuzz"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The hostile-input suite of issue 16 run through the real binary: every
// family of fuzz.HostileSuite at every size, through `gtr check --ruleset
// strict` and `gtr format --check` (CLI) and through one `gtr mcp` session,
// whose next ordinary request must still be answered.

// cliBudget is what one CLI run over a hostile file may take: a constant
// for starting the process and reading the macro files, plus a cost per
// input byte (the tool and its imports): in time about twenty times what
// gtr spends on a byte of an ordinary tool, in memory about what the
// heaviest families measure (a Cheetah tree for a megabyte of template
// text, a million edits for a million character references: 210-265
// bytes a byte, as the collector's timing varies, for format --check on a
// million references), so that the test does not flake on a busy machine but
// catches work out of proportion to the input.
type cliBudget struct {
	base    time.Duration
	perByte time.Duration
	rssBase int64 // bytes
	rssByte int64 // bytes of peak RSS per input byte
}

// The time budget is for the CPU time the run takes (user and system, all
// threads): what gtr did, whatever else the machine was doing, since the
// tests of other packages run beside this one. Wall time only decides when
// a run has hung: past hangFactor times its budget it is killed.
const hangFactor = 4

var hostileBudget = cliBudget{base: 3 * time.Second, perByte: 400 * time.Nanosecond, rssBase: 64 << 20, rssByte: 288}

func (b cliBudget) time(size int) time.Duration { return b.base + time.Duration(size)*b.perByte }
func (b cliBudget) rss(size int) int64          { return b.rssBase + int64(size)*b.rssByte }

// hostileCase writes one member of a family to a fresh directory and
// returns the tool's path and the input size (the tool and its imports).
func hostileCase(t *testing.T, h fuzz.Hostile, n int) (dir string, size int) {
	t.Helper()
	tool, imports := h.Build(n)
	dir = t.TempDir()
	write := func(name string, data []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		size += len(data)
	}
	write("tool.xml", tool)
	for name, data := range imports {
		write(name, data)
	}
	return dir, size
}

func TestHostileCLI(t *testing.T) {
	for _, h := range fuzz.HostileSuite() {
		for _, n := range h.Sizes {
			t.Run(fmt.Sprintf("%s/%d", h.Name, n), func(t *testing.T) {
				dir, size := hostileCase(t, h, n)
				want := h.Outcome(n)
				for _, args := range [][]string{{"check", "--ruleset", "strict", "tool.xml"}, {"format", "--check", "tool.xml"}} {
					budget := hostileBudget.time(size)
					r := runBudgeted(t, dir, hangFactor*budget, args...)
					what := fmt.Sprintf("gtr %s on %s n=%d (%d bytes)", strings.Join(args, " "), h.Name, n, size)
					if r.timedOut {
						t.Fatalf("%s: no answer within %v (%d times its CPU budget)", what, hangFactor*budget, hangFactor)
					}
					if r.cpu > budget {
						t.Errorf("%s: %v of CPU time (user and system), budget %v", what, r.cpu.Round(time.Millisecond), budget)
					}
					if r.rss > hostileBudget.rss(size) {
						t.Errorf("%s: peak RSS %d MiB, budget %d MiB", what, r.rss>>20, hostileBudget.rss(size)>>20)
					}
					checkOutcome(t, what, want, args[0] == "format", r)
					t.Logf("%s: %v wall, %v CPU, %d MiB, exit %d", what, r.wall.Round(time.Millisecond), r.cpu.Round(time.Millisecond), r.rss>>20, r.code)
				}
			})
		}
	}
}

// TestHostileCLIGoesOn checks that a file hitting a bound is an error for
// that file only: the run reports the other files as usual.
func TestHostileCLIGoesOn(t *testing.T) {
	dir := t.TempDir()
	for name, build := range map[string]func(int) ([]byte, map[string][]byte){"a_bomb.xml": hostileFamily(t, "token-bomb").Build} {
		tool, _ := build(40)
		if err := os.WriteFile(filepath.Join(dir, name), tool, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	deep, _ := hostileFamily(t, "deep").Build(100_000)
	if err := os.WriteFile(filepath.Join(dir, "b_deep.xml"), deep, 0o644); err != nil {
		t.Fatal(err)
	}
	example, err := os.ReadFile(filepath.Join(repoRoot, "testdata", "examples", "bedtools_slop.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "c_tool.xml"), example, 0o644); err != nil {
		t.Fatal(err)
	}
	r := runBudgeted(t, dir, 20*time.Second, "check", "--ruleset", "strict", ".")
	if r.timedOut || r.code != exitFindings {
		t.Fatalf("check: timed out %v, exit %d\n%s%s", r.timedOut, r.code, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stdout, "c_tool.xml:") || !strings.Contains(r.stdout, "2 errored") {
		t.Errorf("check: want c_tool.xml's findings and 2 errored files, got\n%s", r.stdout)
	}
	for _, name := range []string{"a_bomb.xml", "b_deep.xml"} {
		if !strings.Contains(r.stderr, name+":") {
			t.Errorf("check: stderr does not report %s\n%s", name, r.stderr)
		}
	}
}

func hostileFamily(t *testing.T, name string) fuzz.Hostile {
	t.Helper()
	for _, h := range fuzz.HostileSuite() {
		if h.Name == name {
			return h
		}
	}
	t.Fatalf("no hostile family %q", name)
	return fuzz.Hostile{}
}

// checkOutcome checks how a CLI run answered: malformed and too-large
// files are errors naming their file and line, the others are processed
// (exit 0 or 1, no file errored) and nothing crashed.
func checkOutcome(t *testing.T, what string, want fuzz.Outcome, format bool, r budgetedRun) {
	t.Helper()
	if strings.Contains(r.stderr, "panic:") || strings.Contains(r.stderr, "fatal error:") || strings.Contains(r.stderr, "goroutine ") {
		t.Fatalf("%s crashed:\n%.2000s", what, r.stderr)
	}
	switch want {
	case fuzz.Malformed:
		if r.code != exitFindings || !strings.Contains(r.stderr, "tool.xml: malformed XML") || !regexpFileLine.MatchString(r.stderr) {
			t.Errorf("%s: exit %d, want 1 with the parse error at file:line:col; stderr:\n%.1000s", what, r.code, r.stderr)
		}
	case fuzz.TooLarge:
		if r.code != exitFindings || !strings.Contains(r.stderr, "expands exponentially") && !strings.Contains(r.stderr, "nesting:") || !regexpFileLine.MatchString(r.stderr) {
			t.Errorf("%s: exit %d, want 1 with the bound's error at file:line; stderr:\n%.1000s", what, r.code, r.stderr)
		}
	case fuzz.NotRewritten:
		if format && (r.code != exitFindings || !strings.Contains(r.stderr, "the file was left unchanged")) ||
			!format && (r.code != exitOK && r.code != exitFindings || !strings.Contains(r.stdout, " 0 errored")) {
			t.Errorf("%s: exit %d, want it checked and not rewritten, with a reason; stdout:\n%.1000s\nstderr:\n%.1000s", what, r.code, r.stdout, r.stderr)
		}
	default:
		if r.code != exitOK && r.code != exitFindings || !strings.Contains(r.stdout, " 0 errored") {
			t.Errorf("%s: exit %d, want the file processed; stdout:\n%.1000s\nstderr:\n%.1000s", what, r.code, r.stdout, r.stderr)
		}
	}
}

type budgetedRun struct {
	stdout, stderr string
	code           int
	timedOut       bool
	wall           time.Duration
	cpu            time.Duration // user and system time of the process
	rss            int64         // peak resident set, bytes
}

// runBudgeted runs gtr in dir, killing it past limit (wall time), and
// measures its wall time, CPU time and peak RSS.
func runBudgeted(t *testing.T, dir string, limit time.Duration, args ...string) budgetedRun {
	t.Helper()
	cmd, peakFile := measuredCommand(t, args...)
	cmd.Dir = dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting gtr %s: %v", strings.Join(args, " "), err)
	}
	var killed atomic.Bool
	timer := time.AfterFunc(limit, func() { killed.Store(true); cmd.Process.Kill() })
	err := cmd.Wait()
	timer.Stop()
	r := budgetedRun{stdout: out.String(), stderr: errOut.String(), wall: time.Since(start)}
	if ps := cmd.ProcessState; ps != nil {
		r.cpu = ps.UserTime() + ps.SystemTime()
	}
	if killed.Load() {
		r.timedOut = true
		return r
	}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		r.code = exit.ExitCode()
	case err != nil:
		t.Fatalf("running gtr %s: %v", strings.Join(args, " "), err)
	}
	r.rss = peakOf(t, peakFile)
	return r
}

// TestHostileMCP sends every member of the suite that fits MCP's input
// limit to one `gtr mcp` session, as check_tool and format_tool calls,
// each followed by an ordinary check_tool call that must be answered.
func TestHostileMCP(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.Command(gtrBin, "mcp")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	client := mcp.NewClient(&mcp.Implementation{Name: "gtr-hostile", Version: "v0"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	example, err := os.ReadFile(filepath.Join(repoRoot, "testdata", "examples", "bedtools_slop.xml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range fuzz.HostileSuite() {
		for _, n := range h.Sizes {
			tool, imports := h.Build(n)
			size := len(tool)
			macros := map[string]string{}
			for name, data := range imports {
				macros[name] = string(data)
				size += len(data)
			}
			if len(tool) > mcpserver.MaxInputBytes {
				continue // answered input_too_large at once; the CLI test covers it
			}
			want := h.Outcome(n)
			for _, name := range []string{"check_tool", "format_tool"} {
				what := fmt.Sprintf("%s on %s n=%d (%d bytes)", name, h.Name, n, size)
				limit := hostileBudget.time(size)
				start := time.Now()
				env, err := callBudgeted(ctx, cs, limit, name, map[string]any{"xml": string(tool), "macros": macros, "rulesets": []string{"strict"}})
				if err != nil {
					t.Fatalf("%s: %v (server stderr: %.2000s)", what, err, stderr.String())
				}
				took := time.Since(start)
				switch want {
				case fuzz.Malformed:
					if env.ErrorKind != mcpserver.KindInvalidXML {
						t.Errorf("%s: error_kind %q, want %q", what, env.ErrorKind, mcpserver.KindInvalidXML)
					}
				case fuzz.TooLarge:
					if env.ErrorKind != "expansion_too_large" {
						t.Errorf("%s: error_kind %q (%s), want expansion_too_large", what, env.ErrorKind, env.Message)
					}
				case fuzz.NotRewritten:
					if name == "format_tool" && env.ErrorKind != mcpserver.KindGateFailed || name == "check_tool" && !env.Success {
						t.Errorf("%s: error_kind %q (%s), want check_tool to succeed and format_tool to answer gate_failed", what, env.ErrorKind, env.Message)
					}
				default:
					if !env.Success && env.ErrorKind != mcpserver.KindMacroError {
						t.Errorf("%s: error_kind %q (%s), want success", what, env.ErrorKind, env.Message)
					}
				}
				// The session goes on.
				next, err := callBudgeted(ctx, cs, 10*time.Second, "check_tool", map[string]any{"xml": string(example)})
				if err != nil || !next.Success {
					t.Fatalf("after %s: the next check_tool call got %+v, %v (server stderr: %.2000s)", what, next, err, stderr.String())
				}
				t.Logf("%s: %v, %s", what, took.Round(time.Millisecond), env.ErrorKind)
			}
		}
	}
}

// callBudgeted calls a tool with a deadline and decodes its envelope.
func callBudgeted(ctx context.Context, cs *mcp.ClientSession, limit time.Duration, name string, args map[string]any) (mcpserver.Envelope, error) {
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	var env mcpserver.Envelope
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		return env, err
	}
	raw, err := json.Marshal(res.StructuredContent)
	if err != nil {
		return env, err
	}
	return env, json.Unmarshal(raw, &env)
}

// regexpFileLine matches a position such as "tool.xml:12:5:" or
// "macros.xml:3:" in a message.
var regexpFileLine = regexp.MustCompile(`[\w.-]+\.xml:\d+(:\d+)?`)
