package mcpserver

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite golden files")

func connect(t testing.TB) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := New("test", Options{}).Connect(ctx, st, nil)
	require.NoError(t, err)
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).Connect(ctx, ct, nil)
	require.NoError(t, err)
	t.Cleanup(func() { cs.Close() })
	return cs
}

// callTool calls a tool and decodes its structured result into out; it
// also checks that the text block holds the same JSON.
func callTool(t testing.TB, cs *mcp.ClientSession, name string, args any, out any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	require.NoError(t, err)
	raw, err := json.Marshal(res.StructuredContent)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, out))
	require.Len(t, res.Content, 1)
	text, ok := res.Content[0].(*mcp.TextContent)
	require.True(t, ok)
	var a, b any
	require.NoError(t, json.Unmarshal([]byte(text.Text), &a))
	require.NoError(t, json.Unmarshal(raw, &b))
	assert.Equal(t, b, a, "text block differs from structuredContent")
	return res
}

const demoTool = `<tool id="demo" name="Demo" version="1.0">
  <command>demo --in $input --out $output</command>
  <inputs>
    <param name="input" type="data" format="txt" />
  </inputs>
  <outputs>
    <data name="output" format="txt"></data>
  </outputs>
</tool>
`

func TestInitialize(t *testing.T) {
	cs := connect(t)
	ir := cs.InitializeResult()
	assert.Equal(t, "gtr", ir.ServerInfo.Name)
	assert.Equal(t, "test", ir.ServerInfo.Version)
	assert.Contains(t, ir.Instructions, "check_tool")
}

