package outputs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// run runs ch on the tool file at path (written with src, and beside it
// the files of extra) and returns its findings.
func run(t *testing.T, ch *lint.Check, src string, extra map[string]string) []lint.Finding {
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
	if res, err := macros.ExpandTree(tree, macros.Options{}); err == nil {
		c.Result, c.Root = res, res.Root
	} else if c.Root, err = macros.FromTree(tree); err != nil {
		t.Fatal(err)
	}
	return lint.Run(ch, c)
}

// tool wraps body (the tool's children) in a <tool>.
func tool(body string) string {
	return "<tool id=\"t\" name=\"t\" version=\"1.0\">\n<command>x</command>\n<inputs>\n" +
		"<param name=\"input\" type=\"data\" format=\"txt\"/>\n</inputs>\n" + body + "\n</tool>\n"
}

type golden struct {
	name     string
	src      string
	want     int    // findings
	linter   string // the linter of the first finding, when want > 0
	contains string // a text the first finding's message holds
}

func runGolden(t *testing.T, ch *lint.Check, cases []golden) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := run(t, ch, tc.src, nil)
			if len(got) != tc.want {
				t.Fatalf("got %d findings, want %d: %+v", len(got), tc.want, got)
			}
			if tc.want == 0 {
				return
			}
			f := got[0]
			if tc.linter != "" && f.Linter != tc.linter {
				t.Errorf("linter %q, want %q", f.Linter, tc.linter)
			}
			if !strings.Contains(f.Message, tc.contains) {
				t.Errorf("message %q does not contain %q", f.Message, tc.contains)
			}
			if f.Code != ch.Code || f.Fix == "" {
				t.Errorf("finding %+v: want code %s and a fix", f, ch.Code)
			}
		})
	}
}

// TestInMacroFile checks that a finding on an output brought by a macro is
// located in the macro file, at the line of the bytes to edit.
func TestInMacroFile(t *testing.T) {
	src := "<tool id=\"t\" name=\"t\" version=\"1.0\">\n<macros><import>macros.xml</import></macros>\n" +
		"<command>x</command>\n<outputs>\n<data name=\"a\" format=\"txt\"/>\n<expand macro=\"outs\"/>\n</outputs>\n</tool>\n"
	mac := "<macros>\n  <xml name=\"outs\">\n\n    <data name=\"a\" format=\"txt\"/>\n    <data name=\"b-c\"/>\n" +
		"    <collection name=\"l\"/>\n  </xml>\n</macros>\n"
	for _, tc := range []struct {
		ch   *lint.Check
		line int
	}{
		{OutputsNameDuplicated, 4},
		{OutputsNameInvalidCheetah, 5},
		{OutputsFormat, 5},
		{OutputsCollectionType, 6},
		{OutputsLabelDuplicated, 4},
	} {
		t.Run(tc.ch.Name, func(t *testing.T) {
			got := run(t, tc.ch, src, map[string]string{"macros.xml": mac})
			if len(got) == 0 {
				t.Fatal("no finding")
			}
			f := got[0]
			if filepath.Base(f.Loc.File) != "macros.xml" || f.Pos.Line != tc.line {
				t.Errorf("finding at %s:%d, want macros.xml:%d", f.Loc.File, f.Pos.Line, tc.line)
			}
			if len(f.Via) == 0 {
				t.Error("finding does not say which <expand> brought the output")
			}
		})
	}
}

func TestOutputsMissing(t *testing.T) {
	runGolden(t, OutputsMissing, []golden{
		{"no outputs", tool(""), 1, "OutputsMissing", "no outputs section"},
		{"empty outputs", tool("<outputs/>"), 0, "", ""},
		{"data source", strings.Replace(tool(""), "<tool ", "<tool tool_type=\"data_source\" ", 1), 0, "", ""},
		{"unexpanded macro", tool("<macros><import>missing.xml</import></macros><expand macro=\"outs\"/>"), 0, "", ""},
	})
}

