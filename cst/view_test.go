package cst_test

import (
	"iter"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
)

// viewCorpusTree parses one corpus file, given relative to shared/corpus.
func viewCorpusTree(tb testing.TB, rel string) *cst.Tree {
	tb.Helper()
	src, err := os.ReadFile(filepath.Join(sharedDir(tb), "corpus", filepath.FromSlash(rel)))
	if err != nil {
		tb.Fatal(err)
	}
	return cst.Parse(rel, src)
}

// viewCorpusTool parses a corpus file that must be a tool.
func viewCorpusTool(tb testing.TB, rel string) cst.Tool {
	tb.Helper()
	tool, ok := cst.ToolOf(viewCorpusTree(tb, rel))
	if !ok {
		tb.Fatalf("%s: root is not <tool>", rel)
	}
	return tool
}

// viewStrs collects a string from each element of a sequence.
func viewStrs[T any](seq iter.Seq[T], f func(T) string) []string {
	out := []string{}
	for v := range seq {
		out = append(out, f(v))
	}
	return out
}

func viewCount[T any](seq iter.Seq[T]) int {
	n := 0
	for range seq {
		n++
	}
	return n
}

func viewEq(t *testing.T, what string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s = %#v, want %#v", what, got, want)
	}
}

const viewGalaxyTools = "galaxyproject__galaxy/test/functional/tools/"

func TestViewToolSimpleConstructs(t *testing.T) {
	tool := viewCorpusTool(t, viewGalaxyTools+"simple_constructs.xml")
	viewEq(t, "ID", tool.ID(), "simple_constructs")
	viewEq(t, "Name", tool.Name(), "simple_constructs")
	viewEq(t, "Version", tool.Version(), "1.0.0")
	viewEq(t, "Profile", tool.Profile(), "")
	viewEq(t, "Macros valid", tool.Macros().IsValid(), false)

	cmd := tool.Command()
	viewEq(t, "Command.IsCDATA", cmd.IsCDATA(), true)
	viewEq(t, "Command.IsMixed", cmd.IsMixed(), false)
	if !strings.Contains(cmd.Template().Text, "echo '$p1.p1val'  > '$out_file1' &&") {
		t.Errorf("command template %q misses its first line", cmd.Template().Text)
	}
	// The offset map leads back to the bytes inside the CDATA section.
	tmpl := cmd.Template()
	i := strings.Index(tmpl.Text, "$booltest")
	src := tool.Node().Tree().Source()
	if off := tmpl.Map.Source(i); string(src[off:off+9]) != "$booltest" {
		t.Errorf("offset map: source at %d is %q", off, src[off:off+9])
	}

	in := tool.Inputs()
	viewEq(t, "items", viewStrs(in.Items(), cst.Input.Name),
		[]string{"p1", "booltest", "inttest", "floattest", "radio_select", "check_select", "drop_select", "files"})
	viewEq(t, "param paths", viewStrs(in.Params(), func(p cst.Param) string { return p.Path() }),
		[]string{"p1|p1use", "p1|p1val", "p1|p1val", "booltest", "inttest", "floattest",
			"radio_select", "check_select", "drop_select", "files|file"})

	conds := slices.Collect(in.Conditionals())
	viewEq(t, "conditionals", len(conds), 1)
	c := conds[0]
	viewEq(t, "test param", c.TestParam().Name(), "p1use")
	viewEq(t, "test param type", c.TestParam().Type(), "boolean")
	viewEq(t, "when values", viewStrs(c.Whens(), cst.When.Value), []string{"true", "false"})
	w, ok := c.When("false")
	viewEq(t, "When(false) found", ok, true)
	viewEq(t, "when false params", viewStrs(w.Params(), func(p cst.Param) string { return p.Value() }), []string{"p1notused"})
	viewEq(t, "when's conditional", w.Conditional().Node(), c.Node())

	p, ok := in.Lookup("check_select")
	viewEq(t, "Lookup found", ok, true)
	viewEq(t, "Multiple", p.Multiple(), true)
	viewEq(t, "option values", viewStrs(p.Options(), cst.Option.Value), []string{"a_check", "b_check", "c_check"})
	viewEq(t, "option labels", viewStrs(p.Options(), cst.Option.Label), []string{"A Check", "B Check", "C Check"})
	viewEq(t, "selected", viewStrs(p.Options(), func(o cst.Option) string {
		if o.Selected() {
			return "y"
		}
		return "n"
	}), []string{"y", "n", "n"})

	rep := slices.Collect(in.Repeats())
	viewEq(t, "repeats", len(rep), 1)
	viewEq(t, "repeat title", rep[0].Title(), "Files")
	file := slices.Collect(rep[0].Params())[0]
	viewEq(t, "Formats", file.Formats(), []string{"txt"})
	viewEq(t, "file enclosing", len(file.Enclosing()), 1)

	outs := slices.Collect(tool.Outputs().Data())
	viewEq(t, "outputs", viewStrs(slices.Values(outs), func(d cst.Data) string { return d.Name() + ":" + d.Format() }),
		[]string{"out_file1:txt"})

	tests := slices.Collect(tool.Tests().Tests())
	viewEq(t, "tests", len(tests), 2)
	viewEq(t, "test 1 params", viewStrs(tests[0].Params(), cst.TestParam.Path),
		[]string{"p1use", "booltest", "inttest", "floattest", "file"})
	out := slices.Collect(tests[0].Outputs())[0]
	viewEq(t, "test output", out.Name(), "out_file1")
	viewEq(t, "assertions", viewStrs(out.AssertContents().Assertions(), func(a cst.Assertion) string { return a.Get("line") }),
		[]string{"p1used", "booltrue", "12456", "6.789", "This is a line of text."})
	viewEq(t, "assert blocks", viewStrs(tests[1].AssertBlocks(), cst.AssertBlock.Kind), []string{"assert_contents"})
}

func TestViewSection(t *testing.T) {
	tool := viewCorpusTool(t, viewGalaxyTools+"section.xml")
	secs := slices.Collect(tool.Inputs().Sections())
	viewEq(t, "sections", viewStrs(slices.Values(secs), cst.Section.Name), []string{"int", "float"})
	viewEq(t, "titles", viewStrs(slices.Values(secs), cst.Section.Title), []string{"Integer Section", "Float Section"})
	viewEq(t, "expanded", []bool{secs[0].Expanded(), secs[1].Expanded()}, []bool{true, false})
	viewEq(t, "paths", viewStrs(tool.Inputs().Params(), func(p cst.Param) string { return p.Path() }),
		[]string{"int|inttest", "float|floattest"})

	test := slices.Collect(tool.Tests().Tests())[1]
	viewEq(t, "test sections", viewStrs(test.Sections(), cst.TestGroup.Name), []string{"int", "float"})
	viewEq(t, "test param paths", viewStrs(test.Params(), cst.TestParam.Path), []string{"int|inttest", "float|floattest"})
	viewEq(t, "group kind", viewStrs(test.Sections(), cst.TestGroup.Kind), []string{"section", "section"})
}

