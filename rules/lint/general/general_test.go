package general

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// run writes files (the first is the tool) to a temporary directory, runs
// ch on the tool's expanded view (the file as written when it does not
// expand) and returns the findings.
func run(t *testing.T, ch *lint.Check, files ...string) []lint.Finding {
	t.Helper()
	dir := t.TempDir()
	var tool string
	for i := 0; i+1 < len(files); i += 2 {
		p := filepath.Join(dir, files[i])
		if err := os.WriteFile(p, []byte(files[i+1]), 0o644); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			tool = p
		}
	}
	src, err := os.ReadFile(tool)
	if err != nil {
		t.Fatal(err)
	}
	tree := cst.Parse(tool, src)
	c := &lint.Ctx{File: tree, Tool: true}
	if res, err := macros.ExpandTree(tree, macros.Options{}); err == nil {
		c.Result, c.Root = res, res.Root
	} else if c.Root, err = macros.FromTree(tree); err != nil {
		t.Fatal(err)
	}
	return lint.Run(ch, c)
}

// tool is a tool file with root attributes attrs and body inside.
func tool(attrs, body string) string {
	return "<tool " + attrs + ">\n" + body + "\n</tool>\n"
}

type golden struct {
	name        string
	files       []string
	want        []string // "linter|message prefix" of each finding, in order
	wantNothing bool
}

func check(t *testing.T, ch *lint.Check, cases []golden) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := run(t, ch, tc.files...)
			if len(got) != len(tc.want) {
				t.Fatalf("got %d findings %v, want %d %v", len(got), got, len(tc.want), tc.want)
			}
			for i, w := range tc.want {
				linter, msg, _ := strings.Cut(w, "|")
				if got[i].Linter != linter || !strings.HasPrefix(got[i].Message, msg) {
					t.Errorf("finding %d = %s %q, want %s %q", i, got[i].Linter, got[i].Message, linter, msg)
				}
				if got[i].Code != ch.Code || got[i].Fix == "" {
					t.Errorf("finding %d has code %s, fix %q", i, got[i].Code, got[i].Fix)
				}
			}
		})
	}
}

func TestToolIdentityMissing(t *testing.T) {
	check(t, ToolIdentityMissing, []golden{
		{name: "complete", files: []string{"t.xml", tool(`id="a" name="A" version="1"`, "")}},
		{name: "no version", files: []string{"t.xml", tool(`id="a" name="A"`, "")},
			want: []string{"ToolVersionMissing|Tool version is missing or empty."}},
		{name: "empty version", files: []string{"t.xml", tool(`id="a" name="A" version=""`, "")},
			want: []string{"ToolVersionMissing|Tool version is missing or empty."}},
		{name: "name falls back to id", files: []string{"t.xml", tool(`id="a" version="1"`, "")}},
		{name: "nothing", files: []string{"t.xml", tool(``, "")},
			want: []string{"ToolIDMissing|Tool does not define an id", "ToolNameMissing|Tool name is missing", "ToolVersionMissing|"}},
		{name: "unexpanded tokens", files: []string{"t.xml", tool(`id="a" name="A" version="@V@"`, `<macros><import>missing.xml</import></macros>`)}},
	})
}

func TestToolVersionPEP440(t *testing.T) {
	check(t, ToolVersionPEP440, []golden{
		{name: "pep440", files: []string{"t.xml", tool(`id="a" version="1.4.6.post5+galaxy0"`, "")}},
		{name: "pre and dev", files: []string{"t.xml", tool(`id="a" version="v1!2.0rc1.dev3"`, "")}},
		{name: "surrounding space is PEP 440", files: []string{"t.xml", tool(`id="a" version=" 1.0 "`, "")}},
		{name: "p5", files: []string{"t.xml", tool(`id="a" version="1.4.6.p5"`, "")},
			want: []string{"ToolVersionPEP404|Tool version [1.4.6.p5] is not compliant with PEP 440."}},
		{name: "git describe", files: []string{"t.xml", tool(`id="a" version="2.1.6.g0"`, "")},
			want: []string{"ToolVersionPEP404|Tool version [2.1.6.g0]"}},
		{name: "empty is GTR095's", files: []string{"t.xml", tool(`id="a" version=""`, "")}},
	})
}

func TestToolVersionWhitespace(t *testing.T) {
	check(t, ToolVersionWhitespace, []golden{
		{name: "clean", files: []string{"t.xml", tool(`id="a" version="1.0"`, "")}},
		{name: "trailing", files: []string{"t.xml", tool(`id="a" version="1.0 "`, "")},
			want: []string{"ToolVersionWhitespace|Tool version is pre/suffixed by whitespace, this may cause errors: [1.0 ]."}},
		{name: "python whitespace", files: []string{"t.xml", tool(`id="a" version="&#xa0;1.0"`, "")},
			want: []string{"ToolVersionWhitespace|"}},
	})
}