func TestOutputsNameDuplicated(t *testing.T) {
	runGolden(t, OutputsNameDuplicated, []golden{
		{"two data", tool("<outputs><data name=\"o\" format=\"txt\"/><data name=\"o\" format=\"txt\"/></outputs>"), 1, "OutputsNameDuplicated", "[o] has duplicated name"},
		{"data and collection", tool("<outputs><collection name=\"o\" type=\"list\"/><data name=\"o\" format=\"txt\"/></outputs>"), 1, "", "[o]"},
		{"three", tool("<outputs><data name=\"o\"/><data name=\"o\"/><data name=\"o\"/></outputs>"), 2, "", "[o]"},
		{"distinct", tool("<outputs><data name=\"o\"/><data name=\"p\"/></outputs>"), 0, "", ""},
		{"nested data of a collection", tool("<outputs><collection name=\"c\" type=\"paired\"><data name=\"c\"/></collection></outputs>"), 0, "", ""},
	})
}

func TestOutputsNameInvalidCheetah(t *testing.T) {
	runGolden(t, OutputsNameInvalidCheetah, []golden{
		{"dash", tool("<outputs><data name=\"out-file\"/></outputs>"), 1, "OutputsNameInvalidCheetah", "[out-file] is not a valid Cheetah placeholder"},
		{"leading digit", tool("<outputs><collection name=\"1st\" type=\"list\"/></outputs>"), 1, "", "[1st]"},
		{"empty", tool("<outputs><data name=\"\"/></outputs>"), 1, "", "[]"},
		{"unicode word", tool("<outputs><data name=\"_résumé2\"/></outputs>"), 0, "", ""},
		{"unicode first", tool("<outputs><data name=\"élan\"/></outputs>"), 1, "", "élan"},
		{"no name", tool("<outputs><data format=\"txt\"/></outputs>"), 0, "", ""},
		{"trailing newline as Python's $", tool("<outputs><data name=\"out&#10;\"/></outputs>"), 0, "", ""},
	})
}

func TestOutputsCollectionType(t *testing.T) {
	runGolden(t, OutputsCollectionType, []golden{
		{"no type", tool("<outputs><collection name=\"c\"/></outputs>"), 1, "OutputsCollectionType", "undefined 'type'"},
		{"empty type counts as set", tool("<outputs><collection name=\"c\" type=\"\"/></outputs>"), 0, "", ""},
		{"typed", tool("<outputs><collection name=\"c\" type=\"list\"/></outputs>"), 0, "", ""},
	})
}

func TestOutputsFormatSourceIncompatible(t *testing.T) {
	runGolden(t, OutputsFormatSourceIncompatible, []golden{
		{"format and source", tool("<outputs><data name=\"o\" format=\"txt\" format_source=\"input\"/></outputs>"), 1, "OutputsFormatSourceIncomp", "Tool data output 'o' should use either"},
		{"ext on a child", tool("<outputs><collection name=\"c\" type=\"list\"><discover_datasets ext=\"txt\" format_source=\"input\"/></collection></outputs>"), 1, "", "Tool discover_datasets output 'with missing name'"},
		{"source only", tool("<outputs><data name=\"o\" format_source=\"input\"/></outputs>"), 0, "", ""},
	})
}

