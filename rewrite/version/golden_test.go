package version

import (
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

var update = flag.Bool("update", false, "rewrite the result and want sections of testdata/*/*.txtar")

// archive is a txtar archive: a comment followed by named files.
type archive struct {
	comment string
	names   []string
	files   map[string]string
}

// parseTxtar reads the txtar format: lines "-- name --" start a file,
// whose content runs to the next such line.
func parseTxtar(data string) *archive {
	a := &archive{files: map[string]string{}}
	cur, started := "", false
	var b strings.Builder
	flush := func() {
		if !started {
			a.comment = b.String()
		} else {
			a.files[cur] = b.String()
			a.names = append(a.names, cur)
		}
		b.Reset()
	}
	for line := range strings.SplitAfterSeq(data, "\n") {
		t := strings.TrimRight(line, "\r\n")
		if strings.HasPrefix(t, "-- ") && strings.HasSuffix(t, " --") && len(t) > 6 {
			flush()
			cur, started = t[3:len(t)-3], true
			continue
		}
		b.WriteString(line)
	}
	flush()
	return a
}

func (a *archive) format() string {
	var b strings.Builder
	b.WriteString(a.comment)
	for _, n := range a.names {
		fmt.Fprintf(&b, "-- %s --\n%s", n, a.files[n])
	}
	return b.String()
}

// set replaces or adds the file called name.
func (a *archive) set(name, content string) {
	if _, ok := a.files[name]; !ok {
		a.names = append(a.names, name)
	}
	a.files[name] = content
}

// TestGolden runs the engines over the cases in testdata/tokenize and
// testdata/bump. A case's comment holds one command line:
//
//	tokenize [-macros-file NAME] [-adopt-suffix] [-others FILE,…] TOOL…
//	bump [-per-tool] TOOL
//
// followed by the files, read from memory (nothing from disk): the tools
// and the macro files they import, by name. "result" holds one line per
// tool ("tokenized TOOL (…)", "bumped TOOL …" or "skipped TOOL: REASON")
// and "want/NAME" the new bytes of every file written; -update rewrites
// both. For bump, every other tool of the case is an importer candidate;
// for tokenize, -others lists the tools beside. Every tokenized tool is
// tokenized again, which must skip: the tokenization is idempotent.
func TestGolden(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "*", "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			a := parseTxtar(string(data))
			var args []string
			for line := range strings.SplitSeq(a.comment, "\n") {
				if f := strings.Fields(line); len(f) > 0 && (f[0] == "tokenize" || f[0] == "bump") {
					args = f
				}
			}
			if args == nil {
				t.Fatal("no command line in the comment")
			}
			inputs := map[string][]byte{}
			for _, n := range a.names {
				if n != "result" && !strings.HasPrefix(n, "want/") {
					inputs[n] = []byte(a.files[n])
				}
			}
			var result []string
			written := map[string][]byte{}
			switch args[0] {
			case "tokenize":
				result = runTokenizeCase(t, args[1:], inputs, written)
			case "bump":
				result = runBumpCase(t, args[1:], inputs, written)
			}
			got := strings.Join(result, "\n") + "\n"
			if *update {
				a.set("result", got)
				var keep []string
				for _, n := range a.names {
					if !strings.HasPrefix(n, "want/") {
						keep = append(keep, n)
					}
				}
				a.names = keep
				for _, f := range sortedNames(written) {
					a.set("want/"+f, string(written[f]))
				}
				if err := os.WriteFile(path, []byte(a.format()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if want := a.files["result"]; got != want {
				t.Errorf("result:\n%s\nwant:\n%s", got, want)
			}
			for _, n := range a.names {
				if f, ok := strings.CutPrefix(n, "want/"); ok {
					if _, wrote := written[f]; !wrote {
						t.Errorf("%s is not written", f)
					}
				}
			}
			for f, b := range written {
				if want, ok := a.files["want/"+f]; !ok || want != string(b) {
					t.Errorf("%s:\n%s\nwant:\n%s", f, b, want)
				}
			}
		})
	}
}

// sortedNames returns the names of files in order.
func sortedNames(files map[string][]byte) []string {
	return slices.Sorted(maps.Keys(files))
}

// memory returns import options reading files from memory alone.
func memory(files map[string][]byte) macros.Options {
	return macros.Options{Files: files, NoDisk: true}
}

func runTokenizeCase(t *testing.T, args []string, inputs, written map[string][]byte) []string {
	t.Helper()
	var opts TokenizeOptions
	var tools []string
	var others []Tool
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "-macros-file":
			i++
			opts.MacrosFile = args[i]
		case "-adopt-suffix":
			opts.AdoptSuffix = true
		case "-others":
			i++
			for _, o := range strings.Split(args[i], ",") {
				others = append(others, Tool{File: o, Src: inputs[o]})
			}
		default:
			tools = append(tools, args[i])
		}
	}
	opts.Macros = memory(inputs)
	var in []Tool
	for _, f := range tools {
		in = append(in, Tool{File: f, Src: inputs[f]})
	}
	var res []*Tokenized
	if opts.MacrosFile == "" {
		for _, tl := range in {
			r, err := Tokenize(tl, opts)
			if err != nil {
				t.Fatal(err)
			}
			res = append(res, r)
		}
	} else {
		var err error
		if res, err = TokenizeShared(in, opts, others); err != nil {
			t.Fatal(err)
		}
	}
	var lines []string
	after := map[string][]byte{}
	for k, v := range inputs {
		after[k] = v
	}
	for _, r := range res {
		if r.Skip != "" {
			lines = append(lines, fmt.Sprintf("skipped %s: %s", r.File, r.Skip))
			continue
		}
		line := fmt.Sprintf("tokenized %s (%s %q, %s %q)", r.File, ToolVersionToken, r.Base, VersionSuffixToken, r.Suffix)
		if r.Adopted {
			line += " adopted"
		}
		if r.MacrosFile != "" {
			line += fmt.Sprintf(" in %s (created %v)", r.MacrosFile, r.Created)
		}
		lines = append(lines, line)
		for f, b := range r.Files {
			written[f], after[f] = b, b
		}
	}
	// Tokenizing the result again changes nothing.
	again := opts
	again.Macros = memory(after)
	again.AdoptSuffix = false
	for _, r := range res {
		if r.Skip != "" {
			continue
		}
		r2, err := Tokenize(Tool{File: r.File, Src: after[r.File]}, again)
		if err != nil {
			t.Fatal(err)
		}
		if r2.Skip == "" {
			t.Errorf("tokenizing %s again changes it:\n%s", r.File, r2.Files[r.File])
		}
	}
	return lines
}

