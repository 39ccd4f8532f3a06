package rules

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/galaxy-gtr/gtr/cst"
)

// hostileCommands are <command> bodies of n units built to make the walk
// of GTR020 costly: many blocks, loops and bindings, placeholders by the
// thousand, shell contexts nested deep (with blocks to copy them at and
// placeholders to place in them), and Cheetah nested past its limits.
var hostileCommands = []struct {
	name string
	gen  func(n int) string
}{
	{"sequential #if", func(n int) string { return strings.Repeat("#if $text\ncat $input\n#end if\n", n) }},
	{"placeholders", func(n int) string { return "cat " + strings.Repeat("$input ", n) + "\n" }},
	{"#for loops", func(n int) string { return strings.Repeat("#for $f in $many\n cat $f\n#end for\n", n) }},
	{"bindings", func(n int) string {
		return strings.Repeat("#set $v = $input\n#for $i in $many\ncat $i $v\n#end for\n", n)
	}},
	{"nested #if", func(n int) string {
		return strings.Repeat("#if $text\ncat $input\n", n) + strings.Repeat("#end if\n", n)
	}},
	{"shell nesting", func(n int) string {
		return `echo "` + strings.Repeat(`\$(echo "`, n) + strings.Repeat("#if $text\n\\$(echo $input\n#end if\n", n) + "\n"
	}},
	{"nested placeholders", func(n int) string { return strings.Repeat("$f(", n) + "$input" + strings.Repeat(")", n) + "\n" }},
}

// TestHostileCommands runs the strict rules on tools whose <command> is
// hostile, at two sizes a hundred times apart, and fails when the time a
// byte takes grows more than fourfold (the fastest of three runs each;
// a quadratic step shows a hundredfold). Runs are timed in CPU time, so
// that a busy machine does not make a linear step look quadratic.
func TestHostileCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("times the strict rules on large commands")
	}
	rs, err := Selection{Rulesets: []string{"strict"}}.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range hostileCommands {
		t.Run(c.name, func(t *testing.T) {
			var perByte [2]float64
			for i, n := range []int{300, 30000} {
				src := fuzzTool(c.gen(n))
				best := time.Duration(1 << 62)
				for range 3 {
					t0, c0 := time.Now(), cpuTime()
					Check(cst.Parse("t.xml", src), rs)
					took := time.Since(t0)
					// CPU time where the platform has it: what the
					// check did, not what other processes made it wait.
					if c := cpuTime() - c0; c > 0 {
						took = c
					}
					best = min(best, took)
				}
				perByte[i] = float64(best.Nanoseconds()) / float64(len(src))
				t.Logf("%d units, %d bytes: %.1f ns/byte", n, len(src), perByte[i])
			}
			if perByte[1] > 4*perByte[0] {
				t.Errorf("%.1f ns/byte at 30000 units, %.1f at 300: not linear", perByte[1], perByte[0])
			}
		})
	}
}

// TestQuoteWalkShellDepth checks that shell contexts nested past
// maxShellDepth make the walk refuse the command rather than follow it,
// and that a command nested just below is still followed.
func TestQuoteWalkShellDepth(t *testing.T) {
	for _, tt := range []struct {
		depth int // the contexts open at $input
		want  string
	}{
		{maxShellDepth - 2, "nested-shell"}, // $(…) in double quotes: not plain quoting, but followed
		{maxShellDepth + 2, "command"},
		{1000, "command"},
	} {
		t.Run(fmt.Sprint(tt.depth), func(t *testing.T) {
			// A quote, then a quote and a substitution each, then the
			// substitution $input is a word of ("\$" renders "$", where
			// "$(" would be a Cheetah placeholder).
			body := `echo "` + strings.Repeat(`\$(echo "`, (tt.depth-2)/2) + `\$(echo $input`
			tree := cst.Parse("t.xml", fuzzTool(body))
			sites := commandQuoteSites(&Pass{Tree: tree, Kind: TargetTool, Rule: GTR020_1, memo: map[string]any{}})
			if len(sites) != 1 {
				t.Fatalf("%d sites, want 1", len(sites))
			}
			if sites[0].kind != tt.want {
				t.Errorf("kind %q, want %q (%s)", sites[0].kind, tt.want, sites[0].msg())
			}
		})
	}
}
