package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Error kinds: stable strings an agent may switch on. New kinds may be
// added; existing ones are never renamed.
const (
	KindInvalidXML       = "invalid_xml"        // the XML is not well-formed; line and column say where
	KindNotATool         = "not_a_tool"         // the root element is neither <tool> nor <macros>
	KindUnknownRuleset   = "unknown_ruleset"    // a ruleset name is not known
	KindUnknownRuleCode  = "unknown_rule_code"  // a code or planemo linter name is not known
	KindGateFailed       = "gate_failed"        // a safety gate refused the rewrite; the input is unchanged
	KindFailedToConverge = "failed_to_converge" // the fix loop found no fixpoint
	KindInputTooLarge    = "input_too_large"    // the XML or a macro file exceeds 1 MB
	KindUnresolvedImport = "unresolved_import"  // an <import> names a file the macros argument does not hold; the message names it and where the <import> is
	KindMacroError       = "macro_error"        // Galaxy cannot expand the macros (undefined macro, missing parameter, …); the message carries Galaxy's exception
	// KindExpansionTooLarge: a macro or token expands past gtr's bound
	// (its definition expands exponentially); the message names it at its
	// file:line with the size reached and the bound.
	KindExpansionTooLarge = "expansion_too_large"
	// KindTimeout: the call ran past the server's deadline (gtr mcp
	// --call-timeout) and was stopped; the server goes on serving.
	KindTimeout         = "timeout"
	KindInvalidArgument = "invalid_argument" // an argument is malformed
	KindInternalError   = "internal_error"   // a bug in gtr; please report it
	// KindBinaryReplaced: the gtr executable the server runs from was
	// replaced or removed after it started; every tool but version
	// answers it, until the server is restarted.
	KindBinaryReplaced = "binary_replaced"
	// KindFileErrors: check_paths or format_paths could not process some
	// files; errors lists them, and the rest of the result holds what was
	// done with the others.
	KindFileErrors = "file_errors"
)

// Envelope is the part of every response that is the same for all tools.
type Envelope struct {
	Success         bool     `json:"success" jsonschema:"true when the tool did its job; false with error_kind and message otherwise"`
	ProtocolVersion int      `json:"protocol_version" jsonschema:"version of this response format (1)"`
	ErrorKind       string   `json:"error_kind,omitempty" jsonschema:"stable error kind when success is false"`
	Message         string   `json:"message,omitempty" jsonschema:"what went wrong and what to do, when success is false"`
	Line            int      `json:"line,omitempty" jsonschema:"1-based line of the error in the XML, when known"`
	Column          int      `json:"column,omitempty" jsonschema:"1-based column (UTF-16 code units) of the error, when known"`
	Rules           []string `json:"rules,omitempty" jsonschema:"rule codes responsible for a gate_failed or failed_to_converge error"`
	Suggestion      string   `json:"suggestion,omitempty" jsonschema:"the closest known name for an unknown ruleset or rule code"`
	Gtr             Identity `json:"gtr" jsonschema:"which gtr answered (also in the result's _meta)"`
}

func (e *Envelope) envelope() *Envelope { return e }

// ToolError is a domain failure returned as a result with isError set.
type ToolError struct {
	Kind       string
	Message    string
	Line       int
	Column     int
	Rules      []string
	Suggestion string
}

func (e *ToolError) Error() string { return e.Kind + ": " + e.Message }

type enveloped[T any] interface {
	*T
	envelope() *Envelope
}

// partial is an output that can report a partial failure: the work was
// done, but not on everything (check_paths and format_paths with files
// that errored). fileErrors returns the error to answer with, nil for
// none; the result then has isError set and keeps its content.
type partial interface {
	fileErrors() *ToolError
}

// register adds a tool whose handler returns its typed output or an error.
// It fills the envelope, with gtr's identity, turns errors into isError
// results with an error kind, and turns a panic into an internal_error
// result so the server keeps serving. Every tool but version first checks
// that the server's executable is the one it started from. The call runs
// under the host's deadline, with the client's progress token in its
// context (see progressReporter); an engine call (one that parses,
// checks, formats, expands or validates a tool) also takes one of the
// host's slots first.
func register[In, Out any, PO enveloped[Out]](h *host, engine bool, t *mcp.Tool, fn func(context.Context, In) (Out, error)) {
	mcp.AddTool(h.s, t, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		var out Out
		var err error
		if t.Name != "version" && h.bin.replaced() {
			err = h.bin.replacedError()
		} else {
			out, err = run(h, withProgress(ctx, req), t.Name, engine, in, fn)
		}
		if err != nil {
			var te *ToolError
			if !errors.As(err, &te) {
				te = h.stopped(t.Name, err)
			}
			var zero Out
			env := PO(&zero).envelope()
			*env = Envelope{
				ProtocolVersion: ProtocolVersion, ErrorKind: te.Kind, Message: te.Message,
				Line: te.Line, Column: te.Column, Rules: te.Rules, Suggestion: te.Suggestion, Gtr: h.identity,
			}
			return &mcp.CallToolResult{IsError: true}, zero, nil
		}
		env := PO(&out).envelope()
		env.Success = true
		env.ProtocolVersion = ProtocolVersion
		env.Gtr = h.identity
		if p, ok := any(PO(&out)).(partial); ok {
			if te := p.fileErrors(); te != nil {
				env.Success, env.ErrorKind, env.Message = false, te.Kind, te.Message
				return &mcp.CallToolResult{IsError: true}, out, nil
			}
		}
		return nil, out, nil
	})
}