func TestOutputsFormat(t *testing.T) {
	runGolden(t, OutputsFormat, []golden{
		{"nothing", tool("<outputs><data name=\"o\"/></outputs>"), 1, "OutputsFormat", "Tool data output o doesn't define an output format."},
		{"unnamed collection", tool("<outputs><collection type=\"list\"/></outputs>"), 1, "", "Tool collection output with missing name doesn't"},
		{"format", tool("<outputs><data name=\"o\" format=\"txt\"/></outputs>"), 0, "", ""},
		{"empty ext counts", tool("<outputs><data name=\"o\" ext=\"\"/></outputs>"), 0, "", ""},
		{"auto_format", tool("<outputs><data name=\"o\" auto_format=\"true\"/></outputs>"), 0, "", ""},
		{"empty auto_format", tool("<outputs><data name=\"o\" auto_format=\"\"/></outputs>"), 1, "", "o"},
		{"action", tool("<outputs><data name=\"o\"><actions><action type=\"format\"/></actions></data></outputs>"), 0, "", ""},
		{"other action", tool("<outputs><data name=\"o\"><actions><action type=\"metadata\"/></actions></data></outputs>"), 1, "", "o"},
		{"structured_like and inherit_format", tool("<outputs><collection name=\"c\" type=\"list\" structured_like=\"input\" inherit_format=\"true\"/></outputs>"), 0, "", ""},
		{"structured_like alone", tool("<outputs><collection name=\"c\" type=\"list\" structured_like=\"input\"/></outputs>"), 1, "", "c"},
		{"named pattern with ext", tool("<outputs><collection name=\"c\" type=\"list\"><discover_datasets pattern=\"__name_and_ext__\"/></collection></outputs>"), 0, "", ""},
		{"named pattern without ext", tool("<outputs><collection name=\"c\" type=\"list\"><discover_datasets pattern=\"__name__\"/></collection></outputs>"), 1, "", "c"},
		{"regex with ext", tool("<outputs><data name=\"o\"><discover_datasets pattern=\"(?P&lt;name&gt;.*)\\.(?P&lt;ext&gt;.*)\"/></data></outputs>"), 0, "", ""},
		{"galaxy.json with a child", strings.Replace(tool("<outputs><data name=\"o\"><filter>x</filter></data></outputs>"), "<command>x", "<command>cp galaxy.json x", 1), 0, "", ""},
		{"galaxy.json without a child", strings.Replace(tool("<outputs><data name=\"o\"/></outputs>"), "<command>x", "<command>cp galaxy.json x", 1), 1, "", "o"},
		{"provided_metadata_style", tool("<outputs provided_metadata_style=\"legacy\"><data name=\"o\"><filter>x</filter></data></outputs>"), 0, "", ""},
	})
}

func TestOutputsLabelDuplicated(t *testing.T) {
	runGolden(t, OutputsLabelDuplicated, []golden{
		{"two defaults", tool("<outputs><data name=\"a\"/><data name=\"b\"/></outputs>"), 1, "OutputsLabelDuplicatedNoFilter", "Tool output [b] uses duplicated label '${tool.name} on ${on_string}'"},
		{"filtered", tool("<outputs><data name=\"a\" label=\"L\"/><data name=\"b\" label=\"L\"><filter>x</filter></data></outputs>"), 1, "OutputsLabelDuplicatedFilter", "double check if filters imply disjoint cases"},
		{"collections after data", tool("<outputs><collection name=\"c\" type=\"list\" label=\"L\"/><data name=\"d\" label=\"L\"/></outputs>"), 1, "", "[c]"},
		{"unnamed are the filter linter's only", tool("<outputs><data label=\"L\"/><data label=\"L\"/></outputs>"), 0, "", ""},
		{"distinct", tool("<outputs><data name=\"a\" label=\"A\"/><data name=\"b\"/></outputs>"), 0, "", ""},
	})
}

func TestOutputsFormatInput(t *testing.T) {
	runGolden(t, OutputsFormatInput, []golden{
		{"on data", tool("<outputs><data name=\"o\" format=\"input\"/></outputs>"), 1, "OutputsFormatInput", "Using format='input' on data is deprecated."},
		{"on a child's ext", tool("<outputs><collection name=\"c\" type=\"list\"><discover_datasets ext=\"input\"/></collection></outputs>"), 1, "", "on collection"},
		{"format wins over ext", tool("<outputs><collection name=\"c\" type=\"list\"><discover_datasets format=\"txt\" ext=\"input\"/></collection></outputs>"), 0, "", ""},
		{"ext on the output itself is not read", tool("<outputs><data name=\"o\" ext=\"input\"/></outputs>"), 0, "", ""},
		{"source", tool("<outputs><data name=\"o\" format_source=\"input\"/></outputs>"), 0, "", ""},
	})
}

func TestProfileAtMost1601(t *testing.T) {
	for p, want := range map[string]bool{"": true, "16.01": true, "16.1": true, "16.04": false, "15.05": true, "18.01": false, "16.01.0": true, "16.01.1": false, "x": false} {
		if got := profileAtMost1601(p); got != want {
			t.Errorf("profileAtMost1601(%q) = %v, want %v", p, got, want)
		}
	}
}

