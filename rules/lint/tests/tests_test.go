package tests

import "testing"

const outs = `<outputs>
  <data name="out" format="txt"/>
  <collection name="coll" type="list"/>
</outputs>`

func TestTestsAsserts(t *testing.T) {
	runCases(t, TestsAsserts, []caseT{
		{name: "quantified", tool: wrap(`<tests><test><output name="o"><assert_contents>
			<has_n_lines n="2"/><has_n_columns min="1"/><has_size size="10"/><has_size value="3" delta="1"/>
			</assert_contents></output></test></tests>`)},
		{name: "n lines without n", linters: []string{"TestsAssertsHasNQuant"},
			message: "Test 1: 'has_n_lines' needs to specify 'n', 'min', or 'max'",
			tool:    wrap(`<tests><test><output name="o"><assert_contents><has_n_lines delta="1"/></assert_contents></output></test></tests>`)},
		{name: "n columns in stdout of second test", linters: []string{"TestsAssertsHasNQuant"},
			message: "Test 2: 'has_n_columns' needs to specify 'n', 'min', or 'max'",
			tool:    wrap(`<tests><test expect_exit_code="0"/><test><assert_stdout><has_n_columns sep=","/></assert_stdout></test></tests>`)},
		{name: "nested in a has_archive_member", linters: []string{"TestsAssertsHasSizeQuant"},
			tool: wrap(`<tests><test><output name="o"><assert_contents><has_archive_member path="a"><has_size delta="2"/></has_archive_member></assert_contents></output></test></tests>`)},
		{name: "size and value", linters: []string{"TestsAssertsHasSizeOrValueQuant"},
			message: "Test 1: 'has_size' must not specify 'value' and 'size'",
			tool:    wrap(`<tests><test><output name="o"><assert_contents><has_size size="1" value="1"/></assert_contents></output></test></tests>`)},
		{name: "outside an assertion container", tool: wrap(`<tests><test><output name="o"><has_n_lines/></output></test></tests>`)},
		{name: "two stdout blocks", linters: []string{"TestsAssertsMultiple"},
			message: "Test 1: More than one assert_stdout found. Only the first is considered.",
			tool:    wrap(`<tests><test><assert_stdout><has_text text="a"/></assert_stdout><assert_stdout><has_text text="b"/></assert_stdout></test></tests>`)},
		{name: "one of each", tool: wrap(`<tests><test><assert_stdout/><assert_stderr/><assert_command/></test></tests>`)},
		{name: "not a tests type", tool: `<tool id="t" name="t" version="1" tool_type="interactive"><tests><test><assert_stdout><has_n_lines/></assert_stdout></test></tests></tool>`},
	})
	macroCase(t, TestsAsserts, macroTool(""), testsMacro(`      <test>
        <assert_stdout>
          <has_n_lines min="1"/>
          <has_size/>
        </assert_stdout>
      </test>`), "<has_size/>")
}

func TestTestsOutputCompareAttrib(t *testing.T) {
	runCases(t, TestsOutputCompareAttrib, []caseT{
		{name: "compatible", tool: wrap(`<tests><test><output name="o" file="a" lines_diff="2" sort="true"/>
			<output name="p" file="b" compare="sim_size" delta="10"/><output name="q" file="c" compare="image_diff" metric="mae" eps="0.1"/></test></tests>`)},
		{name: "delta with diff by default", linters: []string{"TestsOutputCompareAttrib"},
			message: `Test 1: Attribute delta is incompatible with compare="diff".`,
			tool:    wrap(`<tests><test><output name="o" file="a" delta="10"/></test></tests>`)},
		{name: "element and discovered dataset", linters: []string{"TestsOutputCompareAttrib", "TestsOutputCompareAttrib"},
			tool: wrap(`<tests><test><output_collection name="c"><element name="e" file="a" compare="contains" sort="true"/></output_collection>
				<output name="o"><discovered_dataset designation="d" file="b" compare="sim_size" decompress="true"/></output></test></tests>`)},
		{name: "two attributes, Galaxy's order", linters: []string{"TestsOutputCompareAttrib", "TestsOutputCompareAttrib"},
			message: `Test 1: Attribute sort is incompatible with compare="sim_size".`,
			tool:    wrap(`<tests><test><output name="o" file="a" compare="sim_size" metric="x" sort="true"/></test></tests>`)},
	})
	macroCase(t, TestsOutputCompareAttrib, macroTool(outs), testsMacro(`      <test>
        <output name="out" file="a"
            delta="3"/>
      </test>`), `delta="3"`)
}

