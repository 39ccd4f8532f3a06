package mcpserver

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// FormatPathsInput is format_paths' input.
type FormatPathsInput struct {
	PathsInput
	Selection
	DryRun bool `json:"dry_run,omitempty" jsonschema:"write nothing, as gtr format -check: report what would change"`
	Diff   bool `json:"diff,omitempty" jsonschema:"give the unified diff of each file that changes (a/PATH and b/PATH, relative to the working tree)"`
}

// FormatPathsOutput is format_paths' result.
type FormatPathsOutput struct {
	Envelope
	Results []FormatPathResult `json:"results" jsonschema:"one entry per file that changes (or would, with dry_run), and one per file skipped or errored; an unchanged file has none"`
	Errors  []FileError        `json:"errors" jsonschema:"the files that could not be formatted, each left as it was (also in results); isError is set when there is any"`
	Skipped []string           `json:"skipped" jsonschema:"the files left alone: not a Galaxy tool or macro file"`
	Summary FormatPathsSummary `json:"summary" jsonschema:"what the run did"`
}

// FormatPathResult is what format_paths says about one file.
type FormatPathResult struct {
	Path         string     `json:"path" jsonschema:"the file, relative to the working tree"`
	Changed      bool       `json:"changed" jsonschema:"whether the file changes (with dry_run: would change)"`
	Written      bool       `json:"written" jsonschema:"whether the change was written to disk"`
	Diff         string     `json:"diff,omitempty" jsonschema:"with diff: the unified diff of the change"`
	AppliedCodes []string   `json:"applied_codes,omitempty" jsonschema:"codes of the rules whose fixes apply"`
	Advisory     []string   `json:"advisory,omitempty" jsonschema:"advisory findings of the selected rules on the output, one line each"`
	Skipped      string     `json:"skipped,omitempty" jsonschema:"why the file was left alone"`
	Error        *FileError `json:"error,omitempty" jsonschema:"why the file could not be formatted"`
}

// FormatPathsSummary counts what format_paths did.
type FormatPathsSummary struct {
	PathsSummary
	Changed int `json:"changed" jsonschema:"files that change (with dry_run: would change)"`
	Written int `json:"written" jsonschema:"files written"`
}

func (o *FormatPathsOutput) fileErrors() *ToolError {
	n := o.Summary
	done := "the others were formatted and written"
	if n.Written == 0 {
		done = "nothing was written"
		if n.Changed > 0 {
			done = "the others were formatted; nothing was written (dry_run)"
		}
	}
	return filesFailed(n.Errored, n.Checked+n.Skipped+n.Errored, done)
}

func addFormatPaths(h *host) {
	register(h, true, &mcp.Tool{
		Name: "format_paths",
		Description: "Format Galaxy tools and macro files on disk in place, as gtr format does: files and directories of the " +
			"server's working tree (paths, exclude), imports read from disk; every rewrite passes gtr's gates or the file " +
			"is left as it was and listed in errors. Each file is replaced atomically. dry_run writes nothing (gtr format " +
			"-check). Returns results (files that change, and those skipped or errored), errors, skipped and summary " +
			"{checked, skipped, errored, changed, written}; isError is set when any file could not be formatted. Sends " +
			"progress notifications when the call has a progressToken. Past the deadline nothing more is written." + boundsNote,
		Annotations: writes("Format Galaxy tools on disk"),
	}, func(ctx context.Context, in FormatPathsInput) (FormatPathsOutput, error) {
		req, err := h.request(in.PathsInput, in.Selection)
		if err != nil {
			return FormatPathsOutput{}, err
		}
		req.DryRun, req.Diff = in.DryRun, in.Diff
		outcomes, err := h.work.Format(ctx, req, progressReporter(ctx, "files formatted"))
		if err != nil {
			return FormatPathsOutput{}, err
		}
		out := FormatPathsOutput{Results: []FormatPathResult{}}
		out.Summary.PathsSummary, out.Errors, out.Skipped = summarize(outcomes)
		for _, o := range outcomes {
			if o.Changed {
				out.Summary.Changed++
			}
			if o.Written {
				out.Summary.Written++
			}
			if o.Error == nil && o.Skipped == "" && !o.Changed {
				continue
			}
			out.Results = append(out.Results, FormatPathResult{Path: o.Path, Changed: o.Changed, Written: o.Written, Diff: o.Diff,
				AppliedCodes: o.AppliedCodes, Advisory: o.Notes, Skipped: o.Skipped, Error: o.Error})
		}
		return out, nil
	})
}
