package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// Progress is drawn on one line of standard error, and only when
// standard error is a terminal: "gtr: 1200/3608 files, 950 files/s, 1.3s".
// It starts after progressDelay, so that a quick run prints nothing, and is
// redrawn every progressEvery. Anything else written to standard output
// or standard error first clears the line (see termLine), so results and
// errors are never mixed with it.
const (
	progressDelay = 300 * time.Millisecond
	progressEvery = 100 * time.Millisecond
)

// termLine is the progress line on a terminal's standard error, shared by
// the progress and the writers of both streams.
type termLine struct {
	enabled bool      // standard error is a terminal
	out     io.Writer // standard error, unguarded

	mu    sync.Mutex
	drawn bool // the line shows progress
}

// newTermLine returns the progress line of stderr, enabled when it is a
// terminal and TERM is not "dumb".
func newTermLine(stderr *os.File) *termLine {
	st, err := stderr.Stat()
	enabled := err == nil && st.Mode()&os.ModeCharDevice != 0 && os.Getenv("TERM") != "dumb"
	return &termLine{enabled: enabled, out: stderr}
}

// guard returns w wrapped so that a write clears the progress line
// first.
func (t *termLine) guard(w io.Writer) io.Writer {
	if t == nil || !t.enabled {
		return w
	}
	return guarded{t, w}
}

type guarded struct {
	t *termLine
	w io.Writer
}

func (g guarded) Write(p []byte) (int, error) {
	g.t.mu.Lock()
	defer g.t.mu.Unlock()
	g.t.clearLocked()
	return g.w.Write(p)
}

func (t *termLine) clearLocked() {
	if t.drawn {
		io.WriteString(t.out, "\r\x1b[K")
		t.drawn = false
	}
}

// draw shows text on the line.
func (t *termLine) draw(text string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	io.WriteString(t.out, "\r"+text+"\x1b[K")
	t.drawn = true
}

// clear removes the line.
func (t *termLine) clear() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.clearLocked()
}

// progress counts the files of a run and draws the count. A nil
// *progress does nothing.
type progress struct {
	line  *termLine
	total func() int // the files to do, as far as known
	done  atomic.Int64
	start time.Time

	stopOnce sync.Once
	quit     chan struct{}
	ended    chan struct{}
}

// startProgress starts drawing the progress of a run whose file count
// total returns, unless off (-no-progress) or standard error is not a
// terminal; then it returns nil.
func (e *env) startProgress(off bool, total func() int) *progress {
	if off || e.term == nil || !e.term.enabled {
		return nil
	}
	p := &progress{line: e.term, total: total, start: time.Now(), quit: make(chan struct{}), ended: make(chan struct{})}
	go p.run()
	return p
}

// tick counts one file done.
func (p *progress) tick() {
	if p != nil {
		p.done.Add(1)
	}
}

// stop stops drawing and clears the line; it may be called more than
// once.
func (p *progress) stop() {
	if p == nil {
		return
	}
	p.stopOnce.Do(func() {
		close(p.quit)
		<-p.ended
		p.line.clear()
	})
}

func (p *progress) run() {
	defer close(p.ended)
	select {
	case <-time.After(progressDelay):
	case <-p.quit:
		return
	}
	t := time.NewTicker(progressEvery)
	defer t.Stop()
	for {
		p.line.draw(p.text(time.Since(p.start)))
		select {
		case <-t.C:
		case <-p.quit:
			return
		}
	}
}

// text is the progress line after elapsed.
func (p *progress) text(elapsed time.Duration) string {
	done := p.done.Load()
	rate := float64(done) / max(elapsed.Seconds(), 1e-3)
	return fmt.Sprintf("gtr: %d/%d files, %.0f files/s, %.1fs", done, p.total(), rate, elapsed.Seconds())
}