func TestViewTestRepeatPaths(t *testing.T) {
	tool := viewCorpusTool(t, viewGalaxyTools+"disambiguate_repeats.xml")
	viewEq(t, "input paths", viewStrs(tool.Inputs().Params(), func(p cst.Param) string { return p.Path() }),
		[]string{"queries|input", "more_queries|input"})
	tests := slices.Collect(tool.Tests().Tests())
	viewEq(t, "tests", len(tests), 3)
	viewEq(t, "test 1", viewStrs(tests[0].Params(), cst.TestParam.Path), []string{"queries_0|input", "more_queries_0|input"})
	viewEq(t, "test 2", viewStrs(tests[1].Params(), cst.TestParam.Path),
		[]string{"queries_0|input", "queries_1|input", "more_queries_0|input", "more_queries_1|input"})
	viewEq(t, "test 3 (flat names)", viewStrs(tests[2].Params(), cst.TestParam.Path),
		[]string{"queries_1|input", "queries_0|input", "more_queries_1|input", "more_queries_0|input"})
	viewEq(t, "test 2 repeats", viewCount(tests[1].Repeats()), 4)
	viewEq(t, "output file", slices.Collect(tests[1].Outputs())[0].File(), "simple_lines_interleaved.txt")
}

func TestViewBibtexCreatorXrefs(t *testing.T) {
	tool := viewCorpusTool(t, viewGalaxyTools+"bibtex.xml")
	viewEq(t, "License", tool.License(), "AFL-3.0")
	persons := slices.Collect(tool.Creator().Persons())
	viewEq(t, "persons", len(persons), 1)
	viewEq(t, "person", []string{persons[0].GivenName(), persons[0].FamilyName(), persons[0].Identifier()},
		[]string{"Björn", "Grüning", "http://orcid.org/0000-0002-3079-6586"})
	viewEq(t, "organizations", viewStrs(tool.Creator().Organizations(), cst.Organization.Name), []string{"Galaxy IUC"})
	viewEq(t, "xrefs", viewStrs(tool.Xrefs(), func(x cst.Xref) string { return x.Type() + ":" + x.Value() }),
		[]string{"bio.tools:Citation.js"})

	cites := slices.Collect(tool.Citations().Citations())
	types := viewStrs(slices.Values(cites), cst.Citation.Type)
	viewEq(t, "first citation", types[0], "doi")
	viewEq(t, "doi", cites[0].Value(), "10.1101/gr.4086505")
	if n := strings.Count(strings.Join(types, " "), "bibtex"); n != len(cites)-1 || n < 10 {
		t.Errorf("bibtex citations = %d of %d", n, len(cites))
	}
	if v := cites[1].Value(); !strings.HasPrefix(v, "@misc{Garrison2015,") || !strings.HasSuffix(v, "}") {
		t.Errorf("bibtex value %q", v)
	}
	help := tool.Help()
	viewEq(t, "help CDATA", help.IsCDATA(), true)
	viewEq(t, "help format", help.Format(), "restructuredtext")
	if !strings.HasPrefix(help.Value(), ".. class:: warningmark") {
		t.Errorf("help text %q", help.Value())
	}
	viewEq(t, "tests", viewCount(tool.Tests().Tests()), 0)
}

func TestViewEdam(t *testing.T) {
	tool := viewCorpusTool(t, viewGalaxyTools+"for_workflows/mapper.xml")
	viewEq(t, "topics", viewStrs(tool.EdamTopics(), cst.TextElement.Value), []string{"topic_0102"})
	viewEq(t, "operations", viewStrs(tool.EdamOperations(), cst.TextElement.Value), []string{"operation_3198"})
	viewEq(t, "formats", viewStrs(tool.Inputs().Params(), func(p cst.Param) string { return p.Format() }), []string{"fastq", "fasta"})
	viewEq(t, "labels", viewStrs(tool.Inputs().Params(), cst.Param.Label), []string{"Fastq Input", "Fasta Input"})
}

func TestViewArgumentParams(t *testing.T) {
	tool := viewCorpusTool(t, "galaxyproject__galaxy/lib/galaxy/datatypes/converters/bigwig_to_wig_converter.xml")
	viewEq(t, "Version", tool.Version(), "@TOOL_VERSION@+galaxy@SUFFIX_VERSION@")
	viewEq(t, "Profile", tool.Profile(), "20.01")
	viewEq(t, "Description", tool.Description().Value(), "Convert bigWig to wig")
	viewEq(t, "tokens", viewStrs(tool.Macros().Tokens(), func(m cst.MacroToken) string { return m.Name() + "=" + m.Text().Text }),
		[]string{"@TOOL_VERSION@=377", "@SUFFIX_VERSION@=0"})
	viewEq(t, "requirements", viewStrs(tool.Requirements().Requirements(), func(r cst.Requirement) string {
		return r.Type() + " " + r.Name() + " " + r.Version()
	}), []string{"package ucsc-bigwigtowig @TOOL_VERSION@"})
	viewEq(t, "detect_errors", tool.Command().DetectErrors(), "exit_code")

	params := slices.Collect(tool.Inputs().Params())
	viewEq(t, "names", viewStrs(slices.Values(params), func(p cst.Param) string { return p.Name() }),
		[]string{"bigwig_input", "chrom", "start", "end"})
	viewEq(t, "arguments", viewStrs(slices.Values(params), cst.Param.Argument), []string{"", "-chrom", "-start", "-end"})
	chrom := params[1]
	viewEq(t, "optional", chrom.Optional(), true)
	viewEq(t, "sanitizer invalid_char", chrom.Sanitizer().InvalidChar(), "")
	viewEq(t, "sanitizer attr present", chrom.Sanitizer().Attr("invalid_char").IsValid(), true)
	viewEq(t, "valid initial", chrom.Sanitizer().Valid().Get("initial"), "string.letters,string.digits")
	viewEq(t, "validators", viewStrs(chrom.Validators(), func(v cst.Validator) string { return v.Type() + " " + v.Value() }),
		[]string{"regex [A-Za-z0-9 -_+]+"})
	viewEq(t, "min", params[2].Min(), "0")

	data := slices.Collect(tool.Outputs().Data())[0]
	viewEq(t, "from_work_dir", data.FromWorkDir(), "output.wig")
	viewEq(t, "label", data.Label(), "${tool.name} on ${on_string}: wig")
	test := slices.Collect(tool.Tests().Tests())[1]
	viewEq(t, "expect_num_outputs", test.ExpectNumOutputs(), "1")
	viewEq(t, "assert_command", viewStrs(test.AssertCommand().Assertions(), func(a cst.Assertion) string {
		return a.Kind() + " " + a.Get("text")
	}), []string{"has_text -chrom='chr21'"})
	viewEq(t, "no stdout block", test.AssertStdout().IsValid(), false)
}

