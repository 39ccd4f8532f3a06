package mcpserver

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTokenizeVersionThroughMacros calls tokenize_version_tool in a
// session on a real corpus tool that imports a macro file, passed as
// content (the predecessor's tool fails closed on such a tool): inline,
// the tokens go to the tool's own <macros> beside the <import>; with
// macros_file naming the imported file, they go to that file, which comes
// back in files; a second call on the result skips, and a tool whose
// imported file is not passed fails closed with the import named.
func TestTokenizeVersionThroughMacros(t *testing.T) {
	const dir = "ARTbio__tools-artbio/tools/snvtocnv/"
	tool := corpusFile(t, dir+"snvtocnv.xml")
	mac := corpusFile(t, dir+"macro.xml")
	ms := map[string]string{"macro.xml": mac}
	cs := connect(t)

	var inline TokenizeVersionOutput
	res := callTool(t, cs, "tokenize_version_tool", TokenizeVersionInput{XML: tool, Macros: ms}, &inline)
	require.False(t, res.IsError, "%+v", inline.Envelope)
	require.True(t, inline.Tokenized, "skip: %v", inline.SkipReason)
	assert.Nil(t, inline.SkipReason)
	assert.Equal(t, "3.0.0", inline.Base)
	assert.Equal(t, "1", inline.Suffix)
	assert.Contains(t, inline.Formatted, `version="@TOOL_VERSION@+galaxy@VERSION_SUFFIX@"`)
	assert.Contains(t, inline.Formatted, "<macros>\n        <token name=\"@TOOL_VERSION@\">3.0.0</token>\n        <token name=\"@VERSION_SUFFIX@\">1</token>\n        <import>macro.xml</import>\n    </macros>")
	assert.Equal(t, 2, strings.Count(inline.Formatted, `<requirement type="package" version="@TOOL_VERSION@">`), "sequenza-utils and r-sequenza pin 3.0.0")
	assert.Empty(t, inline.Files)
	assert.True(t, strings.HasPrefix(inline.Diff, "--- a/tool.xml\n+++ b/tool.xml\n"))

	var shared TokenizeVersionOutput
	res = callTool(t, cs, "tokenize_version_tool", TokenizeVersionInput{XML: tool, Macros: ms, MacrosFile: "macro.xml"}, &shared)
	require.False(t, res.IsError, "%+v", shared.Envelope)
	require.True(t, shared.Tokenized, "skip: %v", shared.SkipReason)
	require.Contains(t, shared.Files, "macro.xml")
	assert.True(t, strings.HasPrefix(shared.Files["macro.xml"], "<macros>\n    <token name=\"@TOOL_VERSION@\">3.0.0</token>\n    <token name=\"@VERSION_SUFFIX@\">1</token>\n"))
	assert.NotContains(t, shared.Formatted, "<token", "the tokens are in the macro file")
	assert.Contains(t, shared.Diff, "+++ b/macro.xml")

	var again TokenizeVersionOutput
	res = callTool(t, cs, "tokenize_version_tool", TokenizeVersionInput{XML: shared.Formatted, Macros: map[string]string{"macro.xml": shared.Files["macro.xml"]}}, &again)
	require.False(t, res.IsError, "%+v", again.Envelope)
	assert.False(t, again.Tokenized)
	require.NotNil(t, again.SkipReason)
	assert.Contains(t, *again.SkipReason, "version is not a literal")
	assert.Equal(t, shared.Formatted, again.Formatted)

	var missing TokenizeVersionOutput
	res = callTool(t, cs, "tokenize_version_tool", TokenizeVersionInput{XML: tool}, &missing)
	require.False(t, res.IsError, "%+v", missing.Envelope)
	assert.False(t, missing.Tokenized)
	require.NotNil(t, missing.SkipReason)
	assert.Contains(t, *missing.SkipReason, "macro.xml")
	assert.Contains(t, *missing.SkipReason, "fail closed")
}

// TestTokenizeVersionErrors pins the error kinds of bad arguments.
func TestTokenizeVersionErrors(t *testing.T) {
	cs := connect(t)
	for name, tc := range map[string]struct {
		in   TokenizeVersionInput
		kind string
	}{
		"malformed":   {TokenizeVersionInput{XML: "<tool"}, KindInvalidXML},
		"macro file":  {TokenizeVersionInput{XML: "<macros/>"}, KindNotATool},
		"nested name": {TokenizeVersionInput{XML: demoTool, MacrosFile: "../macros.xml"}, KindInvalidArgument},
	} {
		t.Run(name, func(t *testing.T) {
			var out TokenizeVersionOutput
			res := callTool(t, cs, "tokenize_version_tool", tc.in, &out)
			assert.True(t, res.IsError)
			assert.Equal(t, tc.kind, out.ErrorKind, out.Message)
		})
	}
	var out TokenizeVersionOutput
	res := callTool(t, cs, "tokenize_version_tool", TokenizeVersionInput{XML: demoTool}, &out)
	require.False(t, res.IsError)
	assert.False(t, out.Tokenized)
	require.NotNil(t, out.SkipReason)
	assert.Equal(t, `version is not a literal "<base>+galaxy<suffix>" (already tokenized, or not using the IUC suffix convention)`, *out.SkipReason)
}
