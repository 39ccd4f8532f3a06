package main

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// maxCorpusRSS is the bound on the peak resident memory of a run of check
// or format over the whole corpus (issue 16): 100 MiB.
const maxCorpusRSS = 100 << 20

// TestCorpusPeakMemory runs the built binary over the shared corpus as a
// user does and checks its peak resident memory, as the kernel counts it
// for the child (Maxrss, in KiB on Linux), against maxCorpusRSS. The
// settings that change the runtime's memory (GOGC, GOMEMLIMIT,
// GTR_HUGEPAGES, GODEBUG) are taken out of the child's environment: the
// bound is on gtr's own.
func TestCorpusPeakMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping: runs gtr over the whole corpus (-short)")
	}
	corpus := corpusDir(t)
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		switch name {
		case "GOGC", "GOMEMLIMIT", "GTR_HUGEPAGES", "GODEBUG", "GTR_CPUPROFILE", "GTR_MEMPROFILE":
			continue
		}
		env = append(env, kv)
	}
	for _, args := range [][]string{
		{"check", "-ruleset", "strict", "."},
		{"format", "-check", "."},
	} {
		t.Run(args[0], func(t *testing.T) {
			cmd, peakFile := measuredCommand(t, args...)
			cmd.Dir, cmd.Env = corpus, append(env, cmd.Env[len(cmd.Env)-1])
			err := cmd.Run()
			var exit *exec.ExitError
			if err != nil && (!errors.As(err, &exit) || exit.ExitCode() != exitFindings) {
				t.Fatalf("gtr %s: %v", strings.Join(args, " "), err)
			}
			rss := peakOf(t, peakFile)
			t.Logf("gtr %s over the corpus: peak RSS %.1f MiB (bound %d MiB)", strings.Join(args, " "), float64(rss)/(1<<20), maxCorpusRSS>>20)
			if rss >= maxCorpusRSS {
				t.Errorf("gtr %s over the corpus: peak RSS %.1f MiB, want under %d MiB", strings.Join(args, " "), float64(rss)/(1<<20), maxCorpusRSS>>20)
			}
		})
	}
}
