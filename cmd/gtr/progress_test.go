package main

import (
	"bufio"
	"bytes"
	"io"
	"strings"
	"testing"
	"time"
)

// TestProgressLine checks the progress line on a terminal: drawn after
// the delay, cleared before anything else is written to either stream and
// when the run ends; and nothing at all with -no-progress or when
// standard error is not a terminal.
func TestProgressLine(t *testing.T) {
	var errBuf bytes.Buffer
	term := &termLine{enabled: true, out: &errBuf}
	var outBuf bytes.Buffer
	e := &env{cli: &cli{stdout: bufio.NewWriter(term.guard(&outBuf)), stderr: term.guard(&errBuf), term: term}, cmd: &command{}, name: "gtr test"}
	p := e.startProgress(false, func() int { return 10 })
	for range 4 {
		p.tick()
	}
	time.Sleep(progressDelay + 2*progressEvery)
	e.stdout.WriteString("result\n")
	e.stdout.Flush()
	p.stop()
	got := errBuf.String()
	if !strings.Contains(got, "\rgtr: 4/10 files, ") || !strings.Contains(got, " files/s, ") {
		t.Errorf("stderr %q holds no progress line", got)
	}
	if !strings.HasSuffix(got, "\r\x1b[K") {
		t.Errorf("stderr %q: the line is not cleared at the end", got)
	}
	if outBuf.String() != "result\n" {
		t.Errorf("stdout %q", outBuf.String())
	}

	for _, tt := range []struct {
		name string
		term *termLine
		off  bool
	}{
		{"no-progress", &termLine{enabled: true, out: io.Discard}, true},
		{"pipe", &termLine{enabled: false, out: io.Discard}, false},
	} {
		e := &env{cli: &cli{term: tt.term}}
		if p := e.startProgress(tt.off, func() int { return 1 }); p != nil {
			t.Errorf("%s: progress started", tt.name)
			p.stop()
		}
	}
}

// TestProgressText checks the counts and the rate.
func TestProgressText(t *testing.T) {
	p := &progress{total: func() int { return 3608 }}
	p.done.Store(1200)
	if got, want := p.text(1500*time.Millisecond), "gtr: 1200/3608 files, 800 files/s, 1.5s"; got != want {
		t.Errorf("text %q, want %q", got, want)
	}
}
