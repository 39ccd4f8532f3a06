package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The tests in this file run the real gtr binary, built once by TestMain.

var update = flag.Bool("update", false, "rewrite the stdout and stderr sections of testdata/cli/*.txtar")

// testVersion is linked into the test binary with -ldflags -X.
const testVersion = "v0.0.0-test"

var gtrBin string // path of the built binary

func TestMain(m *testing.M) {
	flag.Parse()
	dir, err := os.MkdirTemp("", "gtr-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	gtrBin = filepath.Join(dir, "gtr")
	build := exec.Command("go", "build", "-o", gtrBin, "-ldflags=-X main.version="+testVersion, ".")
	// Built as README.md says: without cgo (see README, Performance).
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	build.Stdout, build.Stderr = os.Stdout, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintf(os.Stderr, "building gtr: %v\n", err)
		os.Exit(2)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// runGTR runs gtr in dir and returns its output and exit code.
func runGTR(t *testing.T, dir string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(gtrBin, args...)
	cmd.Dir = dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatalf("running gtr %s: %v", strings.Join(args, " "), err)
	}
	return out.String(), errOut.String(), code
}

// repoRoot is the repository root, relative to this package.
const repoRoot = "../.."

func TestVersion(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"version"}, {"--version"}, {"-version"}} {
		stdout, stderr, code := runGTR(t, ".", args...)
		want := "gtr " + testVersion + " (go"
		if code != exitOK || !strings.HasPrefix(stdout, want) || strings.Count(stdout, "\n") != 1 || stderr != "" {
			t.Errorf("gtr %s: exit %d, stdout %q, stderr %q; want exit 0 and one line starting %q",
				args[0], code, stdout, stderr, want)
		}
	}
}

// TestHelpForEveryCommand checks that "gtr help NAME" and "gtr NAME -h"
// print the same usage for every command in the table.
func TestHelpForEveryCommand(t *testing.T) {
	t.Parallel()
	var walk func(prefix []string, cmds []*command)
	walk = func(prefix []string, cmds []*command) {
		for _, cmd := range cmds {
			name := append(append([]string(nil), prefix...), cmd.name)
			help, stderr, code := runGTR(t, ".", append([]string{"help"}, name...)...)
			wantUsage := "usage: gtr " + strings.Join(name, " ")
			if code != exitOK || !strings.HasPrefix(help, wantUsage) || stderr != "" {
				t.Errorf("gtr help %s: exit %d, stderr %q, stdout:\n%s\nwant exit 0 and stdout starting %q",
					strings.Join(name, " "), code, stderr, help, wantUsage)
			}
			dashH, _, code := runGTR(t, ".", append(name, "-h")...)
			if code != exitOK || dashH != help {
				t.Errorf("gtr %s -h: exit %d, stdout:\n%s\nwant exit 0 and the output of gtr help %[1]s", strings.Join(name, " "), code, dashH)
			}
			walk(name, cmd.subcommands)
		}
	}
	walk(nil, root.subcommands)
}

// TestRoundtripTestdata checks that every XML file under testdata, the
// fixtures of other packages included, prints back byte for byte. Their
// number grows as packages add fixtures, so only the shape is fixed here.
func TestRoundtripTestdata(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := runGTR(t, repoRoot, "debug", "roundtrip", "testdata")
	m := regexp.MustCompile(`^(\d+) files, (\d+) byte-exact, \d+ malformed\n$`).FindStringSubmatch(stdout)
	if code != exitOK || m == nil || m[1] != m[2] || m[1] == "0" || stderr != "" {
		t.Errorf("gtr debug roundtrip testdata: exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit 0 and one summary line, all files byte-exact",
			code, stdout, stderr)
	}
}

func TestRoundtripCorpus(t *testing.T) {
	t.Parallel()
	shared := os.Getenv("GTR_SHARED")
	if shared == "" {
		shared = filepath.Join(repoRoot, "..", "shared")
	}
	corpus := filepath.Join(shared, "corpus")
	if st, err := os.Stat(corpus); err != nil || !st.IsDir() {
		t.Skipf("skipping: %s not found (set GTR_SHARED to the shared folder to run the corpus test)", corpus)
	}
	stdout, stderr, code := runGTR(t, ".", "debug", "roundtrip", corpus)
	const want = "3608 files, 3608 byte-exact, 4 malformed\n"
	if code != exitOK || stdout != want || stderr != "" {
		t.Errorf("gtr debug roundtrip %s: exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit 0 and stdout %q", corpus, code, stdout, stderr, want)
	}
}
