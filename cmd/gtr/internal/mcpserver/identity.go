package mcpserver

import (
	"context"
	"fmt"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Identity says which gtr answered. An MCP client has no "gtr version"
// to run, and a long-lived server may be older than the gtr on the PATH,
// so every result carries it: in its structured content ("gtr") and in
// its _meta under [MetaKeyIdentity].
type Identity struct {
	Version       string `json:"version" jsonschema:"gtr's version"`
	RuleSetDigest string `json:"ruleset_digest" jsonschema:"sha256 over every rule's code, rulesets and fixability (as the version tool gives it): equal digests mean equal behaviour"`
}

// MetaKeyIdentity is the _meta key of the [Identity] of every tool
// result.
const MetaKeyIdentity = "io.github.galaxy-gtr/identity"

// addIdentityMeta sets the identity in the _meta of every tools/call
// result, those the SDK makes itself (arguments that fail the input
// schema) included.
func (h *host) addIdentityMeta() {
	h.s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			res, err := next(ctx, method, req)
			r, ok := res.(*mcp.CallToolResult)
			if !ok || r == nil {
				return res, err
			}
			if r.Meta == nil {
				r.Meta = mcp.Meta{}
			}
			r.Meta[MetaKeyIdentity] = h.identity
			return res, err
		}
	})
}

// binary is the executable the server runs from, as it was when the
// server started.
type binary struct {
	path string
	info os.FileInfo // nil when it could not be read: nothing to compare with
}

// startBinary records the executable at path; "" is the running one.
func startBinary(path string) *binary {
	if path == "" {
		path, _ = os.Executable()
	}
	b := &binary{path: path}
	if path != "" {
		b.info, _ = os.Stat(path)
	}
	return b
}

// replaced reports whether the executable was replaced or removed since
// the server started: another file at its path (a rebuild or an upgrade
// renames one over it), or the same file rewritten. A stat costs about a
// microsecond, so it is made on every call.
func (b *binary) replaced() bool {
	if b.info == nil {
		return false
	}
	now, err := os.Stat(b.path)
	return err != nil || !os.SameFile(b.info, now) || now.Size() != b.info.Size() || !now.ModTime().Equal(b.info.ModTime())
}

// replacedError is the error of a call to a server whose executable was
// replaced.
func (b *binary) replacedError() *ToolError {
	return &ToolError{Kind: KindBinaryReplaced, Message: fmt.Sprintf(
		"the gtr executable this server runs from (%s) was replaced or removed after the server started, so its answers "+
			"would come from a gtr that is no longer installed; restart the MCP server (the version tool still answers)", b.path)}
}
