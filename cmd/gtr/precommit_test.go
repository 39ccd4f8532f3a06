package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The pre-commit hooks (.pre-commit-hooks.yaml at the repository root):
// their manifest, and, where the pre-commit command exists, a real
// pre-commit run in a temp repository that uses a copy of this checkout
// as its hook repository.

// preCommitHook is the part of a hook's manifest entry the test reads.
type preCommitHook struct {
	ID            string   `yaml:"id"`
	Name          string   `yaml:"name"`
	Description   string   `yaml:"description"`
	Entry         string   `yaml:"entry"`
	Language      string   `yaml:"language"`
	Types         []string `yaml:"types"`
	PassFilenames *bool    `yaml:"pass_filenames"`
}

func TestPreCommitManifest(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join(repoRoot, ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var hooks []preCommitHook
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&hooks); err != nil {
		t.Fatalf(".pre-commit-hooks.yaml: %v", err)
	}
	want := map[string]string{"gtr-format": "gtr format", "gtr-check": "gtr check"}
	if len(hooks) != len(want) {
		t.Fatalf("%d hooks, want %d", len(hooks), len(want))
	}
	for _, h := range hooks {
		if entry, ok := want[h.ID]; !ok || h.Entry != entry {
			t.Errorf("hook %q runs %q; want one of %v", h.ID, h.Entry, want)
		}
		if h.Language != "golang" || len(h.Types) != 1 || h.Types[0] != "xml" || h.PassFilenames == nil || !*h.PassFilenames ||
			h.Name == "" || h.Description == "" {
			t.Errorf("hook %q: %+v; want language golang, types [xml], filenames passed, a name and a description", h.ID, h)
		}
	}
}

// TestPreCommitRun runs pre-commit with both hooks on a real corpus tool
// in a temp repository: gtr-format rewrites it to exactly what gtr format
// writes (and so fails, as a hook that changes files does), and gtr-check
// fails on a tool with findings. pre-commit builds gtr from a commit of
// this checkout's files (tracked and untracked, not ignored) with go
// install, offline, from the module cache.
func TestPreCommitRun(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("pre-commit"); err != nil {
		t.Skip("skipping: pre-commit not found (Debian package pre-commit)")
	}
	corpus := sharedCorpus()
	if corpus == "" {
		t.Skip("skipping: the shared corpus is not present (set GTR_SHARED)")
	}
	hookRepo := t.TempDir()
	listed := runGit(t, repoRoot, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	for _, name := range strings.Split(listed, "\x00") {
		if name == "" {
			continue
		}
		src, err := os.ReadFile(filepath.Join(repoRoot, name))
		if errors.Is(err, os.ErrNotExist) {
			continue // deleted in the work tree
		}
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(hookRepo, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gitRepo(t, hookRepo)
	rev := strings.TrimSpace(runGit(t, hookRepo, "rev-parse", "HEAD"))

	work := t.TempDir()
	tool := "tools/canu/canu.xml"
	other := "tools/flye/flye.xml"
	for name, from := range map[string]string{
		tool:                    "bgruening__galaxytools/tools/canu/canu.xml",
		other:                   "bgruening__galaxytools/tools/flye/flye.xml",
		"tools/flye/macros.xml": "bgruening__galaxytools/tools/flye/macros.xml", // flye.xml imports it
	} {
		src, err := os.ReadFile(filepath.Join(corpus, filepath.FromSlash(from)))
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(work, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	config := "repos:\n  - repo: " + hookRepo + "\n    rev: " + rev + "\n    hooks:\n      - id: gtr-format\n      - id: gtr-check\n"
	if err := os.WriteFile(filepath.Join(work, ".pre-commit-config.yaml"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	gitRepo(t, work)

	// What gtr format writes, in a copy.
	want := filepath.Join(t.TempDir(), "canu.xml")
	src, err := os.ReadFile(filepath.Join(work, filepath.FromSlash(tool)))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(want, src, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := runGTR(t, filepath.Dir(want), "format", "-q", want); code != exitOK {
		t.Fatalf("gtr format: exit %d, %s", code, stderr)
	}

	modcache := strings.TrimSpace(string(must(exec.Command("go", "env", "GOMODCACHE").Output())))
	gocache := strings.TrimSpace(string(must(exec.Command("go", "env", "GOCACHE").Output())))
	preCommit := func(args ...string) (string, int) {
		cmd := exec.Command("pre-commit", args...)
		cmd.Dir = work
		cmd.Env = append(os.Environ(),
			"PRE_COMMIT_HOME="+filepath.Join(work, ".cache-pre-commit"), "PRE_COMMIT_COLOR=never",
			// go install builds offline from this machine's module cache;
			// -trimpath lets the build cache serve the copy's packages.
			"GOMODCACHE="+modcache, "GOCACHE="+gocache, "GOPROXY=off", "GOFLAGS=-trimpath", "GOTOOLCHAIN=local",
			"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) {
			t.Fatalf("pre-commit %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		code := 0
		if exit != nil {
			code = exit.ExitCode()
		}
		return string(out), code
	}

	out, code := preCommit("run", "--files", tool)
	t.Logf("pre-commit run --files %s:\n%s", tool, out)
	if code != 1 || !strings.Contains(out, "gtr format") || !strings.Contains(out, "files were modified by this hook") {
		t.Fatalf("exit %d; want 1 with the format hook modifying the file\n%s", code, out)
	}
	got, err := os.ReadFile(filepath.Join(work, filepath.FromSlash(tool)))
	if err != nil {
		t.Fatal(err)
	}
	if formatted, _ := os.ReadFile(want); !bytes.Equal(got, formatted) {
		t.Errorf("the gtr-format hook left %s unlike gtr format:\n%s", tool, got)
	}
	// The check hook ran after the format hook, on the formatted file:
	// nothing for it to fail on.
	if !strings.Contains(out, "gtr check") || strings.Count(out, "Failed") != 1 {
		t.Errorf("want the format hook alone to fail:\n%s", out)
	}

	out, code = preCommit("run", "gtr-check", "--files", other)
	t.Logf("pre-commit run gtr-check --files %s:\n%s", other, out)
	if code != 1 || !strings.Contains(out, "Failed") || !strings.Contains(out, other+":") || !strings.Contains(out, "  GTR0") {
		t.Errorf("exit %d; want 1 with the check hook's findings in %s\n%s", code, other, out)
	}
}

// must returns v, or panics with err.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
