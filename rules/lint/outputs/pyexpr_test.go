package outputs

import "testing"

// TestPyExprError checks the token-level check against what Python 3.11's
// ast.parse(text, mode="eval") says of each text.
func TestPyExprError(t *testing.T) {
	for text, valid := range map[string]bool{
		"": false, "a and": false, "and a": false, "$x == 'a'": false, "x = 1": false, "a b": false,
		"(a": false, "a)": false, "[a)": false, "'abc": false, "import os": false, "x == 'a'; y": false,
		"a ==": false, "a == == b": false, "x := 1": false, "a ? b : c": false, "True or": false,
		"f(a=1)": true, "'a' 'b'": true, "lambda x=1: x": true, "a if b else c": true,
		"[x for x in y if x]": true, "not a": true, "a not in b": true, "-1 + +2": true,
		"1e-5 * 0x1F": true, "f'{x}' == r'\\d'": true, "{'a': 1}['a']": true, "(x := 1)": true,
		"'''multi\nline''' in x": true, "a.b(c)[d]": true, "f(*a, **k)": true, "None": true,
		"a is not None": true, "x and 'bam' in x": true, "a\\\nand b": true,
		"options['out'] == 'yes' and 'bam' in str(fmt).split(',')": true,
	} {
		if got := pyExprError(text) == ""; got != valid {
			t.Errorf("pyExprError(%q) = %q, want valid=%v", text, pyExprError(text), valid)
		}
	}
}

func TestOutputsFilterExpression(t *testing.T) {
	runGolden(t, OutputsFilterExpression, []golden{
		{"cheetah dollar", tool("<outputs><data name=\"o\" format=\"txt\"><filter>$x == 'a'</filter></data></outputs>"), 1, "", "Filter '$x == 'a'' is no valid expression: invalid character '$'"},
		{"empty", tool("<outputs><data name=\"o\" format=\"txt\"><filter/></data></outputs>"), 1, "", "the expression is empty"},
		{"unclosed", tool("<outputs><collection name=\"c\" type=\"list\"><filter>x in ['a', 'b'</filter></collection></outputs>"), 1, "", "'[' was never closed"},
		{"valid", tool("<outputs><data name=\"o\" format=\"txt\"><filter>\n  options['x'] == 'a'\n</filter></data></outputs>"), 0, "", ""},
		{"filter of a nested data is not read", tool("<outputs><collection name=\"c\" type=\"list\"><data name=\"d\"><filter>$x</filter></data></collection></outputs>"), 0, "", ""},
	})
}
