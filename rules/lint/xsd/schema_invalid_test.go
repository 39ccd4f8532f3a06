package xsd

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/rules/lint/linttest"
)

func TestSchemaInvalid(t *testing.T) {
	valid := `<tool id="t" name="t" version="1.0">
    <command>true</command>
    <inputs>
        <param name="x" type="integer" value="1"/>
    </inputs>
    <outputs/>
</tool>
`
	if got, _ := linttest.Run(t, SchemaInvalid, "tool.xml", valid); len(got) != 0 {
		t.Errorf("valid tool: %+v", got)
	}
	got, _ := linttest.Run(t, SchemaInvalid, "tool.xml", strings.Replace(valid, `value="1"`, `vaule="1"`, 1))
	if len(got) != 1 || got[0].Linter != "XSD" || got[0].Pos.Line != 4 ||
		got[0].Message != "Invalid XML: Element 'param', attribute 'vaule': The attribute 'vaule' is not allowed." {
		t.Errorf("misspelt attribute: %+v", got)
	}

	// The misspelling is written in the macro file: the finding is there,
	// with the <expand> that brought it.
	tool := `<tool id="t" name="t" version="1.0">
    <macros>
        <import>macros.xml</import>
    </macros>
    <command>true</command>
    <inputs>
        <expand macro="x"/>
    </inputs>
    <outputs/>
</tool>
`
	mac := `<macros>
    <xml name="x">
        <param name="x" type="integer" vaule="1"/>
    </xml>
</macros>
`
	got, dir := linttest.Run(t, SchemaInvalid, "tool.xml", tool, "macros.xml", mac)
	if len(got) != 1 || got[0].Loc.File != filepath.Join(dir, "macros.xml") || got[0].Pos.Line != 3 ||
		len(got[0].Via) != 1 || got[0].Via[0].Name != "x" || got[0].Fix == "" {
		t.Errorf("misspelling in the macro file: %+v", got)
	}

	// A tool whose import is missing does not load in Galaxy: nothing to
	// validate.
	if got, _ := linttest.Run(t, SchemaInvalid, "tool.xml", tool); len(got) != 0 {
		t.Errorf("tool that does not expand: %+v", got)
	}
}
