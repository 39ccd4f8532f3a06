package helpmd

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// corpusTools returns the corpus root and the paths, relative to it, of
// every corpus file MANIFEST.tsv lists as a tool; it skips the test when
// the shared corpus is absent.
func corpusTools(tb testing.TB) (string, []string) {
	tb.Helper()
	for _, d := range []string{os.Getenv("GTR_SHARED"), "../../../shared", "/work/shared"} {
		if d == "" {
			continue
		}
		root := filepath.Join(d, "corpus")
		f, err := os.Open(filepath.Join(root, "MANIFEST.tsv"))
		if err != nil {
			continue
		}
		defer f.Close()
		var rels []string
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if cols := strings.Split(sc.Text(), "\t"); len(cols) >= 3 && cols[2] == "tool" {
				rels = append(rels, filepath.Join(cols[0], cols[1]))
			}
		}
		return root, rels
	}
	tb.Skip("skipping: ../shared/corpus not found (set GTR_SHARED to the shared folder to run corpus tests)")
	return "", nil
}

// corpusRun is the conversion of every corpus tool, made once.
var corpusRun struct {
	once    sync.Once
	results []*Converted
	errs    int
	elapsed time.Duration
}

// convertCorpus converts every corpus tool in one process.
func convertCorpus(t *testing.T) ([]*Converted, int, time.Duration) {
	root, rels := corpusTools(t)
	corpusRun.once.Do(func() {
		cache := macros.NewCache()
		start := time.Now()
		for _, rel := range rels {
			path := filepath.Join(root, rel)
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Convert(Tool{File: path, Src: src}, macros.Options{Cache: cache})
			if err != nil {
				corpusRun.errs++
				continue
			}
			corpusRun.results = append(corpusRun.results, r)
		}
		corpusRun.elapsed = time.Since(start)
	})
	return corpusRun.results, corpusRun.errs, corpusRun.elapsed
}

var (
	lineRef  = regexp.MustCompile(` \(line \d+ of the help\)`)
	docutils = regexp.MustCompile(`not valid reStructuredText \(.*`)
	diffAt   = regexp.MustCompile(`differ at (\S+): the Markdown renders (<\w+|text|\(nothing).* where the RST renders (<\w+|text|\(nothing)`)
	profile  = regexp.MustCompile(`^profile \S+( \(no profile= declared\))?`)
	classRef = regexp.MustCompile(`the class [^(]*\(`)
	optRef   = regexp.MustCompile(`option :\w+:`)
)

// reasonKind is a skip reason without its particulars, for counting.
func reasonKind(s string) string {
	s = lineRef.ReplaceAllString(s, "")
	s = docutils.ReplaceAllString(s, "not valid reStructuredText")
	s = profile.ReplaceAllString(s, "profile P")
	if m := diffAt.FindStringSubmatch(s); m != nil {
		last := ""
		for _, step := range strings.Split(m[1], "/") {
			if _, tag, _ := strings.Cut(step, ":"); tag != "" {
				last = tag
			}
		}
		s = "not provably render-equivalent: the renderings differ (Markdown " + m[2] + ", RST " + m[3] + " in <" + last + ">)"
	}
	s = classRef.ReplaceAllString(s, "the class C (")
	s = optRef.ReplaceAllString(s, "option :O:")
	if i := strings.Index(s, "expansion-equality gate"); i >= 0 {
		s = s[:i+len("expansion-equality gate")]
	}
	if i := strings.Index(s, "does not expand"); i >= 0 {
		s = s[:i+len("does not expand")]
	}
	return s
}

// TestCorpusConvert converts every corpus tool and prints how many
// convert and why the rest are skipped; every conversion writes
// well-formed files and converting its result again changes nothing.
func TestCorpusConvert(t *testing.T) {
	results, errs, elapsed := convertCorpus(t)
	kinds := map[string]int{}
	converted, rst := 0, 0
	for _, r := range results {
		if r.Skip == "" {
			converted++
		} else {
			kinds[reasonKind(r.Skip)]++
		}
		if r.Skip == "" || strings.HasPrefix(r.Skip, "not provably") || strings.Contains(r.Skip, "not valid reStructuredText") {
			rst++
		}
	}
	t.Logf("%d tools (%d not well-formed tools), %d converted, %d skipped, in %v", len(results), errs, converted, len(results)-converted, elapsed.Round(time.Millisecond))
	t.Logf("%d of %d RST helps reaching the converter convert", converted, rst)
	logKinds(t, kinds)
	for _, r := range results {
		if r.Skip != "" {
			continue
		}
		src, ok := r.Files[r.File]
		if !ok {
			continue
		}
		again, err := Convert(Tool{File: r.File, Src: src}, macros.Options{})
		if err != nil {
			t.Errorf("%s: converted tool does not read back: %v", r.File, err)
			continue
		}
		if again.Skip != "the <help> already declares a format" {
			t.Errorf("%s: converting again: %q", r.File, again.Skip)
		}
	}
	if converted == 0 {
		t.Error("no corpus help converts")
	}
}