func TestToolIDShape(t *testing.T) {
	check(t, ToolIDShape, []golden{
		{name: "iuc id", files: []string{"t.xml", tool(`id="seqtk_seq+x-1.2"`, "")}},
		{name: "whitespace", files: []string{"t.xml", tool(`id="Codon count"`, "")},
			want: []string{"ToolIDWhitespace|Tool ID contains whitespace - this is discouraged: [Codon count]."}},
		{name: "uppercase", files: []string{"t.xml", tool(`id="Basicplot"`, "")},
			want: []string{"|Tool id [Basicplot] has characters"}},
		{name: "missing is GTR095's", files: []string{"t.xml", tool(`name="A"`, "")}},
	})
}

func TestToolProfileInvalid(t *testing.T) {
	check(t, ToolProfileInvalid, []golden{
		{name: "none", files: []string{"t.xml", tool(`id="a"`, "")}},
		{name: "release", files: []string{"t.xml", tool(`id="a" profile="21.01"`, "")}},
		{name: "one digit minor", files: []string{"t.xml", tool(`id="a" profile="23.0"`, "")}},
		{name: "three parts", files: []string{"t.xml", tool(`id="a" profile="21.1.0"`, "")},
			want: []string{"ToolProfileInvalid|Tool specifies an invalid profile version [21.1.0]."}},
		{name: "four digit year", files: []string{"t.xml", tool(`id="a" profile="2023.1"`, "")},
			want: []string{"ToolProfileInvalid|"}},
		{name: "empty", files: []string{"t.xml", tool(`id="a" profile=""`, "")},
			want: []string{"ToolProfileInvalid|Tool specifies an invalid profile version []."}},
	})
}

func TestToolDescription(t *testing.T) {
	check(t, ToolDescription, []golden{
		{name: "present", files: []string{"t.xml", tool(`id="a"`, "<description>does x</description>")}},
		{name: "missing", files: []string{"t.xml", tool(`id="a"`, "")}, want: []string{"|Tool has no description"}},
		{name: "blank", files: []string{"t.xml", tool(`id="a"`, "<description>  </description>")}, want: []string{"|"}},
	})
}

func TestEDAMXrefsDeclared(t *testing.T) {
	check(t, EDAMXrefsDeclared, []golden{
		{name: "xref", files: []string{"t.xml", tool(`id="a"`, `<xrefs><xref type="bio.tools">bwa</xref></xrefs>`)}},
		{name: "topic", files: []string{"t.xml", tool(`id="a"`, `<edam_topics><edam_topic>topic_0102</edam_topic></edam_topics>`)}},
		{name: "operation", files: []string{"t.xml", tool(`id="a"`, `<edam_operations><edam_operation>operation_3198</edam_operation></edam_operations>`)}},
		{name: "none", files: []string{"t.xml", tool(`id="a"`, "")}, want: []string{"|Tool declares no EDAM"}},
		{name: "xref without type", files: []string{"t.xml", tool(`id="a"`, `<xrefs><xref>bwa</xref></xrefs>`)}, want: []string{"|"}},
	})
}

func TestToolVersionLiteral(t *testing.T) {
	req := `<requirements><requirement type="package" version="1.9">samtools</requirement></requirements>`
	check(t, ToolVersionLiteral, []golden{
		{name: "pinned base", files: []string{"t.xml", tool(`id="a" version="1.9+galaxy0"`, req)},
			want: []string{"|Tool version [1.9+galaxy0] is written out, while its base 1.9 is also the version requirement samtools pins."}},
		{name: "bare", files: []string{"t.xml", tool(`id="a" version="1.9"`, "")},
			want: []string{"|Tool version [1.9] has no +galaxy suffix"}},
		{name: "suffix, nothing pinned", files: []string{"t.xml", tool(`id="a" version="2.0+galaxy1"`, req)}},
		{name: "not pep440 is GTR024's", files: []string{"t.xml", tool(`id="a" version="1.4.p5"`, "")}},
		{name: "tokenized", files: []string{"t.xml", tool(`id="a" version="@V@+galaxy0"`,
			`<macros><token name="@V@">1.9</token></macros>`+req)}},
	})
}

// TestFindingInMacroFile checks that a finding about a value written in
// an imported macro file (a version token) is located there.
func TestFindingInMacroFile(t *testing.T) {
	macrosXML := "<macros>\n  <token name=\"@V@\">1.4.6.p5</token>\n</macros>\n"
	got := run(t, ToolVersionPEP440,
		"tool.xml", tool(`id="a" version="@V@"`, "<macros><import>macros.xml</import></macros>"),
		"macros.xml", macrosXML)
	if len(got) != 1 {
		t.Fatalf("got %v, want one finding", got)
	}
	if filepath.Base(got[0].Loc.File) != "macros.xml" || got[0].Pos.Line != 2 {
		t.Errorf("finding at %s:%d, want macros.xml:2", got[0].Loc.File, got[0].Pos.Line)
	}
	if !strings.Contains(got[0].Message, "[1.4.6.p5]") {
		t.Errorf("message %q does not name the expanded version", got[0].Message)
	}
}
