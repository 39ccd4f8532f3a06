package cst_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/galaxy-gtr/gtr/cst"
)

// errorCase is an input with every error the parser reports on it, as
// "line:col: message".
type errorCase struct {
	name string
	src  string
	want []string
}

// errorCases show every message the parser can produce
// (TestErrorCasesCoverMessages checks that), including the error classes of
// the issue: mismatched end tag naming the open element and where it
// opened, unclosed element, duplicate attribute, missing quote, "--" in a
// comment, "]]>" in text, unknown entity, bare '&' or '<', invalid
// character, several root elements, content after the root, unclosed CDATA
// and comment.
var errorCases = []errorCase{
	{"unclosed element", "<x>", []string{`1:4: unclosed element <x> opened at 1:1: add </x> before the end of the file`}},
	{"unclosed nested elements", "<x><y>", []string{`1:7: unclosed element <y> opened at 1:4: add </y> before the end of the file`, `1:7: unclosed element <x> opened at 1:1: add </x> before the end of the file`}},
	{"mismatched end tag naming no open element", "<x></y>", []string{`1:4: mismatched end tag: </y> does not close <x> opened at 1:1, and no open element is named y: fix the name or remove the end tag`, `1:8: unclosed element <x> opened at 1:1: add </x> before the end of the file`}},
	{"mismatched end tag closing an outer element", "<x>\n  <y>\n</x>", []string{`3:1: mismatched end tag: </x> closes <x> opened at 1:1, but <y> opened at 2:3 is still open`}},
	{"duplicate attribute", "<x a=\"1\" a=\"2\"/>", []string{`1:10: duplicate attribute a on <x>: it is already set at 1:4; an attribute may appear once per element, so remove one`}},
	{"duplicate attribute on another line", "<x a=\"1\"\n   b=\"2\" a=\"3\"/>", []string{`2:10: duplicate attribute a on <x>: it is already set at 1:4; an attribute may appear once per element, so remove one`}},
	{"unquoted value", "<x a=1/>", []string{`1:6: value of attribute a must be quoted: write a="..."`}},
	{"missing closing quote", "<x a=\"1/>", []string{`1:6: value of attribute a is missing its closing ": add " at the end of the value`, `1:10: unclosed element <x> opened at 1:1: add </x> before the end of the file`}},
	{"attribute without value", "<x a/>", []string{`1:4: attribute a has no value: write a="..."`}},
	{"attribute with = but no value", "<x a=/>", []string{`1:6: value of attribute a must be quoted: write a="..."`}},
	{"attribute value cut by the end of file", "<x a=", []string{`1:1: unclosed start tag <x>: add '>'`, `1:6: attribute a has no value: write a="..."`, `1:6: unclosed element <x> opened at 1:1: add </x> before the end of the file`}},
	{"attribute name cut by the end of file", "<x a", []string{`1:1: unclosed start tag <x>: add '>'`, `1:4: attribute a has no value: write a="..."`, `1:5: unclosed element <x> opened at 1:1: add </x> before the end of the file`}},
	{"double dash in comment", "<x><!-- a -- b --></x>", []string{`1:11: '--' is not allowed inside a comment: separate the dashes or remove them`}},
	{"comment ending in three dashes", "<x><!-- a ---></x>", []string{`1:11: '--' is not allowed inside a comment: separate the dashes or remove them`}},
	{"cdata end in text", "<x>]]></x>", []string{`1:4: ']]>' is not allowed in text: write ']]&gt;'`}},
	{"unknown entity", "<x>&foo;</x>", []string{`1:4: undefined entity &foo;: XML knows only &lt; &gt; &amp; &quot; &apos; (write &amp;foo; for literal text)`}},
	{"bare ampersand in text", "<x>a & b</x>", []string{`1:6: bare '&': write &amp; or wrap the text in CDATA`}},
	{"bare ampersand in attribute", "<x a=\"a & b\"/>", []string{`1:9: bare '&' in attribute value: write &amp;`}},
	{"entity without semicolon", "<x>&amp</x>", []string{`1:4: entity reference &amp is missing its ';' (write &amp; for a literal '&')`}},
	{"bare less-than in text", "<x>a < b</x>", []string{`1:6: bare '<' in text: write &lt; or wrap the text in CDATA`}},
	{"unknown bang markup", "<x><!foo></x>", []string{`1:4: '<!' starts no markup XML knows: write <!-- ... --> for a comment, <![CDATA[ ... ]]> for CDATA, or &lt; for a literal '<'`}},
	{"element name starting with a digit", "<x><1/></x>", []string{`1:4: element name cannot start with '1': a name starts with a letter, '_' or ':' (write &lt; for a literal '<')`}},
	{"control character in text", "<x>\x01</x>", []string{`1:4: invalid character U+0001 in text: XML does not allow this control character; remove it`}},
	{"control character in attribute", "<x a=\"\x01\"/>", []string{`1:7: invalid character U+0001 in attribute value: XML does not allow this control character; remove it`}},
	{"control character in comment", "<x><!--\x01--></x>", []string{`1:8: invalid character U+0001 in comment: XML does not allow this control character; remove it`}},
	{"invalid UTF-8", "<x>\xff</x>", []string{`1:4: invalid UTF-8 byte 0xFF: save the file as UTF-8, or declare its encoding in <?xml version="1.0" encoding="..."?>`}},
	{"UTF-8 encoded surrogate reported once", "<x>\xed\xa0\x80</x>", []string{`1:4: invalid UTF-8 byte 0xED: save the file as UTF-8, or declare its encoding in <?xml version="1.0" encoding="..."?>`}},
	{"non-character U+FFFE", "<x>\ufffe</x>", []string{`1:4: invalid character U+FFFE: XML does not allow it; remove it`}},
	{"several root elements", "<x/><y/>", []string{`1:5: extra content after the root element </x>: a file holds one root element; move this element inside it or into a file of its own`}},
	{"text after the root", "<x/>text", []string{`1:5: text after the end of the root element </x>: remove it or move it inside <x>`}},
	{"text before the root", "text<x/>", []string{`1:1: text before the root element: remove it; a tool file must start with markup such as <tool>`}},
	{"invalid name at top level", "<1x/>", []string{`1:1: element name cannot start with '1': a name starts with a letter, '_' or ':' (write &lt; for a literal '<')`, `1:6: document has no root element: a tool file needs one element, such as <tool>...</tool>, around its content`}},
	{"well-formed", "<x/>", []string{}},
	{"empty document", "", []string{`1:1: document is empty: expected a root element such as <tool>`}},
	{"whitespace-only document", "  \n", []string{`1:1: document is empty: expected a root element such as <tool>`}},
	{"no root element", "<!-- only a comment -->", []string{`1:24: document has no root element: a tool file needs one element, such as <tool>...</tool>, around its content`}},
	{"unclosed CDATA", "<x><![CDATA[abc</x>", []string{`1:4: unclosed CDATA section: add ]]> to end it`, `1:20: unclosed element <x> opened at 1:1: add </x> before the end of the file`}},
	{"unclosed comment", "<x><!-- abc</x>", []string{`1:4: unclosed comment: add --> to end it`, `1:16: unclosed element <x> opened at 1:1: add </x> before the end of the file`}},
	{"CDATA outside the root", "<x/><![CDATA[b]]>", []string{`1:5: CDATA section outside the root element: move it inside the root element or remove it`}},
	{"char ref to NUL", "<x>&#0;</x>", []string{`1:4: character reference &#0; refers to U+0000, which XML does not allow; remove it`}},
	{"char ref to a surrogate", "<x>&#xD800;</x>", []string{`1:4: character reference &#xD800; refers to U+D800, which XML does not allow; remove it`}},
	{"char ref beyond Unicode", "<x>&#x110000;</x>", []string{`1:4: character reference &#x110000; refers to U+110000, which XML does not allow; remove it`}},
	{"char ref with upper-case X", "<x>&#X41;</x>", []string{`1:4: malformed character reference: expected &#NN; or &#xHH; (write &amp; for a literal '&')`}},
	{"empty char ref", "<x>&#;</x>", []string{`1:4: malformed character reference: expected &#NN; or &#xHH; (write &amp; for a literal '&')`}},
	{"char ref without semicolon", "<x>&#65</x>", []string{`1:4: malformed character reference: expected &#NN; or &#xHH; (write &amp; for a literal '&')`}},
	{"XML declaration after whitespace", " <?xml version=\"1.0\"?><x/>", []string{`1:2: XML declaration allowed only at the very start of the file: remove it, or remove everything before it (whitespace included)`}},
	{"second XML declaration", "<?xml version=\"1.0\"?><?xml version=\"1.0\"?><x/>", []string{`1:22: XML declaration allowed only at the very start of the file: remove it, or remove everything before it (whitespace included)`}},
	{"XML declaration without version", "<?xml?><x/>", []string{`1:1: XML declaration without a version: write <?xml version="1.0"?>`}},
	{"XML declaration without pseudo-attributes", "<?xml ?><x/>", []string{`1:6: XML declaration: missing version: write <?xml version="1.0"?>`}},
	{"XML declaration starting with encoding", "<?xml encoding=\"UTF-8\"?><x/>", []string{`1:7: XML declaration: version must come first: write <?xml version="1.0" encoding=...?>`}},
	{"XML declaration version 2.0", "<?xml version=\"2.0\"?><x/>", []string{`1:15: XML declaration: malformed version "2.0": write version="1.0"`}},
	{"XML declaration bad standalone", "<?xml version=\"1.0\" standalone=\"maybe\"?><x/>", []string{`1:32: XML declaration: standalone must be "yes" or "no"`}},
	{"XML declaration without space between pseudo-attributes", "<?xml version=\"1.0\"encoding=\"UTF-8\"?><x/>", []string{`1:20: XML declaration: pseudo-attributes must be separated by whitespace: add a space before encoding`}},
	{"XML declaration unquoted value", "<?xml version=1.0?><x/>", []string{`1:15: XML declaration: value of version must be quoted: write version="..."`}},
	{"XML declaration unclosed value", "<?xml version=\"1.0?><x/>", []string{`1:15: XML declaration: value of version is missing its closing ": add it after the value`}},
	{"XML declaration pseudo-attribute without value", "<?xml version?><x/>", []string{`1:7: XML declaration: malformed pseudo-attribute: write <?xml version="1.0" encoding="UTF-8"?>`}},
	{"XML declaration unknown pseudo-attribute", "<?xml version=\"1.0\" foo=\"bar\"?><x/>", []string{`1:21: XML declaration: unexpected pseudo-attribute "foo" (allowed, in this order: version, encoding, standalone)`}},
	{"XML declaration empty encoding", "<?xml version=\"1.0\" encoding=\"\"?><x/>", []string{`1:30: XML declaration: malformed encoding name "": write encoding="UTF-8"`}},
	{"XML declaration UTF-16 in an 8-bit file", "<?xml version=\"1.0\" encoding=\"UTF-16\"?><x/>", []string{`1:30: XML declaration: the file declares encoding "UTF-16" but is not encoded so: write encoding="UTF-8"`}},
	{"unclosed XML declaration", "<?xml version=\"1.0\"", []string{`1:1: unclosed XML declaration: add ?> to end it`, `1:20: document has no root element: a tool file needs one element, such as <tool>...</tool>, around its content`}},
	{"upper-case XML target", "<?XML version=\"1.0\"?><x/>", []string{`1:1: processing instruction target "XML" is reserved: write the XML declaration as <?xml ...?> at the start of the file, or rename the target`}},
	{"PI without target", "<x><? ?></x>", []string{`1:4: processing instruction without a target name: write <?target data?>`}},
	{"PI target without space", "<x><?pi?x?></x>", []string{`1:8: processing instruction target "pi" must be followed by whitespace: add a space after it`}},
	{"unclosed PI", "<x><?pi a</x>", []string{`1:4: unclosed processing instruction: add ?> to end it`, `1:14: unclosed element <x> opened at 1:1: add </x> before the end of the file`}},
	{"DOCTYPE after the root", "<x></x><!DOCTYPE x>", []string{`1:8: DOCTYPE must come before the root element: move it to the top of the file`}},
	{"two DOCTYPEs", "<!DOCTYPE x><!DOCTYPE x><x/>", []string{`1:13: a document may have only one DOCTYPE: remove this one`}},
	{"DOCTYPE without name", "<!DOCTYPE><x/>", []string{`1:10: DOCTYPE declaration without a root element name: write <!DOCTYPE tool>`}},
	{"DOCTYPE junk after name", "<!DOCTYPE x junk><x/>", []string{`1:13: unexpected character 'j' in DOCTYPE declaration: write <!DOCTYPE name SYSTEM "uri" [...]>`}},
	{"DOCTYPE SYSTEM without literal", "<!DOCTYPE x SYSTEM><x/>", []string{`1:19: DOCTYPE declaration: expected whitespace and a quoted identifier after SYSTEM or PUBLIC`}},
	{"DOCTYPE unclosed literal", "<!DOCTYPE x SYSTEM \"a><x/>", []string{`1:1: unclosed DOCTYPE declaration: add '>' to end it`, `1:20: DOCTYPE declaration: quoted identifier is missing its closing quote`, `1:27: document has no root element: a tool file needs one element, such as <tool>...</tool>, around its content`}},
	{"DOCTYPE bad public identifier", "<!DOCTYPE x PUBLIC \"<\" \"a\"><x/>", []string{`1:21: DOCTYPE declaration: character '<' is not allowed in a public identifier: use letters, digits, spaces and -'()+,./:=?;!*#@$_%`}},
	{"DOCTYPE bad parameter entity reference", "<!DOCTYPE x [ % ]><x/>", []string{`1:15: DOCTYPE internal subset: malformed parameter entity reference: write %name;`}},
	{"DOCTYPE junk in internal subset", "<!DOCTYPE x [ junk ]><x/>", []string{`1:15: unexpected character 'j' in the DOCTYPE internal subset: expected a declaration such as <!ENTITY name "value"> or ']'`}},
	{"DOCTYPE declaration keyword without name", "<!DOCTYPE x [<!ATTLIST<x>]><x/>", []string{`1:23: DOCTYPE internal subset: <!ATTLIST must be followed by whitespace and a name`}},
	{"unclosed DOCTYPE", "<!DOCTYPE x [ <!ENTITY e \"v\">", []string{`1:1: unclosed DOCTYPE declaration: add '>' to end it`, `1:30: document has no root element: a tool file needs one element, such as <tool>...</tool>, around its content`}},
	{"less-than in attribute value", "<x a=\"<\"/>", []string{`1:7: '<' is not allowed in attribute values: write &lt;`}},
	{"attributes without space", "<x a=\"b\"c=\"d\"/>", []string{`1:9: attributes must be separated by whitespace: add a space before c`}},
	{"slash space gt", "<x/ >", []string{`1:3: '/' in start tag <x> must be followed directly by '>': write <x/> for an empty element`, `1:6: unclosed element <x> opened at 1:1: add </x> before the end of the file`}},
	{"junk in start tag", "<x ?? a=\"1\"/>", []string{`1:4: unexpected character '?' in start tag <x>: attributes are written name="value"`}},
	{"value without name", "<x \"v\"/>", []string{`1:4: unexpected character '"' in start tag <x>: attributes are written name="value"`}},
	{"non-ASCII junk in start tag", "<x ©=\"1\"/>", []string{`1:4: unexpected character '©' (U+00A9) in start tag <x>: attributes are written name="value"`}},
	{"start tag cut by another tag", "<x <y/>", []string{`1:4: start tag <x> is not closed: add '>' before this '<'`, `1:8: unclosed element <x> opened at 1:1: add </x> before the end of the file`}},
	{"end tag outside the root", "</x>", []string{`1:1: end tag </x> outside the root element: remove it`, `1:5: document has no root element: a tool file needs one element, such as <tool>...</tool>, around its content`}},
	{"end tag without name", "<x></>", []string{`1:4: end tag without a name: write </x>`, `1:7: unclosed element <x> opened at 1:1: add </x> before the end of the file`}},
	{"junk in end tag", "<x></x y>", []string{`1:8: unexpected character 'y' in end tag </x>: an end tag holds only the element name; remove it`}},
	{"unclosed end tag", "<x></x", []string{`1:7: end tag </x> is not closed: add '>'`}},
	{"mismatched end tag across lines", "<x>\n<y a='1'>\n</x>", []string{`3:1: mismatched end tag: </x> closes <x> opened at 1:1, but <y> opened at 2:1 is still open`}},
}

