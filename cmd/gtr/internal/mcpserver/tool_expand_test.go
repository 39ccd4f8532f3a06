package mcpserver

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fixture reads a file of the repository's testdata/validate.
func fixture(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "testdata", "validate", filepath.FromSlash(name)))
	require.NoError(t, err)
	return string(data)
}

func TestExpandTool(t *testing.T) {
	cs := connect(t)
	in := ExpandInput{XML: fixture(t, "bad_macro/tool.xml"), Macros: map[string]string{"macros.xml": fixture(t, "bad_macro/macros.xml")}}

	var out ExpandOutput
	res := callTool(t, cs, "expand_tool", in, &out)
	require.False(t, res.IsError, out.Message)
	assert.True(t, out.Success)
	assert.Equal(t, []string{"macros.xml"}, out.Imports)
	assert.True(t, strings.HasPrefix(out.Expanded, `<tool id="bedtools_demo" name="bedtools demo" version="2.31.0" profile="22.05"`), out.Expanded)
	assert.Contains(t, out.Expanded, `<data name="log" format="txt" label="${tool.name} on ${on_string}: log" hidden="True"/>`)
	assert.Empty(t, out.Provenance)

	// The canonical JSON is Galaxy's form: parse it to get the tree.
	in.Format = "json"
	callTool(t, cs, "expand_tool", in, &out)
	var tree struct {
		Tag   string            `json:"tag"`
		Attrs map[string]string `json:"attrs"`
	}
	require.NoError(t, json.Unmarshal([]byte(out.Expanded), &tree))
	assert.Equal(t, "tool", tree.Tag)
	assert.Equal(t, "22.05", tree.Attrs["profile"])
	assert.True(t, strings.HasPrefix(out.Expanded, `{"attrs":{"id":"bedtools_demo",`), out.Expanded)

	in.Provenance = true
	out = ExpandOutput{}
	callTool(t, cs, "expand_tool", in, &out)
	find := func(xpath, what, name string) Provenance {
		for _, p := range out.Provenance {
			if p.XPath == xpath && p.What == what && p.Name == name {
				return p
			}
		}
		t.Fatalf("no provenance for %s %s %s", xpath, what, name)
		return Provenance{}
	}
	data := find("/tool/outputs/data[2]", "element", "")
	assert.Equal(t, "macros.xml", data.File)
	assert.Equal(t, 11, data.Line)
	assert.Equal(t, 9, data.Column)
	assert.Equal(t, []Step{{Kind: "expand", Name: "log_output", File: "tool.xml", Line: 12, Column: 9}}, data.Via)
	version := find("/tool", "attribute", "version")
	assert.Equal(t, "2.31.0", version.Value)
	assert.Equal(t, "tool.xml", version.File)
	assert.Equal(t, 1, version.Line)
	assert.Equal(t, []Use{{Token: "@TOOL_VERSION@", Value: "2.31.0", File: "macros.xml", Line: 2, Column: 34}}, version.Tokens)
}

func TestExpandToolErrors(t *testing.T) {
	cs := connect(t)
	tool := fixture(t, "good/tool.xml")
	macros := fixture(t, "good/macros.xml")
	tests := []struct {
		name  string
		tool  string
		args  any
		kind  string
		check func(t *testing.T, env Envelope)
	}{
		{"missing import", "expand_tool", ExpandInput{XML: tool}, KindUnresolvedImport, func(t *testing.T, env Envelope) {
			assert.Equal(t, 3, env.Line)
			assert.Equal(t, 9, env.Column)
			assert.Contains(t, env.Message, "tool.xml:3:9: <import>macros.xml</import>")
			assert.Contains(t, env.Message, `{"macros.xml": `)
		}},
		{"import under another name", "validate_tool", ValidateInput{XML: tool, Macros: map[string]string{"macro.xml": macros}}, KindUnresolvedImport, nil},
		{"nested import", "expand_tool", ExpandInput{XML: tool, Macros: map[string]string{
			"macros.xml": strings.Replace(macros, "<macros>", "<macros>\n    <import>more.xml</import>", 1),
		}}, KindUnresolvedImport, func(t *testing.T, env Envelope) {
			// The <import> is in macros.xml: the message says where.
			assert.Zero(t, env.Line)
			assert.Contains(t, env.Message, "macros.xml:2:5: <import>more.xml</import>")
		}},
		{"undefined macro", "expand_tool", ExpandInput{XML: strings.Replace(tool, `macro="log_output"`, `macro="log"`, 1),
			Macros: map[string]string{"macros.xml": macros}}, KindMacroError, func(t *testing.T, env Envelope) {
			assert.Equal(t, 12, env.Line)
			assert.Contains(t, env.Message, "Galaxy raises AssertionError: No macro named log found")
		}},
		{"malformed macro file", "validate_tool", ValidateInput{XML: tool, Macros: map[string]string{"macros.xml": "<macros>\n<xml>"}}, KindMacroError, func(t *testing.T, env Envelope) {
			assert.Contains(t, env.Message, "macros.xml:")
			assert.Contains(t, env.Message, "XMLSyntaxError")
		}},
		{"malformed tool", "expand_tool", ExpandInput{XML: "<tool>\n<inputs>\n</tool>"}, KindInvalidXML, nil},
		{"unknown format", "expand_tool", ExpandInput{XML: tool, Format: "yaml"}, KindInvalidArgument, nil},
		{"too large", "expand_tool", ExpandInput{XML: tool, Macros: map[string]string{"macros.xml": strings.Repeat(" ", MaxInputBytes+1)}}, KindInputTooLarge, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var env Envelope
			res := callTool(t, cs, tt.tool, tt.args, &env)
			assert.True(t, res.IsError)
			assert.False(t, env.Success)
			assert.Equal(t, tt.kind, env.ErrorKind, env.Message)
			assert.NotEmpty(t, env.Message)
			if tt.check != nil {
				tt.check(t, env)
			}
		})
	}
}
