package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/galaxy-gtr/gtr/rules"
)

// WorkTree runs check_paths and format_paths over files on disk. The gtr
// binary gives the server one built on the CLI's file walk and engines,
// so that the tools find, check and write files exactly as "gtr check"
// and "gtr format" do; the server itself never walks the disk.
type WorkTree interface {
	// Root is the directory paths are resolved against and must lie in:
	// the working tree.
	Root() string
	// Check checks the files under req.Paths, reading imports from disk,
	// and returns one outcome per file found, in path order. progress
	// is called as files are done, with the number done and the number
	// found (0 while the walk goes on). The error is for the run as a
	// whole (its context ended); a file's problem is its outcome's.
	Check(ctx context.Context, req PathsRequest, progress func(done, total int)) ([]FileOutcome, error)
	// Format formats the files under req.Paths as Check checks them, and
	// writes those that change unless req.DryRun; nothing is written
	// once ctx has ended.
	Format(ctx context.Context, req PathsRequest, progress func(done, total int)) ([]FileOutcome, error)
}

// PathsRequest is what check_paths and format_paths ask of a [WorkTree].
type PathsRequest struct {
	Paths   []string      // absolute, inside Root, existing; never empty
	Exclude []string      // valid globs (see [ExcludeMatch])
	Rules   []*rules.Rule // the selection
	// Rulesets, Select and Ignore are the selection as given, for a
	// working tree that layers it over its config files.
	Rulesets, Select, Ignore []string
	DryRun                   bool // Format: write nothing
	Diff                     bool // Format: give a unified diff of each file that changes
}

// FileOutcome is what a run did with one file.
type FileOutcome struct {
	Path    string     // relative to Root, slash-separated
	Skipped string     // why the file was not processed (not a tool or macro file); "" when it was
	Error   *FileError // why it could not be processed; nil when it was

	Violations []Violation // Check: the findings, the first MaxViolations
	Truncated  bool        // Check: more findings than Violations holds
	Fixable    int         // Check: findings format would fix
	Advisory   int         // Check: report-only findings

	Changed      bool     // Format: the file's bytes change
	Written      bool     // Format: the change was written
	Diff         string   // Format: with PathsRequest.Diff, the unified diff of the change
	AppliedCodes []string // Format: the rules whose fixes apply
	Notes        []string // Format: the advisory findings on the output, one line each
}

// FileError is why one file could not be processed.
type FileError struct {
	Path      string `json:"path" jsonschema:"the file, relative to the working tree"`
	ErrorKind string `json:"error_kind" jsonschema:"invalid_xml, unreadable, gate_failed, failed_to_converge, expansion_too_large, timeout or write_failed"`
	Message   string `json:"message" jsonschema:"what went wrong; the file is left as it was"`
	Line      int    `json:"line,omitempty" jsonschema:"1-based line, when known"`
	Column    int    `json:"column,omitempty" jsonschema:"1-based column (UTF-16), when known"`
}

// Error kinds of a [FileError], besides the tools' own (invalid_xml,
// gate_failed, failed_to_converge, expansion_too_large, timeout).
const (
	FileUnreadable  = "unreadable"
	FileWriteFailed = "write_failed"
)

// PathsInput is the part of check_paths' and format_paths' input that
// says which files.
type PathsInput struct {
	Paths   []string `json:"paths,omitempty" jsonschema:"files and directories (searched recursively for *.xml, hidden directories skipped), relative to the server's working directory or absolute inside it; default: the whole working directory"`
	Exclude []string `json:"exclude,omitempty" jsonschema:"globs of files and directories to leave out of the directories walked: a glob without a slash matches a name at any depth (test-data, *_macros.xml), one with a slash a path from the working directory (tools/old/*); a file named in paths is always processed"`
}

// PathsSummary counts a run's files.
type PathsSummary struct {
	Checked int `json:"checked" jsonschema:"files processed (tools and macro files); the field to gate coverage on"`
	Skipped int `json:"skipped" jsonschema:"files left alone: not a Galaxy tool or macro file"`
	Errored int `json:"errored" jsonschema:"files that could not be processed; see errors"`
}

