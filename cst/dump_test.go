package cst_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
)

// dumpInput has CRLF line ends, a comment, both quote styles, entity and
// character references, a CDATA section long enough to be elided, and an
// unclosed element.
const dumpInput = "<?xml version=\"1.0\"?>\r\n" +
	"<!-- a tool -->\r\n" +
	"<tool id=\"cat\" name='Cat &amp; co'>\r\n" +
	"  <command><![CDATA[cat '$input' > '$output' # a Cheetah line longer than sixty bytes ]]></command>\r\n" +
	"  <help>x &lt; y &#233;</help>\r\n" +
	"  <b attr=\"1\">\r\n" +
	"</tool>\r\n"

const dumpWant = `Document [0,235) 1:1
  XMLDecl [0,21) 1:1
    XMLDecl [0,21) 1:1 "<?xml version=\"1.0\"?>"
  Space [21,23) 1:22 "\r\n"
  Comment [23,38) 2:1
    Comment [23,38) 2:1 "<!-- a tool -->"
  Space [38,40) 2:16 "\r\n"
  Element [40,233) 3:1 name=tool
    StartTag [40,75) 3:1
      LT [40,41) 3:1 "<"
      Name [41,45) 3:2 "tool"
      Space [45,46) 3:6 " "
      Attribute [46,54) 3:7 name=id
        Name [46,48) 3:7 "id"
        Eq [48,49) 3:9 "="
        Value [49,54) 3:10 "\"cat\""
      Space [54,55) 3:15 " "
      Attribute [55,74) 3:16 name=name
        Name [55,59) 3:16 "name"
        Eq [59,60) 3:20 "="
        Value [60,74) 3:21 "'Cat &amp; co'"
      GT [74,75) 3:35 ">"
    Text [75,79) 3:36
      Chars [75,79) 3:36 "\r\n  "
    Element [79,176) 4:3 name=command
      StartTag [79,88) 4:3
        LT [79,80) 4:3 "<"
        Name [80,87) 4:4 "command"
        GT [87,88) 4:11 ">"
      CDATA [88,166) 4:12
        CDATA [88,166) 4:12 "<![CDATA[cat '$input' > '$outp"…"ne longer than sixty bytes ]]>"
      EndTag [166,176) 4:90
        LTSlash [166,168) 4:90 "</"
        Name [168,175) 4:92 "command"
        GT [175,176) 4:99 ">"
    Text [176,180) 4:100
      Chars [176,180) 4:100 "\r\n  "
    Element [180,208) 5:3 name=help
      StartTag [180,186) 5:3
        LT [180,181) 5:3 "<"
        Name [181,185) 5:4 "help"
        GT [185,186) 5:8 ">"
      Text [186,201) 5:9
        Chars [186,188) 5:9 "x "
        EntityRef [188,192) 5:11 "&lt;"
        Chars [192,195) 5:15 " y "
        CharRef [195,201) 5:18 "&#233;"
      EndTag [201,208) 5:24
        LTSlash [201,203) 5:24 "</"
        Name [203,207) 5:26 "help"
        GT [207,208) 5:30 ">"
    Text [208,212) 5:31
      Chars [208,212) 5:31 "\r\n  "
    Element [212,226) 6:3 name=b
      StartTag [212,224) 6:3
        LT [212,213) 6:3 "<"
        Name [213,214) 6:4 "b"
        Space [214,215) 6:5 " "
        Attribute [215,223) 6:6 name=attr
          Name [215,219) 6:6 "attr"
          Eq [219,220) 6:10 "="
          Value [220,223) 6:11 "\"1\""
        GT [223,224) 6:14 ">"
      Text [224,226) 6:15
        Chars [224,226) 6:15 "\r\n"
    EndTag [226,233) 7:1
      LTSlash [226,228) 7:1 "</"
      Name [228,232) 7:3 "tool"
      GT [232,233) 7:7 ">"
  Space [233,235) 7:8 "\r\n"
dump.xml:7:1: mismatched end tag: </tool> closes <tool> opened at 3:1, but <b> opened at 6:3 is still open
`

