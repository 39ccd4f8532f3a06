package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The GitHub Action (action.yml at the repository root), parsed and run
// step by step in a temp repository, the way the runner runs a composite
// action's steps, except the steps that need GitHub: the "uses:" steps
// (setup-go, the SARIF upload) and posting the review.

// action is the part of action.yml the test reads.
type action struct {
	Name        string
	Description string
	Author      string
	Branding    map[string]string
	Inputs      map[string]struct {
		Description string
		Default     string
	}
	Outputs map[string]struct {
		Description string
		Value       string
	}
	Runs struct {
		Using string
		Steps []actionStep
	}
}

type actionStep struct {
	Name  string
	ID    string
	If    string
	Uses  string
	Shell string
	Env   map[string]string
	With  map[string]string
	Run   string
}

func readAction(t *testing.T) action {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var a action
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&a); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	return a
}

// TestActionMetadata checks the action's metadata: a composite action
// whose inputs and outputs are documented, whose run steps are bash and
// read inputs only through env (an expression inside a script would be
// spliced into the shell's text), and whose "uses:" steps are the two
// the local run leaves out.
func TestActionMetadata(t *testing.T) {
	t.Parallel()
	a := readAction(t)
	if a.Runs.Using != "composite" || a.Name == "" || a.Description == "" {
		t.Fatalf("name %q, description %q, runs.using %q; want a described composite action", a.Name, a.Description, a.Runs.Using)
	}
	for name, in := range a.Inputs {
		if in.Description == "" {
			t.Errorf("input %s has no description", name)
		}
	}
	for name, out := range a.Outputs {
		if out.Description == "" || !strings.HasPrefix(out.Value, "${{ steps.") {
			t.Errorf("output %s: description %q, value %q", name, out.Description, out.Value)
		}
	}
	var uses []string
	for _, s := range a.Runs.Steps {
		if s.Name == "" {
			t.Errorf("a step has no name")
		}
		if s.Uses != "" {
			uses = append(uses, s.Uses)
			continue
		}
		if s.Shell != "bash" || s.Run == "" {
			t.Errorf("step %q: shell %q; want a bash run step", s.Name, s.Shell)
		}
		if strings.Contains(s.Run, "${{") {
			t.Errorf("step %q: an expression in the script; pass it through env", s.Name)
		}
	}
	if want := []string{"actions/setup-go@v5", "github/codeql-action/upload-sarif@v3"}; !slices.Equal(uses, want) {
		t.Errorf("uses steps %v, want %v", uses, want)
	}
}

