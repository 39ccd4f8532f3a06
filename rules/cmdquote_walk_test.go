package rules

import (
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
)

// TestQuoteWalkBlocks checks the quoting state across #if and #for
// blocks: every branch starts from the state before the block, the block
// ends in its first branch's state, and quotes that only some branches
// open, at any nesting, make what follows uncertain.
func TestQuoteWalkBlocks(t *testing.T) {
	tests := []struct {
		name, body string
		want       string // the verdict on the last "$input": "fixable" or the residual kind
	}{
		{"balanced branches", "#if $text:\n x\n#else\n y\n#end if\ncat $input", "fixable"},
		{"first branch opens a quote", "#if $text:\n '\n#else\n y\n#end if\ncat $input", "none"}, // it ends in that quote
		{"quote in a later branch", "#if $text:\n x\n#else if $input:\n y\n#else\n '\n#end if\ncat $input", "uncertain"},
		{"each branch closes its quotes", "#if $text:\n 'a'\n#else\n \"b\"\n#end if\ncat $input", "fixable"},
		{"nested in a later branch", "#if $text:\n x\n#else\n#if $input:\n '\n#end if\n#end if\ncat $input", "uncertain"},
		{"nested balanced in a later branch", "#if $text:\n x\n#else\n#for $f in $many:\n '$f'\n#end for\n#end if\ncat $input", "fixable"},
		{"open quote before the block", "echo '\n#if $text:\n x\n#else\n y\n#end if\n' cat $input", "fixable"},
		{"inside quotes the block leaves", "echo \"\n#if $text:\n x\n#else\n y\n#end if\n$input \"", "none"},
		{"a for body that opens a quote", "#for $f in $many:\n '\n#end for\ncat $input", "none"},
		{"a for body that closes a quote", "echo '\n#for $f in $many:\n '\n#end for\ncat $input", "uncertain"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tree := cst.Parse("t.xml", fuzzTool(tt.body))
			got := "none"
			for _, s := range commandQuoteSites(&Pass{Tree: tree, Kind: TargetTool, Rule: GTR020_1, memo: map[string]any{}}) {
				if s.text != "$input" {
					continue
				}
				got = s.kind
				if s.verdict == quoteFixable {
					got = "fixable"
				}
			}
			if got != tt.want {
				t.Errorf("last $input in %q: %s, want %s", tt.body, got, tt.want)
			}
		})
	}
}

func TestShellQuotingReset(t *testing.T) {
	var a, b shellQuoting
	a.feed(`x "$( '`)
	b.feed(`"`)
	b.reset(&a)
	if !b.equal(&a) || b.hist != a.hist || b.solid != a.solid {
		t.Fatal("reset state differs from its source")
	}
	b.feed(`'`)
	if b.equal(&a) || a.top() != ctxSingle || strings.Count(string(a.hist[:]), "'") != 1 {
		t.Error("reset shares state with its source")
	}
}