func TestFprintGolden(t *testing.T) {
	var b strings.Builder
	if err := cst.Fprint(&b, cst.Parse("dump.xml", []byte(dumpInput))); err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != dumpWant {
		t.Errorf("Fprint differs at line %d; got:\n%s", firstDiffLine(dumpWant, got), got)
	}
}

// firstDiffLine returns the 1-based number of the first line where a and b
// differ.
func firstDiffLine(a, b string) int {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			return i + 1
		}
	}
	return min(len(al), len(bl)) + 1
}

// TestFprintCovers checks on odd inputs that Fprint prints each node and
// each token exactly once, then every error.
func TestFprintCovers(t *testing.T) {
	inputs := map[string]string{
		"empty":     "",
		"space":     " \n",
		"bom":       "\xef\xbb\xbf<a/>",
		"unclosed":  "<a><b><c>text",
		"stray end": "</a><a></b></a>junk",
		"binary":    "\x00\x80\x81\x82<\xff",
		"doctype":   "<!DOCTYPE a [<!ENTITY e 'x'>]><a>&e;<?pi x?></a>",
		"attrs":     "<a x='1' y=\"2\" z w=>",
	}
	for name, src := range inputs {
		t.Run(name, func(t *testing.T) {
			tree := cst.Parse(name, []byte(src))
			var b strings.Builder
			if err := cst.Fprint(&b, tree); err != nil {
				t.Fatal(err)
			}
			nodes := 0
			for range tree.Root().Descendants() {
				nodes++
			}
			var nodeLines, tokLines, errLines int
			for line := range strings.Lines(b.String()) {
				switch {
				case strings.HasPrefix(line, name+":"):
					errLines++
				case strings.Contains(line, `"`):
					tokLines++
				default:
					nodeLines++
				}
			}
			if nodeLines != nodes || tokLines != tree.NumTokens() || errLines != len(tree.Errors()) {
				t.Errorf("printed %d nodes, %d tokens, %d errors; want %d, %d, %d:\n%s",
					nodeLines, tokLines, errLines, nodes, tree.NumTokens(), len(tree.Errors()), b.String())
			}
		})
	}
}

func TestFprintElides(t *testing.T) {
	x := strings.Repeat
	tests := []struct {
		name, comment, want string
	}{
		{"60 bytes", "<!--" + x("a", 53) + "-->", `"<!--` + x("a", 53) + `-->"`},
		{"61 bytes", "<!--" + x("a", 54) + "-->", `"<!--` + x("a", 26) + `"…"` + x("a", 27) + `-->"`},
		// Runes across the cuts are kept whole on neither side.
		{"utf8", "<!--" + x("a", 25) + "€" + x("b", 40) + "€" + x("c", 26) + "-->",
			`"<!--` + x("a", 25) + `"…"` + x("c", 26) + `-->"`},
		// Invalid UTF-8 moves a cut by at most three bytes.
		{"invalid", "<!--" + x("\x80", 100) + "-->", `"<!--` + x(`\x80`, 23) + `"…"` + x(`\x80`, 24) + `-->"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			if err := cst.Fprint(&b, cst.Parse("x", []byte(tt.comment+"<r/>"))); err != nil {
				t.Fatal(err)
			}
			want := "\n    Comment [0," + strconv.Itoa(len(tt.comment)) + ") 1:1 " + tt.want + "\n"
			if !strings.Contains(b.String(), want) {
				t.Errorf("want line%sin:\n%s", want, b.String())
			}
		})
	}
}

type failWriter struct{}

var errFail = errors.New("disk full")

func (failWriter) Write([]byte) (int, error) { return 0, errFail }

func TestFprintWriteError(t *testing.T) {
	err := cst.Fprint(failWriter{}, cst.Parse("x", []byte("<a/>")))
	if !errors.Is(err, errFail) {
		t.Errorf("Fprint error = %v, want %v", err, errFail)
	}
}