// errorStrings renders a tree's errors as "line:col: message".
func errorStrings(tree *cst.Tree) []string {
	var out []string
	for _, e := range tree.Errors() {
		out = append(out, strconv.Itoa(e.Pos.Line)+":"+strconv.Itoa(e.Pos.Column)+": "+e.Msg)
	}
	return out
}

func TestErrorMessages(t *testing.T) {
	for _, c := range errorCases {
		t.Run(c.name, func(t *testing.T) {
			tree := checkTree(t, []byte(c.src))
			got := errorStrings(tree)
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("errors for %q:\ngot:\n  %s\nwant:\n  %s", c.src, strings.Join(got, "\n  "), strings.Join(c.want, "\n  "))
			}
			for _, e := range tree.Errors() {
				checkMessageStyle(t, e.Msg)
			}
		})
	}
}

// checkMessageStyle checks the house style of an error message: lower case
// (acronyms and keywords aside), no final period, and advice after a colon
// or in parentheses, except for a few messages that are their own advice.
func checkMessageStyle(t *testing.T, msg string) {
	t.Helper()
	first, _ := utf8First(msg)
	switch {
	case unicode.IsUpper(first) && !upperOK(msg):
		t.Errorf("message starts with a capital: %q", msg)
	case strings.HasSuffix(msg, "."):
		t.Errorf("message ends with a period: %q", msg)
	case !strings.Contains(msg, ": ") && !strings.Contains(msg, "; ") && !strings.Contains(msg, "(") && !strings.Contains(msg, " must "):
		t.Errorf("message says what is wrong but not what to do: %q", msg)
	}
}