func runBumpCase(t *testing.T, args []string, inputs, written map[string][]byte) []string {
	t.Helper()
	var opts BumpOptions
	var tool string
	for _, a := range args {
		switch a {
		case "-per-tool":
			opts.PerTool = true
		default:
			tool = a
		}
	}
	opts.Macros = memory(inputs)
	opts.Importers = func(path string) ([]Tool, error) {
		var out []Tool
		for _, n := range sortedNames(inputs) {
			if n == tool || !strings.Contains(string(inputs[n]), "<tool") {
				continue
			}
			if v, err := macros.Expand(n, inputs[n], opts.Macros); err == nil && slices.Contains(v.Imports, path) {
				out = append(out, Tool{File: n, Src: inputs[n]})
			}
		}
		return out, nil
	}
	r, err := Bump(Tool{File: tool, Src: inputs[tool]}, opts)
	if err != nil {
		t.Fatal(err)
	}
	if r.Skip != "" {
		return []string{fmt.Sprintf("skipped %s: %s", r.File, r.Skip)}
	}
	line := fmt.Sprintf("bumped %s from %s to %s", r.File, r.Old, r.New)
	if r.Via != "" {
		line += fmt.Sprintf(" via %s (token %s, lifts %v)", r.Via, r.Token, r.Lifts)
	} else if r.Token != "" {
		line += " in token " + r.Token
	}
	for f, b := range r.Files {
		written[f] = b
	}
	return []string{line}
}