func TestViewMacrosInTool(t *testing.T) {
	tool := viewCorpusTool(t, "galaxyproject__galaxy/lib/galaxy/datatypes/converters/interval_to_bgzip_converter.xml")
	macros := tool.Macros()
	xm := slices.Collect(macros.XMLMacros())
	viewEq(t, "xml macros", viewStrs(slices.Values(xm), cst.XMLMacro.Name), []string{"assert_size"})
	args := xm[0].Args()
	viewEq(t, "arg names", []string{args[0].Name, args[1].Name}, []string{"value", "delta"})
	viewEq(t, "required", []bool{args[0].Required, args[1].Required}, []bool{true, false})
	viewEq(t, "default", args[1].Default, "10")
	viewEq(t, "placeholders", []string{args[0].Placeholder(), args[1].Placeholder()}, []string{"@VALUE@", "@DELTA@"})
	viewEq(t, "arg attr", args[1].Attr.Name(), "token_delta")
	viewEq(t, "yields", viewStrs(xm[0].Yields(), func(y cst.Yield) string { return "named=" + map[bool]string{true: "y", false: "n"}[y.IsNamed()] }),
		[]string{"named=n"})
	m, ok := macros.XMLMacro("assert_size")
	viewEq(t, "XMLMacro lookup", ok && m.Node() == xm[0].Node(), true)

	expands := slices.Collect(cst.ExpandsIn(tool.Node()))
	viewEq(t, "expands", len(expands), 5)
	viewEq(t, "expand macro", expands[0].Macro(), "assert_size")
	v, ok := expands[1].Arg("value")
	viewEq(t, "expand arg", v+map[bool]string{true: "!", false: "?"}[ok], "143!")
	viewEq(t, "expand content", viewStrs(expands[1].Content(), cst.Node.Name), []string{"has_text_matching"})
	viewEq(t, "top-level expands", viewCount(tool.Expands()), 0)

	// Assertions passed to an <expand> are seen in place.
	tests := slices.Collect(tool.Tests().Tests())
	out := slices.Collect(tests[4].Outputs())[0]
	viewEq(t, "assert_contents outside expand", out.AssertContents().IsValid(), false)
	viewEq(t, "expanded children of output", viewStrs(out.Node().Elements(), cst.Node.Name), []string{"expand"})
	viewEq(t, "requirements", viewStrs(tool.Requirements().Requirements(), cst.Requirement.Name), []string{"coreutils", "htslib"})
	viewEq(t, "empty help", tool.Help().Value(), "")
	viewEq(t, "test 6 assert", viewStrs(slices.Collect(tests[5].Outputs())[0].AssertContents().Assertions(), cst.Assertion.Kind),
		[]string{"has_size"})
	viewEq(t, "negate", viewStrs(tests[2].AssertCommand().Assertions(), func(a cst.Assertion) string {
		return map[bool]string{true: "neg", false: "pos"}[a.Negate()]
	}), []string{"pos", "neg"})
}

func TestViewMacrosFile(t *testing.T) {
	tree := viewCorpusTree(t, "bgruening__galaxytools/tools/kraken_ocr/macros.xml")
	viewEq(t, "FileKind", cst.FileKind(tree), cst.FileMacros)
	if _, ok := cst.ToolOf(tree); ok {
		t.Error("ToolOf accepted a macros file")
	}
	mf, ok := cst.MacrosFileOf(tree)
	viewEq(t, "MacrosFileOf ok", ok, true)
	toks := viewStrs(mf.Tokens(), cst.MacroToken.Name)
	viewEq(t, "first tokens", toks[:3], []string{"@TOOL_VERSION@", "@VERSION_SUFFIX@", "@PROFILE@"})
	viewEq(t, "token count", len(toks), 8)
	tok, _ := mf.Token("@PROFILE@")
	viewEq(t, "token value", tok.Text().Text, "25.1")
	tok, _ = mf.Token("@CREATE_SYMLINKS@")
	viewEq(t, "token CDATA", tok.IsCDATA(), true)
	if !strings.HasPrefix(tok.Value(), "ln -s '$image' 'input.${image.ext}' &&") {
		t.Errorf("token value %q", tok.Value())
	}

	xm := slices.Collect(mf.XMLMacros())
	viewEq(t, "xml macros", len(xm), 7)
	dm, ok := mf.XMLMacro("datatable_model")
	viewEq(t, "generic <macro> found", ok && dm.Node().Is("macro"), true)
	viewEq(t, "optional args", viewStrs(slices.Values(dm.Args()), func(a cst.MacroArg) string { return a.Placeholder() }),
		[]string{"@MODEL_TYPE@", "@LABEL@", "@HELP@"})
	p := slices.Collect(dm.Params())
	viewEq(t, "macro params", len(p), 1)
	viewEq(t, "macro param label", p[0].Label(), "@LABEL@")
	opts := p[0].DynamicOptions()
	viewEq(t, "from_data_table", opts.FromDataTable(), "pretrained_mlmodels_various_sources")
	viewEq(t, "columns", viewStrs(opts.Columns(), func(c cst.OptionsColumn) string { return c.Name() + "=" + c.Index() }),
		[]string{"value=8", "name=4"})
	viewEq(t, "filters", viewStrs(opts.Filters(), func(f cst.OptionsFilter) string { return f.Type() + ":" + f.Column() }),
		[]string{"static_value:6", "sort_by:5"})

	seg, _ := mf.XMLMacro("segment_ocr_outputs")
	args := seg.Args()
	viewEq(t, "required args", []string{args[0].Name, args[1].Name}, []string{"native_format", "input_image"})
	outputs, _ := cst.AsOutputs(slices.Collect(seg.Content())[0])
	items := slices.Collect(outputs.Items())
	viewEq(t, "outputs in macro", viewStrs(slices.Values(items), cst.Output.Name), []string{"output", "pdf_output"})
	viewEq(t, "is collection", []bool{items[0].IsCollection(), items[1].IsCollection()}, []bool{false, true})
	viewEq(t, "filter", viewStrs(items[0].Filters(), cst.OutputFilter.Value), []string{`@INPUT_IMAGE@.ext != "pdf"`})
	viewEq(t, "action defaults", viewStrs(items[0].Actions().Actions(), cst.OutputAction.Default),
		[]string{"alto", "page.xml", "hocr", "abbyy.xml", "@NATIVE_FORMAT@"})
	viewEq(t, "action conditional", viewStrs(items[0].Actions().Conditionals(), cst.ActionsConditional.Name), []string{"output_format_flag"})
	viewEq(t, "discover formats", viewStrs(items[1].DiscoverDatasets(), cst.DiscoverDatasets.Format),
		[]string{"alto", "page.xml", "hocr", "abbyy.xml", "@NATIVE_FORMAT@"})
	if pat := slices.Collect(items[1].DiscoverDatasets())[0].Pattern(); pat != `(?P<designation>.+)\.alto$` {
		t.Errorf("decoded pattern %q", pat)
	}
}