// TestErrorCasesCoverMessages reads the parser's source and checks that each
// message it can produce appears in errorCases, so that a new message comes
// with a test.
func TestErrorCasesCoverMessages(t *testing.T) {
	var produced []string
	for _, c := range errorCases {
		for _, e := range cst.Parse("t.xml", []byte(c.src)).Errors() {
			produced = append(produced, e.Msg)
		}
	}
	eachLimitCase(func(c errorCase) {
		for _, e := range cst.Parse("t.xml", []byte(c.src)).Errors() {
			produced = append(produced, e.Msg)
		}
	})
	formats := parserMessages(t, "parse.go", "tags.go", "limits.go")
	if len(formats) < 40 {
		t.Fatalf("found only %d message formats in the parser source", len(formats))
	}
	for _, f := range formats {
		re := formatRegexp(f)
		found := false
		for _, m := range produced {
			if re.MatchString(m) {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("no error case produces %q", f)
		}
	}
}

// parserMessages returns the message formats in the named source files: the
// format of each p.errorf call, and the string literals and fmt.Sprintf
// formats of return statements (messages built by helpers).
func parserMessages(t *testing.T, files ...string) []string {
	t.Helper()
	var out []string
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		lit := func(e ast.Expr) (string, bool) {
			b, ok := e.(*ast.BasicLit)
			if !ok || b.Kind != token.STRING {
				return "", false
			}
			s, err := strconv.Unquote(b.Value)
			return s, err == nil
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				sel, ok := n.Fun.(*ast.SelectorExpr)
				if !ok || len(n.Args) < 2 {
					return true
				}
				if s, ok := lit(n.Args[1]); ok && sel.Sel.Name == "errorf" && s != "%s" {
					out = append(out, s)
				}
			case *ast.ReturnStmt:
				for _, r := range n.Results {
					if call, ok := r.(*ast.CallExpr); ok && len(call.Args) > 0 {
						if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Sprintf" {
							r = call.Args[0]
						}
					}
					// Short literals are names and positions, not messages.
					if s, ok := lit(r); ok && len(s) > 25 {
						out = append(out, s)
					}
				}
			}
			return true
		})
	}
	return out
}