func TestTestsOutputName(t *testing.T) {
	runCases(t, TestsOutputName, []caseT{
		{name: "named", tool: wrap(outs + `<tests><test><output name="out" file="a"/></test></tests>`)},
		{name: "no name", linters: []string{"TestsOutputName"}, message: "Test 1: Found output tag without a name defined.",
			tool: wrap(outs + `<tests><test><output file="a"/></test></tests>`)},
		{name: "empty name", linters: []string{"TestsOutputName"}, tool: wrap(outs + `<tests><test><output name="" file="a"/></test></tests>`)},
		{name: "collection without name is the XSD's", tool: wrap(outs + `<tests><test><output_collection type="list"/></test></tests>`)},
	})
	macroCase(t, TestsOutputName, macroTool(outs), testsMacro(`      <test>
        <output file="a"/>
      </test>`), `<output file="a"/>`)
}

func TestTestsOutputDefined(t *testing.T) {
	runCases(t, TestsOutputDefined, []caseT{
		{name: "defined", tool: wrap(outs + `<tests><test><output name="out" file="a"/><output_collection name="coll" count="2"/></test></tests>`)},
		{name: "unknown", linters: []string{"TestsOutputDefined"},
			message: "Test 1: Found output tag with unknown name [other], valid names ['out', 'coll']",
			tool:    wrap(outs + `<tests><test><output name="other" file="a"/></test></tests>`)},
		{name: "two outputs sections hide every name", linters: []string{"TestsOutputDefined"},
			message: "Test 1: Found output_collection tag with unknown name [coll], valid names []",
			tool:    wrap(outs + outs + `<tests><test><output_collection name="coll" count="1"/></test></tests>`)},
		{name: "output names a collection", linters: []string{"TestsOutputCorresponding"},
			message: "Test 1: test output coll does not correspond to a 'data' output, but a 'collection'",
			tool:    wrap(outs + `<tests><test><output name="coll" file="a"/></test></tests>`)},
		{name: "output_collection names a data", linters: []string{"TestsOutputCollectionCorresponding"},
			message: "Test 1: test collection output 'out' does not correspond to a 'output_collection' output, but a 'data'",
			tool:    wrap(outs + `<tests><test><output_collection name="out"/></test></tests>`)},
		{name: "outputs first, then collections", linters: []string{"TestsOutputCorresponding", "TestsOutputDefined"},
			tool: wrap(outs + `<tests><test><output_collection name="x"/><output name="coll"/></test></tests>`)},
	})
	macroCase(t, TestsOutputDefined, macroTool(outs), testsMacro(`      <test>
        <output name="gone" file="a"/>
      </test>`), `"gone"`)
}

