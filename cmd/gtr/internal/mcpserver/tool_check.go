package mcpserver

import (
	"context"
	"sort"

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

func checkTool(ctx context.Context, in CheckInput) (CheckOutput, error) {
	rs, err := in.Selection.resolve()
	if err != nil {
		return CheckOutput{}, err
	}
	t, err := parseTool(in.XML, in.Macros)
	if err != nil {
		return CheckOutput{}, err
	}
	files := macroFiles(in.Macros)
	// Imports resolve only from the macros content: nothing touches disk.
	diags, err := rules.CheckContext(ctx, t, rs, &macros.Options{Files: files, NoDisk: true})
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
