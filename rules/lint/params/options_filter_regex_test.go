package params

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
	"github.com/galaxy-gtr/gtr/rules/lint/validators"
)

// regexCases pin what GTR078 reports for a pattern: the message of the
// re.error CPython 3.11's re.compile raises, "" when it compiles. python
// is what Python says where gtr deliberately does not follow it (a check
// the port leaves out, listed in GTR067's doc).
var regexCases = []struct{ pattern, want, python string }{
	{`^(hg19|hg38`, "missing ), unterminated subpattern at position 1", ""},
	{`*.fa`, "nothing to repeat at position 0", ""},
	{`a|*`, "nothing to repeat at position 2", ""},
	{`\p{L}`, `bad escape \p at position 0`, ""},
	{`\Z\z`, `bad escape \z at position 2`, ""},
	{`\u12`, `incomplete escape \u12 at position 0`, ""},
	{`x(?i)`, "global flags not at the start of the expression at position 1", ""},
	{`(?-i)a`, "missing : at position 4", ""},
	{`[z-a]`, "bad character range z-a at position 1", ""},
	{`[\w-z]`, `bad character range \w-z at position 1`, ""},
	{`[]`, "unterminated character set at position 0", ""},
	{`[^]`, "unterminated character set at position 0", ""},
	{`a)`, "unbalanced parenthesis at position 1", ""},
	{`a{2,1}`, "min repeat greater than max repeat at position 2", ""},
	{`(?<n>x)`, "unknown extension ?<n at position 1", ""},
	{`(?P<a>x)(?P=b)`, "unknown group name 'b' at position 12", ""},
	{`(?P<1a>x)`, "bad character in group name '1a' at position 4", ""},
	{`\0\10`, "invalid group reference 10 at position 3", ""},
	{`(a)(?(2)b)`, "invalid group reference 2 at position 6", ""},
	{`hg.8`, "", ""},
	{`^(iPHoP_db_Jun25_rw|test_version)$`, "", ""},
	{`[[a]`, "", ""}, // a FutureWarning: it compiles
	{`^(?!chrUn)(?P<c>chr\w+)(?<=\d)$`, "", ""},
	{`\d+\.fa$`, "", ""},
	{`\\`, "", ""},
	{`(?#c)x`, "", ""},
	{`a++`, "", ""},
	{`x{,3}`, "", ""},
	{`(?i:a)b`, "", ""},
	{"(?x) a # c\n b", "", ""},
	{`(?<=a+)b`, "", "look-behind requires fixed-width pattern"},
}

// TestRegexCases checks the pinned cases.
func TestRegexCases(t *testing.T) {
	for _, tc := range regexCases {
		if got := validators.PyRegexError(tc.pattern); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.pattern, got, tc.want)
		}
	}
}

// TestRegexPython compares the pinned cases and the value of every
// regexp filter of the corpus with what the python3 on the machine
// reports; it skips when there is no python3.
func TestRegexPython(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("skipping: no python3")
	}
	var patterns, python []string
	for _, tc := range regexCases {
		want := tc.want
		if tc.python != "" {
			want = tc.python
		}
		patterns, python = append(patterns, tc.pattern), append(python, want)
	}
	if _, err := os.Stat("../../../../shared/corpus"); err == nil || os.Getenv("GTR_SHARED") != "" {
		for _, path := range corpusTools(t) {
			src, err := os.ReadFile(path)
			if err != nil || !bytes.Contains(src, []byte("regexp")) {
				continue
			}
			tree := cst.Parse(path, src)
			res, err := macros.ExpandTree(tree, macros.Options{})
			if err != nil {
				continue
			}
			for _, f := range optionFilters(&lint.Ctx{File: tree, Tool: true, Root: res.Root, Result: res}) {
				if v, ok := f.el.Get("value"); ok && f.ftype == "regexp" {
					patterns, python = append(patterns, v), append(python, validators.PyRegexError(v))
				}
			}
		}
	}
	in, _ := json.Marshal(patterns)
	cmd := exec.Command(py, "-c", `import json, re, sys, warnings
warnings.simplefilter("ignore")
out = []
for p in json.load(sys.stdin):
    try:
        re.compile(p)
        out.append("")
    except re.error as e:
        out.append(str(e))
print(json.dumps(out))`)
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	var got []string
	if err := json.Unmarshal(out, &got); err != nil || len(got) != len(patterns) {
		t.Fatalf("python3 answered %q: %v", out, err)
	}
	for i, p := range patterns {
		if got[i] != python[i] {
			t.Errorf("%q: Python says %q, gtr expects %q", p, got[i], python[i])
		}
	}
	t.Logf("%d patterns (%d of them corpus regexp filter values) agree with %s", len(patterns), len(patterns)-len(regexCases), strings.TrimSpace(py))
}