var verb = regexp.MustCompile(`%[0-9]*[sqcdxX]`)

// formatRegexp turns a printf format into a regular expression matching
// the messages it prints.
func formatRegexp(format string) *regexp.Regexp {
	parts := verb.Split(format, -1)
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(strings.ReplaceAll(p, "%%", "%"))
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".*") + "$")
}

func TestTooManyErrors(t *testing.T) {
	src := "<x>" + strings.Repeat("\x01", 500) + "</x>"
	errs := cst.Parse("t.xml", []byte(src)).Errors()
	if len(errs) != 101 {
		t.Fatalf("%d errors, want 100 and a final notice", len(errs))
	}
	if last := errs[len(errs)-1].Msg; last != "too many errors; later ones are not reported" {
		t.Errorf("last error %q", last)
	}
}

func TestErrorList(t *testing.T) {
	var empty cst.ErrorList
	if empty.Err() != nil || empty.Error() != "no errors" || empty.String() != "" || empty.Len() != 0 {
		t.Errorf("empty list: %v %q %q", empty.Err(), empty.Error(), empty.String())
	}
	tree := cst.Parse("a.xml", []byte("<x>&\n<</x>"))
	errs := tree.Errors()
	if errs.Len() != 2 {
		t.Fatalf("errors: %v", errs)
	}
	want0 := "a.xml:1:4: bare '&': write &amp; or wrap the text in CDATA"
	if got := errs[0].Error(); got != want0 {
		t.Errorf("first error %q, want %q", got, want0)
	}
	if got := errs.Error(); got != want0+" (and 1 more errors)" {
		t.Errorf("list error %q", got)
	}
	if got := errs.String(); strings.Count(got, "\n") != 2 || !strings.HasPrefix(got, want0+"\n") {
		t.Errorf("String() = %q", got)
	}
	if err := errs.Err(); err == nil || err.Error() != errs.Error() {
		t.Errorf("Err() = %v", err)
	}
	one := cst.ErrorList{errs[1]}
	if one.Error() != errs[1].Error() {
		t.Errorf("one-error list prints %q", one.Error())
	}
	swapped := cst.ErrorList{errs[1], errs[0]}
	swapped.Sort()
	if swapped[0] != errs[0] {
		t.Errorf("Sort does not order by offset")
	}
	if got := (&cst.Error{Msg: "m"}).Error(); got != "-: m" {
		t.Errorf("error without position prints %q", got)
	}
}

