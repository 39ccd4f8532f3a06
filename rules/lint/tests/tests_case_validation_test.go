package tests

import "testing"

func TestTestsCaseValidation(t *testing.T) {
	const ins = `<inputs>
  <param name="input1" type="data" format="txt"/>
  <param argument="--min-len" type="integer" value="1"/>
  <conditional name="c"><param name="sel" type="select"><option value="a">A</option></param>
    <when value="a"><param name="deep" type="integer" value="1"/></when></conditional>
  <repeat name="r" title="R"><param name="item" type="text"/></repeat>
  <section name="s" title="S"><param name="flag" type="boolean"/></section>
</inputs>`
	runCases(t, TestsCaseValidation, []caseT{
		{name: "names and paths", tool: wrap(ins + `<tests><test><param name="input1" value="a"/><param name="min_len" value="2"/>
			<param name="c|sel" value="a"/><param name="c|deep" value="2"/><param name="r_0|item" value="x"/><param name="s|flag" value="true"/></test></tests>`)},
		{name: "nested test elements", tool: wrap(ins + `<tests><test><conditional name="c"><param name="sel" value="a"/><param name="deep" value="1"/></conditional>
			<repeat name="r"><param name="item" value="x"/></repeat><section name="s"><param name="flag" value="true"/></section></test></tests>`)},
		{name: "a container named by a param is Galaxy's to judge on values", tool: wrap(ins + `<tests><test><param name="r" value="x"/></test></tests>`)},
		{name: "unknown", linters: []string{""},
			message: "Test 1: test parameter nope names no input of the tool, so Galaxy's test case validation rejects the test (Invalid parameter name found) and it won't run on a modern Galaxy tool profile version.",
			tool:    wrap(ins + `<tests><test><param name="nope" value="1"/></test></tests>`)},
		{name: "argument spelt with dashes", linters: []string{""}, tool: wrap(ins + `<tests><test><param name="min-len" value="1"/></test></tests>`)},
		{name: "unknown inside a test conditional", linters: []string{""},
			tool: wrap(ins + `<tests><test expect_exit_code="0"/><test><conditional name="c"><param name="selector" value="a"/></conditional></test></tests>`)},
		{name: "unknown leaf of a path", linters: []string{""}, tool: wrap(ins + `<tests><test><param name="s|flags" value="true"/></test></tests>`)},
	})
	macroCase(t, TestsCaseValidation, macroTool(ins), testsMacro(`      <test>
        <param name="input1" value="a.txt"/>
        <param name="ghost" value="1"/>
      </test>`), `"ghost"`)
}
