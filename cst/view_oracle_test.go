package cst_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
)

// viewJSONElem is one element of Galaxy's own macro expansion of a corpus
// tool (shared/oracle/expanded, lxml's model: text before the first child,
// tail after the element).
type viewJSONElem struct {
	Tag      string            `json:"tag"`
	Attrs    map[string]string `json:"attrs"`
	Text     string            `json:"text"`
	Tail     string            `json:"tail"`
	Children []*viewJSONElem   `json:"children"`
}

func (e *viewJSONElem) find(tag string) *viewJSONElem {
	for _, c := range e.Children {
		if c.Tag == tag {
			return c
		}
	}
	return nil
}

func (e *viewJSONElem) findAll(tag string) []*viewJSONElem {
	var out []*viewJSONElem
	for _, c := range e.Children {
		if c.Tag == tag {
			out = append(out, c)
		}
	}
	return out
}

// xmlText is Galaxy's xml_text(elem, name).
func (e *viewJSONElem) xmlText(name string) string {
	c := e
	if name != "" {
		if v := e.Attrs[name]; v != "" {
			return v
		}
		c = e.find(name)
	}
	if c != nil {
		return strings.TrimSpace(viewLineDropper.Replace(c.Text))
	}
	return ""
}

// viewGalaxySummary describes a tool as Galaxy's parser reads the expanded
// tree, following lib/galaxy/tool_util/parser/xml.py.
func viewGalaxySummary(root *viewJSONElem) []string {
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	var walk func(e *viewJSONElem, prefix string)
	walk = func(e *viewJSONElem, prefix string) {
		for _, c := range e.Children {
			name := c.Attrs["name"]
			switch c.Tag {
			case "page":
				walk(c, prefix)
			case "param":
				if _, ok := c.Attrs["name"]; !ok {
					if arg, ok := c.Attrs["argument"]; ok {
						name = strings.ReplaceAll(strings.TrimLeft(arg, "-"), "-", "_")
					}
				}
				add("param %s%s label=%q", prefix, name, c.xmlText("label"))
			case "conditional":
				if tp := c.find("param"); tp != nil {
					walk(&viewJSONElem{Children: []*viewJSONElem{tp}}, prefix+name+"|")
				}
				for _, w := range c.findAll("when") {
					walk(w, prefix+name+"|")
				}
			case "repeat", "section", "upload_dataset":
				walk(c, prefix+name+"|")
			}
		}
	}
	if in := root.find("inputs"); in != nil {
		walk(in, "")
	}
	if outs := root.find("outputs"); outs != nil {
		for _, c := range outs.Children {
			if c.Tag == "data" || c.Tag == "collection" || c.Tag == "output" {
				add("output %s", c.Attrs["name"])
			}
		}
	}
	if tests := root.find("tests"); tests != nil {
		for i, test := range tests.findAll("test") {
			var names []string
			var flat func(e *viewJSONElem, prefix string)
			flat = func(e *viewJSONElem, prefix string) {
				index := map[string]int{}
				for _, c := range e.Children {
					join := func(n string) string {
						if prefix == "" {
							return n
						}
						return prefix + "|" + n
					}
					switch c.Tag {
					case "param":
						names = append(names, join(c.Attrs["name"]))
					case "repeat":
						n := c.Attrs["name"]
						flat(c, join(fmt.Sprintf("%s_%d", n, index[n])))
						index[n]++
					case "conditional", "section":
						flat(c, join(c.Attrs["name"]))
					}
				}
			}
			flat(test, "")
			sort.Strings(names)
			add("test %d params %s outputs %d", i, strings.Join(names, ","), len(test.findAll("output")))
		}
	}
	if reqs := root.find("requirements"); reqs != nil {
		for _, r := range reqs.findAll("requirement") {
			add("requirement %s %q %s", r.Attrs["type"], r.xmlText(""), r.Attrs["version"])
		}
	}
	if cites := root.find("citations"); cites != nil {
		for _, c := range cites.findAll("citation") {
			add("citation %s %q", c.Attrs["type"], strings.TrimSpace(c.Text))
		}
	}
	if c := root.find("command"); c != nil {
		add("command %q", c.Text)
	}
	if h := root.find("help"); h != nil {
		add("help %q", h.Text)
	}
	if cf := root.find("configfiles"); cf != nil {
		for _, c := range cf.Children {
			if c.Tag == "configfile" || c.Tag == "inputs" || c.Tag == "file_sources" {
				add("configfile %s %s %q", c.Tag, c.Attrs["name"], c.Text)
			}
		}
	}
	return out
}

