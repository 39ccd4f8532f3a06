package mcpserver

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestValidateToolValid(t *testing.T) {
	cs := connect(t)
	var out ValidateOutput
	res := callTool(t, cs, "validate_tool", ValidateInput{
		XML: fixture(t, "good/tool.xml"), Macros: map[string]string{"macros.xml": fixture(t, "good/macros.xml")},
	}, &out)
	require.False(t, res.IsError, out.Message)
	assert.True(t, out.Success)
	assert.True(t, out.Valid)
	assert.Equal(t, "22.05", out.DeclaredProfile) // from a token
	assert.Equal(t, "22.05", out.Profile)
	assert.Equal(t, "22.05", out.Schema)
	assert.Empty(t, out.Errors)
	assert.Equal(t, "26.1", out.NewestValidProfile)
	assert.Empty(t, out.Profiles)
	assert.Equal(t, []string{"macros.xml"}, out.Imports)
}

func TestValidateToolLocatesErrors(t *testing.T) {
	cs := connect(t)
	var out ValidateOutput
	callTool(t, cs, "validate_tool", ValidateInput{
		XML: fixture(t, "bad_macro/tool.xml"), Macros: map[string]string{"macros.xml": fixture(t, "bad_macro/macros.xml")},
	}, &out)
	assert.True(t, out.Success)
	assert.False(t, out.Valid)
	assert.Empty(t, out.NewestValidProfile)
	assert.Equal(t, []SchemaError{
		{
			// The value came from a token: its definition is at fault.
			Message: "Element 'tool', attribute 'workflow_compatible': 'yes' is not a valid value of the atomic type 'xs:boolean'.",
			Element: "tool", Attribute: "workflow_compatible", File: "macros.xml", Line: 4, Column: 30,
			ExpandedFrom: []Step{{Kind: "token", Name: "@WORKFLOW@", File: "tool.xml", Line: 1, Column: 113}},
		},
		{
			Message: "Element 'data', attribute 'hidden': 'True' is not a valid value of the atomic type 'xs:boolean'.",
			Element: "data", Attribute: "hidden", File: "macros.xml", Line: 11, Column: 89,
			ExpandedFrom: []Step{{Kind: "expand", Name: "log_output", File: "tool.xml", Line: 12, Column: 9}},
		},
	}, out.Errors)
}

func TestValidateToolProfiles(t *testing.T) {
	cs := connect(t)
	// <xrefs> came with the 23.0 schema (it is not allowed before).
	tool := `<tool id="t" name="T" version="1">
    <xrefs>
        <xref type="bio.tools">bedtools</xref>
    </xrefs>
    <command>true</command>
</tool>`
	var out ValidateOutput
	callTool(t, cs, "validate_tool", ValidateInput{XML: tool, AllProfiles: true}, &out)
	assert.False(t, out.Valid)
	assert.Empty(t, out.DeclaredProfile)
	assert.Equal(t, "16.01", out.Profile)
	assert.Equal(t, "16.10", out.Schema)
	require.Len(t, out.Errors, 1)
	assert.Equal(t, 2, out.Errors[0].Line)
	assert.Equal(t, 5, out.Errors[0].Column)
	require.NotEmpty(t, out.Profiles)
	assert.Equal(t, ProfileVerdict{Profile: "16.10", Valid: false, Errors: 1}, out.Profiles[0])
	last := out.Profiles[len(out.Profiles)-1]
	assert.True(t, last.Valid)
	assert.Equal(t, last.Profile, out.NewestValidProfile)

	out = ValidateOutput{}
	callTool(t, cs, "validate_tool", ValidateInput{XML: tool, Profile: "24.0"}, &out)
	assert.True(t, out.Valid)
	assert.Equal(t, "24.0", out.Profile)
	assert.Empty(t, out.Profiles)
}

func TestValidateToolColumnsAreUTF16(t *testing.T) {
	cs := connect(t)
	// "😀" is 4 bytes, 2 UTF-16 units.
	tool := "<tool id=\"t\" name=\"😀\" version=\"1\" colour=\"red\"><command>true</command></tool>"
	var out ValidateOutput
	callTool(t, cs, "validate_tool", ValidateInput{XML: tool}, &out)
	require.Len(t, out.Errors, 1)
	assert.Equal(t, 36, out.Errors[0].Column) // bytes would say 38
}

func TestValidateToolErrors(t *testing.T) {
	cs := connect(t)
	tests := []struct {
		name string
		in   ValidateInput
		kind string
	}{
		{"unknown profile", ValidateInput{XML: demoTool, Profile: "twenty"}, KindInvalidArgument},
		{"macro file", ValidateInput{XML: "<macros><xml name=\"a\"/></macros>"}, KindNotATool},
		{"not a tool", ValidateInput{XML: "<workflow/>"}, KindNotATool},
		{"macro error", ValidateInput{XML: strings.Replace(demoTool, "<inputs>", "<macros><xml name=\"y\"/></macros><inputs><expand macro=\"x\"/>", 1)}, KindMacroError},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var env Envelope
			res := callTool(t, cs, "validate_tool", tt.in, &env)
			assert.True(t, res.IsError)
			assert.Equal(t, tt.kind, env.ErrorKind, env.Message)
		})
	}
}
