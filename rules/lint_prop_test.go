package rules_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/fuzz"
	"github.com/galaxy-gtr/gtr/rules"
	"pgregory.net/rapid"
)

// Galaxy's vocabulary, for generating tools that the checks have something
// to say about: elements where Galaxy puts them, attributes they take,
// values that are valid, invalid, empty or tokens.
var (
	propTags = []string{"param", "conditional", "when", "option", "options", "filter", "validator",
		"repeat", "section", "data", "collection", "discover_datasets", "test", "output", "assert_contents",
		"has_text", "has_n_lines", "requirement", "container", "citation", "xref", "edam_topic", "regex",
		"exit_code", "change_format", "expand", "sanitizer", "element", "label", "command", "help"}
	propAttrs = []string{"name", "type", "value", "label", "argument", "format", "optional", "multiple",
		"display", "truevalue", "falsevalue", "min", "max", "ref", "from_data_table", "from_dataset",
		"format_source", "structured_like", "ftype", "file", "expect_num_outputs", "expect_failure",
		"count", "n", "line", "macro", "version", "detect_errors", "interpreter", "checked", "selected",
		"check", "metadata_source", "input", "when", "key", "column", "meta_ref", "compare", "lines_diff"}
	propValues = []string{"", "x", "input1", "data", "select", "boolean", "integer", "text", "true", "false",
		"True", "@TOKEN@", "a b", "1", "-1", "1.5", "tabular", "txt", "$input1", "checkboxes", "radio",
		"mymacro", "not valid!", "list", "bed,interval", "${x}", "re.compile('(')", "value > 0",
		"regexp", "remove_value", "data_meta", "param_value", "(?i"}
)

// propElement draws a random element, depth levels deep at most.
func propElement(t *rapid.T, depth int, label string) string {
	tag := rapid.SampledFrom(propTags).Draw(t, label+"tag")
	var b strings.Builder
	b.WriteString("<" + tag)
	for i := range rapid.IntRange(0, 4).Draw(t, label+"nattr") {
		name := rapid.SampledFrom(propAttrs).Draw(t, fmt.Sprintf("%sa%d", label, i))
		if strings.Contains(b.String(), " "+name+"=") {
			continue
		}
		v := rapid.SampledFrom(propValues).Draw(t, fmt.Sprintf("%sv%d", label, i))
		b.WriteString(fmt.Sprintf(" %s=%q", name, v))
	}
	b.WriteString(">")
	if depth > 0 {
		for i := range rapid.IntRange(0, 3).Draw(t, label+"nkids") {
			b.WriteString(propElement(t, depth-1, fmt.Sprintf("%s%d.", label, i)))
		}
	}
	b.WriteString(rapid.SampledFrom([]string{"", "TODO", "$input1 > $out", "#if $x\n  a & b\n#end if", "@TOKEN@"}).Draw(t, label+"text"))
	b.WriteString("</" + tag + ">")
	return b.String()
}

// propTool draws a tool importing a macro file, both from Galaxy's
// vocabulary, with sections present or absent.
func propTool(t *rapid.T) (tool, macroFile string) {
	var b strings.Builder
	attrs := ""
	for _, a := range []string{"id", "name", "version", "profile"} {
		if rapid.Bool().Draw(t, "has "+a) {
			attrs += fmt.Sprintf(" %s=%q", a, rapid.SampledFrom(propValues).Draw(t, a))
		}
	}
	b.WriteString("<tool" + attrs + ">\n<macros><import>macros.xml</import><token name=\"@TOKEN@\">tok</token></macros>\n")
	for _, sec := range []string{"requirements", "command", "inputs", "outputs", "tests", "help", "citations", "stdio"} {
		if !rapid.Bool().Draw(t, "has "+sec) {
			continue
		}
		b.WriteString("<" + sec + ">")
		for i := range rapid.IntRange(0, 3).Draw(t, sec+" n") {
			b.WriteString(propElement(t, 2, fmt.Sprintf("%s%d.", sec, i)))
		}
		if rapid.Bool().Draw(t, sec+" expand") {
			b.WriteString(`<expand macro="mymacro"/>`)
		}
		b.WriteString("</" + sec + ">\n")
	}
	b.WriteString("</tool>\n")
	macroFile = "<macros>\n<xml name=\"mymacro\">" + propElement(t, 2, "m.") + "</xml>\n" +
		"<token name=\"@OTHER@\">" + rapid.SampledFrom(propValues).Draw(t, "other") + "</token>\n</macros>\n"
	return b.String(), macroFile
}

// lintProperty runs every advisory check on a generated tool and its
// macro file, or on a plausible document, and checks that none panics and
// that every finding lies inside the file it names.
func lintProperty(t *rapid.T) {
	var tool, mac string
	if rapid.Bool().Draw(t, "galaxy") {
		tool, mac = propTool(t)
	} else {
		tool, mac = string(fuzz.PlausibleDocument().Draw(t, "doc")), "<macros/>"
	}
	var advisory []*rules.Rule
	for _, r := range rules.All {
		if r.Lint() != nil {
			advisory = append(advisory, r)
		}
	}
	files := map[string][]byte{"macros.xml": []byte(mac)}
	sizes := map[string]int{"tool.xml": len(tool), "macros.xml": len(mac)}
	for _, name := range []string{"tool.xml", "macros.xml"} {
		src := tool
		if name == "macros.xml" {
			src = mac
		}
		ds := rules.CheckWith(cst.Parse(name, []byte(src)), advisory, &macros.Options{Files: files, NoDisk: true})
		lintSeen.findings += len(ds)
		for _, d := range ds {
			if d.File != "" {
				lintSeen.inMacros++
			}
			file := name
			if d.File != "" {
				file = d.File
			}
			size, ok := sizes[file]
			if !ok {
				t.Fatalf("%s: finding %s in unknown file %q", name, d.Code, file)
			}
			if d.Span.Start < 0 || d.Span.End < d.Span.Start || d.Span.End > size {
				t.Fatalf("%s: finding %s (%s) at %v outside %s (%d bytes)", name, d.Code, d.Message, d.Span, file, size)
			}
			if d.Pos.Line < 1 || d.Message == "" {
				t.Fatalf("%s: finding %s without a line or a message: %+v", name, d.Code, d)
			}
		}
	}
}

// lintSeen counts what the property saw, so that a generator that stops
// producing findings fails the test instead of passing it vacuously.
var lintSeen struct{ findings, inMacros int }

func TestLintProperty(t *testing.T) {
	lintSeen.findings, lintSeen.inMacros = 0, 0
	rapid.Check(t, lintProperty)
	if lintSeen.findings == 0 {
		t.Fatal("no generated file had a finding: the property checked nothing")
	}
	t.Logf("%d findings, %d of them in the macro file", lintSeen.findings, lintSeen.inMacros)
}

// FuzzLintRapid is lintProperty driven by the fuzzer.
func FuzzLintRapid(f *testing.F) { f.Fuzz(rapid.MakeFuzz(lintProperty)) }
