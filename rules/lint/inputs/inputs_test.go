package inputs

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// run runs ch on the tool at path (src its bytes), expanded with opts, and
// returns its findings.
func run(t *testing.T, ch *lint.Check, path string, src []byte, opts macros.Options) []lint.Finding {
	t.Helper()
	tree := cst.Parse(path, src)
	res, err := macros.ExpandTree(tree, opts)
	if err != nil {
		t.Fatalf("expand: %v", err)
	}
	return lint.Run(ch, &lint.Ctx{File: tree, Tool: true, Root: res.Root, Result: res})
}

// tool wraps inputs in a tool.
func tool(inputs string) string {
	return "<tool id=\"t\" name=\"t\" version=\"1\">\n<command>x</command>\n<inputs>\n" + inputs + "\n</inputs>\n</tool>\n"
}

// finding is what a case expects of one finding: its linter and the line
// it is located on (0: any line).
type finding struct {
	linter string
	line   int
}

type checkCase struct {
	name string
	src  string
	want []finding
}

func runCases(t *testing.T, ch *lint.Check, cases []checkCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := run(t, ch, "tool.xml", []byte(tc.src), macros.Options{NoDisk: true})
			if len(got) != len(tc.want) {
				t.Fatalf("got %d findings %v, want %v", len(got), got, tc.want)
			}
			for i, f := range got {
				w := tc.want[i]
				if f.Linter != w.linter {
					t.Errorf("finding %d: linter %q, want %q (%s)", i, f.Linter, w.linter, f.Message)
				}
				if w.line != 0 && f.Pos.Line != w.line {
					t.Errorf("finding %d: line %d, want %d (%s)", i, f.Pos.Line, w.line, f.Message)
				}
				if f.Code != ch.Code || f.Message == "" || f.Fix == "" {
					t.Errorf("finding %d: code %q, message %q, fix %q", i, f.Code, f.Message, f.Fix)
				}
			}
		})
	}
}

// TestMacroFileLocation checks that a finding about a param that a macro
// file brings is located in that file, at the param's line there.
func TestMacroFileLocation(t *testing.T) {
	dir := t.TempDir()
	macrosXML := "<macros>\n  <xml name=\"ins\">\n    <param name=\"reads\" type=\"data\"/>\n" +
		"    <param name=\"mode\" type=\"select\" dynamic_options=\"f()\"/>\n  </xml>\n</macros>\n"
	toolXML := "<tool id=\"t\" name=\"t\" version=\"1\">\n<macros><import>macros.xml</import></macros>\n" +
		"<command>x</command>\n<inputs>\n<expand macro=\"ins\"/>\n</inputs>\n</tool>\n"
	if err := os.WriteFile(filepath.Join(dir, "macros.xml"), []byte(macrosXML), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "tool.xml")
	for _, tc := range []struct {
		ch     *lint.Check
		linter string
		line   int
	}{
		{DataFormatMissing, "InputsDataFormat", 3},
		{SelectOptionsDeprecated, "InputsSelectDynamicOptions", 4},
	} {
		got := run(t, tc.ch, path, []byte(toolXML), macros.Options{})
		if len(got) != 1 {
			t.Fatalf("%s: got %v, want one finding", tc.ch.Code, got)
		}
		f := got[0]
		if f.Linter != tc.linter || filepath.Base(f.Loc.File) != "macros.xml" || f.Pos.Line != tc.line {
			t.Errorf("%s: %s at %s:%d, want %s at macros.xml:%d", tc.ch.Code, f.Linter, f.Loc.File, f.Pos.Line, tc.linter, tc.line)
		}
		if len(f.Via) == 0 {
			t.Errorf("%s: finding has no expansion frames", tc.ch.Code)
		}
	}
}