// TestActionRun runs the action's steps on a pull request built from
// corpus tools (reviewBranch), with review: true and a token: gtr is
// built from this checkout as the action's own version, check prints
// annotations and exits 1, the SARIF log is written, the review body is
// made and would be posted, and the last step fails the job.
func TestActionRun(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("jq"); err != nil {
		t.Skip("skipping: jq not found (GitHub's runners have it)")
	}
	a := readAction(t)
	dir, _ := reviewBranch(t)
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	temp := t.TempDir()
	github := map[string]string{
		"action_path":                 root,
		"action_ref":                  "v0.0.0-action-test",
		"repository":                  "galaxy-gtr/example",
		"event.pull_request.number":   "7",
		"event.pull_request.base.sha": strings.TrimSpace(runGit(t, dir, "rev-parse", "main")),
		"event.pull_request.head.sha": strings.TrimSpace(runGit(t, dir, "rev-parse", "HEAD")),
		"token":                       "not-a-token",
	}
	inputs := map[string]string{}
	for name, in := range a.Inputs {
		inputs[name] = in.Default
	}
	inputs["paths"] = "tools"
	inputs["review"] = "true"
	inputs["token"] = "${{ github.token }}"
	ctx := &actionContext{github: github, inputs: inputs, steps: map[string]map[string]string{}}
	for name, v := range inputs {
		inputs[name] = ctx.expand(t, v)
	}

	pathFile := filepath.Join(temp, "github_path")
	if err := os.WriteFile(pathFile, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	var skipped []string
	var last *exec.ExitError
	outputs := map[string]string{} // stdout of each step, by name
	for i, s := range a.Runs.Steps {
		if s.If != "" && !ctx.cond(t, s.If) {
			continue
		}
		if s.Uses != "" || s.ID == "post-review" {
			skipped = append(skipped, s.Name)
			continue
		}
		script := filepath.Join(temp, "step.sh")
		if err := os.WriteFile(script, []byte(s.Run), 0o644); err != nil {
			t.Fatal(err)
		}
		outFile := filepath.Join(temp, "github_output_"+string(rune('a'+i)))
		if err := os.WriteFile(outFile, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
		cmd.Dir = dir
		env := append(os.Environ(), "RUNNER_TEMP="+temp, "GITHUB_OUTPUT="+outFile, "GITHUB_PATH="+pathFile,
			"GITHUB_WORKSPACE="+dir, "PATH="+ctx.path(t, pathFile))
		for k, v := range s.Env {
			env = append(env, k+"="+ctx.expand(t, v))
		}
		cmd.Env = env
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		outputs[s.Name] = stdout.String()
		if errors.As(err, &last) && s.Name == "Result" {
			break // the job fails here, as it should: checked below
		}
		if err != nil {
			t.Fatalf("step %q: %v\nstdout:\n%s\nstderr:\n%s", s.Name, err, stdout.String(), stderr.String())
		}
		last = nil
		if s.ID != "" {
			ctx.steps[s.ID] = readOutputs(t, outFile)
		}
	}

	if want := []string{"Set up Go", "Post the review"}; !slices.Equal(skipped, want) {
		t.Errorf("left out %v, want %v (the upload runs only with upload-sarif: true)", skipped, want)
	}
	if !strings.Contains(outputs["Install gtr"], "gtr v0.0.0-action-test (go") {
		t.Errorf("install printed %q; want the action's ref as gtr's version", outputs["Install gtr"])
	}
	annotation := regexp.MustCompile(`(?m)^::error file=tools/[^,]+\.xml,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=GTR\d{3}::`)
	if n := len(annotation.FindAllString(outputs["Check (annotations)"], -1)); n == 0 || ctx.steps["check"]["exit-code"] != "1" {
		t.Errorf("check: %d annotations, exit-code %q; want annotations and 1\n%s", n, ctx.steps["check"]["exit-code"], outputs["Check (annotations)"])
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []json.RawMessage `json:"results"`
		} `json:"runs"`
	}
	sarif, err := os.ReadFile(filepath.Join(dir, ctx.steps["sarif"]["path"]))
	if err != nil || json.Unmarshal(sarif, &log) != nil || log.Version != "2.1.0" || len(log.Runs) != 1 || len(log.Runs[0].Results) == 0 {
		t.Errorf("SARIF log %q: %v; version %q, %d runs", ctx.steps["sarif"]["path"], err, log.Version, len(log.Runs))
	}
	var rv githubReview
	review, err := os.ReadFile(ctx.steps["review"]["path"])
	if err != nil || json.Unmarshal(review, &rv) != nil || len(rv.Comments) == 0 || ctx.steps["review"]["post"] != "true" {
		t.Errorf("review %q: %v; %d comments, post %q", ctx.steps["review"]["path"], err, len(rv.Comments), ctx.steps["review"]["post"])
	}
	if last == nil || last.ExitCode() != 1 || !strings.Contains(outputs["Result"], "gtr check found what to fix (exit 1)") {
		t.Errorf("the last step: %v, %q; want it to fail the job with exit 1", last, outputs["Result"])
	}
}

// actionContext holds what the runner's expressions read.
type actionContext struct {
	github, inputs map[string]string
	steps          map[string]map[string]string // id → outputs
}

var exprRe = regexp.MustCompile(`\$\{\{\s*(.*?)\s*\}\}`)

// expand replaces every ${{ expression }} in s.
func (c *actionContext) expand(t *testing.T, s string) string {
	return exprRe.ReplaceAllStringFunc(s, func(m string) string {
		return c.value(t, exprRe.FindStringSubmatch(m)[1])
	})
}

// value evaluates a context reference: inputs.X, github.X.Y or
// steps.ID.outputs.X; an unknown one fails the test, so that a new
// expression in action.yml comes with its value here.
func (c *actionContext) value(t *testing.T, ref string) string {
	t.Helper()
	switch {
	case strings.HasPrefix(ref, "inputs."):
		v, ok := c.inputs[strings.TrimPrefix(ref, "inputs.")]
		if !ok {
			t.Fatalf("unknown input in %q", ref)
		}
		return v
	case strings.HasPrefix(ref, "github."):
		v, ok := c.github[strings.TrimPrefix(ref, "github.")]
		if !ok {
			t.Fatalf("the test has no value for %q", ref)
		}
		return v
	case strings.HasPrefix(ref, "steps."):
		parts := strings.Split(ref, ".")
		if len(parts) != 4 || parts[2] != "outputs" {
			t.Fatalf("bad step reference %q", ref)
		}
		return c.steps[parts[1]][parts[3]] // "" for a step that did not run or set nothing
	}
	t.Fatalf("the test cannot evaluate %q", ref)
	return ""
}

// cond evaluates an if: condition of the forms action.yml uses:
// comparisons REF == 'v' and REF != 'v' joined by &&.
func (c *actionContext) cond(t *testing.T, expr string) bool {
	t.Helper()
	cmpRe := regexp.MustCompile(`^([\w.-]+)\s*(==|!=)\s*'([^']*)'$`)
	for _, part := range strings.Split(expr, "&&") {
		m := cmpRe.FindStringSubmatch(strings.TrimSpace(part))
		if m == nil {
			t.Fatalf("the test cannot evaluate the condition %q", expr)
		}
		if (c.value(t, m[1]) == m[3]) != (m[2] == "==") {
			return false
		}
	}
	return true
}

// path returns PATH with the directories the steps added to GITHUB_PATH
// first, as the runner does.
func (c *actionContext) path(t *testing.T, pathFile string) string {
	data, err := os.ReadFile(pathFile)
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if l != "" {
			dirs = append([]string{l}, dirs...)
		}
	}
	return strings.Join(append(dirs, os.Getenv("PATH")), string(os.PathListSeparator))
}

// readOutputs reads a step's GITHUB_OUTPUT file of name=value lines.
func readOutputs(t *testing.T, file string) map[string]string {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, l := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(l, "="); ok {
			out[k] = v
		}
	}
	return out
}
