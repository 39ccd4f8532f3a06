package mcpserver

import (
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/fuzz"
)

// TestTooLargeMessageFitsMCP: an expansion past its bound answers
// expansion_too_large at the token's line, without the CLI's advice to
// pass a flag the call cannot.
func TestTooLargeMessageFitsMCP(t *testing.T) {
	cs := connect(t)
	var out CheckOutput
	callTool(t, cs, "check_tool", CheckInput{XML: fuzz.TokenBomb(40)}, &out)
	if out.ErrorKind != KindExpansionTooLarge || out.Line == 0 || !strings.Contains(out.Message, "expands exponentially") {
		t.Fatalf("error_kind %q, line %d, message %q", out.ErrorKind, out.Line, out.Message)
	}
	if strings.Contains(out.Message, "-max-expansion") || !strings.Contains(out.Message, "does not multiply") {
		t.Errorf("message %q: want the server's advice, not the CLI's flag", out.Message)
	}
}