// request checks the paths and globs of in against the host's working
// tree and returns the request for it.
func (h *host) request(in PathsInput, sel Selection) (PathsRequest, error) {
	if h.work == nil {
		return PathsRequest{}, &ToolError{Kind: KindInvalidArgument, Message: "this server has no working tree (it was not started by gtr mcp)"}
	}
	rs, err := sel.resolve()
	if err != nil {
		return PathsRequest{}, err
	}
	root := h.work.Root()
	paths := in.Paths
	if len(paths) == 0 {
		paths = []string{"."}
	}
	req := PathsRequest{Rules: rs, Exclude: in.Exclude, Rulesets: sel.Rulesets, Select: sel.Select, Ignore: sel.Ignore}
	for _, p := range paths {
		abs, err := inside(root, p)
		if err != nil {
			return PathsRequest{}, err
		}
		req.Paths = append(req.Paths, abs)
	}
	for _, g := range in.Exclude {
		if _, err := path.Match(strings.Trim(g, "/"), ""); err != nil || strings.Trim(g, "/") == "" {
			return PathsRequest{}, &ToolError{Kind: KindInvalidArgument, Message: fmt.Sprintf("exclude %q is not a valid glob", g)}
		}
	}
	return req, nil
}

// inside returns p resolved against root, or an invalid_argument error
// when it does not exist or lies outside root (symbolic links followed):
// the tools act on the working tree only.
func inside(root, p string) (string, error) {
	abs := p
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(root, p)
	}
	abs = filepath.Clean(abs)
	if _, err := os.Stat(abs); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return "", &ToolError{Kind: KindInvalidArgument, Message: fmt.Sprintf("path %q does not exist in the working tree %s", p, root)}
		}
		return "", &ToolError{Kind: KindInvalidArgument, Message: fmt.Sprintf("path %q: %v", p, err)}
	}
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		realRoot = root
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		real = abs
	}
	if rel, err := filepath.Rel(realRoot, real); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", &ToolError{Kind: KindInvalidArgument, Message: fmt.Sprintf("path %q lies outside the working tree %s", p, root)}
	}
	return abs, nil
}

// ExcludeMatch reports whether the file at rel (slash-separated, relative
// to the working tree) is excluded by one of globs: a glob without a slash
// (but for a trailing one) matches any name on the way to the file or
// the file's own; one with a slash matches the path from the working
// tree to a directory on the way, or to the file.
func ExcludeMatch(rel string, globs []string) bool {
	parts := strings.Split(rel, "/")
	for _, g := range globs {
		g = strings.Trim(g, "/")
		if !strings.Contains(g, "/") {
			for _, part := range parts {
				if ok, _ := path.Match(g, part); ok {
					return true
				}
			}
			continue
		}
		for i := range parts {
			if ok, _ := path.Match(g, strings.Join(parts[:i+1], "/")); ok {
				return true
			}
		}
	}
	return false
}

// summarize returns the summary, the errors and the skipped paths of
// outcomes.
func summarize(outcomes []FileOutcome) (PathsSummary, []FileError, []string) {
	var n PathsSummary
	errs := []FileError{}
	skipped := []string{}
	for _, o := range outcomes {
		switch {
		case o.Error != nil:
			n.Errored++
			errs = append(errs, *o.Error)
		case o.Skipped != "":
			n.Skipped++
			skipped = append(skipped, o.Path)
		default:
			n.Checked++
		}
	}
	return n, errs, skipped
}

// filesFailed is the file_errors error of a run in which n of total
// files errored; done says what became of the others.
func filesFailed(n, total int, done string) *ToolError {
	if n == 0 {
		return nil
	}
	return &ToolError{Kind: KindFileErrors, Message: fmt.Sprintf(
		"%d of %d file(s) could not be processed (see errors; each is left as it was); %s", n, total, done)}
}
