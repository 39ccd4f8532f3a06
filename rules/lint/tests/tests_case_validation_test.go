package tests

import "testing"

func TestTestsCaseValidation(t *testing.T) {
	const ins = `<inputs>
  <param name="input1" type="data" format="txt"/>
  <param argument="--min-len" type="integer" value="1"/>
  <conditional name="c"><param name="sel" type="select"><option value="a">A</option><option value="b">B</option></param>
    <when value="a"><param name="deep" type="integer" value="1"/></when><when value="b"/></conditional>
  <repeat name="r" title="R"><param name="item" type="text"/></repeat>
  <section name="s" title="S"><param name="flag" type="boolean"/></section>
</inputs>`
	const in1 = `<param name="input1" value="a.txt"/>`
	runCases(t, TestsCaseValidation, []caseT{
		{name: "names and paths", tool: wrap(ins + `<tests><test>` + in1 + `<param name="min_len" value="2"/>
			<param name="c|sel" value="a"/><param name="c|deep" value="2"/><param name="r_0|item" value="x"/><param name="s|flag" value="true"/></test></tests>`)},
		{name: "nested test elements", tool: wrap(ins + `<tests><test>` + in1 + `<conditional name="c"><param name="sel" value="a"/><param name="deep" value="1"/></conditional>
			<repeat name="r"><param name="item" value="x"/></repeat><section name="s"><param name="flag" value="true"/></section></test></tests>`)},
		{name: "unknown", linters: []string{""},
			message: "Test 1: test parameter nope names no input of the tool, so Galaxy's test case validation rejects the test (Invalid parameter name found) and it won't run on a modern Galaxy tool profile version.",
			tool:    wrap(ins + `<tests><test>` + in1 + `<param name="nope" value="1"/></test></tests>`)},
		{name: "argument spelt with dashes", linters: []string{""}, tool: wrap(ins + `<tests><test>` + in1 + `<param name="min-len" value="1"/></test></tests>`)},
		{name: "unknown inside a test conditional", linters: []string{""},
			tool: wrap(ins + `<tests><test>` + in1 + `</test><test>` + in1 + `<conditional name="c"><param name="selector" value="a"/></conditional></test></tests>`)},
		{name: "unknown leaf of a path", linters: []string{""}, tool: wrap(ins + `<tests><test>` + in1 + `<param name="s|flags" value="true"/></test></tests>`)},
		// Beyond names: what Galaxy's model checks of the values.
		{name: "a required data input unset", linters: []string{""},
			message: "Test 1: failed to validate test parameters against inputs - tests won't run on a modern Galaxy tool profile version. Validation error is [input1: the test does not set input1, which Galaxy's test-case model requires]",
			tool:    wrap(ins + `<tests><test><param name="min_len" value="2"/></test></tests>`)},
		{name: "a select value that is no option", linters: []string{""}, tool: wrap(ins + `<tests><test>` + in1 + `<param name="c|sel" value="A"/></test></tests>`)},
		{name: "Galaxy raises on a test value", linters: []string{""}, tool: wrap(ins + `<tests><test>` + in1 + `<param name="min_len" value="two"/></test></tests>`)},
	})
	macroCase(t, TestsCaseValidation, macroTool(ins), testsMacro(`      <test>
        <param name="input1" value="a.txt"/>
        <param name="ghost" value="1"/>
      </test>`), `"ghost"`)
}