// TestCorpusMalformedFiles checks the first error on the malformed files of
// the shared corpus (corpus notes §3).
func TestCorpusMalformedFiles(t *testing.T) {
	root := filepath.Join(sharedDir(t), "corpus")
	cases := []struct {
		file  string
		first string
	}{
		{"TAMU-CPT__galaxy-tools/tools/text/intersect.xml", `^80:\d+: mismatched end tag: </tool> closes <tool> opened at \d+:\d+, but <\w+> opened at \d+:\d+ is still open$`},
		{"goeckslab__tools-mti/tools/mti-report/mti_reports.xml", `^74:\d+: mismatched end tag: </inputs> `},
		{"Helmholtz-UFZ__galaxy-tools/tools/checkm/checkm.xml", `^23:1: extra content after the root element </tool>: `},
		{"statonlab__aurora-galaxy-tools/single-html-tools/statonlab_hmmscan/rmarkdown_report.xml", `^47:\d+: duplicate attribute \w+ on <\w+>: it is already set at 46:\d+`},
	}
	for _, c := range cases {
		src, err := os.ReadFile(filepath.Join(root, c.file))
		if err != nil {
			t.Errorf("%s: %v", c.file, err)
			continue
		}
		got := errorStrings(cst.Parse(c.file, src))
		if len(got) == 0 || !regexp.MustCompile(c.first).MatchString(got[0]) {
			t.Errorf("%s: errors %q, want the first to match %s", c.file, got, c.first)
		}
	}
}
