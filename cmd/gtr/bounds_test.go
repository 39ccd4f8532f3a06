package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/galaxy-gtr/gtr/cmd/gtr/internal/mcpserver"
	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/fuzz"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Hostile input in the CLI and the binary's MCP server: a file whose
// expansion grows past its bound is an error for that file, the run goes
// on with the others; a call past -call-timeout answers timeout.

// TestBombIsAFileError runs check, format --check and diff over a
// directory holding a bomb and a tool with findings: the bomb is reported
// as an errored file at its file:line:col, the other tool as usual, exit 1.
func TestBombIsAFileError(t *testing.T) {
	t.Parallel()
	good := "<tool id=\"good\" name=\"good\" version=\"1\">\n  <command>true</command>\n    <inputs/>\n</tool>\n"
	for _, bomb := range []struct{ name, xml string }{{"token", fuzz.TokenBomb(40)}, {"macro", fuzz.MacroBomb(28)}} {
		t.Run(bomb.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			for name, data := range map[string]string{"bomb.xml": bomb.xml, "good.xml": good} {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			for _, args := range [][]string{{"check", "--ruleset", "strict", "."}, {"format", "--check", "."}, {"diff", "."}} {
				start := time.Now()
				stdout, stderr, code := runGTR(t, dir, args...)
				took := time.Since(start)
				if code != exitFindings {
					t.Errorf("gtr %s: exit %d, want 1\nstderr:\n%s", strings.Join(args, " "), code, stderr)
				}
				if !strings.HasPrefix(stderr, "error: bomb.xml:") || strings.Count(stderr, "error: ") != 1 {
					t.Errorf("gtr %s: stderr:\n%s\nwant one error, for bomb.xml at its line and column", strings.Join(args, " "), stderr)
				}
				if !strings.Contains(stdout, "good.xml") {
					t.Errorf("gtr %s: stdout:\n%s\nwant good.xml's findings", strings.Join(args, " "), stdout)
				}
				if args[0] == "check" && !strings.Contains(stdout, "1 errored.") {
					t.Errorf("gtr check: stdout:\n%s\nwant the bomb counted as errored", stdout)
				}
				t.Logf("gtr %s: %s\n%s", strings.Join(args, " "), took.Round(time.Millisecond), stderr)
			}
			// validate reports a tool it cannot expand, the bomb among
			// them, on standard output.
			stdout, _, code := runGTR(t, dir, "validate", ".")
			if code != exitFindings || !strings.Contains(stdout, "bomb.xml: cannot expand\nbomb.xml:") ||
				!strings.Contains(stdout, "good.xml: valid") || !strings.Contains(stdout, "1 cannot expand") {
				t.Errorf("gtr validate: exit %d, stdout:\n%s", code, stdout)
			}
		})
	}
}

// wideExpansion is a tool expanding a macro of 1000 params 510 times:
// 510,000 elements from 39 KB, some 27 MB expanded, past the expansion
// bound (256 times the input plus 16 MiB, some 26.8 MB).
func wideExpansion() string {
	return "<tool id=\"wide\" name=\"wide\" version=\"1\">\n  <macros>\n    <xml name=\"m0\">" +
		strings.Repeat("<param name=\"p\" type=\"text\"/>", 1000) + "</xml>\n  </macros>\n  <command>true</command>\n  <inputs>" +
		strings.Repeat("<expand macro=\"m0\"/>", 510) + "</inputs>\n</tool>\n"
}

// TestTooLargeExpansionIsAFileError: a tool whose expansion passes the
// expansion bound is an error for that file in check and format (where
// the expansion gate used to compare the files themselves and pass the
// rewrite), at the definition of the macro that grows; the other tool is
// reported as usual.
func TestTooLargeExpansionIsAFileError(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good := "<tool id=\"good\" name=\"good\" version=\"1\">\n  <command>true</command>\n    <inputs/>\n</tool>\n"
	for name, data := range map[string]string{"wide.xml": wideExpansion(), "good.xml": good} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		args []string
		err  string
		out  string
	}{
		{[]string{"check", "."}, "error: wide.xml:3:5: macro m0 expands exponentially", "0 file(s) clean; 0 skipped (not a Galaxy tool or macro file); 1 errored."},
		{[]string{"format", "--check", "."}, "error: wide.xml:3:5: macro m0 expands exponentially", "1 file(s) would be reformatted, 0 file(s) would be left unchanged, 0 skipped (not a Galaxy tool), 1 errored."},
		{[]string{"diff", "."}, "error: wide.xml:3:5: macro m0 expands exponentially", "+++ b/good.xml"},
	} {
		stdout, stderr, code := runGTR(t, dir, tt.args...)
		name := strings.Join(tt.args, " ")
		if code != exitFindings {
			t.Errorf("gtr %s: exit %d, want 1", name, code)
		}
		if !strings.HasPrefix(stderr, tt.err) || strings.Count(stderr, "error: ") != 1 {
			t.Errorf("gtr %s: stderr:\n%s\nwant one error, for wide.xml at its <expand>", name, stderr)
		}
		if tt.args[0] != "check" && !strings.Contains(stderr, "the file was left unchanged") {
			t.Errorf("gtr %s: stderr:\n%s\nwant the file left unchanged", name, stderr)
		}
		if !strings.Contains(stdout, tt.out) || !strings.Contains(stdout, "good.xml") {
			t.Errorf("gtr %s: stdout:\n%s\nwant %q and good.xml's findings", name, stdout, tt.out)
		}
	}
}

