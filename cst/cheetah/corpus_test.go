package cheetah_test

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/cheetah"
)

// sharedDir locates the shared corpus: $GTR_SHARED, or ../../../shared
// from this package's directory.
func sharedDir(t testing.TB) string {
	dir := os.Getenv("GTR_SHARED")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared")
	}
	if _, err := os.Stat(filepath.Join(dir, "oracle", "cheetah.tsv")); err != nil {
		t.Skipf("shared corpus not found at %s (set GTR_SHARED): %v", dir, err)
	}
	return dir
}

// corpusRow is one line of oracle/cheetah.tsv.
type corpusRow struct {
	path, verdict string
	line          int
	msg           string
}

func readOracle(t testing.TB, dir string) []corpusRow {
	f, err := os.Open(filepath.Join(dir, "oracle", "cheetah.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []corpusRow
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for first := true; sc.Scan(); first = false {
		c := strings.Split(sc.Text(), "\t")
		if first || len(c) < 4 {
			continue
		}
		line, _ := strconv.Atoi(c[2])
		rows = append(rows, corpusRow{c[0], c[1], line, c[3]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// commandText returns the <command> text of a tool as Galaxy hands it to
// Cheetah: lxml's .text, leading white space stripped.
func commandText(file string, src []byte) (string, bool) {
	tree := cst.Parse(file, src)
	for n := range tree.Root().Descendants() {
		if n.Kind() == cst.KindElement && n.Name() == "command" {
			return strings.TrimLeftFunc(cst.Content(n).Text, unicode.IsSpace), true
		}
	}
	return "", false
}

// corpusExceptions names the corpus tools whose verdict is known to
// differ from Cheetah's, with the reason. It is empty: the parser agrees
// on every tool.
var corpusExceptions = map[string]string{}

// TestCorpusVerdicts checks that a syntax error is reported exactly for
// the <command> texts Cheetah 3.3.1 rejects with a parse error, and that
// every command text round-trips through the tokens.
func TestCorpusVerdicts(t *testing.T) {
	dir := sharedDir(t)
	agree, differ := 0, 0
	for _, row := range readOracle(t, dir) {
		if row.verdict == "none" {
			continue // no <command> text, or the tool does not load
		}
		src, err := os.ReadFile(filepath.Join(dir, "corpus", row.path))
		if err != nil {
			t.Errorf("%s: %v", row.path, err)
			continue
		}
		text, _ := commandText(row.path, src)
		tpl := cheetah.Parse(text)
		if got := joinTokens(tpl); got != text {
			t.Errorf("%s: tokens do not round-trip", row.path)
		}
		want := row.verdict == "cheetah-parse"
		errs := tpl.Errors().Syntax()
		if got := len(errs) > 0; got != want {
			differ++
			if why, ok := corpusExceptions[row.path]; ok {
				t.Logf("%s: known difference: %s", row.path, why)
				continue
			}
			t.Errorf("%s: cheetah says %s %q, we report %v", row.path, row.verdict, row.msg, tpl.Errors())
			continue
		}
		agree++
		if want {
			if line := lineOf(text, errs[0].Offset); line != row.line {
				t.Logf("%s: line differs: cheetah line %d (%s), ours line %d (%s)", row.path, row.line, row.msg, line, errs[0].Msg)
			}
		}
	}
	t.Logf("corpus verdicts: %d agree, %d differ", agree, differ)
}

func joinTokens(tpl *cheetah.Template) string {
	var b strings.Builder
	src := tpl.Source()
	for tok := range tpl.Tokens() {
		b.WriteString(src[tok.Span.Start:tok.Span.End])
	}
	return b.String()
}

// lineOf returns the 1-based line of off, counting "\n", "\r\n" and "\r"
// as Cheetah does.
func lineOf(s string, off int) int {
	line := 1
	for i := 0; i < off && i < len(s); i++ {
		if s[i] == '\n' || s[i] == '\r' && (i+1 >= len(s) || s[i+1] != '\n') {
			line++
		}
	}
	return line
}
