// Package mcpserver is gtr's MCP server: the same engine as the CLI, offered
// to AI agents as tools that take a Galaxy tool's XML as a string and return
// JSON, and, when the server is given a [WorkTree], as check_paths and
// format_paths over files on disk. The tools that take XML never touch the
// disk; format_paths is the only tool that writes.
//
// Every response carries "success", "protocol_version" and gtr's
// [Identity] (also in the result's _meta). Domain failures
// (malformed XML, an unknown ruleset, a gate refusing a rewrite, …) are tool
// results with isError set and a stable "error_kind"; protocol errors are
// left to transport problems.
package mcpserver

import (
	"fmt"
	"runtime"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/galaxy-gtr/gtr/rules/schema"
)

// ProtocolVersion is the version of gtr's response envelope. It changes only
// when a field is renamed, removed or changes type, or an error kind changes
// meaning.
const ProtocolVersion = 1

// MaxInputBytes bounds the XML (and the macro files, each) an agent may send.
const MaxInputBytes = 1 << 20

// DefaultCallTimeout bounds a tool call when [Options.CallTimeout] is 0:
// the largest corpus tool takes well under a second to check or format,
// so thirty seconds is room for a slow machine, not for a bomb.
const DefaultCallTimeout = 30 * time.Second

// Options configure [New]. The zero value gives the defaults.
type Options struct {
	// CallTimeout bounds every tool call: past it the call answers
	// error_kind timeout and its engine is stopped. 0 means
	// DefaultCallTimeout; a negative value, no deadline.
	CallTimeout time.Duration
	// MaxEngines bounds the calls of check_tool, format_tool,
	// expand_tool and validate_tool running at once; the others wait for
	// a free slot under their own deadline. 0 means runtime.GOMAXPROCS(0):
	// the engines use a CPU each, so more at once would only share the
	// CPUs and hold more memory.
	MaxEngines int
	// WorkTree runs check_paths and format_paths over files on disk; nil
	// leaves them answering invalid_argument (the server was given no
	// working tree).
	WorkTree WorkTree
	// Executable is the file the server checks on every call, answering
	// binary_replaced once it was replaced; "" means the running
	// executable (os.Executable).
	Executable string
}

const instructions = `gtr formats, checks and refactors Galaxy tool XML (the wrappers that put
bioinformatics programs into Galaxy). The *_tool tools take the tool's XML as the "xml"
string and the macro files it imports as "macros": {"macros.xml": "<macros>…</macros>"};
they write nothing: apply a returned "formatted" text yourself. check_paths and
format_paths work on the files of the server's working directory instead.

- check_tool: report findings (line, column, code, message, whether it is fixable).
- format_tool: rewrite to the canonical layout; returns "formatted", "changed" and a
  unified "diff" of exactly the bytes that moved. Use rulesets/select/ignore to limit it.
- expand_tool: Galaxy's macro-expanded view of the tool (XML or Galaxy's canonical JSON),
  the imports read and, with provenance, where every element and attribute came from.
- validate_tool: validate the expanded tool against Galaxy's schema at its profile; each
  error points at the file and line to fix (a macro file too), with newest_valid_profile.
- tokenize_version_tool: factor a literal version into @TOOL_VERSION@/@VERSION_SUFFIX@ (through
  the macros passed), kept only when Galaxy's expanded view is unchanged.
- find_references_tool: every place the tool and its macro files name a parameter.
- rename_param_tool: rename a parameter everywhere (rewritten macro files come back in
  "files"), or the reason it cannot be done safely.
- list_rules / list_rulesets: what each code means and which rules a ruleset runs.
- check_paths: check files and directories of the working tree on disk (imports read
  from disk); read-only. Returns results, errors, skipped and summary.
- format_paths: format files of the working tree in place (dry_run: write nothing);
  the one tool that writes. Check isError (or summary.errored) before trusting the rest.
- version: which gtr binary is serving, and the digest of its rule set.

Every response has "success", "protocol_version" and "gtr" (version and ruleset_digest);
failures set "error_kind" (invalid_xml, not_a_tool, unknown_ruleset, unknown_rule_code,
gate_failed, failed_to_converge, input_too_large, unresolved_import, macro_error,
expansion_too_large, timeout, invalid_argument, file_errors, binary_replaced,
internal_error). binary_replaced means the gtr executable was replaced after the server
started: restart the server.
A macro or token whose definition expands exponentially is expansion_too_large
(the message names it and where it is defined). Every call runs under a deadline
of %s (gtr mcp --call-timeout); past it the call answers timeout and the server goes
on serving.`

// New returns the MCP server with all gtr tools registered. version is the
// binary's version, reported in the server info and by the version tool.
//
// It starts compiling the schema tables in the background
// (schema.Prepare), which the first check_tool, format_tool or
// validate_tool would otherwise wait for: 30-35 ms on the project's VM,
// more than the whole of a later call on the largest corpus tool.
func New(version string, opts Options) *mcp.Server {
	go schema.Prepare()
	h := newHost(version, opts)
	deadline := "none"
	if h.timeout > 0 {
		deadline = h.timeout.String()
	}
	h.s = mcp.NewServer(
		&mcp.Implementation{Name: "gtr", Title: "gtr: Galaxy tool XML formatter and linter", Version: version},
		&mcp.ServerOptions{Instructions: fmt.Sprintf(instructions, deadline)},
	)
	h.addIdentityMeta()
	for _, add := range tools {
		add(h)
	}
	return h.s
}

// host is the server being built, with what every tool call shares: the
// deadline and the engine slots.
type host struct {
	s        *mcp.Server
	version  string
	timeout  time.Duration // <= 0: none
	slots    chan struct{} // one token per engine call running
	identity Identity
	bin      *binary
	work     WorkTree // nil: no working tree
}

func newHost(version string, opts Options) *host {
	h := &host{version: version, timeout: opts.CallTimeout, work: opts.WorkTree, bin: startBinary(opts.Executable)}
	h.identity = Identity{Version: version, RuleSetDigest: RuleSetDigest()}
	if h.timeout == 0 {
		h.timeout = DefaultCallTimeout
	}
	n := opts.MaxEngines
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	h.slots = make(chan struct{}, n)
	return h
}

// tools registers each tool; adding a tool is one file with a register
// function listed here.
var tools = []func(*host){
	addCheckPaths,
	addCheckTool,
	addConvertHelpTool,
	addExpandTool,
	addFindReferencesTool,
	addFormatPaths,
	addFormatTool,
	addListRules,
	addListRulesets,
	addRenameParamTool,
	addTokenizeVersionTool,
	addUpgradeTool,
	addValidateTool,
	addVersion,
}

func boolPtr(b bool) *bool { return &b }

// readOnly marks a tool as reading only its arguments.
func readOnly(title string) *mcp.ToolAnnotations {
	return &mcp.ToolAnnotations{
		Title:           title,
		ReadOnlyHint:    true,
		IdempotentHint:  true,
		DestructiveHint: boolPtr(false),
		OpenWorldHint:   boolPtr(false),
	}
}

// writes marks a tool that changes files on disk: destructive (a file's
// bytes are replaced), idempotent (formatting again changes nothing).
func writes(title string) *mcp.ToolAnnotations {
	return &mcp.ToolAnnotations{
		Title:           title,
		IdempotentHint:  true,
		DestructiveHint: boolPtr(true),
		OpenWorldHint:   boolPtr(false),
	}
}

// boundsNote ends the description of every tool that runs an engine.
const boundsNote = " A macro or token that expands exponentially is error_kind expansion_too_large; a call past the " +
	"server's deadline answers error_kind timeout."