func TestTestsOutputCheckDiscovered(t *testing.T) {
	const disc = `<outputs>
  <data name="out" format="txt"><discover_datasets pattern="__name__" directory="o"/></data>
  <collection name="flat" type="list"><discover_datasets pattern="__name__" directory="f"/></collection>
  <collection name="deep" type="list:paired"><discover_datasets pattern="__name__" directory="d"/></collection>
  <data name="plain" format="txt"/>
</outputs>`
	runCases(t, TestsOutputCheckDiscovered, []caseT{
		{name: "counted", tool: wrap(disc + `<tests><test><output name="out" count="2"/><output_collection name="flat" count="2"/>
			<output_collection name="deep"><element name="a"><element name="forward"/></element></output_collection><output name="plain" file="a"/></test></tests>`)},
		{name: "discovered dataset listed", tool: wrap(disc + `<tests><test><output name="out"><discovered_dataset designation="a" file="a"/></output>
			<output_collection name="deep"><element name="a" count="2"/></output_collection></test></tests>`)},
		{name: "data without count", linters: []string{"TestsOutputCheckDiscovered"},
			message: "Test 1: test output 'out' must have a 'count' attribute and/or 'discovered_dataset' children",
			tool:    wrap(disc + `<tests><test><output name="out" file="a"/></test></tests>`)},
		{name: "collection without count", linters: []string{"TestsOutputCollectionCheckDiscovered"},
			message: "Test 1: test collection 'flat' must have a 'count' attribute or 'element' children",
			tool:    wrap(disc + `<tests><test><output_collection name="flat"/></test></tests>`)},
		{name: "nested collection, flat elements", linters: []string{"TestsOutputCollectionCheckDiscoveredNested"},
			message: "Test 1: test collection 'deep' must contain nested 'element' tags and/or element children with a 'count' attribute",
			tool:    wrap(disc + `<tests><test><output_collection name="deep"><element name="a"/></output_collection></test></tests>`)},
		{name: "nested collection, count only", linters: []string{"TestsOutputCollectionCheckDiscoveredNested"},
			tool: wrap(disc + `<tests><test><output_collection name="deep" count="2"/></test></tests>`)},
		{name: "nested collection, nothing", linters: []string{"TestsOutputCollectionCheckDiscovered", "TestsOutputCollectionCheckDiscoveredNested"},
			tool: wrap(disc + `<tests><test><output_collection name="deep"/></test></tests>`)},
	})
	macroCase(t, TestsOutputCheckDiscovered, macroTool(disc), testsMacro(`      <test>
        <output name="out" file="a"/>
      </test>`), `<output name="out"`)
}

func TestTestsParamInInputs(t *testing.T) {
	const ins = `<inputs>
  <param name="input1" type="data" format="txt"/>
  <param argument="--min-len" type="integer" value="1"/>
  <conditional name="c"><param name="sel" type="select"><option value="a">A</option></param></conditional>
</inputs>`
	runCases(t, TestsParamInInputs, []caseT{
		{name: "names, paths and arguments", tool: wrap(ins + `<tests><test><param name="input1" value="a"/><param name="c|sel" value="a"/>
			<param name="min_len" value="2"/><param name="min-len" value="2"/><param name="x|y|input1" value="a"/></test></tests>`)},
		{name: "unknown", linters: []string{"TestsParamInInputs"}, message: "Test 1: Test param input2 not found in the inputs",
			tool: wrap(ins + `<tests><test><param name="input2" value="a"/></test></tests>`)},
		{name: "last part of a path", linters: []string{"TestsParamInInputs"}, message: "Test 1: Test param nope not found in the inputs",
			tool: wrap(ins + `<tests><test><param name="c|nope" value="a"/></test></tests>`)},
		{name: "inside a repeat of the test is not read", tool: wrap(ins + `<tests><test><repeat name="r"><param name="nope" value="a"/></repeat></test></tests>`)},
		{name: "a conditional's name is no param", linters: []string{"TestsParamInInputs"},
			tool: wrap(ins + `<tests><test><param name="c" value="a"/></test></tests>`)},
		{name: "a param below an <inputs> anywhere counts", linters: []string{"TestsParamInInputs"}, message: "Test 1: Test param other not found in the inputs",
			tool: wrap(ins + `<outputs><data name="o"><inputs><param name="elsewhere" argument="--far-away"/></inputs></data></outputs>
			<tests><test><param name="elsewhere" value="a"/><param name="far_away" value="a"/><param name="other" value="a"/></test></tests>`)},
	})
	macroCase(t, TestsParamInInputs, macroTool(ins), testsMacro(`      <test>
        <param name="ghost" value="a"/>
      </test>`), `"ghost"`)
}

