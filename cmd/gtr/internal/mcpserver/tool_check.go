package mcpserver

import (
	"context"
	"sort"
	"sync"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// CheckInput is check_tool's input.
type CheckInput struct {
	XML    string            `json:"xml" jsonschema:"the Galaxy tool (or macro file) XML text"`
	Macros map[string]string `json:"macros,omitempty" jsonschema:"imported macro files by file name, e.g. {\"macros.xml\": \"<macros>…</macros>\"}"`
	Selection
}

// CheckOutput is check_tool's result.
type CheckOutput struct {
	Envelope
	Violations    []Violation `json:"violations,omitempty" jsonschema:"findings in source order (the first 1000 when truncated)"`
	Truncated     bool        `json:"truncated,omitempty" jsonschema:"true when there are more findings than violations lists; fixable and advisory count them all"`
	AdvisoryCodes []string    `json:"advisory_codes,omitempty" jsonschema:"sorted codes of the advisory findings"`
	Fixable       int         `json:"fixable" jsonschema:"number of findings format_tool would fix"`
	Advisory      int         `json:"advisory" jsonschema:"number of report-only findings"`
}

func addCheckTool(h *host) {
	register(h, true, &mcp.Tool{
		Name: "check_tool",
		Description: "Lint a Galaxy tool or macro file: return every finding of the selected rules with its code, " +
			"line and column, message, whether it is advisory, and what its fix would do. Never changes anything." + boundsNote,
		Annotations: readOnly("Check a Galaxy tool"),
	}, checkTool)
}

// callMemory is what a check_tool call reuses from the calls before it:
// the arrays of the tool's tree, the memory of its expansion and the list
// of its findings, as a run of gtr check reuses them from file to file.
// On the largest corpus tool that is about a third of what a call
// allocates, and so of the collections a busy server runs, which make its
// slowest calls (see README, Speed of the checks).
type callMemory struct {
	slabs *cst.Slabs
	arena *macros.Arena
	diags []rules.Diagnostic
}

// callMemories holds the callMemory of calls not running; calls running
// at once take one each.
var callMemories = sync.Pool{New: func() any { return &callMemory{slabs: new(cst.Slabs), arena: new(macros.Arena)} }}

func checkTool(ctx context.Context, in CheckInput) (CheckOutput, error) {
	rs, err := in.Selection.resolve()
	if err != nil {
		return CheckOutput{}, err
	}
	mem := callMemories.Get().(*callMemory)
	defer callMemories.Put(mem)
	t, err := parseToolIn(mem.slabs, in.XML, in.Macros)
	if err != nil {
		return CheckOutput{}, err
	}
	defer mem.slabs.Release(t)
	files := macroFiles(in.Macros)
	// Imports resolve only from the macros content: nothing touches disk.
	diags, err := rules.CheckInto(ctx, t, rs, &macros.Options{Files: files, NoDisk: true, Arena: mem.arena}, mem.diags)
	defer func() {
		// The findings' strings outlive the call; the list, the
		// expansion's elements and the tree's arrays serve the next.
		clear(diags)
		if cap(diags) > cap(mem.diags) {
			mem.diags = diags[:0]
		}
		mem.arena.Reset()
	}()
	if err != nil {
		return CheckOutput{}, expandError(err, in.XML, in.Macros)
	}
	out := CheckOutput{Violations: violations(t, firstFindings(diags), in.Macros), Truncated: len(diags) > MaxViolations}
	seen := map[string]bool{}
	for _, d := range diags {
		if !d.Advisory {
			out.Fixable++
			continue
		}
		out.Advisory++
		if !seen[d.Code] {
			seen[d.Code] = true
			out.AdvisoryCodes = append(out.AdvisoryCodes, d.Code)
		}
	}
	sort.Strings(out.AdvisoryCodes)
	return out, nil
}