// viewSummary describes the same things through the typed views.
func viewSummary(tool cst.Tool) []string {
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	for path, p := range tool.Inputs().ParamPaths() {
		add("param %s label=%q", path, p.Label())
	}
	for o := range tool.Outputs().Items() {
		add("output %s", o.Name())
	}
	i := 0
	for test := range tool.Tests().Tests() {
		names := viewStrs(test.Params(), cst.TestParam.Path)
		sort.Strings(names)
		add("test %d params %s outputs %d", i, strings.Join(names, ","), viewCount(test.Outputs()))
		i++
	}
	for r := range tool.Requirements().Requirements() {
		add("requirement %s %q %s", r.Type(), r.Name(), r.Version())
	}
	for c := range tool.Citations().Citations() {
		add("citation %s %q", c.Type(), c.Value())
	}
	if c := tool.Command(); c.IsValid() {
		add("command %q", c.Template().Text)
	}
	if h := tool.Help(); h.IsValid() {
		add("help %q", h.Text().Text)
	}
	for f := range tool.ConfigFiles().Files() {
		add("configfile %s %s %q", f.Kind(), f.Name(), f.Text().Text)
	}
	return out
}

// viewWriteXML serialises an expanded element back to XML text.
var (
	viewAttrEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", `"`, "&quot;", "\t", "&#9;", "\n", "&#10;", "\r", "&#13;")
	viewTextEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "\r", "&#13;")
	viewLineDropper = strings.NewReplacer("\n", "", "\r", "")
)

func viewWriteXML(b *strings.Builder, e *viewJSONElem) {
	attr, text := viewAttrEscaper, viewTextEscaper
	b.WriteString("<" + e.Tag)
	keys := make([]string, 0, len(e.Attrs))
	for k := range e.Attrs {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		b.WriteString(" " + k + `="` + attr.Replace(e.Attrs[k]) + `"`)
	}
	b.WriteString(">" + text.Replace(e.Text))
	for _, c := range e.Children {
		viewWriteXML(b, c)
	}
	b.WriteString("</" + e.Tag + ">" + text.Replace(e.Tail))
}

// TestViewOracleExpanded checks the views against Galaxy's reading of the
// tools it expanded: over the expanded tree written back as XML for every
// tool, and over the raw file for tools that use no macros (where the raw
// and expanded trees agree).
func TestViewOracleExpanded(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the expansion oracle (72 MB of JSON) in -short mode")
	}
	shared := sharedDir(t)
	f, err := os.Open(filepath.Join(shared, "oracle", "expanded", "index.tsv"))
	if err != nil {
		t.Skipf("skipping: no expansion oracle: %v", err)
	}
	defer f.Close()
	var rels []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if fields := strings.Split(sc.Text(), "\t"); len(fields) >= 2 && fields[1] == "ok" {
			rels = append(rels, fields[0])
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	var raw, failed atomic.Int64
	jobs := make(chan string)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for rel := range jobs {
				r, fails := viewOracleCheck(t, shared, rel)
				raw.Add(r)
				failed.Add(fails)
			}
		}()
	}
	for _, rel := range rels {
		jobs <- rel
	}
	close(jobs)
	wg.Wait()
	t.Logf("%d expanded tools and %d macro-free raw tools compared with Galaxy's reading, %d differ",
		len(rels), raw.Load(), failed.Load())
}

// viewOracleCheck compares one tool; it returns whether the raw file was
// compared too and the number of differing comparisons.
func viewOracleCheck(t *testing.T, shared, rel string) (raw, failed int64) {
	data, err := os.ReadFile(filepath.Join(shared, "oracle", "expanded", filepath.FromSlash(rel)+".json"))
	if err != nil {
		t.Error(err)
		return 0, 1
	}
	var root viewJSONElem
	if err := json.Unmarshal(data, &root); err != nil {
		t.Errorf("%s: %v", rel, err)
		return 0, 1
	}
	want := viewGalaxySummary(&root)

	var b strings.Builder
	viewWriteXML(&b, &root)
	expanded, _ := cst.ToolOf(cst.Parse(rel, []byte(b.String())))
	if got := viewSummary(expanded); !slices.Equal(got, want) {
		failed++
		viewReportDiff(t, rel+" (expanded)", got, want)
	}

	src, err := os.ReadFile(filepath.Join(shared, "corpus", filepath.FromSlash(rel)))
	if err != nil {
		t.Error(err)
		return 0, failed + 1
	}
	tool, _ := cst.ToolOf(cst.Parse(rel, src))
	if tool.Macros().IsValid() || viewCount(cst.ExpandsIn(tool.Node())) > 0 {
		return 0, failed
	}
	if got := viewSummary(tool); !slices.Equal(got, want) {
		failed++
		viewReportDiff(t, rel+" (raw)", got, want)
	}
	return 1, failed
}

func viewReportDiff(t *testing.T, what string, got, want []string) {
	t.Helper()
	for i := 0; i < max(len(got), len(want)); i++ {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			t.Errorf("%s: line %d:\n got  %.300s\n want %.300s", what, i, g, w)
			return
		}
	}
}