func TestToolsListGolden(t *testing.T) {
	cs := connect(t)
	res, err := cs.ListTools(context.Background(), nil)
	require.NoError(t, err)
	got, err := json.MarshalIndent(res.Tools, "", "  ")
	require.NoError(t, err)
	golden := "testdata/tools_list.golden.json"
	if *update {
		require.NoError(t, os.WriteFile(golden, append(got, '\n'), 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err, "run go test -update to create the golden file")
	assert.Equal(t, string(want), string(got)+"\n")
	for _, tool := range res.Tools {
		assert.NotEmpty(t, tool.Description, tool.Name)
		assert.NotNil(t, tool.OutputSchema, tool.Name)
		assert.True(t, tool.Annotations.IdempotentHint, tool.Name)
		// format_paths alone writes, and says so.
		writes := tool.Name == "format_paths"
		assert.Equal(t, !writes, tool.Annotations.ReadOnlyHint, tool.Name)
		assert.Equal(t, writes, *tool.Annotations.DestructiveHint, tool.Name)
	}
}

func TestFormatTool(t *testing.T) {
	cs := connect(t)
	var out FormatOutput
	res := callTool(t, cs, "format_tool", FormatInput{XML: demoTool}, &out)
	assert.False(t, res.IsError)
	assert.True(t, out.Success)
	assert.Equal(t, 1, out.ProtocolVersion)
	assert.True(t, out.Changed)
	assert.Contains(t, out.Formatted, "\n    <inputs>\n        <param name=\"input\" type=\"data\" format=\"txt\"/>")
	assert.Contains(t, out.Formatted, `<data name="output" format="txt"/>`)
	assert.True(t, strings.HasPrefix(out.Diff, "--- a/tool.xml\n+++ b/tool.xml\n@@"), out.Diff)
	assert.Contains(t, out.AppliedCodes, "GTR001")

	// Formatting the output again changes nothing and gives an empty diff.
	var again FormatOutput
	callTool(t, cs, "format_tool", FormatInput{XML: out.Formatted}, &again)
	assert.False(t, again.Changed)
	assert.Empty(t, again.Diff)
	assert.Equal(t, out.Formatted, again.Formatted)
}

func TestFormatToolSelection(t *testing.T) {
	cs := connect(t)
	var out FormatOutput
	callTool(t, cs, "format_tool", FormatInput{XML: demoTool, Selection: Selection{Select: []string{"GTR206"}}}, &out)
	assert.Equal(t, []string{"GTR206"}, out.AppliedCodes)
	assert.Equal(t, strings.Replace(demoTool, `<data name="output" format="txt"></data>`, `<data name="output" format="txt"/>`, 1), out.Formatted)
}

func TestCheckTool(t *testing.T) {
	cs := connect(t)
	var out CheckOutput
	res := callTool(t, cs, "check_tool", CheckInput{XML: demoTool}, &out)
	assert.False(t, res.IsError)
	require.NotEmpty(t, out.Violations)
	v := out.Violations[0]
	assert.Equal(t, "GTR001", v.Code)
	assert.Equal(t, 2, v.Line) // the first child whose indentation is wrong
	assert.Equal(t, 3, v.Column)
	assert.Equal(t, "/tool/command", v.XPath)
	assert.False(t, v.Advisory)
	assert.NotEmpty(t, v.Fix)
	assert.Equal(t, len(out.Violations), out.Fixable+out.Advisory)
	var found bool
	for _, v := range out.Violations {
		if v.Code == "GTR206" {
			found = true
			assert.Equal(t, "/tool/outputs/data", v.XPath)
			assert.Equal(t, 7, v.Line)
			assert.Equal(t, 5, v.Column)
		}
	}
	assert.True(t, found)
}

func TestColumnsAreUTF16(t *testing.T) {
	cs := connect(t)
	var out CheckOutput
	// "é" is 2 bytes, 1 UTF-16 unit; "😀" is 4 bytes, 2 units.
	xml := "<tool id=\"t\" name=\"é😀\" version='1'/>\n"
	callTool(t, cs, "check_tool", CheckInput{XML: xml, Selection: Selection{Select: []string{"GTR203"}}}, &out)
	require.Len(t, out.Violations, 1)
	assert.Equal(t, 25, out.Violations[0].Column) // bytes would say 28
}

func TestErrorKinds(t *testing.T) {
	cs := connect(t)
	big := "<tool>" + strings.Repeat(" ", 1500*1024) + "</tool>"
	tests := []struct {
		name, tool string
		args       any
		kind       string
		check      func(t *testing.T, env Envelope)
	}{
		{"invalid xml", "check_tool", CheckInput{XML: "<tool>\n  <inputs>\n</tool>"}, KindInvalidXML, func(t *testing.T, env Envelope) {
			assert.Equal(t, 3, env.Line)
			assert.Equal(t, 1, env.Column)
			assert.Contains(t, env.Message, "mismatched end tag")
		}},
		{"not a tool", "format_tool", FormatInput{XML: "<workflow/>"}, KindNotATool, nil},
		{"unknown ruleset", "check_tool", CheckInput{XML: demoTool, Selection: Selection{Rulesets: []string{"strcit"}}}, KindUnknownRuleset, func(t *testing.T, env Envelope) {
			assert.Equal(t, "strict", env.Suggestion)
		}},
		{"unknown code", "format_tool", FormatInput{XML: demoTool, Selection: Selection{Select: []string{"GTR0001"}}}, KindUnknownRuleCode, func(t *testing.T, env Envelope) {
			assert.Equal(t, "GTR001", env.Suggestion)
		}},
		{"too large", "check_tool", CheckInput{XML: big}, KindInputTooLarge, nil},
		{"gate refuses", "format_tool", FormatInput{XML: splicedHelp, Selection: Selection{Select: []string{"GTR001"}}}, KindGateFailed, func(t *testing.T, env Envelope) {
			// Re-indenting an <xml> macro spliced into <help> would change
			// the help Galaxy renders.
			assert.Equal(t, []string{"GTR001"}, env.Rules)
			assert.Contains(t, env.Message, "expanded view changed")
		}},
		{"macro too large", "format_tool", FormatInput{XML: demoTool, Macros: map[string]string{"macros.xml": big}}, KindInputTooLarge, nil},
		{"format without an import", "format_tool", FormatInput{XML: strings.Replace(demoTool, "<command>",
			"<macros><import>macros.xml</import></macros>\n  <command>", 1)}, KindUnresolvedImport, func(t *testing.T, env Envelope) {
			assert.Contains(t, env.Message, "<import>macros.xml</import>")
			assert.Contains(t, env.Message, "the input was not changed")
			assert.NotEmpty(t, env.Rules)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var env Envelope
			res := callTool(t, cs, tt.tool, tt.args, &env)
			assert.True(t, res.IsError)
			assert.False(t, env.Success)
			assert.Equal(t, 1, env.ProtocolVersion)
			assert.Equal(t, tt.kind, env.ErrorKind)
			assert.NotEmpty(t, env.Message)
			if tt.check != nil {
				tt.check(t, env)
			}
		})
	}
}

// splicedHelp has an <xml> macro whose body Galaxy splices into <help>.
const splicedHelp = `<tool id="t" name="T" version="1.0">
    <macros>
        <xml name="links"><a href="https://example.org">docs</a> <b>here</b></xml>
    </macros>
    <command><![CDATA[true]]></command>
    <help><expand macro="links"/></help>
</tool>
`

// TestFormatFailureKinds pins the mapping of refused rewrites to error
// kinds, including non-convergence, which gtr's own rules never reach.
func TestFormatFailureKinds(t *testing.T) {
	err := formatFailure(context.Background(), &rewrite.ConvergenceError{Codes: []string{"GTR001", "GTR002"}, Iterations: 12}, FormatInput{XML: demoTool})
	var te *ToolError
	require.ErrorAs(t, err, &te)
	assert.Equal(t, KindFailedToConverge, te.Kind)
	assert.Equal(t, []string{"GTR001", "GTR002"}, te.Rules)
	assert.Contains(t, te.Message, "failed to converge after 12 iterations")

	err = formatFailure(context.Background(), &rewrite.GateError{Gate: "well-formed", Codes: []string{"GTR004"}, Detail: "x"}, FormatInput{XML: demoTool})
	require.ErrorAs(t, err, &te)
	assert.Equal(t, KindGateFailed, te.Kind)
}

func TestPanicBecomesInternalError(t *testing.T) {
	h := newHost("test", Options{})
	h.s = mcp.NewServer(&mcp.Implementation{Name: "gtr", Version: "test"}, nil)
	register(h, true, &mcp.Tool{Name: "boom", Description: "panics"}, func(context.Context, ListRulesetsInput) (ListRulesetsOutput, error) {
		panic("boom")
	})
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := h.s.Connect(ctx, st, nil)
	require.NoError(t, err)
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "v0"}, nil).Connect(ctx, ct, nil)
	require.NoError(t, err)
	defer cs.Close()
	var env Envelope
	res := callTool(t, cs, "boom", ListRulesetsInput{}, &env)
	assert.True(t, res.IsError)
	assert.Equal(t, KindInternalError, env.ErrorKind)
	// The server still serves.
	var out ListRulesetsOutput
	res = callTool(t, cs, "boom", ListRulesetsInput{}, &out)
	assert.True(t, res.IsError)
}