func TestStoppedError(t *testing.T) {
	t.Parallel()
	tooLarge := &macros.Error{Kind: macros.ErrTooLarge, Pos: cst.Position{File: "tools/bomb.xml", Line: 5, Column: 5, Offset: 60},
		Msg: "token @T39@ expands exponentially"}
	fe := stoppedError("tools/bomb.xml", tooLarge, "")
	if want := "tools/bomb.xml:5:5: token @T39@ expands exponentially"; fe.msg != want || fe.position().Line != 5 {
		t.Errorf("got %q at %v, want %q at line 5", fe.msg, fe.position(), want)
	}
	// Met in an imported macro file: the file run is named first.
	inMacros := *tooLarge
	inMacros.Pos.File = "tools/macros.xml"
	if fe := stoppedError("tools/bomb.xml", &inMacros, ""); !strings.HasPrefix(fe.msg, "tools/bomb.xml: tools/macros.xml:5:5: ") {
		t.Errorf("got %q", fe.msg)
	}
	// format and diff say the file is unchanged.
	if fe := rewriteError("tools/bomb.xml", tooLarge); fe.msg != "tools/bomb.xml:5:5: token @T39@ expands exponentially; the file was left unchanged" {
		t.Errorf("rewriteError: got %q", fe.msg)
	}
	if fe := rewriteError("tools/a.xml", fmt.Errorf("fix loop stopped before iteration 2: %w", context.DeadlineExceeded)); !strings.HasPrefix(fe.msg, "tools/a.xml: fix loop stopped") {
		t.Errorf("rewriteError: got %q", fe.msg)
	}
}

// TestMCPCallTimeoutFlag drives the binary's server with -call-timeout
// 50ms: a check that takes several times that (900 KB of Cheetah checked
// with the strict rules) answers timeout, and the next call on the
// session is answered.
func TestMCPCallTimeoutFlag(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "gtr-test", Version: "v0"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: exec.Command(gtrBin, "mcp", "-call-timeout", "50ms")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if ins := cs.InitializeResult().Instructions; !strings.Contains(ins, "deadline\nof 50ms") && !strings.Contains(ins, "deadline of 50ms") {
		t.Errorf("instructions do not state the deadline:\n%s", ins)
	}
	// About 900 KB of Cheetah: 0.3-0.4 s of the strict rules on a quiet
	// 2-core VM (2026-12-02). The default rules took 40-50 ms by then,
	// too close to the deadline.
	slow := "<tool id=\"slow\" name=\"slow\" version=\"1\">\n    <command><![CDATA[" + strings.Repeat("echo $p;\n", 100_000) +
		"]]></command>\n    <inputs>\n        <param name=\"p\" type=\"text\"/>\n    </inputs>\n</tool>\n"
	var out mcpserver.CheckOutput
	start := time.Now()
	res := callTool(t, cs, "check_tool", mcpserver.CheckInput{XML: slow, Selection: mcpserver.Selection{Rulesets: []string{"strict"}}}, &out)
	if !res.IsError || out.ErrorKind != mcpserver.KindTimeout || !strings.Contains(out.Message, "-call-timeout") {
		t.Errorf("slow check: isError %v, %s: %s; want timeout", res.IsError, out.ErrorKind, out.Message)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("the timeout answer took %s", took)
	}
	for {
		var next mcpserver.CheckOutput
		callTool(t, cs, "check_tool", mcpserver.CheckInput{XML: "<tool id=\"t\" name=\"t\" version=\"1\">\n<command>x</command>\n</tool>\n"}, &next)
		if next.Success {
			break
		}
		// A loaded machine may time out a few ordinary calls too (50 ms
		// is short); the server must answer one within half a minute.
		if next.ErrorKind != mcpserver.KindTimeout || time.Since(start) > 30*time.Second {
			t.Fatalf("the next call: %s: %s", next.ErrorKind, next.Message)
		}
	}
}

func TestMCPCallTimeoutUsage(t *testing.T) {
	t.Parallel()
	_, stderr, code := runGTR(t, ".", "mcp", "-call-timeout", "-1s")
	if code != exitError || !strings.Contains(stderr, "-call-timeout -1s: the deadline must be positive, or 0 for none") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
}
