package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"

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
	KindInvalidArgument  = "invalid_argument"   // an argument is malformed
	KindInternalError    = "internal_error"     // a bug in gtr; please report it
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

// register adds a tool whose handler returns its typed output or an error.
// It fills the envelope, turns errors into isError results with an error
// kind, and turns a panic into an internal_error result so the server keeps
// serving.
func register[In, Out any, PO enveloped[Out]](s *mcp.Server, t *mcp.Tool, h func(context.Context, In) (Out, error)) {
	mcp.AddTool(s, t, func(ctx context.Context, _ *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		out, err := call(ctx, in, h)
		if err != nil {
			var te *ToolError
			if !errors.As(err, &te) {
				te = &ToolError{Kind: KindInternalError, Message: err.Error()}
			}
			var zero Out
			env := PO(&zero).envelope()
			*env = Envelope{
				ProtocolVersion: ProtocolVersion, ErrorKind: te.Kind, Message: te.Message,
				Line: te.Line, Column: te.Column, Rules: te.Rules, Suggestion: te.Suggestion,
			}
			return &mcp.CallToolResult{IsError: true}, zero, nil
		}
		env := PO(&out).envelope()
		env.Success = true
		env.ProtocolVersion = ProtocolVersion
		return nil, out, nil
	})
}

func call[In, Out any](ctx context.Context, in In, h func(context.Context, In) (Out, error)) (out Out, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &ToolError{Kind: KindInternalError, Message: fmt.Sprintf("gtr panicked: %v (please report this with the input)\n%s", r, debug.Stack())}
		}
	}()
	return h(ctx, in)
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