func TestTestsOutputFailing(t *testing.T) {
	runCases(t, TestsOutputFailing, []caseT{
		{name: "failure checked on stderr", tool: wrap(outs + `<tests><test expect_failure="true"><assert_stderr><has_text text="x"/></assert_stderr></test></tests>`)},
		{name: "outputs of a success", tool: wrap(outs + `<tests><test expect_failure="false" expect_num_outputs="1"><output name="out"/></test></tests>`)},
		{name: "outputs of a failure", linters: []string{"TestsOutputFailing"}, message: "Test 1: Cannot specify outputs in a test expecting failure.",
			tool: wrap(outs + `<tests><test expect_failure="yes" expect_num_outputs="1"><output name="out"/></test></tests>`)},
		{name: "number of outputs of a failure", linters: []string{"TestsExpectNumOutputsFailing"},
			message: "Test 1: Cannot make assumptions on the number of outputs in a test expecting failure.",
			tool:    wrap(outs + `<tests><test expect_failure="True" expect_num_outputs="0"/></tests>`)},
	})
	macroCase(t, TestsOutputFailing, macroTool(outs), testsMacro(`      <test expect_failure="true">
        <output name="out" file="a"/>
      </test>`), `<test expect_failure`)
}

func TestTestsExpectNumOutputs(t *testing.T) {
	const filtered = `<outputs><data name="out" format="txt"><filter>mode == "a"</filter></data></outputs>`
	runCases(t, TestsExpectNumOutputs, []caseT{
		{name: "no filter", tool: wrap(outs + `<tests><test><output name="out"/></test></tests>`)},
		{name: "counted", tool: wrap(filtered + `<tests><test expect_num_outputs="1"><output name="out"/></test><test expect_failure="1"/></tests>`)},
		{name: "not counted", linters: []string{"TestsExpectNumOutputs"}, message: "Test 2: should specify 'expect_num_outputs' if outputs have filters",
			tool: wrap(filtered + `<tests><test expect_num_outputs="1"/><test expect_failure="false"><output name="out"/></test></tests>`)},
		{name: "collection filter", linters: []string{"TestsExpectNumOutputs"},
			tool: wrap(`<outputs><collection name="c" type="list"><filter>x</filter></collection></outputs><tests><test/></tests>`)},
		{name: "filter deeper is not Galaxy's", tool: wrap(`<outputs><data name="o"><change_format><filter/></change_format></data></outputs><tests><test/></tests>`)},
	})
	macroCase(t, TestsExpectNumOutputs, macroTool(filtered), testsMacro(`      <test>
        <output name="out" file="a"/>
      </test>`), `<test>`)
}

func TestTestsHasExpectations(t *testing.T) {
	runCases(t, TestsHasExpectations, []caseT{
		{name: "expectations", tool: wrap(outs + `<tests><test expect_exit_code="1"/><test><assert_command/></test><test><output name="out"/></test></tests>`)},
		{name: "one empty of two", linters: []string{"TestsHasExpectations"},
			message: "Test 2: No outputs or expectations defined for tests, this test is likely invalid.",
			tool:    wrap(outs + `<tests><test><output name="out"/></test><test><param name="x" value="1"/></test></tests>`)},
		{name: "all empty", linters: []string{"TestsHasExpectations", "TestsValid"},
			tool: wrap(outs + `<tests><test><param name="x" value="1"/></test></tests>`)},
		{name: "contradictory only", linters: []string{"TestsValid"},
			tool: wrap(outs + `<tests><test expect_failure="true"><output name="out"/></test></tests>`)},
		{name: "data source", linters: []string{"TestsHasExpectations"},
			tool: `<tool id="t" name="t" version="1" tool_type="data_source"><tests><test/></tests></tool>`},
		{name: "no tests is GTR021's", tool: wrap(outs)},
	})
	macroCase(t, TestsHasExpectations, macroTool(outs), testsMacro(`      <test>
        <param name="x" value="1"/>
      </test>`), `<test>`)
}
