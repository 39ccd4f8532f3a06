package general

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/galaxy-gtr/gtr/rules/lint"
	"github.com/galaxy-gtr/gtr/rules/lint/linttest"
)

// The golden tests share linttest's runner.
type golden = linttest.Golden

func run(t *testing.T, ch *lint.Check, files ...string) []lint.Finding {
	t.Helper()
	got, _ := linttest.Run(t, ch, files...)
	return got
}

func tool(attrs, body string) string { return linttest.Tool(attrs, body) }

func check(t *testing.T, ch *lint.Check, cases []golden) { t.Helper(); linttest.Check(t, ch, cases) }

func TestToolIdentityMissing(t *testing.T) {
	check(t, ToolIdentityMissing, []golden{
		{Name: "complete", Files: []string{"t.xml", tool(`id="a" name="A" version="1"`, "")}},
		{Name: "no version", Files: []string{"t.xml", tool(`id="a" name="A"`, "")},
			Want: []string{"ToolVersionMissing|Tool version is missing or empty."}},
		{Name: "empty version", Files: []string{"t.xml", tool(`id="a" name="A" version=""`, "")},
			Want: []string{"ToolVersionMissing|Tool version is missing or empty."}},
		{Name: "name falls back to id", Files: []string{"t.xml", tool(`id="a" version="1"`, "")}},
		{Name: "nothing", Files: []string{"t.xml", tool(``, "")},
			Want: []string{"ToolIDMissing|Tool does not define an id", "ToolNameMissing|Tool name is missing", "ToolVersionMissing|"}},
		{Name: "unexpanded tokens", Files: []string{"t.xml", tool(`id="a" name="A" version="@V@"`, `<macros><import>missing.xml</import></macros>`)}},
	})
}

func TestToolVersionPEP440(t *testing.T) {
	check(t, ToolVersionPEP440, []golden{
		{Name: "pep440", Files: []string{"t.xml", tool(`id="a" version="1.4.6.post5+galaxy0"`, "")}},
		{Name: "pre and dev", Files: []string{"t.xml", tool(`id="a" version="v1!2.0rc1.dev3"`, "")}},
		{Name: "surrounding space is PEP 440", Files: []string{"t.xml", tool(`id="a" version=" 1.0 "`, "")}},
		{Name: "p5", Files: []string{"t.xml", tool(`id="a" version="1.4.6.p5"`, "")},
			Want: []string{"ToolVersionPEP404|Tool version [1.4.6.p5] is not compliant with PEP 440."}},
		{Name: "git describe", Files: []string{"t.xml", tool(`id="a" version="2.1.6.g0"`, "")},
			Want: []string{"ToolVersionPEP404|Tool version [2.1.6.g0]"}},
		{Name: "empty is GTR095's", Files: []string{"t.xml", tool(`id="a" version=""`, "")}},
	})
}

func TestToolVersionWhitespace(t *testing.T) {
	check(t, ToolVersionWhitespace, []golden{
		{Name: "clean", Files: []string{"t.xml", tool(`id="a" version="1.0"`, "")}},
		{Name: "trailing", Files: []string{"t.xml", tool(`id="a" version="1.0 "`, "")},
			Want: []string{"ToolVersionWhitespace|Tool version is pre/suffixed by whitespace, this may cause errors: [1.0 ]."}},
		{Name: "python whitespace", Files: []string{"t.xml", tool(`id="a" version="&#xa0;1.0"`, "")},
			Want: []string{"ToolVersionWhitespace|"}},
	})
}

func TestToolIDShape(t *testing.T) {
	check(t, ToolIDShape, []golden{
		{Name: "iuc id", Files: []string{"t.xml", tool(`id="seqtk_seq+x-1.2"`, "")}},
		{Name: "whitespace", Files: []string{"t.xml", tool(`id="Codon count"`, "")},
			Want: []string{"ToolIDWhitespace|Tool ID contains whitespace - this is discouraged: [Codon count]."}},
		{Name: "uppercase", Files: []string{"t.xml", tool(`id="Basicplot"`, "")},
			Want: []string{"|Tool id [Basicplot] has characters"}},
		{Name: "missing is GTR095's", Files: []string{"t.xml", tool(`name="A"`, "")}},
	})
}

func TestToolProfileInvalid(t *testing.T) {
	check(t, ToolProfileInvalid, []golden{
		{Name: "none", Files: []string{"t.xml", tool(`id="a"`, "")}},
		{Name: "release", Files: []string{"t.xml", tool(`id="a" profile="21.01"`, "")}},
		{Name: "one digit minor", Files: []string{"t.xml", tool(`id="a" profile="23.0"`, "")}},
		{Name: "three parts", Files: []string{"t.xml", tool(`id="a" profile="21.1.0"`, "")},
			Want: []string{"ToolProfileInvalid|Tool specifies an invalid profile version [21.1.0]."}},
		{Name: "four digit year", Files: []string{"t.xml", tool(`id="a" profile="2023.1"`, "")},
			Want: []string{"ToolProfileInvalid|"}},
		{Name: "empty", Files: []string{"t.xml", tool(`id="a" profile=""`, "")},
			Want: []string{"ToolProfileInvalid|Tool specifies an invalid profile version []."}},
	})
}