func TestViewMacrosFileParameters(t *testing.T) {
	tree := viewCorpusTree(t, viewGalaxyTools+"parameters/macros.xml")
	mf, ok := cst.MacrosFileOf(tree)
	viewEq(t, "ok", ok, true)
	viewEq(t, "names", viewStrs(mf.XMLMacros(), cst.XMLMacro.Name),
		[]string{"simple_text_output", "common_conditional_tags", "assert_output", "assert_inputs_json", "drill_down_static_options"})
	viewEq(t, "no tokens", viewCount(mf.Tokens()), 0)
	cc, _ := mf.XMLMacro("common_conditional_tags")
	cf, _ := cst.AsConfigFile(slices.Collect(cc.Content())[1].Element("inputs"))
	viewEq(t, "configfile kind", cf.Kind()+" "+cf.Name()+" "+cf.Filename(), "inputs inputs inputs.json")
	dd, _ := mf.XMLMacro("drill_down_static_options")
	opts, _ := cst.AsOptions(slices.Collect(dd.Content())[0])
	tops := slices.Collect(opts.Options())
	viewEq(t, "drill down top", viewStrs(slices.Values(tops), cst.Option.Name), []string{"a", "b"})
	viewEq(t, "drill down nested", viewStrs(tops[0].Options(), cst.Option.Value), []string{"aa", "ab"})
	viewEq(t, "yields", viewCount(slices.Collect(mf.XMLMacros())[2].Yields()), 1)
}

func TestViewTopLevelExpands(t *testing.T) {
	tool := viewCorpusTool(t, "bgruening__galaxytools/tools/flye/flye.xml")
	viewEq(t, "expands", viewStrs(tool.Expands(), cst.Expand.Macro), []string{"edam_ontology", "xrefs", "requirements", "citations"})
	viewEq(t, "imports", viewStrs(tool.Macros().Imports(), cst.Import.File), []string{"macros.xml"})
	viewEq(t, "no edam without expansion", viewCount(tool.EdamTopics()), 0)
	viewEq(t, "version_command", tool.VersionCommand().Value(), "flye --version")
	viewEq(t, "FileKind", cst.FileKind(tool.Node().Tree()), cst.FileTool)
}

func TestViewOutputs(t *testing.T) {
	tool := viewCorpusTool(t, viewGalaxyTools+"multi_output_assign_primary.xml")
	data := slices.Collect(tool.Outputs().Data())
	viewEq(t, "names", viewStrs(slices.Values(data), cst.Data.Name), []string{"other", "sample"})
	viewEq(t, "label", data[0].Label(), "other")
	dd := slices.Collect(data[1].DiscoverDatasets())
	viewEq(t, "discover", len(dd), 1)
	viewEq(t, "pattern", dd[0].Pattern(), `(?P<designation>.+)\.report\.tsv`)
	viewEq(t, "ext/visible/primary", []any{dd[0].Ext(), dd[0].Visible(), dd[0].AssignPrimaryOutput()}, []any{"tabular", true, true})

	tool = viewCorpusTool(t, viewGalaxyTools+"collection_creates_list.xml")
	cols := slices.Collect(tool.Outputs().Collections())
	viewEq(t, "collections", len(cols), 1)
	viewEq(t, "collection", []any{cols[0].Name(), cols[0].Type(), cols[0].StructuredLike(), cols[0].InheritFormat(), cols[0].Label()},
		[]any{"list_output", "list", "input1", true, "Duplicate List"})
	oc := slices.Collect(slices.Collect(tool.Tests().Tests())[0].OutputCollections())
	viewEq(t, "output_collection", []string{oc[0].Name(), oc[0].Type(), oc[0].Count()}, []string{"list_output", "list", "2"})
	viewEq(t, "elements", viewStrs(oc[0].Elements(), cst.TestOutput.Name), []string{"l11", "l12"})
	in := slices.Collect(slices.Collect(tool.Tests().Tests())[0].Params())[0]
	viewEq(t, "input collection", in.Collection().Type(), "list")
	viewEq(t, "input elements", viewStrs(in.Collection().Elements(), cst.TestParam.Value), []string{"simple_line.txt", "simple_line.txt"})

	tool = viewCorpusTool(t, viewGalaxyTools+"output_format.xml")
	out, ok := tool.Outputs().Lookup("change_format_output")
	viewEq(t, "lookup", ok, true)
	viewEq(t, "change_format", viewStrs(out.ChangeFormat(), func(w cst.ChangeFormatWhen) string {
		return w.Input() + "=" + w.Value() + "→" + w.Format()
	}), []string{"input_text=foo→fastqsolexa", "input_text=bar→fastqillumina"})
	viewEq(t, "format_source", viewStrs(tool.Outputs().Walk(), cst.Output.FormatSource), []string{"", "", "input_data_1", "input_data_2", ""})

	tool = viewCorpusTool(t, viewGalaxyTools+"output_action_change_format.xml")
	d := slices.Collect(tool.Outputs().Data())[0]
	acts := slices.Collect(d.Actions().Actions())
	viewEq(t, "actions", viewStrs(slices.Values(acts), func(a cst.OutputAction) string { return a.Type() + "/" + a.Name() + "/" + a.Default() }),
		[]string{"format//", "metadata/dbkey/hg19", "metadata/dbkey/hg38"})
	viewEq(t, "action option", viewStrs(acts[0].Options(), func(o cst.ActionOption) string {
		return o.Type() + " " + o.Name() + " " + o.ParamAttribute()
	}), []string{"from_param input_cond.input ext"})
	viewEq(t, "paths", viewStrs(tool.Inputs().Params(), func(p cst.Param) string { return p.Path() }),
		[]string{"input_cond|dispatch", "input_cond|input", "input_cond|input", "asection|abool"})
	test := slices.Collect(tool.Tests().Tests())[0]
	viewEq(t, "metadata", viewStrs(slices.Collect(test.Outputs())[0].Metadata(), func(m cst.TestMetadata) string { return m.Name() + "=" + m.Value() }),
		[]string{"dbkey=hg19"})
	line := slices.Collect(slices.Collect(test.Outputs())[0].AssertContents().Assertions())[0].Get("line")
	viewEq(t, "char ref decoded", line, "1\t2")
}