// run calls fn under the host's deadline, in a goroutine of its own, and
// returns its answer, or a timeout error once the deadline passes,
// whether or not fn has returned: the engines stop at the context's end,
// but an answer must not wait on that. An engine call holds a slot until
// fn has really returned, so that engines still winding down count
// against the bound on the engines running at once.
func run[In, Out any](h *host, ctx context.Context, name string, engine bool, in In, fn func(context.Context, In) (Out, error)) (Out, error) {
	var zero Out
	if h.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, h.timeout)
		defer cancel()
	}
	if engine {
		select {
		case h.slots <- struct{}{}:
		case <-ctx.Done():
			return zero, h.timedOut(name, ctx, fmt.Sprintf(" while waiting for one of the %d engine slots, all busy with other calls", cap(h.slots)))
		}
	}
	type answer struct {
		out Out
		err error
	}
	done := make(chan answer, 1)
	go func() {
		if engine {
			defer func() { <-h.slots }()
		}
		out, err := call(ctx, in, fn)
		done <- answer{out, err}
	}()
	select {
	case a := <-done:
		return a.out, a.err
	case <-ctx.Done():
		return zero, h.timedOut(name, ctx, "")
	}
}

func call[In, Out any](ctx context.Context, in In, h func(context.Context, In) (Out, error)) (out Out, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &ToolError{Kind: KindInternalError, Message: fmt.Sprintf("gtr panicked: %v (please report this with the input)\n%s", r, debug.Stack())}
		}
	}()
	return h(ctx, in)
}

// stopped turns an error that is not a [ToolError] into one: an
// expansion past its bound is expansion_too_large, an engine stopped by
// the deadline timeout, anything else internal_error.
func (h *host) stopped(name string, err error) *ToolError {
	var me *macros.Error
	switch {
	case errors.As(err, &me) && me.Kind == macros.ErrTooLarge:
		// The tools' handlers locate it (expandError); this is the
		// fallback, with the column in bytes.
		return tooLarge(me, me.Pos.Column)
	case errors.Is(err, context.Canceled):
		return &ToolError{Kind: KindTimeout, Message: name + " was canceled by the client"}
	case rules.Fatal(err):
		return h.timedOut(name, nil, "")
	}
	return &ToolError{Kind: KindInternalError, Message: err.Error()}
}

// tooLarge is the expansion_too_large error of me, at column col (UTF-16)
// when it is in the tool.
// cliAdvice ends the message of an expansion past its bound.
const cliAdvice = "; if the tool is meant to be this large, raise the factor with -max-expansion"

func tooLarge(me *macros.Error, col int) *ToolError {
	// The CLI's advice (a flag) does not apply to a call: the server
	// keeps the default bound.
	msg, _ := strings.CutSuffix(me.Error(), cliAdvice)
	te := &ToolError{Kind: KindExpansionTooLarge, Message: msg +
		"; Galaxy would try to build all of it: rewrite the definition so that it does not multiply (gtr help expand gives the bound)"}
	if me.Pos.File == toolFile {
		te.Line, te.Column = me.Pos.Line, col
	}
	return te
}

// timedOut is the timeout error of a call of the tool name; where says
// where it was stopped, if not in its work. ctx, when not nil, tells a
// deadline from a call the client canceled.
func (h *host) timedOut(name string, ctx context.Context, where string) *ToolError {
	if ctx != nil && !errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return &ToolError{Kind: KindTimeout, Message: fmt.Sprintf("%s was canceled by the client%s", name, where)}
	}
	return &ToolError{Kind: KindTimeout, Message: fmt.Sprintf(
		"%s ran past the server's call deadline of %s%s and was stopped; the server goes on serving. "+
			"Send a smaller tool, or start the server with a longer deadline (gtr mcp --call-timeout %s)",
		name, h.timeout, where, 4*h.timeout)}
}

// checkSize refuses inputs above MaxInputBytes.
func checkSize(xml string, macros map[string]string) error {
	if len(xml) > MaxInputBytes {
		return &ToolError{Kind: KindInputTooLarge, Message: fmt.Sprintf("the XML has %d bytes; the limit is %d (1 MB)", len(xml), MaxInputBytes)}
	}
	for name, m := range macros {
		if len(m) > MaxInputBytes {
			return &ToolError{Kind: KindInputTooLarge, Message: fmt.Sprintf("macro file %q has %d bytes; the limit is %d (1 MB)", name, len(m), MaxInputBytes)}
		}
	}
	return nil
}

var _ = mcp.NewServer
