package schema

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
)

// sharedDir locates the shared folder ($GTR_SHARED, else ../../../shared)
// holding sub, or skips the test.
func sharedDir(tb testing.TB, sub string) string {
	tb.Helper()
	for _, d := range []string{os.Getenv("GTR_SHARED"), "../../../shared", "../../shared"} {
		if d == "" {
			continue
		}
		if _, err := os.Stat(filepath.Join(d, sub)); err == nil {
			return d
		}
	}
	tb.Skipf("skipping: %s not found under ../../../shared (set GTR_SHARED to the shared folder)", sub)
	return ""
}

// testElem implements Element over a tree built in tests.
type testElem struct {
	name  string
	attrs [][2]string
	kids  []*testElem
	text  string
	line  int // line of the start tag in the XML written by xmlText
}

func (e *testElem) Name() string     { return e.name }
func (e *testElem) NumAttrs() int    { return len(e.attrs) }
func (e *testElem) NumChildren() int { return len(e.kids) }
func (e *testElem) Child(i int) Element {
	return e.kids[i]
}
func (e *testElem) Attr(i int) (string, string) { return e.attrs[i][0], e.attrs[i][1] }
func (e *testElem) Text() string                { return e.text }
func (e *testElem) Pos() any                    { return e.line }

// oracleNode is one element of Galaxy's expanded tree in the oracle's
// canonical JSON (lxml's text/tail model).
type oracleNode struct {
	Attrs    map[string]string `json:"attrs"`
	Children []*oracleNode     `json:"children"`
	Tag      string            `json:"tag"`
	Tail     string            `json:"tail"`
	Text     string            `json:"text"`
}

// fromOracle converts an oracle tree: attributes in name order (the JSON
// does not keep document order), text is the element's text plus its
// children's tails.
func fromOracle(n *oracleNode) *testElem {
	e := &testElem{name: n.Tag}
	names := make([]string, 0, len(n.Attrs))
	for k := range n.Attrs {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		e.attrs = append(e.attrs, [2]string{k, n.Attrs[k]})
	}
	var text strings.Builder
	text.WriteString(n.Text)
	for _, c := range n.Children {
		e.kids = append(e.kids, fromOracle(c))
		text.WriteString(c.Tail)
	}
	e.text = text.String()
	return e
}

var (
	attrEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", `"`, "&quot;", "\t", "&#9;", "\n", "&#10;", "\r", "&#13;")
	textEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "\r", "&#13;")
)

// xmlText writes the tree as an XML document that parses back to the same
// tree, and records each element's line in e.line.
func xmlText(root *oracleNode, elem *testElem) string {
	var b strings.Builder
	line := 1
	write := func(s string) {
		b.WriteString(s)
		line += strings.Count(s, "\n")
	}
	var walk func(n *oracleNode, e *testElem)
	walk = func(n *oracleNode, e *testElem) {
		e.line = line
		write("<" + n.Tag)
		for _, a := range e.attrs {
			write(" " + a[0] + `="` + attrEscaper.Replace(a[1]) + `"`)
		}
		write(">" + textEscaper.Replace(n.Text))
		for i, c := range n.Children {
			walk(c, e.kids[i])
			write(textEscaper.Replace(c.Tail))
		}
		write("</" + n.Tag + ">")
	}
	walk(root, elem)
	b.WriteString("\n")
	return b.String()
}

// corpusTool is one macro-expanded corpus tool.
type corpusTool struct {
	path string // repo_dir/path of the tool
	root *testElem
	xml  string
}

var (
	corpusOnce  sync.Once
	corpusTools []corpusTool
	corpusErr   error
)

// loadCorpus reads every "ok" row of oracle/expanded/index.tsv.
func loadCorpus(tb testing.TB) []corpusTool {
	tb.Helper()
	dir := filepath.Join(sharedDir(tb, "oracle/expanded/index.tsv"), "oracle", "expanded")
	corpusOnce.Do(func() { corpusTools, corpusErr = readCorpus(dir) })
	if corpusErr != nil {
		tb.Fatal(corpusErr)
	}
	return corpusTools
}

func readCorpus(dir string) ([]corpusTool, error) {
	f, err := os.Open(filepath.Join(dir, "index.tsv"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var paths []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) >= 2 && cols[1] == "ok" {
			paths = append(paths, cols[0])
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	tools := make([]corpusTool, len(paths))
	errs := make([]error, len(paths))
	var wg sync.WaitGroup
	work := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range work {
				data, err := os.ReadFile(filepath.Join(dir, paths[i]+".json"))
				if err != nil {
					errs[i] = err
					continue
				}
				var n oracleNode
				if err := json.Unmarshal(data, &n); err != nil {
					errs[i] = fmt.Errorf("%s: %w", paths[i], err)
					continue
				}
				root := fromOracle(&n)
				tools[i] = corpusTool{path: paths[i], root: root, xml: xmlText(&n, root)}
			}
		})
	}
	for i := range paths {
		work <- i
	}
	close(work)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return tools, nil
}
