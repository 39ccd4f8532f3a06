package cheetah

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os/exec"
	"strings"
	"testing"
)

// nest builds n copies of open, then mid, then n copies of close.
func nest(open, mid, close string, n int) string {
	return strings.Repeat(open, n) + mid + strings.Repeat(close, n)
}

// numbered builds open with %d replaced by 0 .. n-1, then mid, then n
// copies of close.
func numbered(open, mid, close string, n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, open, i)
	}
	return b.String() + mid + strings.Repeat(close, n)
}

// limitGens build templates nested n deep, each around one of Cheetah's
// or Python's limits (limits.go).
var limitGens = map[string]func(n int) string{
	"if":          func(n int) string { return nest("#if $x\n", "a\n", "#end if\n", n) },
	"unless":      func(n int) string { return nest("#unless $x\n", "a\n", "#end unless\n", n) },
	"else":        func(n int) string { return nest("#if $x\nb\n#else\n", "a\n", "#end if\n", n) },
	"for":         func(n int) string { return numbered("#for $i%d in $l\n", "a\n", "#end for\n", n) },
	"while":       func(n int) string { return nest("#while $x\n", "a\n", "#end while\n", n) },
	"repeat":      func(n int) string { return nest("#repeat 2\n", "a\n", "#end repeat\n", n) },
	"def":         func(n int) string { return numbered("#def f%d\n", "a\n", "#end def\n", n) },
	"try except":  func(n int) string { return nest("#try\n", "a\n", "#except\nb\n#end try\n", n) },
	"try finally": func(n int) string { return nest("#try\n", "a\n", "#finally\nc\n#end try\n", n) },
	"cache":       func(n int) string { return nest("#cache\n", "a\n", "#end cache\n", n) },
	"if for": func(n int) string {
		return nest("#if $x\n", numbered("#for $i%d in $l\n", "a\n", "#end for\n", 20), "#end if\n", n)
	},
	"if one line": func(n int) string { return strings.Repeat("#if $x: ", n) + "a\n" },
	"parens":      func(n int) string { return "$f(" + nest("(", "1", ")", n) + ")\n" },
	"parens expr": func(n int) string { return "$(" + nest("(", "1", ")", n) + ")\n" },
	"brackets":    func(n int) string { return "$f(" + nest("[", "1", "]", n) + ")\n" },
	"braces":      func(n int) string { return "$f(" + nest("{", "1", "}", n) + ")\n" },
	"if parens":   func(n int) string { return "#if " + nest("(", "$x", ")", n) + "\na\n#end if\n" },
	"calls":       func(n int) string { return nest("$f(", "1", ")", n) + "\n" },
	"placeholders": func(n int) string {
		return nest("$f(", "$x", ")", n) + "\n"
	},
	"call chain":        func(n int) string { return "$a" + strings.Repeat(".b()", n) + "\n" },
	"set placeholders":  func(n int) string { return "#set y = " + nest("$f(", "1", ")", n) + "\n" },
	"set calls":         func(n int) string { return "#set y = " + nest("f(", "1", ")", n) + "\n" },
	"index placeholder": func(n int) string { return "$x" + nest("[$x", "", "]", n) + "\n" },
	"comprehension":     func(n int) string { return "$f([" + nest("[x for x in ", "y", "]", n) + "])\n" },
	"for for":           func(n int) string { return "#set y = " + strings.Repeat("for ", n) + "\n" },
}

// limitCases are Cheetah 3.3.1's verdicts (on Python 3.11, compiled as
// TestVerdicts describes) on templates generated around each limit:
// vOk, vPython (Cheetah parses, Python refuses the code it generates:
// too many levels of indentation, statically nested blocks or nested
// parentheses) or vCrash (Cheetah's parser fails with RecursionError).
// TestLimitVerdictsCheetah checks them against Cheetah when it is
// installed. Near the RecursionError, whose depth depends on the stack
// Galaxy calls Cheetah from, the cases stay a few levels away.
var limitCases = []struct {
	gen  string
	n    int
	want verdict
}{
	{"if", 97, vOk}, {"if", 98, vPython}, {"if", 99, vPython}, {"if", 1000, vPython},
	{"unless", 97, vOk}, {"unless", 98, vPython},
	{"else", 97, vOk}, {"else", 98, vPython},
	{"for", 20, vOk}, {"for", 21, vPython}, {"for", 22, vPython}, {"for", 500, vPython},
	{"while", 20, vOk}, {"while", 21, vPython}, {"while", 500, vPython},
	{"repeat", 20, vOk}, {"repeat", 21, vPython},
	{"def", 98, vOk}, {"def", 99, vPython}, {"def", 100, vPython}, {"def", 500, vPython},
	{"try except", 19, vOk}, {"try except", 20, vPython}, {"try except", 21, vPython},
	{"try finally", 20, vOk}, {"try finally", 21, vPython},
	{"cache", 96, vOk}, {"cache", 97, vPython},
	{"if for", 77, vOk}, {"if for", 78, vPython},
	{"if one line", 97, vOk}, {"if one line", 98, vPython}, {"if one line", 300, vPython}, {"if one line", 1000, vCrash},
	{"parens", 199, vOk}, {"parens", 200, vPython}, {"parens", 201, vPython}, {"parens", 5000, vPython},
	{"parens expr", 200, vOk}, {"parens expr", 201, vPython}, {"parens expr", 202, vPython},
	{"brackets", 199, vOk}, {"brackets", 200, vPython},
	{"braces", 199, vOk}, {"braces", 200, vPython},
	{"if parens", 199, vOk}, {"if parens", 200, vPython}, {"if parens", 5000, vPython},
	{"calls", 200, vOk}, {"calls", 201, vPython}, {"calls", 202, vPython}, {"calls", 1000, vCrash},
	{"placeholders", 199, vOk}, {"placeholders", 200, vPython}, {"placeholders", 201, vPython}, {"placeholders", 1000, vCrash},
	{"call chain", 199, vOk}, {"call chain", 200, vPython}, {"call chain", 201, vPython}, {"call chain", 3000, vPython},
	{"set placeholders", 200, vOk}, {"set placeholders", 201, vPython}, {"set placeholders", 1000, vCrash},
	{"set calls", 200, vOk}, {"set calls", 201, vPython}, {"set calls", 2000, vCrash},
	{"index placeholder", 190, vOk}, {"index placeholder", 1000, vCrash},
	{"comprehension", 198, vOk}, {"comprehension", 199, vPython}, {"comprehension", 200, vPython},
	{"for for", 1000, vCrash},
}

