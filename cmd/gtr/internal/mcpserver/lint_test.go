package mcpserver

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCheckToolFindingInMacros: check_tool locates an advisory finding
// whose bytes are written in a macro file passed as content in that file,
// says which <expand> of the tool brought them, names the Galaxy linter and
// says what to do.
func TestCheckToolFindingInMacros(t *testing.T) {
	tool := `<tool id="t" name="t" version="1.0">
    <macros>
        <import>macros.xml</import>
    </macros>
    <expand macro="requirements"/>
    <command>true</command>
</tool>
`
	mac := `<macros>
    <xml name="requirements">
        <requirements>
            <requirement type="package">samtools</requirement>
        </requirements>
    </xml>
</macros>
`
	out, err := checkTool(context.Background(), CheckInput{XML: tool, Macros: map[string]string{"macros.xml": mac},
		Selection: Selection{Select: []string{"requirementversionmissing"}}})
	require.NoError(t, err)
	require.Len(t, out.Violations, 1, "%+v", out.Violations)
	v := out.Violations[0]
	require.Equal(t, "GTR033", v.Code)
	require.Equal(t, "macros.xml", v.File)
	require.Equal(t, 4, v.Line)
	require.Equal(t, 13, v.Column)
	require.Equal(t, `tool.xml:5:5 <expand macro="requirements">`, v.ExpandedFrom)
	require.Equal(t, "RequirementVersionMissing", v.Linter)
	require.True(t, v.Advisory)
	require.NotEmpty(t, v.Fix)
	require.NotEqual(t, v.Message, v.Fix, "the fix says what to do, not the message again")
}

// TestCheckToolMacroFile: check_tool answers for a macro file passed as
// the xml, with the advisory checks that read macro files.
func TestCheckToolMacroFile(t *testing.T) {
	mac := `<macros>
    <xml name="args">--in '$input' --out '$output'</xml>
</macros>
`
	out, err := checkTool(context.Background(), CheckInput{XML: mac, Selection: Selection{Select: []string{"GTR104"}}})
	require.NoError(t, err)
	require.Len(t, out.Violations, 1, "%+v", out.Violations)
	v := out.Violations[0]
	require.Equal(t, "GTR104", v.Code)
	require.Equal(t, "tool.xml", v.File, "the file passed as xml")
	require.Equal(t, 2, v.Line)
	require.True(t, v.Advisory)
}