func TestViewConfigFiles(t *testing.T) {
	tool := viewCorpusTool(t, viewGalaxyTools+"column_param_configfile.xml")
	cf := tool.ConfigFiles()
	viewEq(t, "files", viewStrs(cf.Files(), func(f cst.ConfigFile) string { return f.Kind() + ":" + f.Name() }),
		[]string{"inputs:inputs", "configfile:check_inputs"})
	viewEq(t, "inputs filename", cf.Inputs().Filename(), "inputs.json")
	viewEq(t, "inputs has no template", cf.Inputs().Template().Text, "")
	viewEq(t, "no file_sources", cf.FileSources().IsValid(), false)
	tmpl := slices.Collect(cf.Templates())[0]
	viewEq(t, "IsTemplate", tmpl.IsTemplate(), true)
	viewEq(t, "CDATA", tmpl.IsCDATA(), true)
	if !strings.Contains(tmpl.Template().Text, `with open("$output1", "w") as f:`) {
		t.Errorf("configfile template %q", tmpl.Template().Text)
	}
}

// viewInline parses an inline tool and returns its view.
func viewInline(t *testing.T, src string) cst.Tool {
	t.Helper()
	tree := cst.Parse("inline.xml", []byte(src))
	if !tree.WellFormed() {
		t.Fatalf("inline tool not well-formed: %v", tree.Errors())
	}
	tool, ok := cst.ToolOf(tree)
	if !ok {
		t.Fatal("inline source has no <tool> root")
	}
	return tool
}

func TestViewArgumentName(t *testing.T) {
	for _, tc := range []struct{ arg, want string }{
		{"--foo-bar", "foo_bar"},
		{"-t", "t"},
		{"---x", "x"},
		{"foo", "foo"},
		{"--min-len-2", "min_len_2"},
		{"-", ""},
		{"", ""},
		{"--a--b", "a__b"},
	} {
		if got := cst.ArgumentName(tc.arg); got != tc.want {
			t.Errorf("ArgumentName(%q) = %q, want %q", tc.arg, got, tc.want)
		}
	}
	tool := viewInline(t, `<tool id="x"><inputs>
		<param argument="--foo-bar" type="text"/>
		<param name="explicit" argument="--other" type="text"/>
		<param name="" argument="--empty-name" type="text"/>
		<param type="text"/>
	</inputs></tool>`)
	viewEq(t, "names", viewStrs(tool.Inputs().Params(), func(p cst.Param) string { return p.Name() }),
		[]string{"foo_bar", "explicit", "", ""})
}

func TestViewParamsThroughExpand(t *testing.T) {
	tool := viewInline(t, `<tool id="x">
	<macros><xml name="m"><conditional name="c"><yield/></conditional></xml></macros>
	<inputs>
		<param name="a" type="text"/>
		<expand macro="m">
			<param name="b" type="text"/>
			<when value="x"><param name="c1" type="text"/></when>
		</expand>
		<expand macro="named">
			<token name="slot"><param name="d" type="integer"/></token>
		</expand>
		<section name="s">
			<expand macro="m"><repeat name="r"><param name="e" type="data"/></repeat></expand>
		</section>
	</inputs>
	<outputs>
		<expand macro="outs"><data name="o1" format="txt"/></expand>
	</outputs>
	</tool>`)
	in := tool.Inputs()
	viewEq(t, "items", viewStrs(in.Items(), cst.Input.Name), []string{"a", "b", "d", "s"})
	viewEq(t, "paths", viewStrs(in.Params(), func(p cst.Param) string { return p.Path() }),
		[]string{"a", "b", "c1", "d", "s|r|e"})
	viewEq(t, "walk", viewStrs(in.Walk(), cst.Input.Path), []string{"a", "b", "c1", "d", "s", "s|r", "s|r|e"})
	e, _ := in.Lookup("s|r|e")
	viewEq(t, "enclosing", viewStrs(slices.Values(e.Enclosing()), cst.Node.Name), []string{"section", "expand", "repeat"})
	viewEq(t, "outputs through expand", viewStrs(tool.Outputs().Data(), cst.Data.Name), []string{"o1"})
	m, ok := tool.Macros().XMLMacro("m")
	viewEq(t, "macro m", ok, true)
	viewEq(t, "macro m walk", viewStrs(viewInputsOf(m.Content()), cst.Input.Path), []string{"c"})
	viewEq(t, "top-level expands", viewCount(tool.Expands()), 0)
	viewEq(t, "all expands", viewCount(cst.ExpandsIn(tool.Node())), 4)
	named := slices.Collect(slices.Collect(cst.ExpandsIn(tool.Node()))[1].NamedContent())
	viewEq(t, "named content", viewStrs(slices.Values(named), cst.MacroToken.Name), []string{"slot"})
	viewEq(t, "named content elements", viewStrs(named[0].Elements(), cst.Node.Name), []string{"param"})
}

// viewInputsOf yields the input declarations among nodes.
func viewInputsOf(nodes iter.Seq[cst.Node]) iter.Seq[cst.Input] {
	return func(yield func(cst.Input) bool) {
		for n := range nodes {
			if in, ok := cst.AsInput(n); ok && !yield(in) {
				return
			}
		}
	}
}

