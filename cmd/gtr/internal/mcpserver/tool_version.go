package mcpserver

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/galaxy-gtr/gtr/rules"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// VersionInput is version's (empty) input.
type VersionInput struct{}

// VersionOutput is version's result.
type VersionOutput struct {
	Envelope
	Version        string `json:"version" jsonschema:"gtr's version"`
	GoVersion      string `json:"go_version" jsonschema:"Go toolchain that built the binary"`
	Module         string `json:"module" jsonschema:"Go module path"`
	VCSRevision    string `json:"vcs_revision,omitempty" jsonschema:"source revision the binary was built from, when known"`
	VCSModified    bool   `json:"vcs_modified,omitempty" jsonschema:"whether the source tree had uncommitted changes"`
	Rules          int    `json:"rules" jsonschema:"number of rules"`
	RuleSetDigest  string `json:"ruleset_digest" jsonschema:"sha256 over every rule's code, rulesets and fixability: equal digests mean equal behaviour"`
	Executable     string `json:"executable,omitempty" jsonschema:"the gtr executable the server runs from"`
	BinaryReplaced bool   `json:"binary_replaced" jsonschema:"true when that file was replaced or removed after the server started: the other tools then answer error_kind binary_replaced, and the server should be restarted"`
}

func addVersion(h *host) {
	register(h, false, &mcp.Tool{
		Name: "version",
		Description: "Report which gtr binary is serving: version, Go version, source revision, a digest of its rule set, " +
			"its executable and whether that file was replaced since the server started (the only tool that answers then).",
		Annotations: readOnly("gtr version"),
	}, func(_ context.Context, _ VersionInput) (VersionOutput, error) {
		out := VersionOutput{Version: h.version, GoVersion: runtime.Version(), Rules: len(rules.All), RuleSetDigest: h.identity.RuleSetDigest,
			Executable: h.bin.path, BinaryReplaced: h.bin.replaced()}
		if bi, ok := debug.ReadBuildInfo(); ok {
			out.Module = bi.Main.Path
			for _, s := range bi.Settings {
				switch s.Key {
				case "vcs.revision":
					out.VCSRevision = s.Value
				case "vcs.modified":
					out.VCSModified = s.Value == "true"
				}
			}
		}
		return out, nil
	})
}

// RuleSetDigest hashes what determines gtr's behaviour per rule.
func RuleSetDigest() string {
	h := sha256.New()
	for _, r := range rules.All {
		fmt.Fprintf(h, "%s|%s|%s|%s|%d\n", r.Code, strings.Join(r.Rulesets, ","), r.Fix, r.Since, r.Order)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}
