package mcpserver

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// corpusFile reads a file of the shared corpus, or skips.
func corpusFile(t *testing.T, rel string) string {
	t.Helper()
	for _, d := range []string{os.Getenv("GTR_SHARED"), "../../../../../shared"} {
		if d == "" {
			continue
		}
		if b, err := os.ReadFile(filepath.Join(d, "corpus", rel)); err == nil {
			return string(b)
		}
	}
	t.Skip("skipping: corpus file absent: " + rel)
	return ""
}

// TestUpgradeToolThroughMacros calls upgrade_tool in a session on a real
// corpus tool whose profile="@PROFILE@" is defined in the macro file it
// imports, passed as content: the walk bumps the token in the macro file,
// which comes back in files, and the tool itself keeps its bytes. The walk
// stops below 24.2: Galaxy's 24.2 test-case validation cannot build the
// tool's parameter model (its advisor raises ParameterDefinitionError on
// this tool), so the must_fix code cannot be ruled out.
func TestUpgradeToolThroughMacros(t *testing.T) {
	const dir = "goeckslab__tools-mti/tools/mti-utils/"
	tool := corpusFile(t, dir+"scale_cell_coordinates.xml")
	mac := corpusFile(t, dir+"macros.xml")
	cs := connect(t)
	var out UpgradeOutput
	res := callTool(t, cs, "upgrade_tool", UpgradeInput{XML: tool, Macros: map[string]string{"macros.xml": mac},
		Modernize: true, Select: []string{"GTR006"}}, &out)
	require.False(t, res.IsError, "%+v", out.Envelope)
	require.True(t, out.Success)
	assert.True(t, out.Changed)
	assert.Equal(t, "19.01", out.BaselineProfile)
	assert.Equal(t, "24.1", out.ReachedProfile)
	require.NotNil(t, out.StoppedAt)
	assert.Equal(t, "24.1", *out.StoppedAt)
	assert.Equal(t, []string{"24_2_fix_test_case_validation"}, out.BlockingCodes)
	assert.Equal(t, tool, out.Formatted, "the tool's own bytes do not change: its profile is the macro file's token")
	require.Contains(t, out.Files, "macros.xml")
	assert.Contains(t, out.Files["macros.xml"], `<token name="@PROFILE@">24.1</token>`)
	assert.Contains(t, out.Diff, "+++ b/macros.xml")
	assert.Contains(t, out.AppliedCodes, "GTR007")
	assert.NotNil(t, out.BehaviorPreserving)
	assert.Nil(t, out.Refused)
	assert.Contains(t, strings.Join(out.Notes, "\n"), "profile upgrade stopped at 24.1 (latest is 26.1): 24_2_fix_test_case_validation (must_fix at 24.2)")

	// The minimal bump leaves a tool valid at its profile alone.
	var kept UpgradeOutput
	res = callTool(t, cs, "upgrade_tool", UpgradeInput{XML: tool, Macros: map[string]string{"macros.xml": mac}}, &kept)
	require.False(t, res.IsError, "%+v", kept.Envelope)
	assert.False(t, kept.Changed)
	assert.Equal(t, "19.01", kept.ReachedProfile)
	assert.Contains(t, strings.Join(kept.Notes, "\n"), "profile 19.01 kept")
}

// TestUpgradeToolErrors pins the error kinds an agent acts on.
func TestUpgradeToolErrors(t *testing.T) {
	cs := connect(t)
	for _, tt := range []struct {
		in   UpgradeInput
		kind string
		msg  string
	}{
		{UpgradeInput{XML: demoTool, AllowBehaviorChange: true}, KindInvalidArgument, "needs a walk"},
		{UpgradeInput{XML: demoTool, TargetProfile: "30.0"}, KindInvalidArgument, "profiles run from 16.01 (the oldest) to 26.1 (the newest)"},
		{UpgradeInput{XML: demoTool, Select: []string{"GTR012"}}, KindUnknownRuleCode, "GTR012"},
		{UpgradeInput{XML: `<tool id="t" name="t" version="1"><macros><import>m.xml</import></macros><command>x</command></tool>`}, KindUnresolvedImport, "m.xml"},
		{UpgradeInput{XML: `<macros/>`}, KindNotATool, "upgrade_tool takes a tool"},
		{UpgradeInput{XML: `<tool>`}, KindInvalidXML, "not well-formed"},
	} {
		var out UpgradeOutput
		res := callTool(t, cs, "upgrade_tool", tt.in, &out)
		assert.True(t, res.IsError, "%+v", tt.in)
		assert.Equal(t, tt.kind, out.ErrorKind, "%+v: %s", tt.in, out.Message)
		assert.Contains(t, out.Message, tt.msg)
	}
}