func TestViewMissingAndZero(t *testing.T) {
	tool := viewInline(t, `<tool id="bare"/>`)
	viewEq(t, "name", tool.Name(), "")
	viewEq(t, "version", tool.Version(), "")
	for what, valid := range map[string]bool{
		"Macros":       tool.Macros().IsValid(),
		"Command":      tool.Command().IsValid(),
		"Inputs":       tool.Inputs().IsValid(),
		"Outputs":      tool.Outputs().IsValid(),
		"Tests":        tool.Tests().IsValid(),
		"Help":         tool.Help().IsValid(),
		"Requirements": tool.Requirements().IsValid(),
		"Citations":    tool.Citations().IsValid(),
		"Stdio":        tool.Stdio().IsValid(),
		"Creator":      tool.Creator().IsValid(),
		"ConfigFiles":  tool.ConfigFiles().IsValid(),
	} {
		if valid {
			t.Errorf("%s of an empty tool is valid", what)
		}
	}
	// Methods of invalid views return zero values instead of panicking.
	viewEq(t, "params", viewCount(tool.Inputs().Params()), 0)
	viewEq(t, "template", tool.Command().Template().Text, "")
	viewEq(t, "help format default", tool.Help().Format(), "restructuredtext")
	viewEq(t, "tests", viewCount(tool.Tests().Tests()), 0)
	viewEq(t, "zero param path", cst.Param{}.Path(), "")
	viewEq(t, "zero param name", cst.Param{}.Name(), "")
	viewEq(t, "zero test param path", cst.TestParam{}.Path(), "")
	viewEq(t, "zero conditional test param", cst.Conditional{}.TestParam().IsValid(), false)
	viewEq(t, "zero when conditional", cst.When{}.Conditional().IsValid(), false)
	viewEq(t, "zero span", cst.Tool{}.Span(), cst.Span{})
	viewEq(t, "zero attr", cst.Tool{}.Attr("id").IsValid(), false)
	viewEq(t, "zero args", len(cst.XMLMacro{}.Args()), 0)
	viewEq(t, "zero IsCDATA", cst.Command{}.IsCDATA(), false)
	viewEq(t, "nil tree", cst.FileKind(nil), cst.FileOther)
	if _, ok := cst.ToolOf(nil); ok {
		t.Error("ToolOf(nil) ok")
	}

	for _, tc := range []struct {
		src  string
		want cst.FileType
	}{
		{`<tool id="a"/>`, cst.FileTool},
		{`<?xml version="1.0"?><!-- c --><macros/>`, cst.FileMacros},
		{`<toolbox/>`, cst.FileOther},
		{``, cst.FileOther},
		{`not xml`, cst.FileOther},
	} {
		if got := cst.FileKind(cst.Parse("x", []byte(tc.src))); got != tc.want {
			t.Errorf("FileKind(%q) = %v, want %v", tc.src, got, tc.want)
		}
	}

	// Constructors refuse other elements.
	root := tool.Node()
	if _, ok := cst.AsParam(root); ok {
		t.Error("AsParam(<tool>) ok")
	}
	if _, ok := cst.AsInput(root.Attr("id")); ok {
		t.Error("AsInput(attribute) ok")
	}
	if _, ok := cst.AsTextElement(cst.Node{}); ok {
		t.Error("AsTextElement(zero) ok")
	}
}

func TestViewTextForms(t *testing.T) {
	tool := viewInline(t, `<tool id="t" name="n">
	<command><![CDATA[a && b]]> <!-- c --></command>
	<help format="markdown">x &amp; y</help>
	<description>  two
	  lines  </description>
	<requirements>
		<requirement type="package" version="1.0">
			samtools
		</requirement>
		<container type="docker">quay.io/x:1</container>
	</requirements>
	<inputs>
		<param name="p" type="text"><label>From
		child</label><help>Help child</help></param>
		<param name="q" type="text" label="" help="attr"><label>child wins when attr empty</label></param>
		<param name="s" type="select"><option value="v"/><option value="w">  </option></param>
	</inputs>
	<stdio>
		<exit_code range="1:" level="fatal" desc="d"/>
		<regex match="Error" source="stderr" description="e"/>
	</stdio>
	<configfiles><configfile name="c">text <x/> after</configfile></configfiles>
	</tool>`)
	cmd := tool.Command()
	viewEq(t, "cmd CDATA with comment", cmd.IsCDATA(), true)
	viewEq(t, "cmd text", cmd.Template().Text, "a && b ")
	help := tool.Help()
	viewEq(t, "help", []any{help.Format(), help.IsMarkdown(), help.IsCDATA(), help.Value()}, []any{"markdown", true, false, "x & y"})
	viewEq(t, "description", tool.Description().Value(), "two\n\t  lines")
	req := slices.Collect(tool.Requirements().Requirements())[0]
	viewEq(t, "requirement", req.Name(), "samtools")
	viewEq(t, "container", viewStrs(tool.Requirements().Containers(), func(c cst.Container) string { return c.Type() + " " + c.Image() }),
		[]string{"docker quay.io/x:1"})
	params := slices.Collect(tool.Inputs().Params())
	viewEq(t, "label from child", params[0].Label(), "From\t\tchild")
	viewEq(t, "help from child", params[0].Help(), "Help child")
	viewEq(t, "label when attr empty", params[1].Label(), "child wins when attr empty")
	viewEq(t, "help attr", params[1].Help(), "attr")
	viewEq(t, "option labels", viewStrs(params[2].Options(), cst.Option.Label), []string{"v", "  "})
	viewEq(t, "exit codes", viewStrs(tool.Stdio().ExitCodes(), func(e cst.ExitCode) string {
		return e.Range() + " " + e.Level() + " " + e.Description()
	}), []string{"1: fatal d"})
	viewEq(t, "regexes", viewStrs(tool.Stdio().Regexes(), func(r cst.StdioRegex) string {
		return r.Match() + " " + r.Source() + " " + r.Description()
	}), []string{"Error stderr e"})
	cf := slices.Collect(tool.ConfigFiles().Templates())[0]
	viewEq(t, "mixed configfile", []any{cf.HasElements(), cf.IsMixed(), cf.Template().Text}, []any{true, true, "text "})
}