// limitMark is a phrase every limit error holds, by verdict.
var limitMark = map[verdict]string{vPython: "Galaxy would fail to compile", vCrash: "RecursionError"}

// TestLimitVerdicts checks gtr's verdict on the templates of limitCases:
// no error where Cheetah compiles the template, a structure error naming
// the limit (and no syntax error) where Python refuses the generated
// code, a syntax error where Cheetah's parser fails.
func TestLimitVerdicts(t *testing.T) {
	for _, c := range limitCases {
		t.Run(fmt.Sprintf("%s/%d", c.gen, c.n), func(t *testing.T) {
			src := limitGens[c.gen](c.n)
			errs := Parse(src).Errors()
			switch c.want {
			case vOk:
				if errs.Err() != nil {
					t.Fatalf("Cheetah compiles it, we report %v", errs)
				}
			case vPython:
				if len(errs) == 0 || errs.Syntax().Err() != nil {
					t.Fatalf("Cheetah parses it and Python refuses the code it generates, we report %v", errs)
				}
			case vCrash:
				if errs.Syntax().Err() == nil {
					t.Fatalf("Cheetah's parser fails, we report no syntax error (%v)", errs)
				}
			}
			// Each limit is reported once, at the first construct past
			// it; there are four limits.
			named := false
			for _, e := range errs {
				named = named || strings.Contains(e.Msg, limitMark[c.want])
			}
			if c.want != vOk && !named {
				t.Errorf("no error names the limit: %v", errs)
			}
			if len(errs) > 4 {
				t.Errorf("%d errors, one a limit expected", len(errs))
			}
		})
	}
}

// verdictScript compiles each template of a JSON list as Galaxy does and
// prints one verdict a line: ok, python (the generated Python does not
// compile, or its compilation overflows Python's recursion), parse
// (Cheetah's ParseError), crash (any other failure, such as Cheetah's
// parser running out of recursion).
const verdictScript = `
import json, sys
from Cheetah.Template import Template
from Cheetah.Compiler import Compiler
from Cheetah.Parser import ParseError
for src in json.load(sys.stdin):
    try:
        Template.compile(source=src, compilerClass=Compiler)
        v = "ok"
    except ParseError as e:
        v = "python" if "Error in the Python code which Cheetah generated" in str(e) else "parse"
    except SyntaxError:
        v = "python"
    except RecursionError as e:
        v = "python" if "during compilation" in str(e) else "crash"
    except Exception:
        v = "crash"
    print(v, flush=True)
`

// TestLimitVerdictsCheetah checks the verdicts of limitCases against
// Cheetah 3.3.1 itself, when python3 can import it.
func TestLimitVerdictsCheetah(t *testing.T) {
	if testing.Short() {
		t.Skip("runs Cheetah on every case")
	}
	python, err := exec.LookPath("/usr/bin/python3")
	if err != nil {
		python, err = exec.LookPath("python3")
	}
	if err != nil || exec.Command(python, "-c", "import Cheetah.Template").Run() != nil {
		t.Skip("python3 with Cheetah is not installed")
	}
	var srcs []string
	for _, c := range limitCases {
		srcs = append(srcs, limitGens[c.gen](c.n))
	}
	in, err := json.Marshal(srcs)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(python, "-c", verdictScript)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
	got := strings.Fields(string(out))
	if len(got) != len(limitCases) {
		t.Fatalf("Cheetah gave %d verdicts for %d cases", len(got), len(limitCases))
	}
	names := map[verdict]string{vOk: "ok", vPython: "python", vParse: "parse", vCrash: "crash"}
	for i, c := range limitCases {
		if got[i] != names[c.want] {
			t.Errorf("%s/%d: Cheetah says %s, the table %s", c.gen, c.n, got[i], names[c.want])
		}
	}
}