func TestListRulesAndRulesets(t *testing.T) {
	cs := connect(t)
	var rules ListRulesOutput
	callTool(t, cs, "list_rules", ListRulesInput{}, &rules)
	require.NotEmpty(t, rules.Rules)
	assert.Equal(t, "GTR001", rules.Rules[0].Code)
	var sets ListRulesetsOutput
	callTool(t, cs, "list_rulesets", ListRulesetsInput{}, &sets)
	require.Len(t, sets.Rulesets, 4)
	assert.Equal(t, "default", sets.Rulesets[1].Name)
	assert.True(t, sets.Rulesets[1].IsDefault)
	assert.Contains(t, sets.Rulesets[0].Codes, "GTR001")
}

func TestVersionTool(t *testing.T) {
	cs := connect(t)
	var out VersionOutput
	callTool(t, cs, "version", VersionInput{}, &out)
	assert.Equal(t, "test", out.Version)
	assert.NotEmpty(t, out.GoVersion)
	assert.Len(t, out.RuleSetDigest, 16)
	assert.Positive(t, out.Rules)
}

func TestConcurrentChecks(t *testing.T) {
	cs := connect(t)
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	for i := range 100 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Each call gets a distinct tool id so that answers cannot be mixed up.
			xml := strings.Replace(demoTool, `id="demo"`, fmt.Sprintf(`id='demo%d'`, i), 1)
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "check_tool", Arguments: CheckInput{XML: xml}})
			if err != nil {
				errs <- err
				return
			}
			raw, _ := json.Marshal(res.StructuredContent)
			var out CheckOutput
			if err := json.Unmarshal(raw, &out); err != nil {
				errs <- err
				return
			}
			var gtr203 int
			for _, v := range out.Violations {
				if v.Code == "GTR203" && v.Line == 1 {
					gtr203++
				}
			}
			if !out.Success || gtr203 != 1 {
				errs <- fmt.Errorf("call %d: success=%v, GTR203 findings=%d", i, out.Success, gtr203)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
