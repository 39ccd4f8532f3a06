package mcpserver

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// CheckPathsInput is check_paths' input.
type CheckPathsInput struct {
	PathsInput
	Selection
}

// CheckPathsOutput is check_paths' result.
type CheckPathsOutput struct {
	Envelope
	Results []CheckPathResult `json:"results" jsonschema:"one entry per file with findings, and one per file skipped or errored; a clean file has none, so count coverage with summary"`
	Errors  []FileError       `json:"errors" jsonschema:"the files that could not be checked (also in results); isError is set when there is any"`
	Skipped []string          `json:"skipped" jsonschema:"the files left alone: not a Galaxy tool or macro file"`
	Summary CheckPathsSummary `json:"summary" jsonschema:"what the run did"`
}

// CheckPathResult is what check_paths says about one file.
type CheckPathResult struct {
	Path       string      `json:"path" jsonschema:"the file, relative to the working tree"`
	Violations []Violation `json:"violations,omitempty" jsonschema:"findings in source order (the first 1000 when truncated); file names the file to edit, relative to the working tree: this one, or a macro file it imports"`
	Truncated  bool        `json:"truncated,omitempty" jsonschema:"true when there are more findings than violations lists"`
	Fixable    int         `json:"fixable" jsonschema:"findings format_paths would fix"`
	Advisory   int         `json:"advisory" jsonschema:"report-only findings"`
	Skipped    string      `json:"skipped,omitempty" jsonschema:"why the file was left alone"`
	Error      *FileError  `json:"error,omitempty" jsonschema:"why the file could not be checked"`
}

// CheckPathsSummary counts what check_paths did.
type CheckPathsSummary struct {
	PathsSummary
	Fixable  int `json:"fixable" jsonschema:"findings format_paths would fix, in all files"`
	Advisory int `json:"advisory" jsonschema:"report-only findings, in all files"`
}

func (o *CheckPathsOutput) fileErrors() *ToolError {
	n := o.Summary
	return filesFailed(n.Errored, n.Checked+n.Skipped+n.Errored, "the others were checked")
}

func addCheckPaths(h *host) {
	register(h, true, &mcp.Tool{
		Name: "check_paths",
		Description: "Check Galaxy tools and macro files on disk, as gtr check does: files and directories of the server's " +
			"working tree (paths, exclude), imports read from disk next to each tool. Returns results (files with findings, " +
			"and those skipped or errored), errors, skipped and summary {checked, skipped, errored, fixable, advisory}; " +
			"isError is set when any file could not be checked, so check it before trusting the rest. Sends progress " +
			"notifications when the call has a progressToken. Never changes anything." + boundsNote,
		Annotations: readOnly("Check Galaxy tools on disk"),
	}, func(ctx context.Context, in CheckPathsInput) (CheckPathsOutput, error) {
		req, err := h.request(in.PathsInput, in.Selection)
		if err != nil {
			return CheckPathsOutput{}, err
		}
		outcomes, err := h.work.Check(ctx, req, progressReporter(ctx, "files checked"))
		if err != nil {
			return CheckPathsOutput{}, err
		}
		out := CheckPathsOutput{Results: []CheckPathResult{}}
		out.Summary.PathsSummary, out.Errors, out.Skipped = summarize(outcomes)
		for _, o := range outcomes {
			out.Summary.Fixable += o.Fixable
			out.Summary.Advisory += o.Advisory
			if o.Error == nil && o.Skipped == "" && len(o.Violations) == 0 {
				continue
			}
			out.Results = append(out.Results, CheckPathResult{Path: o.Path, Violations: o.Violations, Truncated: o.Truncated,
				Fixable: o.Fixable, Advisory: o.Advisory, Skipped: o.Skipped, Error: o.Error})
		}
		return out, nil
	})
}
