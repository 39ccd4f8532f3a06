package rules_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules"
)

// oracleLint is one line of ../shared/oracle/lint/lint.jsonl: what
// Galaxy's own linters report for one corpus tool.
type oracleLint struct {
	Path     string `json:"path"`
	OK       bool   `json:"ok"`
	Messages []struct {
		Linter  string `json:"linter"`
		Level   string `json:"level"`
		Message string `json:"message"`
		Line    int    `json:"line"`
	} `json:"messages"`
	Neutralised []string `json:"neutralised"`
}

// lintExceptionsForTest reads the (linter, tool) pairs where gtr
// deliberately disagrees with Galaxy, because Galaxy is wrong there:
// testdata/lint-exceptions/LINTER.tsv, one "TOOL<TAB>why" per line (TOOL
// relative to the corpus). The agreement test fails on any other
// disagreement of a linter gtr covers, and on an exception that no longer
// disagrees.
func lintExceptionsForTest(t *testing.T) map[string]map[string]string {
	out := map[string]map[string]string{}
	files, _ := filepath.Glob(filepath.Join("testdata", "lint-exceptions", "*.tsv"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		linter := strings.TrimSuffix(filepath.Base(f), ".tsv")
		out[linter] = map[string]string{}
		for i, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			tool, why, ok := strings.Cut(line, "\t")
			if !ok || strings.TrimSpace(why) == "" {
				t.Fatalf("%s:%d: want TOOL<TAB>why", f, i+1)
			}
			out[linter][tool] = why
		}
	}
	return out
}

// TestLintOracleAgreement compares, linter by linter, the corpus tools on
// which Galaxy's linters report at level error or warn with those on which
// gtr's advisory checks report a finding for the same linter.
func TestLintOracleAgreement(t *testing.T) {
	shared := rules.SharedDirForTest(t)
	f, err := os.Open(filepath.Join(shared, "oracle", "lint", "lint.jsonl"))
	if err != nil {
		t.Skip("skipping: no lint oracle:", err)
	}
	defer f.Close()
	// The oracle's Galaxy (dev of 2024-10-22) lints with its own
	// galaxy.xsd, the schema that stands in for 24.2 here; GTR113
	// otherwise validates at the newest schema gtr has (a dev schema of
	// 2026), which refuses more.
	defer rules.SetXSDLintProfile("24.2")()
	// The advisory checks, and the fixable rules that stand for a Galaxy
	// linter: what they find before fixing is what Galaxy reports.
	var run []*rules.Rule
	for _, r := range rules.All {
		if r.Lint() != nil || len(r.Planemo) > 0 {
			run = append(run, r)
		}
	}
	// Only the linters gtr has must agree exactly; PARTIAL ones are
	// printed, their shortfall being declared with its reason.
	covered := map[string]bool{}
	parity := rules.PlanemoParity()
	for _, p := range parity {
		if p.Status == rules.ParityHave && len(p.Codes) > 0 {
			covered[p.Linter.Class] = true
		}
	}
	lintExceptions := lintExceptionsForTest(t)
	inOracle := map[string]bool{}
	for _, gl := range rules.GalaxyLinters {
		inOracle[gl.Class] = gl.InOracle
	}
	corpus := filepath.Join(shared, "corpus")
	mo := &macros.Options{Cache: macros.NewCache()}
	galaxy := map[string]map[string]bool{} // linter → tools
	gtr := map[string]map[string]bool{}
	add := func(m map[string]map[string]bool, linter, tool string) {
		if m[linter] == nil {
			m[linter] = map[string]bool{}
		}
		m[linter][tool] = true
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var o oracleLint
		if err := json.Unmarshal(sc.Bytes(), &o); err != nil {
			t.Fatal(err)
		}
		if !o.OK {
			continue
		}
		for _, m := range o.Messages {
			if m.Level == "error" || m.Level == "warn" {
				add(galaxy, m.Linter, o.Path)
			}
		}
		path := filepath.Join(corpus, o.Path)
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range rules.CheckWith(cst.Parse(path, src), run, mo) {
			if l := linterOf(d); l != "" {
				add(gtr, l, o.Path)
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	linters := map[string]bool{}
	for l := range galaxy {
		linters[l] = true
	}
	for l := range gtr {
		linters[l] = true
	}
	// The linters gtr covers get a row even where neither reports.
	for _, p := range parity {
		if p.Status != rules.ParityNone {
			linters[p.Linter.Class] = true
		}
	}
	names := make([]string, 0, len(linters))
	for l := range linters {
		names = append(names, l)
	}
	sort.Strings(names)
	var table strings.Builder
	fmt.Fprintf(&table, "%-45s %7s %7s %7s %8s %9s\n", "linter", "galaxy", "gtr", "both", "recall", "precision")
	for _, l := range names {
		g, o := galaxy[l], gtr[l]
		both := 0
		var missed, extra []string
		for tool := range g {
			if o[tool] {
				both++
			} else if lintExceptions[l][tool] == "" {
				missed = append(missed, tool)
			}
		}
		for tool := range o {
			if !g[tool] && lintExceptions[l][tool] == "" {
				extra = append(extra, tool)
			}
		}
		fmt.Fprintf(&table, "%-45s %7d %7d %7d %8s %9s\n", l, len(g), len(o), both, percent(both, len(g)), percent(both, len(o)))
		// Linters newer than the oracle's Galaxy have no messages there:
		// their findings are printed, not compared.
		if !covered[l] || !inOracle[l] {
			continue
		}
		slices.Sort(missed)
		slices.Sort(extra)
		if len(missed) > 0 {
			t.Errorf("%s: Galaxy reports %d tool(s) gtr does not, e.g. %s", l, len(missed), strings.Join(missed[:min(3, len(missed))], ", "))
		}
		if len(extra) > 0 {
			t.Errorf("%s: gtr reports %d tool(s) Galaxy does not, e.g. %s", l, len(extra), strings.Join(extra[:min(3, len(extra))], ", "))
		}
	}
	for l, tools := range lintExceptions {
		for tool, why := range tools {
			if !inOracle[l] {
				t.Errorf("%s: an exception listed for a linter the oracle did not run", l)
				break
			}
			if galaxy[l][tool] == gtr[l][tool] {
				t.Errorf("%s on %s: listed as an exception (%s), but gtr and Galaxy agree", l, tool, why)
			}
		}
	}
	have, partial, none := rules.ParityCounts(parity)
	fmt.Fprintf(&table, "%d HAVE, %d PARTIAL, %d NONE\n", have, partial, none)
	t.Logf("per-linter agreement over the corpus (tools with an error or warn message):\n%s", table.String())
}

// linterOf returns the Galaxy linter a finding stands for: its own, else
// the only linter of its rule.
func linterOf(d rules.Diagnostic) string {
	if d.Linter != "" {
		return d.Linter
	}
	if r := rules.Lookup(d.Code); r != nil && len(r.Planemo) == 1 {
		return r.Planemo[0]
	}
	return ""
}

func percent(n, of int) string {
	if of == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(of))
}
