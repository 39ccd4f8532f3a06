package validators

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestPyRegex checks patterns against what CPython 3.11's re.compile
// reports for them (ok, FutureWarning or error, and the message).
func TestPyRegex(t *testing.T) {
	for _, tc := range []struct{ pattern, want string }{
		{`^[A-Za-z0-9_]+$`, ""},
		{`(?i)^abc$`, ""},
		{`(?P<n>a)(?P=n)\1`, ""},
		{`(a)(?<=a)b(?!c)(?(1)x|y)`, ""},
		{`a*+(?>b)`, ""},
		{`x{2,3}?{`, ""},
		{`^(?ims)\s*select`, "error: global flags not at the start of the expression at position 1"},
		{`\q`, "error: bad escape \\q at position 0"},
		{`[z-a]`, "error: bad character range z-a at position 1"},
		{`[\d-z]`, "error: bad character range \\d-z at position 1"},
		{`(ab`, "error: missing ), unterminated subpattern at position 0"},
		{`ab)`, "error: unbalanced parenthesis at position 2"},
		{`*a`, "error: nothing to repeat at position 0"},
		{`a**`, "error: multiple repeat at position 2"},
		{`a{3,2}`, "error: min repeat greater than max repeat at position 2"},
		{`(a)\2`, "error: invalid group reference 2 at position 4"},
		{`(?<n>a)`, "error: unknown extension ?<n at position 1"},
		{"[abc\n", "error: unterminated character set at position 0 (line 1, column 1)"},
		{`[[0-9]]`, "future: Possible nested set at position 1"},
		{`[a--z]`, "future: Possible set difference at position 2"},
		{`[a&&b]`, "future: Possible set intersection at position 2"},
	} {
		got := ""
		if p := pyRegexProblem(tc.pattern); p != nil {
			got = "error: " + p.msg
			if p.future {
				got = "future: " + p.msg
			}
		}
		if got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.pattern, got, tc.want)
		}
	}
}

// TestPyExpr checks texts against what CPython 3.11's ast.parse(text,
// mode="eval") accepts.
func TestPyExpr(t *testing.T) {
	for _, tc := range []struct {
		src string
		ok  bool
	}{
		{`value != "select a value"`, true},
		{`'..' not in value`, true},
		{`value is not None and (value.ext in ('png', 'jpg') or getattr(value.metadata, 'channels', 0) == 3)`, true},
		{`len(value.split('-')[0])==4 and value[-1] in ['m', 'k'] and float(value[:-1])`, true},
		{`lambda x, *a, k=1, **kw: x if a else {k: v for k, v in kw.items()}`, true},
		{"(value ==\n 1)", true},
		{"value.metadata.columns == 13or value", true},
		{`f(*a, **k)[1:2, ::3] ** -2`, true},
		{" value", false},
		{"value ==\n 1", false},
		{`value ==`, false},
		{`value = 1`, false},
		{`a b`, false},
		{`(a`, false},
		{`'abc`, false},
		{`*a`, false},
		{`b'x' 'y'`, false},
		{`value $ 1`, false},
		{`01`, false},
	} {
		if got := pyExprProblem(tc.src) == ""; got != tc.ok {
			t.Errorf("%q: parses %v, want %v (%s)", tc.src, got, tc.ok, pyExprProblem(tc.src))
		}
	}
}

func TestExpression(t *testing.T) {
	for _, tc := range []struct {
		name, inputs string
		want         []string
	}{
		{"valid regex", `<param name="t" type="text"><validator type="regex">^\w+$</validator></param>`, nil},
		{"invalid regex", `<param name="t" type="text"><validator type="regex">^(?i)x</validator></param>`, []string{"ValidatorExpression"}},
		{"future regex", `<param name="t" type="text"><validator type="regex">[[]x]</validator></param>`, []string{"ValidatorExpressionFuture"}},
		{"valid expression", `<param name="t" type="text"><validator type="expression">value != ''</validator></param>`, nil},
		{"invalid expression", `<param name="t" type="text"><validator type="expression">value !=</validator></param>`, []string{"ValidatorExpression"}},
		{"no text is another check's", `<param name="t" type="text"><validator type="regex"/></param>`, nil},
		{"other validator text ignored", `<param name="t" type="text"><validator type="length" max="2">((</validator></param>`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs, _ := run(t, Expression, tool(tc.inputs), "")
			if got := linters(fs); !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestExpressionInMacroFile(t *testing.T) {
	macros := "<macros>\n  <xml name=\"v\">\n    <param name=\"t\" type=\"text\">\n" +
		"      <validator type=\"regex\">\\q</validator>\n    </param>\n  </xml>\n</macros>\n"
	src := "<tool id=\"t\" name=\"t\" version=\"1\">\n<macros><import>macros.xml</import></macros>\n<inputs>\n<expand macro=\"v\"/>\n</inputs>\n</tool>\n"
	fs, dir := run(t, Expression, src, macros)
	if len(fs) != 1 || fs[0].Loc.File != filepath.Join(dir, "macros.xml") || fs[0].Pos.Line != 4 {
		t.Fatalf("got %+v, want one finding at macros.xml:4", fs)
	}
	if want := `Parameter [t]: '\q' is no valid regex: bad escape \q at position 0`; !strings.Contains(fs[0].Message, want) {
		t.Errorf("message %q, want %q", fs[0].Message, want)
	}
}
