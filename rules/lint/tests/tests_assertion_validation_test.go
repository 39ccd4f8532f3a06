package tests

import "testing"

func TestTestsAssertionValidation(t *testing.T) {
	out := func(asserts string) string {
		return wrap(outs + `<tests><test><output name="out">` + asserts + `</output></test></tests>`)
	}
	runCases(t, TestsAssertionValidation, []caseT{
		{name: "valid", tool: out(`<assert_contents><has_n_lines n="3"/><has_size size="1k" delta="10"/><has_text text="a" n="2"/>
			<has_archive_member path="x"><has_n_columns n="2" sep=","/></has_archive_member></assert_contents>`)},
		{name: "valid stdout", tool: wrap(`<tests><test><assert_stdout><has_line line="done"/></assert_stdout></test></tests>`)},
		{name: "unknown attribute", linters: []string{""},
			message: "Element 'has_n_lines', attribute 'count': The attribute 'count' is not allowed.",
			tool:    out(`<assert_contents><has_n_lines n="1" count="3"/></assert_contents>`)},
		{name: "unknown assertion", linters: []string{""}, tool: out(`<assert_contents><has_txt text="a"/></assert_contents>`)},
		{name: "missing required attribute", linters: []string{""},
			message: "Element 'has_text': The attribute 'text' is required but missing.", tool: wrap(`<tests><test><assert_stderr><has_text/></assert_stderr></test></tests>`)},
		{name: "not an integer", linters: []string{""}, tool: out(`<assert_contents><has_n_lines n="three"/></assert_contents>`)},
		{name: "not a boolean", linters: []string{""}, tool: out(`<assert_contents><has_text text="a" negate="maybe"/></assert_contents>`)},
		{name: "nested", linters: []string{"", ""}, tool: out(`<assert_contents><has_archive_member path="x"><has_line lin="a"/></has_archive_member></assert_contents>`)},
		{name: "outside assertions is not this check's", tool: out(`<metadata nope="1"/>`)},
	})
	macroCase(t, TestsAssertionValidation, macroTool(outs), testsMacro(`      <test>
        <output name="out">
          <assert_contents>
            <has_text text="a" txet="b"/>
          </assert_contents>
        </output>
      </test>`), `txet="b"`)
}