func TestValidPlaceholder(t *testing.T) {
	for name, want := range map[string]bool{
		"a": true, "_x1": true, "fe_min": true, "größe": true, "a\n": true, "a1é_2": true,
		"": false, "aé-": false, "a1é\n\n": false, "fe-min": false, "1a": false, "a.b": false, "a b": false, "\n": false, "éa": false, "a\n\n": false,
	} {
		if got := validPlaceholder(name); got != want {
			t.Errorf("validPlaceholder(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestPyHelpers(t *testing.T) {
	for in, want := range map[string]string{"": "", "abc": "Abc", "ABC": "Abc", "éT": "Ét", "1a": "1a"} {
		if got := pyCapitalize(in); got != want {
			t.Errorf("pyCapitalize(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]bool{"": true, " \t\n": true, "\x1c": true, " a ": false, "a": false, "\x7f": false, "\u00a0": true, "\u00a0a": false} {
		if got := pyBlank(in); got != want {
			t.Errorf("pyBlank(%q) = %v, want %v", in, got, want)
		}
	}
	if got := lint.NameFromArgument("--min-length"); got != "min_length" {
		t.Errorf("NameFromArgument = %q", got)
	}
}

// TestParamOrder checks that the params are Galaxy's ./inputs//param:
// nested ones included, in document order, none outside <inputs>.
func TestParamOrder(t *testing.T) {
	src := "<tool id=\"t\" name=\"t\" version=\"1\"><inputs><param name=\"a\" type=\"text\"/>" +
		"<section name=\"s\"><param name=\"b\" type=\"text\"/></section>" +
		"<conditional name=\"c\"><param name=\"t\" type=\"select\"/><when value=\"x\"><param name=\"d\" type=\"text\"/></when></conditional>" +
		"<section name=\"u\"><repeat name=\"r\"><conditional name=\"c\"><param name=\"t\" type=\"select\"/><when><section name=\"\"><param name=\"f\" type=\"text\"/></section></when></conditional></repeat></section>" +
		"</inputs><outputs><param name=\"no\"/></outputs><inputs><param name=\"e\" type=\"text\"/></inputs></tool>"
	tree := cst.Parse("tool.xml", []byte(src))
	res, err := macros.ExpandTree(tree, macros.Options{NoDisk: true})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for p := range namedParams(&lint.Ctx{Root: res.Root}) {
		names = append(names, p.name)
	}
	if want := []string{"a", "b", "t", "d", "t", "f", "e"}; !slices.Equal(names, want) {
		t.Errorf("params %v, want %v", names, want)
	}
	var paths []string
	for p := range namedParams(&lint.Ctx{Root: res.Root}) {
		paths = append(paths, paramPath(p))
	}
	if got, want := strings.Join(paths, " "), "a s.b c.t c.x.d u.r.c.t u.r.c.None..f e"; got != want {
		t.Errorf("paths %q, want %q", got, want)
	}
}

// TestPartial checks that a tool whose macros do not expand gets no
// finding about options a macro might bring, but still one about what
// is written.
func TestPartial(t *testing.T) {
	src := "<tool id=\"t\" name=\"t\" version=\"1\">\n<macros><import>missing.xml</import></macros>\n<inputs>\n" +
		"<param name=\"a\" type=\"select\"><expand macro=\"opts\"/></param>\n" +
		"<param name=\"b\" type=\"select\"><options><expand macro=\"filters\"/></options></param>\n" +
		"<conditional name=\"c\"><param name=\"d\" type=\"select\"><expand macro=\"opts\"/></param></conditional>\n" +
		"<param name=\"e\" type=\"select\" dynamic_options=\"f()\"><option value=\"x\"/></param>\n" +
		"</inputs>\n</tool>\n"
	tree := cst.Parse("tool.xml", []byte(src))
	if _, err := macros.ExpandTree(tree, macros.Options{NoDisk: true}); err == nil {
		t.Fatal("the tool expanded; the test needs one that does not")
	}
	root, err := macros.FromTree(tree)
	if err != nil {
		t.Fatal(err)
	}
	c := &lint.Ctx{File: tree, Tool: true, Root: root}
	if !c.Partial() {
		t.Fatal("not partial")
	}
	for _, tc := range []struct {
		ch   *lint.Check
		want []int // lines
	}{
		{SelectOptionsDefinition, []int{7}},
		{SelectOptionsSourceMissing, nil},
		{InputsMissing, nil},
		{SelectOptionsDeprecated, []int{7}},
	} {
		var lines []int
		for _, f := range lint.Run(tc.ch, c) {
			lines = append(lines, f.Pos.Line)
		}
		if !slices.Equal(lines, tc.want) {
			t.Errorf("%s: findings on lines %v, want %v", tc.ch.Code, lines, tc.want)
		}
	}
}
