package mcpserver

import (
	"context"
	"errors"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/galaxy-gtr/gtr/rules"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// FormatInput is format_tool's input.
type FormatInput struct {
	XML    string            `json:"xml" jsonschema:"the Galaxy tool (or macro file) XML text"`
	Macros map[string]string `json:"macros,omitempty" jsonschema:"imported macro files by file name, e.g. {\"macros.xml\": \"<macros>…</macros>\"}"`
	Selection
}

// FormatOutput is format_tool's result.
type FormatOutput struct {
	Envelope
	Formatted    string      `json:"formatted,omitempty" jsonschema:"the rewritten XML (equal to the input when nothing changed)"`
	Changed      bool        `json:"changed" jsonschema:"whether any byte changed"`
	Diff         string      `json:"diff,omitempty" jsonschema:"unified diff (a/tool.xml → b/tool.xml) of exactly the bytes that changed; empty when unchanged"`
	AppliedCodes []string    `json:"applied_codes,omitempty" jsonschema:"sorted codes of the rules whose fixes were applied"`
	Advisory     []Violation `json:"advisory,omitempty" jsonschema:"report-only findings of the selected advisory rules, on the formatted text (the first 1000 when truncated)"`
	Truncated    bool        `json:"truncated,omitempty" jsonschema:"true when there are more advisory findings than advisory lists"`
	Notes        []string    `json:"notes,omitempty" jsonschema:"remarks about the run"`
}

func addFormatTool(h *host) {
	register(h, true, &mcp.Tool{
		Name: "format_tool",
		Description: "Rewrite a Galaxy tool or macro file to the canonical form with the selected rules' fixes, as " +
			"minimal byte edits: only the bytes a rule means to change move. Returns the formatted XML, whether it " +
			"changed and a unified diff. Every rewrite passes gtr's gates (re-parse, well-formedness, idempotence, " +
			"nothing outside the edits moved, and Galaxy's macro-expanded view unchanged up to layout whitespace and " +
			"the changes the rules declare) or is refused with error_kind gate_failed. Imported macro files are taken " +
			"from \"macros\" only; when the tool would change and an import is missing, the error_kind is " +
			"unresolved_import. Writes nothing." + boundsNote,
		Annotations: readOnly("Format a Galaxy tool"),
	}, formatTool)
}

func formatTool(ctx context.Context, in FormatInput) (FormatOutput, error) {
	rs, err := in.Selection.resolve()
	if err != nil {
		return FormatOutput{}, err
	}
	t, err := parseTool(in.XML, in.Macros)
	if err != nil {
		return FormatOutput{}, err
	}
	files := macroFiles(in.Macros)
	mo := &macros.Options{Files: files, NoDisk: true}
	res, err := rules.FormatWith("tool.xml", t.Source(), rs, rules.FormatOptions{Macros: mo, ExpansionGate: true, Tree: t, Report: rs, Context: ctx})
	if err != nil {
		return FormatOutput{}, formatFailure(ctx, err, in)
	}
	out := FormatOutput{
		Formatted:    string(res.Output),
		Changed:      res.Changed,
		Diff:         rewrite.UnifiedDiff("a/tool.xml", "b/tool.xml", t.Source(), res.Output, 3),
		AppliedCodes: res.Codes(),
	}
	var advisory []rules.Diagnostic
	for _, d := range res.Findings {
		if d.Advisory {
			advisory = append(advisory, d)
		}
	}
	out.Advisory = violations(cstParse(res.Output), firstFindings(advisory), in.Macros)
	out.Truncated = len(advisory) > MaxViolations
	return out, nil
}

// formatFailure turns a refused rewrite into the error kind an agent acts
// on: unresolved_import, gate_failed or failed_to_converge, each naming the
// rules involved; the input is never changed.
// A run that stopped (expansion past its bound, the deadline) is
// expansion_too_large or timeout.
func formatFailure(ctx context.Context, err error, in FormatInput) error {
	var ge *rewrite.GateError
	var ce *rewrite.ConvergenceError
	switch {
	case rules.Fatal(err):
		return expandError(err, in.XML, in.Macros)
	case errors.As(err, &ge) && ge.Gate == rewrite.GateUnresolvedImport:
		// The expansion names the missing import and where it is.
		var te *ToolError
		if _, xerr := expand(ctx, in.XML, in.Macros); errors.As(xerr, &te) && te.Kind == KindUnresolvedImport {
			te.Message += "; the expansion-equality gate needs every import to check the rewrite, so the input was not changed"
			te.Rules = ge.Codes
			return te
		}
		return &ToolError{Kind: KindUnresolvedImport, Message: err.Error() + "; the input was not changed", Rules: ge.Codes}
	case errors.As(err, &ge):
		return &ToolError{Kind: KindGateFailed, Message: err.Error() + "; the input was not changed", Rules: ge.Codes}
	case errors.As(err, &ce):
		return &ToolError{Kind: KindFailedToConverge, Message: err.Error() + "; the input was not changed", Rules: ce.Codes}
	}
	return err
}