func TestToolDescription(t *testing.T) {
	check(t, ToolDescription, []golden{
		{Name: "present", Files: []string{"t.xml", tool(`id="a"`, "<description>does x</description>")}},
		{Name: "missing", Files: []string{"t.xml", tool(`id="a"`, "")}, Want: []string{"|Tool has no description"}},
		{Name: "blank", Files: []string{"t.xml", tool(`id="a"`, "<description>  </description>")}, Want: []string{"|"}},
	})
}

func TestEDAMXrefsDeclared(t *testing.T) {
	check(t, EDAMXrefsDeclared, []golden{
		{Name: "xref", Files: []string{"t.xml", tool(`id="a"`, `<xrefs><xref type="bio.tools">bwa</xref></xrefs>`)}},
		{Name: "topic", Files: []string{"t.xml", tool(`id="a"`, `<edam_topics><edam_topic>topic_0102</edam_topic></edam_topics>`)}},
		{Name: "operation", Files: []string{"t.xml", tool(`id="a"`, `<edam_operations><edam_operation>operation_3198</edam_operation></edam_operations>`)}},
		{Name: "none", Files: []string{"t.xml", tool(`id="a"`, "")}, Want: []string{"|Tool declares no EDAM"}},
		{Name: "xref without type", Files: []string{"t.xml", tool(`id="a"`, `<xrefs><xref>bwa</xref></xrefs>`)}, Want: []string{"|"}},
	})
}

func TestToolVersionLiteral(t *testing.T) {
	req := `<requirements><requirement type="package" version="1.9">samtools</requirement></requirements>`
	check(t, ToolVersionLiteral, []golden{
		{Name: "pinned base", Files: []string{"t.xml", tool(`id="a" version="1.9+galaxy0"`, req)},
			Want: []string{"|Tool version [1.9+galaxy0] is written out, while its base 1.9 is also the version requirement samtools pins."}},
		{Name: "bare", Files: []string{"t.xml", tool(`id="a" version="1.9"`, "")},
			Want: []string{"|Tool version [1.9] has no +galaxy suffix"}},
		{Name: "suffix, nothing pinned", Files: []string{"t.xml", tool(`id="a" version="2.0+galaxy1"`, req)}},
		{Name: "not pep440 is GTR024's", Files: []string{"t.xml", tool(`id="a" version="1.4.p5"`, "")}},
		{Name: "tokenized", Files: []string{"t.xml", tool(`id="a" version="@V@+galaxy0"`,
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

// TestPlainReleaseIsPEP440 checks, on generated versions of the common
// shapes and their near misses, that the byte loop accepts only what
// packaging's pattern accepts, and that isPEP440 agrees with the pattern.
func TestPlainReleaseIsPEP440(t *testing.T) {
	seps := func(list ...string) *rapid.Generator[string] { return rapid.SampledFrom(list) }
	rapid.Check(t, func(t *rapid.T) {
		// Several versions per case: each shape is rare among the draws.
		for range 16 {
			var b strings.Builder
			b.WriteString(seps("", "", "v", "V", " ", "w").Draw(t, "prefix"))
			for i, n := range rapid.SliceOfN(rapid.IntRange(0, 120), 0, 4).Draw(t, "release") {
				if i > 0 {
					b.WriteString(seps(".", ".", ".", "-", "", "..").Draw(t, "release sep"))
				}
				b.WriteString(strconv.Itoa(n))
			}
			if rapid.Bool().Draw(t, "local") {
				b.WriteString(seps("+", "+", "++", "-").Draw(t, "plus"))
				for i, run := range rapid.SliceOfN(seps("galaxy1", "0", "a", "B2", "", "rc"), 0, 3).Draw(t, "local runs") {
					if i > 0 {
						b.WriteString(seps("-", "_", ".", "+", " ", "é", "").Draw(t, "local sep"))
					}
					b.WriteString(run)
				}
			}
			b.WriteString(seps("", "", "", "rc1", ".dev0", "!", " ", ".").Draw(t, "suffix"))
			v := b.String()
			want := pep440.MatchString(pyStrip(v))
			if plainRelease(v) && !pep440.MatchString(v) {
				t.Fatalf("plainRelease(%q) is true, the pattern does not match", v)
			}
			if got := isPEP440(v); got != want {
				t.Fatalf("isPEP440(%q) = %v, the pattern says %v", v, got, want)
			}
		}
	})
}