func TestViewMacroArgs(t *testing.T) {
	tree := cst.Parse("m.xml", []byte(`<macros>
	<import>a.xml</import><import> b.xml </import>
	<xml name="q" tokens="a,b" token_b="B" token_quote="%"><yield name="n"/><yield/></xml>
	<macro name="g" type="token">v</macro>
	<macro name="h" type="template">#set x = 1</macro>
	<macro name="odd" type="other"/>
	<token name="@T@">first</token><token name="@T@">second</token>
	<xml name="dup"/><macro name="dup"><x/></macro>
	</macros>`))
	mf, ok := cst.MacrosFileOf(tree)
	viewEq(t, "ok", ok, true)
	viewEq(t, "imports", viewStrs(mf.Imports(), cst.Import.File), []string{"a.xml", " b.xml "})
	q, _ := mf.XMLMacro("q")
	viewEq(t, "quote", q.TokenQuote(), "%")
	viewEq(t, "args", viewStrs(slices.Values(q.Args()), func(a cst.MacroArg) string {
		return a.Placeholder() + "=" + a.Default + map[bool]string{true: "!", false: ""}[a.Required]
	}), []string{"%A%=!", "%B%=B", "%QUOTE%=%"})
	viewEq(t, "yields", viewStrs(q.Yields(), cst.Yield.Name), []string{"n", ""})
	viewEq(t, "xml macros", viewStrs(mf.XMLMacros(), cst.XMLMacro.Name), []string{"q", "dup", "dup"})
	viewEq(t, "tokens", viewStrs(mf.Tokens(), cst.MacroToken.Name), []string{"g", "@T@", "@T@"})
	tok, _ := mf.Token("@T@")
	viewEq(t, "last token wins", tok.Text().Text, "second")
	viewEq(t, "templates", viewStrs(mf.Templates(), func(t cst.Template) string { return t.Name() + ":" + t.Text().Text }),
		[]string{"h:#set x = 1"})
	dup, _ := mf.XMLMacro("dup")
	viewEq(t, "<xml> beats <macro>", dup.Node().Is("xml"), true)
	if _, ok := mf.XMLMacro("odd"); ok {
		t.Error("macro of unknown type found as XML macro")
	}
	if _, ok := cst.AsMacroToken(slices.Collect(mf.Node().Elements())[3]); !ok {
		t.Error("AsMacroToken(<macro type=token>) refused")
	}
}

// TestViewCorpusSmoke walks every corpus file through every view accessor.
func TestViewCorpusSmoke(t *testing.T) {
	var c viewCounts
	for _, f := range corpusFiles(t) {
		tree := cst.Parse(f.rel, f.src)
		switch cst.FileKind(tree) {
		case cst.FileTool:
			tool, _ := cst.ToolOf(tree)
			c.tools++
			c.tool(t, tool)
		case cst.FileMacros:
			mf, _ := cst.MacrosFileOf(tree)
			c.macroFiles++
			c.macros(mf.Macros)
		default:
			c.other++
		}
	}
	if c.tools < 1000 || c.params < 10000 || c.outputs < 1000 || c.tests < 1000 {
		t.Errorf("suspiciously low counts: %+v", c)
	}
	t.Logf("%d tools, %d macro files, %d other; %d params (%d with argument-derived names, %d conditionals, %d repeats, %d sections), "+
		"%d outputs (%d collections), %d tests (%d test params, %d output checks, %d assert blocks), "+
		"%d xml macros, %d tokens, %d expands, %d requirements, %d citations",
		c.tools, c.macroFiles, c.other, c.params, c.argNames, c.conditionals, c.repeats, c.sections,
		c.outputs, c.collections, c.tests, c.testParams, c.testOutputs, c.assertBlocks,
		c.xmlMacros, c.tokens, c.expands, c.requirements, c.citations)
}

type viewCounts struct {
	tools, macroFiles, other                     int
	params, argNames, conditionals, repeats      int
	sections, outputs, collections               int
	tests, testParams, testOutputs, assertBlocks int
	xmlMacros, tokens, expands                   int
	requirements, citations                      int
}

