package mcpserver

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestConvertHelp calls convert_help_tool in a session: seed 000's demo
// converts (CDATA kept, format added, diff given); below profile 24.2 the
// skip says to upgrade first and the input comes back unchanged; a help an
// imported macro file holds is converted in that file, returned in files;
// converting the result again skips.
func TestConvertHelp(t *testing.T) {
	cs := connect(t)
	demo := "<tool id=\"demo\" name=\"Demo\" version=\"1.0\" profile=\"24.2\">\n    <command>true</command>\n" +
		"    <help><![CDATA[\nDemo\n====\n\nA **bold** tool.\n]]></help>\n</tool>\n"

	var out ConvertHelpOutput
	res := callTool(t, cs, "convert_help_tool", ConvertHelpInput{XML: demo}, &out)
	require.False(t, res.IsError, "%+v", out.Envelope)
	require.True(t, out.Converted, "skip: %v", out.SkipReason)
	assert.Nil(t, out.SkipReason)
	assert.Contains(t, out.Formatted, "<help format=\"markdown\"><![CDATA[\n# Demo\n\nA **bold** tool.\n]]></help>")
	assert.Equal(t, "# Demo\n\nA **bold** tool.", out.Markdown)
	assert.True(t, strings.HasPrefix(out.Diff, "--- a/tool.xml\n+++ b/tool.xml\n"))

	var again ConvertHelpOutput
	res = callTool(t, cs, "convert_help_tool", ConvertHelpInput{XML: out.Formatted}, &again)
	require.False(t, res.IsError, "%+v", again.Envelope)
	assert.False(t, again.Converted)
	require.NotNil(t, again.SkipReason)
	assert.Equal(t, "the <help> already declares a format", *again.SkipReason)

	var low ConvertHelpOutput
	old := strings.Replace(demo, `profile="24.2"`, `profile="23.0"`, 1)
	res = callTool(t, cs, "convert_help_tool", ConvertHelpInput{XML: old}, &low)
	require.False(t, res.IsError, "%+v", low.Envelope)
	assert.False(t, low.Converted)
	require.NotNil(t, low.SkipReason)
	assert.Contains(t, *low.SkipReason, "run `gtr upgrade` first")
	assert.Equal(t, old, low.Formatted)
	assert.Empty(t, low.Diff)

	tool := "<tool id=\"m\" name=\"M\" version=\"1.0\" profile=\"24.2\">\n    <macros>\n        <import>macros.xml</import>\n    </macros>\n" +
		"    <command>true</command>\n    <expand macro=\"help\"/>\n</tool>\n"
	mac := "<macros>\n    <xml name=\"help\">\n        <help><![CDATA[\nShared *help*.\n]]></help>\n    </xml>\n</macros>\n"
	var viaMacro ConvertHelpOutput
	res = callTool(t, cs, "convert_help_tool", ConvertHelpInput{XML: tool, Macros: map[string]string{"macros.xml": mac}}, &viaMacro)
	require.False(t, res.IsError, "%+v", viaMacro.Envelope)
	require.True(t, viaMacro.Converted, "skip: %v", viaMacro.SkipReason)
	assert.Equal(t, tool, viaMacro.Formatted, "the tool itself does not change")
	require.Contains(t, viaMacro.Files, "macros.xml")
	assert.Contains(t, viaMacro.Files["macros.xml"], "<help format=\"markdown\"><![CDATA[\nShared *help*.\n]]></help>")
	assert.Contains(t, viaMacro.Diff, "+++ b/macros.xml")
}

// TestConvertHelpErrors pins the error kinds of bad arguments.
func TestConvertHelpErrors(t *testing.T) {
	cs := connect(t)
	for name, tc := range map[string]struct {
		in   ConvertHelpInput
		kind string
	}{
		"malformed":  {ConvertHelpInput{XML: "<tool"}, KindInvalidXML},
		"macro file": {ConvertHelpInput{XML: "<macros/>"}, KindNotATool},
	} {
		t.Run(name, func(t *testing.T) {
			var out ConvertHelpOutput
			res := callTool(t, cs, "convert_help_tool", tc.in, &out)
			assert.True(t, res.IsError)
			assert.Equal(t, tc.kind, out.ErrorKind, out.Message)
		})
	}
}
