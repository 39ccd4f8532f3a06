package mcpserver

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pgTools is a real corpus tool whose <command> reads $infile through a
// token of the macro file it imports (@UNTAR_INFILE@, a CDATA token).
const pgTools = "bgruening__galaxytools/tools/pg_tools/"

// TestFindReferencesThroughMacros calls find_references_tool in a session
// on the corpus tool with its macro file as content: the reference inside
// the macro file's token is found, located in the macro file.
func TestFindReferencesThroughMacros(t *testing.T) {
	tool := corpusFile(t, pgTools+"pg-dump.xml")
	mac := corpusFile(t, pgTools+"macros.xml")
	cs := connect(t)
	var out FindReferencesOutput
	res := callTool(t, cs, "find_references_tool", FindReferencesInput{XML: tool, Name: "infile", Macros: map[string]string{"macros.xml": mac}}, &out)
	require.False(t, res.IsError, "%+v", out.Envelope)
	assert.Equal(t, "infile", out.Name)
	assert.Equal(t, []Occurrence{
		{Section: "inputs", Sourceline: 15, Reference: `<param name="infile">`, File: "tool.xml", Column: 22, Kind: "definition"},
		{Section: "tests", Sourceline: 25, Reference: `<param name="infile">`, File: "tool.xml", Column: 63, Kind: "test"},
		{Section: "command", Sourceline: 27, Reference: "$infile", File: "macros.xml", Column: 21, Kind: "cheetah"},
	}, out.Occurrences)

	// A name the tool does not use has no occurrences, as an empty list.
	var none FindReferencesOutput
	res = callTool(t, cs, "find_references_tool", FindReferencesInput{XML: tool, Name: "nothing", Macros: map[string]string{"macros.xml": mac}}, &none)
	require.False(t, res.IsError)
	assert.NotNil(t, none.Occurrences)
	assert.Empty(t, none.Occurrences)
}

// TestRenameParamThroughMacros calls rename_param_tool in a session on the
// same tool: the reference inside the macro file is renamed, the macro
// file comes back in files, and the tool's definition and test follow.
func TestRenameParamThroughMacros(t *testing.T) {
	tool := corpusFile(t, pgTools+"pg-dump.xml")
	mac := corpusFile(t, pgTools+"macros.xml")
	cs := connect(t)
	var out RenameParamOutput
	res := callTool(t, cs, "rename_param_tool", RenameParamInput{XML: tool, Old: "infile", New: "database", Macros: map[string]string{"macros.xml": mac}}, &out)
	require.False(t, res.IsError, "%+v", out.Envelope)
	require.True(t, out.Changed, "reason %v: %s", out.Reason, out.Detail)
	assert.Nil(t, out.Reason)
	assert.Equal(t, 3, out.Renamed)
	require.NotNil(t, out.Formatted)
	assert.Equal(t, strings.ReplaceAll(tool, `name="infile"`, `name="database"`), *out.Formatted)
	require.Contains(t, out.Files, "macros.xml")
	assert.Equal(t, strings.Replace(mac, "tar -xjvf '$infile'", "tar -xjvf '$database'", 1), out.Files["macros.xml"])
	assert.Contains(t, out.Diff, "+++ b/tool.xml")
	assert.Contains(t, out.Diff, "+++ b/macros.xml")
	assert.Contains(t, out.Diff, "+        tar -xjvf '$database' &&")

	// Renaming back with the returned files restores the inputs.
	var back RenameParamOutput
	res = callTool(t, cs, "rename_param_tool", RenameParamInput{XML: *out.Formatted, Old: "database", New: "infile", Macros: out.Files}, &back)
	require.False(t, res.IsError, "%+v", back.Envelope)
	require.True(t, back.Changed)
	assert.Equal(t, tool, *back.Formatted)
	assert.Equal(t, mac, back.Files["macros.xml"])
}

// TestRenameParamBails pins the reasons an agent acts on: a bail is a
// result, with formatted null, not an error.
func TestRenameParamBails(t *testing.T) {
	cs := connect(t)
	shadow := `<tool id="t" name="t" version="1"><command>#set $x = 1
echo $x</command><inputs><param name="x" type="integer"/></inputs></tool>`
	for _, tt := range []struct {
		in     RenameParamInput
		reason string
		detail string
	}{
		{RenameParamInput{XML: demoTool, Old: "input", New: "bad name"}, "invalid-name", "valid identifiers"},
		{RenameParamInput{XML: demoTool, Old: "input", New: "input"}, "no-op", ""},
		{RenameParamInput{XML: demoTool, Old: "absent", New: "x"}, "not-found", ""},
		{RenameParamInput{XML: demoTool, Old: "input", New: "output"}, "name-taken", "already defines output"},
		{RenameParamInput{XML: shadow, Old: "x", New: "y"}, "shadowed", "tool.xml:1:50: #set binds x"},
	} {
		var out RenameParamOutput
		res := callTool(t, cs, "rename_param_tool", tt.in, &out)
		require.False(t, res.IsError, "%+v", out.Envelope)
		require.NotNil(t, out.Reason, "%+v", tt.in)
		assert.Equal(t, tt.reason, *out.Reason)
		assert.Contains(t, out.Detail, tt.detail)
		assert.False(t, out.Changed)
		assert.Nil(t, out.Formatted)
		assert.Zero(t, out.Renamed)
	}
	var out RenameParamOutput
	res := callTool(t, cs, "rename_param_tool", RenameParamInput{XML: demoTool, Old: "input", New: "reads"}, &out)
	require.False(t, res.IsError)
	require.True(t, out.Changed)
	assert.Equal(t, 2, out.Renamed)
	assert.Contains(t, *out.Formatted, "demo --in $reads --out $output")
	assert.Contains(t, *out.Formatted, `<param name="reads" type="data"`)
}

