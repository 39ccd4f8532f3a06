package datatypes

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
	"github.com/galaxy-gtr/gtr/rules/lint/datatypes/internal/conf"
)

// run runs ch on src written as tool.xml in a temporary directory with
// the files of extra beside it; inMemory leaves Ctx.Dir empty, as for
// content given to the MCP server.
func run(t *testing.T, ch *lint.Check, src string, extra map[string]string, inMemory bool) []lint.Finding {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "tool.xml")
	files := map[string]string{"tool.xml": src}
	for name, text := range extra {
		files[name] = text
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tree := cst.Parse(path, []byte(src))
	c := &lint.Ctx{File: tree, Tool: true, Dir: dir}
	if inMemory {
		c.Dir = ""
	}
	res, err := macros.ExpandTree(tree, macros.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c.Result, c.Root = res, res.Root
	return lint.Run(ch, c)
}

func tool(body string) string {
	return "<tool id=\"t\" name=\"t\" version=\"1.0\">\n<command>x</command>\n" + body + "\n</tool>\n"
}

const customConf = "<datatypes>\n<registration>\n<datatype extension=\"mytype\" type=\"galaxy.datatypes.data:Text\" auto_compressed_types=\"gz\"/>\n</registration>\n</datatypes>\n"

func TestDatatypesValid(t *testing.T) {
	for _, tc := range []struct {
		name   string
		body   string
		extra  map[string]string
		memory bool
		want   []string // messages
	}{
		{"known", "<inputs><param name=\"i\" type=\"data\" format=\"tabular,fastqsanger.gz\"/></inputs>", nil, false, nil},
		{"unknown", "<inputs><param name=\"i\" type=\"data\" format=\"tabular,tsvx\"/></inputs>", nil, false,
			[]string{"Unknown datatype [tsvx] used in param element"}},
		{"spaces are kept", "<inputs><param name=\"i\" type=\"data\" format=\"txt, tabular\"/></inputs>", nil, false,
			[]string{"Unknown datatype [ tabular] used in param element"}},
		{"empty", "<outputs><data name=\"o\" format=\"\"/></outputs>", nil, false, []string{"Unknown datatype [] used in data element"}},
		{"ftype and ext, in attribute order", "<outputs><data name=\"o\" format=\"txt\"><discover_datasets ext=\"nope\"/></data></outputs><tests><test><output name=\"o\" ftype=\"nada\"/></test></tests>", nil, false,
			[]string{"Unknown datatype [nada] used in output element", "Unknown datatype [nope] used in discover_datasets element"}},
		{"custom conf beside", "<outputs><data name=\"o\" format=\"mytype\"/><data name=\"p\" format=\"mytype.gz\"/></outputs>", map[string]string{"datatypes_conf.xml": customConf}, false, nil},
		{"custom conf not read in memory", "<outputs><data name=\"o\" format=\"mytype\"/></outputs>", map[string]string{"datatypes_conf.xml": customConf}, true,
			[]string{"Unknown datatype [mytype] used in data element"}},
		{"token skipped", "<outputs><data name=\"o\" format=\"@FMT@\"/></outputs>", nil, false, nil},
		{"help format", "<help format=\"markdown\">x</help>", nil, false, nil},
		{"format input under outputs", "<outputs><data name=\"o\" format=\"input\"/></outputs>", nil, false, nil},
		{"format input on a param", "<inputs><param name=\"i\" type=\"data\" format=\"input\"/></inputs>", nil, false,
			[]string{"Unknown datatype [input] used in param element"}},
		{"data source tools are not linted", "<outputs><data name=\"o\" format=\"nope\"/></outputs>", nil, false, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := tool(tc.body)
			if strings.HasPrefix(tc.name, "data source") {
				src = strings.Replace(src, "<tool ", "<tool tool_type=\"data_source\" ", 1)
			}
			var got []string
			for _, f := range run(t, DatatypesValid, src, tc.extra, tc.memory) {
				if f.Linter != "ValidDatatypes" || f.Fix == "" {
					t.Errorf("finding %+v: want linter ValidDatatypes and a fix", f)
				}
				got = append(got, f.Message)
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestDatatypesValidInMacroFile checks that the finding is located at the
// attribute value in the macro file that holds it.
func TestDatatypesValidInMacroFile(t *testing.T) {
	src := tool("<macros><import>macros.xml</import></macros>\n<inputs><expand macro=\"in\"/></inputs>")
	mac := "<macros>\n  <xml name=\"in\">\n    <param name=\"i\" type=\"data\"\n      format=\"fastq,bogus\"/>\n  </xml>\n</macros>\n"
	got := run(t, DatatypesValid, src, map[string]string{"macros.xml": mac}, false)
	if len(got) != 1 {
		t.Fatalf("got %d findings, want 1: %+v", len(got), got)
	}
	f := got[0]
	if filepath.Base(f.Loc.File) != "macros.xml" || f.Pos.Line != 4 {
		t.Errorf("finding at %s:%d, want macros.xml:4", f.Loc.File, f.Pos.Line)
	}
}

func TestDatatypesCustomConf(t *testing.T) {
	body := "<outputs><data name=\"o\" format=\"txt\"/></outputs>"
	if got := run(t, DatatypesCustomConf, tool(body), map[string]string{"datatypes_conf.xml": customConf}, false); len(got) != 1 ||
		got[0].Message != "Tool uses a custom datatypes_conf.xml which is discouraged" {
		t.Errorf("with a datatypes_conf.xml beside: %+v", got)
	}
	if got := run(t, DatatypesCustomConf, tool(body), nil, false); len(got) != 0 {
		t.Errorf("without one: %+v", got)
	}
	if got := run(t, DatatypesCustomConf, tool(body), map[string]string{"datatypes_conf.xml": customConf}, true); len(got) != 0 {
		t.Errorf("in memory: %+v", got)
	}
}

func TestExtensions(t *testing.T) {
	got, err := conf.Extensions("c.xml", []byte("<datatypes><registration>"+
		"<datatype extension=\"b\" auto_compressed_types=\"gz,bz2\"/><datatype extension=\"a\"/>"+
		"<!-- <datatype extension=\"gone\"/> --><datatype type=\"x\"/></registration>"+
		"<datatype extension=\"outside\"/></datatypes>"))
	if err != nil {
		t.Fatal(err)
	}
	if want := ",a,b,b.bz2,b.gz"; strings.Join(got, ",") != want {
		t.Errorf("got %q, want %q", strings.Join(got, ","), want)
	}
	if _, err := conf.Extensions("bad.xml", []byte("<datatypes>")); err == nil {
		t.Error("no error for a file that is not well-formed")
	}
}

// TestBuiltinFresh regenerates the table from ../shared and compares it
// with the committed builtin_gen.go.
func TestBuiltinFresh(t *testing.T) {
	var sample string
	for _, d := range []string{os.Getenv("GTR_SHARED"), "../../../../shared"} {
		if d == "" {
			continue
		}
		if p := filepath.Join(d, "galaxy", "datatypes_conf.xml.sample"); fileExists(p) {
			sample = p
			break
		}
	}
	if sample == "" {
		t.Skip("skipping: no shared/galaxy/datatypes_conf.xml.sample (set GTR_SHARED)")
	}
	src, err := os.ReadFile(sample)
	if err != nil {
		t.Fatal(err)
	}
	exts, err := conf.Extensions(sample, src)
	if err != nil {
		t.Fatal(err)
	}
	want, err := conf.Render("galaxy/datatypes_conf.xml.sample", exts)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("builtin_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("builtin_gen.go is stale: run go generate ./rules/lint/datatypes")
	}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