func TestOutputsNameDuplicatesInput(t *testing.T) {
	runGolden(t, OutputsNameDuplicatesInput, []golden{
		{"top-level", tool("<outputs><data name=\"input\" format=\"txt\"/></outputs>"), 1, "InputsNameDuplicateOutput", "equal to the name of an input: 'input'"},
		{"from argument", strings.Replace(tool("<outputs><data name=\"min_len\" format=\"txt\"/></outputs>"), "<param name=\"input\"", "<param argument=\"--min-len\"", 1), 1, "", "'min_len'"},
		{"nested is a dotted path", strings.Replace(tool("<outputs><data name=\"x\" format=\"txt\"/><data name=\"s.x\" format=\"txt\"/></outputs>"), "</inputs>", "<section name=\"s\"><param name=\"x\" type=\"integer\"/></section></inputs>", 1), 1, "", "'s.x'"},
		{"when value", strings.Replace(tool("<outputs><data name=\"c.a.x\" format=\"txt\"/></outputs>"), "</inputs>", "<conditional name=\"c\"><param name=\"sel\" type=\"select\"><option value=\"a\">A</option></param><when value=\"a\"><param name=\"x\" type=\"integer\"/></when></conditional></inputs>", 1), 1, "", "'c.a.x'"},
		{"nested, no dotted output", strings.Replace(tool("<outputs><data name=\"x\" format=\"txt\"/></outputs>"), "</inputs>", "<section name=\"s\"><param name=\"x\" type=\"integer\"/></section></inputs>", 1), 0, "", ""},
		{"collection too", tool("<outputs><collection name=\"input\" type=\"list\"/></outputs>"), 1, "", "'input'"},
		{"distinct", tool("<outputs><data name=\"out\" format=\"txt\"/></outputs>"), 0, "", ""},
	})
}

func TestOutputsInputReference(t *testing.T) {
	cond := "<conditional name=\"c\"><param name=\"sel\" type=\"select\"><option value=\"a\">A</option><option value=\"b\">B</option></param>" +
		"<when value=\"a\"><param name=\"reads\" type=\"data\" format=\"fastq\"/></when><when value=\"b\"><param name=\"reads\" type=\"data\" format=\"fasta\"/></when></conditional>" +
		"<section name=\"s\"><param name=\"reads\" type=\"data\" format=\"txt\"/></section><param name=\"coll\" type=\"data_collection\"/>"
	withInputs := func(outs string) string {
		return strings.Replace(tool("<outputs>"+outs+"</outputs>"), "</inputs>", cond+"</inputs>", 1)
	}
	runGolden(t, OutputsInputReference, []golden{
		{"top-level", withInputs("<data name=\"o\" format_source=\"input\"/>"), 0, "", ""},
		{"qualified", withInputs("<data name=\"o\" format_source=\"c|reads\"/>"), 0, "", ""},
		{"nothing", withInputs("<data name=\"o\" format_source=\"inptu\"/>"), 1, "OutputsFormatSourceReference", "Output 'o' references format_source='inptu' which does not match any input parameter."},
		{"ambiguous", withInputs("<data name=\"o\" format_source=\"reads\"/>"), 1, "", "ambiguous unqualified format_source='reads' matching multiple inputs: c|reads, s|reads."},
		{"one nested", strings.Replace(withInputs("<data name=\"o\" format_source=\"reads\"/>"), "<section name=\"s\"><param name=\"reads\"", "<section name=\"s\"><param name=\"other\"", 1), 1, "", "Use the qualified name 'c|reads'."},
		{"selector", withInputs("<data name=\"o\" format_source=\"coll['forward']\"/>"), 0, "", ""},
		{"structured_like", withInputs("<collection name=\"l\" type=\"list\" structured_like=\"nope\" inherit_format=\"true\"/>"), 1, "OutputsStructuredLikeReference", "structured_like='nope'"},
		{"structured_like on data is not read", withInputs("<data name=\"o\" format=\"txt\" structured_like=\"nope\"/>"), 0, "", ""},
		{"from argument", strings.Replace(withInputs("<data name=\"o\" format_source=\"min_len\"/>"), "<param name=\"input\"", "<param argument=\"--min-len\"", 1), 0, "", ""},
	})
}
