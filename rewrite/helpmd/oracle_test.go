package helpmd

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/rst"
)

// markdownIt returns the directory of the markdown-it 13 package that the
// oracle test runs (in $GTR_ORACLE_CACHE, default ~/.cache/gtr-oracle,
// where .ci/run installs it with npm), or skips.
func markdownIt(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("skipping: node is not installed")
	}
	cache := os.Getenv("GTR_ORACLE_CACHE")
	if cache == "" {
		home, _ := os.UserHomeDir()
		cache = filepath.Join(home, ".cache", "gtr-oracle")
	}
	dir := filepath.Join(cache, "node_modules", "markdown-it")
	b, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil {
		t.Skipf("skipping: markdown-it is not installed in %s (npm install --prefix %s markdown-it@13)", cache, cache)
	}
	var pkg struct{ Version string }
	if json.Unmarshal(b, &pkg) != nil || !strings.HasPrefix(pkg.Version, "13.") {
		t.Skipf("skipping: %s is markdown-it %s, not 13", dir, pkg.Version)
	}
	return dir
}

// renderScript renders a JSON array of Markdown texts read from standard
// input as Galaxy's client does, MarkdownIt({html: false}).render(src),
// and writes the JSON array of the HTML.
const renderScript = `
const md = require(process.argv[1])({html: false});
let data = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", c => { data += c; });
process.stdin.on("end", () => {
	process.stdout.write(JSON.stringify(JSON.parse(data).map(s => md.render(s))));
});
`

// renderMarkdownIt renders srcs with the real markdown-it in one node
// process.
func renderMarkdownIt(t *testing.T, dir string, srcs []string) []string {
	t.Helper()
	in, err := json.Marshal(srcs)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", "-e", renderScript, dir)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v: %s", err, stderr.String())
	}
	var htmls []string
	if err := json.Unmarshal(out, &htmls); err != nil || len(htmls) != len(srcs) {
		t.Fatalf("node gave %d renderings of %d: %v", len(htmls), len(srcs), err)
	}
	return htmls
}

// TestMarkdownItOracle renders every Markdown help convert-help produces
// on the corpus — the tools it converts, and the conversion of every RST
// help Galaxy rendered as if the tool's profile allowed it — with the real
// markdown-it 13, called as Galaxy calls it, and checks that it gives the
// skeleton goldmark gives, which is the RST's.
func TestMarkdownItOracle(t *testing.T) {
	dir := markdownIt(t)
	var names, srcs []string
	results, _, _ := convertCorpus(t)
	for _, r := range results {
		if r.Skip == "" {
			names, srcs = append(names, r.File), append(srcs, r.Markdown)
		}
	}
	tools := len(srcs)
	helps := oracleHelps(t)
	for _, p := range sortedKeys(helps) {
		if md, skip := ConvertText(helps[p]); skip == "" {
			names, srcs = append(names, "help of "+p), append(srcs, md)
		}
	}
	htmls := renderMarkdownIt(t, dir, srcs)
	same := 0
	for i, h := range htmls {
		gm, err := Render(srcs[i])
		if err != nil {
			t.Errorf("%s: goldmark: %v", names[i], err)
			continue
		}
		if d := rst.FirstDiff(Skeleton(h), Skeleton(gm), ""); d != "" {
			t.Errorf("%s: markdown-it and goldmark differ: %s (got: markdown-it, want: goldmark)", names[i], diffWords(d))
			continue
		}
		same++
	}
	t.Logf("markdown-it 13 agrees with goldmark on %d of %d Markdown helps (%d converted tools, %d converted RST helps)", same, len(srcs), tools, len(srcs)-tools)
}