func (c *viewCounts) tool(t *testing.T, tool cst.Tool) {
	_ = []string{tool.ID(), tool.Name(), tool.Version(), tool.Profile(), tool.ToolType(), tool.License(), tool.PythonTemplateVersion()}
	c.macros(tool.Macros())
	cmd := tool.Command()
	_ = cmd.Template()
	_ = []any{cmd.IsCDATA(), cmd.IsMixed(), cmd.HasElements(), cmd.DetectErrors(), cmd.Strict(), cmd.Interpreter(), cmd.OOMExitCode()}
	_ = []any{tool.VersionCommand().Value(), tool.Description().Value(), tool.Help().Format(), tool.Help().Text(), tool.Help().IsCDATA()}
	for f := range tool.ConfigFiles().Files() {
		_ = []any{f.Kind(), f.Name(), f.Filename(), f.Template(), f.DataStyle()}
	}

	in := tool.Inputs()
	for i := range in.Walk() {
		if !i.Node().Is("param") && !i.Node().Is("conditional") && !i.Node().Is("repeat") &&
			!i.Node().Is("section") && !i.Node().Is("upload_dataset") {
			t.Errorf("%s: Walk yielded <%s>", i.Pos(), i.Node().Name())
		}
	}
	for path, p := range in.ParamPaths() {
		c.params++
		if !strings.HasSuffix(path, p.Name()) {
			t.Errorf("%s: path %q does not end with name %q", p.Pos(), path, p.Name())
		}
		if !p.Attr("name").IsValid() && p.Argument() != "" {
			c.argNames++
		}
		_ = []any{p.Type(), p.Format(), p.Formats(), p.Optional(), p.Multiple(), p.Label(), p.Help(), p.Value(), p.Min(), p.Max(), p.DataRef()}
		for o := range p.Options() {
			_ = []any{o.Value(), o.Selected(), o.Label(), o.Name(), viewCount(o.Options())}
		}
		opts := p.DynamicOptions()
		_ = []any{opts.FromDataTable(), opts.FromDataset(), opts.FromFile(), opts.FromParameter(), opts.FromURL(), opts.Validator().Type()}
		for f := range opts.Filters() {
			_ = []any{f.Type(), f.Ref(), f.Column(), f.Key(), f.Name(), f.Value()}
		}
		for col := range opts.Columns() {
			_ = []any{col.Name(), col.Index()}
		}
		for v := range p.Validators() {
			_ = []any{v.Type(), v.Message(), v.Negate(), v.Value()}
		}
		s := p.Sanitizer()
		_ = []any{s.Sanitize(), s.InvalidChar(), s.Valid(), s.Mapping()}
	}
	for cond := range in.Conditionals() {
		c.conditionals++
		_ = cond.TestParam().Name()
		for w := range cond.Whens() {
			_ = []any{w.Value(), viewCount(w.Items()), w.Conditional()}
			if w.Conditional().Node() != cond.Node() {
				t.Errorf("%s: when's conditional differs", w.Pos())
			}
		}
	}
	for r := range in.Repeats() {
		c.repeats++
		_ = []any{r.Title(), r.Min(), r.Max(), r.Default(), r.Help(), viewCount(r.Items())}
	}
	for s := range in.Sections() {
		c.sections++
		_ = []any{s.Title(), s.Expanded(), s.Help(), viewCount(s.Items())}
	}

	outs := tool.Outputs()
	_ = []any{outs.ProvidedMetadataStyle(), outs.ProvidedMetadataFile()}
	for o := range outs.Walk() {
		c.outputs++
		if o.IsCollection() {
			c.collections++
		}
		_ = []any{o.Name(), o.Format(), o.FormatSource(), o.MetadataSource(), o.Label(), o.Hidden()}
		for f := range o.Filters() {
			_ = f.Value()
		}
		for d := range o.DiscoverDatasets() {
			_ = []any{d.Pattern(), d.Directory(), d.Format(), d.Ext(), d.Visible(), d.Recurse(), d.AssignPrimaryOutput(), d.FromProvidedMetadata(), d.SortBy()}
		}
		for w := range o.ChangeFormat() {
			_ = []any{w.Input(), w.Value(), w.Format(), w.InputDataset(), w.Attribute()}
		}
		for a := range o.Actions().Actions() {
			_ = []any{a.Type(), a.Name(), a.Default(), viewCount(a.Options())}
		}
	}
	for col := range outs.Collections() {
		_ = []any{col.Type(), col.TypeSource(), col.StructuredLike(), col.InheritFormat(), viewCount(col.Data())}
	}
	for d := range outs.Data() {
		_ = []any{d.FromWorkDir(), d.AutoFormat(), d.DefaultIdentifierSource()}
	}

	for test := range tool.Tests().Tests() {
		c.tests++
		_ = []any{test.ExpectNumOutputs(), test.ExpectFailure(), test.ExpectTestFailure(), test.ExpectExitCode(), test.MaxSeconds()}
		for p := range test.Params() {
			c.testParams++
			_ = []any{p.Path(), p.Value(), p.ValueJSON(), p.Ftype(), p.DBKey(), p.Location(), viewCount(p.Metadata())}
			col := p.Collection()
			_ = []any{col.Type(), col.Name(), viewCount(col.Elements())}
		}
		for _, g := range [][]cst.TestGroup{slices.Collect(test.Conditionals()), slices.Collect(test.Repeats()), slices.Collect(test.Sections())} {
			for _, grp := range g {
				_ = []any{grp.Kind(), grp.Name(), viewCount(grp.Params()), viewCount(grp.Conditionals()), viewCount(grp.Repeats()), viewCount(grp.Sections())}
			}
		}
		for o := range test.Outputs() {
			c.testOutputs++
			_ = []any{o.Name(), o.File(), o.Ftype(), o.Compare(), o.Count(), o.MD5(), o.Checksum(), viewCount(o.Elements()),
				viewCount(o.DiscoveredDatasets()), viewCount(o.ExtraFiles()), viewCount(o.Metadata()), viewCount(o.AssertContents().Assertions())}
		}
		for oc := range test.OutputCollections() {
			_ = []any{oc.Name(), oc.Type(), oc.Count(), viewCount(oc.Elements())}
		}
		_ = []any{test.AssertCommand().Kind(), test.AssertStdout().Kind(), test.AssertStderr().Kind(), test.AssertCommandVersion().Kind()}
		for b := range test.AssertBlocks() {
			c.assertBlocks++
			for a := range b.Assertions() {
				_ = []any{a.Kind(), a.Negate(), viewCount(a.Assertions())}
			}
		}
	}

	reqs := tool.Requirements()
	for r := range reqs.Requirements() {
		c.requirements++
		_ = []any{r.Type(), r.Version(), r.Name()}
	}
	for ct := range reqs.Containers() {
		_ = []any{ct.Type(), ct.Image()}
	}
	for r := range reqs.Resources() {
		_ = []any{r.Type(), r.Value()}
	}
	for ci := range tool.Citations().Citations() {
		c.citations++
		_ = []any{ci.Type(), ci.Value()}
	}
	for e := range tool.Stdio().ExitCodes() {
		_ = []any{e.Range(), e.Level(), e.Description()}
	}
	for r := range tool.Stdio().Regexes() {
		_ = []any{r.Match(), r.Source(), r.Level(), r.Description()}
	}
	_ = []any{viewStrs(tool.EdamTopics(), cst.TextElement.Value), viewStrs(tool.EdamOperations(), cst.TextElement.Value)}
	_ = viewStrs(tool.Xrefs(), cst.Xref.Type)
	for p := range tool.Creator().Persons() {
		_ = []any{p.Name(), p.GivenName(), p.FamilyName(), p.Identifier(), p.URL(), p.Email()}
	}
	for o := range tool.Creator().Organizations() {
		_ = []any{o.Name(), o.URL(), o.Identifier(), o.Email()}
	}
	for e := range cst.ExpandsIn(tool.Node()) {
		c.expands++
		_ = []any{e.Macro(), viewCount(e.Args()), viewCount(e.Content()), viewCount(e.NamedContent())}
	}
	_ = viewCount(tool.Expands())
}

func (c *viewCounts) macros(m cst.Macros) {
	_ = viewStrs(m.Imports(), cst.Import.File)
	for x := range m.XMLMacros() {
		c.xmlMacros++
		_ = []any{x.Name(), x.TokenQuote(), x.Args(), viewCount(x.Content()), viewCount(x.Yields()), viewCount(x.Params()), viewCount(x.Expands())}
	}
	for tok := range m.Tokens() {
		c.tokens++
		_ = []any{tok.Name(), tok.Text(), tok.IsCDATA()}
	}
	for tp := range m.Templates() {
		_ = []any{tp.Name(), tp.Text()}
	}
}

// TestViewTruncated runs every accessor over prefixes of real tools: views
// of malformed trees return what they can and never panic.
func TestViewTruncated(t *testing.T) {
	for _, rel := range []string{
		viewGalaxyTools + "simple_constructs.xml",
		"galaxyproject__galaxy/lib/galaxy/datatypes/converters/interval_to_bgzip_converter.xml",
		"bgruening__galaxytools/tools/kraken_ocr/macros.xml",
	} {
		src := viewCorpusTree(t, rel).Source()
		var c viewCounts
		for end := 0; end < len(src); end += 7 {
			tree := cst.Parse(rel, src[:end])
			if tool, ok := cst.ToolOf(tree); ok {
				c.tool(t, tool)
			}
			if mf, ok := cst.MacrosFileOf(tree); ok {
				c.macros(mf.Macros)
			}
		}
	}
}