// TestRenameParamErrors pins the error kinds of what is not a rename.
func TestRenameParamErrors(t *testing.T) {
	cs := connect(t)
	for _, tt := range []struct {
		in   RenameParamInput
		kind string
		msg  string
	}{
		{RenameParamInput{XML: `<tool id="t" name="t" version="1"><macros><import>m.xml</import></macros><command>$x</command></tool>`, Old: "x", New: "y"}, KindUnresolvedImport, "m.xml"},
		{RenameParamInput{XML: `<macros/>`, Old: "x", New: "y"}, KindNotATool, "rename_param_tool takes a tool"},
		{RenameParamInput{XML: `<tool>`, Old: "x", New: "y"}, KindInvalidXML, "not well-formed"},
	} {
		var out RenameParamOutput
		res := callTool(t, cs, "rename_param_tool", tt.in, &out)
		assert.True(t, res.IsError, "%+v", tt.in)
		assert.Equal(t, tt.kind, out.ErrorKind, "%+v: %s", tt.in, out.Message)
		assert.Contains(t, out.Message, tt.msg)
	}
	var fr FindReferencesOutput
	res := callTool(t, cs, "find_references_tool", FindReferencesInput{XML: demoTool, Name: "a-b"}, &fr)
	assert.True(t, res.IsError)
	assert.Equal(t, KindInvalidArgument, fr.ErrorKind)
}

// importRE finds the <import>s of a tool.
var importRE = regexp.MustCompile(`<import>\s*([^<\s]+)\s*</import>`)

// sizedTool is a corpus tool with the macro files it imports, by import
// name.
type sizedTool struct {
	path   string
	xml    string
	macros map[string]string
}

// corpusToolsBySize returns the corpus tools, largest first, with their
// macro files, or skips.
func corpusToolsBySize(tb testing.TB) []sizedTool {
	tb.Helper()
	var dir string
	for _, d := range []string{os.Getenv("GTR_SHARED"), "../../../../../shared"} {
		if st, err := os.Stat(filepath.Join(d, "corpus")); d != "" && err == nil && st.IsDir() {
			dir = filepath.Join(d, "corpus")
			break
		}
	}
	if dir == "" {
		tb.Skip("skipping: ../shared/corpus not found (set GTR_SHARED)")
	}
	type f struct {
		path string
		size int64
	}
	var files []f
	_ = filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && strings.HasSuffix(p, ".xml") {
			files = append(files, f{p, info.Size()})
		}
		return nil
	})
	sort.Slice(files, func(i, j int) bool { return files[i].size > files[j].size })
	var out []sizedTool
	for _, fl := range files {
		src, _ := os.ReadFile(fl.path)
		if !strings.Contains(string(src), "<tool") {
			continue
		}
		st := sizedTool{path: fl.path, xml: string(src), macros: map[string]string{}}
		for _, m := range importRE.FindAllStringSubmatch(st.xml, -1) {
			if b, err := os.ReadFile(filepath.Join(filepath.Dir(fl.path), m[1])); err == nil {
				st.macros[m[1]] = string(b)
			}
		}
		out = append(out, st)
	}
	return out
}

// TestRenameParamLatencyLargest reports the server-side p50 and p99 of
// rename_param_tool on the largest corpus tool (with its macro file as
// content), and on the largest corpus tool where the rename is made and so
// runs every gate. The target is a p99 under 20 ms; the test fails past
// 250 ms only, a regression however busy the machine.
func TestRenameParamLatencyLargest(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping latency measurement in -short mode")
	}
	tools := corpusToolsBySize(t)
	measure := func(st sizedTool, old string) (p50, p99 time.Duration, out RenameParamOutput) {
		var d []time.Duration
		for range 50 {
			start := time.Now()
			o, err := renameParamTool(t.Context(), RenameParamInput{XML: st.xml, Old: old, New: "gtr_renamed", Macros: st.macros})
			if err != nil {
				t.Fatal(err)
			}
			d = append(d, time.Since(start))
			out = o
		}
		sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
		return d[len(d)/2], d[len(d)*99/100], out
	}
	firstParam := regexp.MustCompile(`<param[^>]*\sname="([A-Za-z_][A-Za-z0-9_]*)"`)
	check := func(what string, st sizedTool, old string) RenameParamOutput {
		p50, p99, out := measure(st, old)
		reason := "made"
		if out.Reason != nil {
			reason = *out.Reason
		}
		t.Logf("rename_param_tool on %s (%s, %d bytes, %d macro files), %s → gtr_renamed (%s, %d sites): p50 %v, p99 %v",
			what, filepath.Base(st.path), len(st.xml), len(st.macros), old, reason, out.Renamed, p50, p99)
		// The bound is on the median: one call in a hundred may wait for
		// the machine (744 ms seen beside the other packages' tests), but
		// work out of proportion slows every call.
		if p50 > 250*time.Millisecond {
			t.Errorf("rename_param_tool too slow on %s: p50 %v (regression bound 250ms; p99 target 20ms)", what, p50)
		} else if p99 > 20*time.Millisecond {
			t.Logf("p99 %v is past the target of 20ms", p99)
		}
		return out
	}
	m := firstParam.FindStringSubmatch(tools[0].xml)
	require.NotNil(t, m)
	check("the largest corpus tool", tools[0], m[1])
	for _, st := range tools[1:] {
		m := firstParam.FindStringSubmatch(st.xml)
		if m == nil {
			continue
		}
		if o, err := renameParamTool(t.Context(), RenameParamInput{XML: st.xml, Old: m[1], New: "gtr_renamed", Macros: st.macros}); err != nil || !o.Changed {
			continue
		}
		check("the largest corpus tool a rename is made in", st, m[1])
		return
	}
}
