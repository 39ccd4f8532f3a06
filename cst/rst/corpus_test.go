package rst

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// oracleDir returns ../shared/oracle/help beside the repository, or skips.
func oracleDir(t testing.TB) string {
	t.Helper()
	for _, d := range []string{"../../../shared/oracle", "/work/shared/oracle"} {
		if _, err := os.Stat(filepath.Join(d, "help", "index.tsv")); err == nil {
			return d
		}
	}
	t.Skip("skipping: ../shared/oracle/help is absent")
	return ""
}

// oracleHelp is one corpus tool's help with Galaxy's rendering of it.
type oracleHelp struct {
	path    string
	text    string // the <help> text after Galaxy's macro expansion
	html    string // Galaxy's rst_to_html output
	verdict string // HelpInvalidRST's message, "" when the help is valid
}

// loadOracle reads the corpus helps Galaxy rendered: the help text from
// Galaxy's own macro expansion (oracle/expanded) and the HTML and verdict
// from oracle/help.
func loadOracle(t testing.TB) []oracleHelp {
	dir := oracleDir(t)
	f, err := os.Open(filepath.Join(dir, "help", "index.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []oracleHelp
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	first := true
	for sc.Scan() {
		if first {
			first = false
			continue
		}
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 4 || cols[1] != "ok" {
			continue
		}
		raw, err := os.ReadFile(filepath.Join(dir, "expanded", cols[0]+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var tree struct {
			Children []struct {
				Tag  string `json:"tag"`
				Text string `json:"text"`
			} `json:"children"`
		}
		if err := json.Unmarshal(raw, &tree); err != nil {
			t.Fatal(err)
		}
		h := oracleHelp{path: cols[0], verdict: cols[3]}
		for _, c := range tree.Children {
			if c.Tag == "help" {
				h.text = c.Text
				break
			}
		}
		b, err := os.ReadFile(filepath.Join(dir, "help", cols[0]+".html"))
		if err != nil {
			t.Fatal(err)
		}
		h.html = string(b)
		out = append(out, h)
	}
	return out
}

// verdictText returns a message as index.tsv records it: whitespace runs
// as one space.
func verdictText(m *Message) string {
	if m == nil {
		return ""
	}
	return strings.Join(strings.Fields(m.String()), " ")
}

// knownDiffs are the corpus helps whose HTML differs for a named reason
// the reader does not reproduce: renderings docutils delegates to other
// libraries.
var knownDiffs = map[string]string{
	// math role and directive: html4css1 renders LaTeX to HTML with
	// docutils' math2html; the reader keeps the LaTeX source as text.
	"brsynth__galaxytools/tools/doe_synbio/optdoe.xml": "math2html",
	// code-block with a language: docutils highlights with Pygments into
	// <span class="..."> tokens; the reader writes the code unhighlighted.
	"galaxycomputationalchemistry__galaxy-tools-compchem/tools/mdanalysis/ramachandran_plots.xml": "pygments",
}

// TestCorpusAgreement renders every corpus help Galaxy rendered and
// compares the normalised HTML trees and the HelpInvalidRST verdicts with
// Galaxy's.
func TestCorpusAgreement(t *testing.T) {
	helps := loadOracle(t)
	same, differ, agree := 0, 0, 0
	var diffs, vdiffs []string
	for _, h := range helps {
		doc := Parse(h.text)
		got := HTML(doc) + "\n"
		if d := firstDiff(parseHTML(got), parseHTML(h.html), ""); d != "" {
			differ++
			if why, ok := knownDiffs[h.path]; ok {
				t.Logf("html differs (named exception, %s): %s: %s", why, h.path, d)
			} else {
				diffs = append(diffs, h.path+": "+d)
			}
		} else {
			same++
			if why, ok := knownDiffs[h.path]; ok {
				t.Errorf("%s renders identically now: drop its named exception (%s)", h.path, why)
			}
		}
		if m := Check(h.text); !sameMessage(m, doc.Invalid()) {
			t.Errorf("%s: Check gives %v, the document %v", h.path, m, doc.Invalid())
		}
		want := strings.Join(strings.Fields(h.verdict), " ")
		if v := verdictText(doc.Invalid()); v == want {
			agree++
		} else {
			vdiffs = append(vdiffs, h.path+":\n\tgot  "+v+"\n\twant "+want)
		}
	}
	sort.Strings(diffs)
	for _, d := range diffs {
		t.Error("html differs: " + d)
	}
	for _, d := range vdiffs {
		t.Log("verdict differs: " + d)
	}
	t.Logf("%d identical, %d differ, %d verdicts agree (of %d)", same, differ, agree, len(helps))
	if float64(same) < 0.99*float64(len(helps)) {
		t.Errorf("%d of %d helps render identically, want at least 99%%", same, len(helps))
	}
	if agree != len(helps) {
		t.Errorf("%d of %d verdicts agree, want all", agree, len(helps))
	}
}
