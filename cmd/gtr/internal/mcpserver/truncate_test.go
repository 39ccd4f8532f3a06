package mcpserver

import (
	"fmt"
	"strings"
	"testing"
)

// TestViolationsTruncated checks that a tool with more findings than
// MaxViolations lists the first MaxViolations, in source order, says so,
// and counts them all.
func TestViolationsTruncated(t *testing.T) {
	const n = MaxViolations + 500
	var b strings.Builder
	b.WriteString("<tool id=\"t\" name=\"t\" version=\"1.0\">\n    <command><![CDATA[echo]]></command>\n    <inputs>\n")
	for i := range n {
		// type before name: one GTR002 finding a param.
		fmt.Fprintf(&b, "        <param type=\"text\" name=\"p%d\"/>\n", i)
	}
	b.WriteString("    </inputs>\n</tool>\n")
	cs := connect(t)
	var out CheckOutput
	callTool(t, cs, "check_tool", CheckInput{XML: b.String(), Selection: Selection{Select: []string{"GTR002"}}}, &out)
	if !out.Success || !out.Truncated || len(out.Violations) != MaxViolations || out.Fixable != n {
		t.Fatalf("success %v, truncated %v, %d violations, fixable %d; want true, true, %d, %d",
			out.Success, out.Truncated, len(out.Violations), out.Fixable, MaxViolations, n)
	}
	if first, last := out.Violations[0].Line, out.Violations[MaxViolations-1].Line; first != 4 || last != 4+MaxViolations-1 {
		t.Errorf("violations on lines %d to %d, want the first ones, 4 to %d", first, last, 4+MaxViolations-1)
	}
	var few CheckOutput
	callTool(t, cs, "check_tool", CheckInput{XML: "<tool id=\"t\" name=\"t\" version=\"1.0\"><inputs><param type=\"text\" name=\"p\"/></inputs></tool>", Selection: Selection{Select: []string{"GTR002"}}}, &few)
	if few.Truncated || len(few.Violations) != 1 {
		t.Errorf("one finding: truncated %v, %d violations", few.Truncated, len(few.Violations))
	}
}
