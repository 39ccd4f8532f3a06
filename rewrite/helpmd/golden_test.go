package helpmd

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/rst"
)

var update = flag.Bool("update", false, "rewrite the .md and .skip sections of testdata/convert.txtar")

// goldenCase is one case of testdata/convert.txtar: an RST help, and the
// Markdown it converts to or why it is skipped.
type goldenCase struct {
	name, rst, want string
	skip            bool
}

// goldenCases reads testdata/convert.txtar: "-- NAME.rst --" sections,
// each followed by "-- NAME.md --" or "-- NAME.skip --"; the archive's
// comment and a "#" line before each case say what it pins.
func goldenCases(tb testing.TB) []goldenCase {
	b, err := os.ReadFile(filepath.Join("testdata", "convert.txtar"))
	if err != nil {
		tb.Fatal(err)
	}
	var cases []goldenCase
	var cur *goldenCase
	var buf strings.Builder
	name := ""
	flush := func() {
		text := buf.String()
		buf.Reset()
		switch {
		case strings.HasSuffix(name, ".rst"):
			cases = append(cases, goldenCase{name: strings.TrimSuffix(name, ".rst"), rst: text})
			cur = &cases[len(cases)-1]
		case cur != nil && strings.HasSuffix(name, ".md"):
			cur.want = text
		case cur != nil && strings.HasSuffix(name, ".skip"):
			cur.want, cur.skip = text, true
		}
	}
	for _, line := range strings.SplitAfter(string(b), "\n") {
		if strings.HasPrefix(line, "-- ") && strings.HasSuffix(line, " --\n") {
			flush()
			name = strings.TrimSuffix(strings.TrimPrefix(line, "-- "), " --\n")
			continue
		}
		buf.WriteString(line)
	}
	flush()
	return cases
}

// TestGolden converts each case of testdata/convert.txtar: constructs that
// must convert (and render as the RST does) and constructs that must be
// skipped, with the reason.
func TestGolden(t *testing.T) {
	cases := goldenCases(t)
	var out strings.Builder
	src, _ := os.ReadFile(filepath.Join("testdata", "convert.txtar"))
	out.WriteString(string(src[:strings.Index(string(src), "-- ")]))
	for _, c := range cases {
		md, skip := ConvertText(c.rst)
		got, ext := md+"\n", ".md"
		if skip != "" {
			got, ext = skip+"\n", ".skip"
		}
		out.WriteString("-- " + c.name + ".rst --\n" + c.rst + "-- " + c.name + ext + " --\n" + got)
		if *update {
			continue
		}
		if (skip != "") != c.skip || got != c.want {
			t.Errorf("%s: got %s\n%s\nwant\n%s", c.name, ext, got, c.want)
		}
		if skip == "" {
			if ok, d := Equivalent(rst.Parse(c.rst), md); !ok {
				t.Errorf("%s: does not render as the RST: %s", c.name, d)
			}
		}
	}
	if *update {
		if err := os.WriteFile(filepath.Join("testdata", "convert.txtar"), []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRenderRawHTML pins the one place goldmark and markdown-it
// (html: false) differ by design: raw HTML. markdown-it shows it as text,
// goldmark omits it, so Render refuses it, and the converter escapes "<"
// so that it never writes any.
func TestRenderRawHTML(t *testing.T) {
	for _, src := range []string{"<b>bold</b>\n", "a <span>b</span> c\n", "<div>\nx\n</div>\n", "<!-- c -->\n"} {
		if _, err := Render(src); !errors.Is(err, ErrRawHTML) {
			t.Errorf("Render(%q): got %v, want ErrRawHTML", src, err)
		}
	}
	got, err := Render("a \\<b> c\n")
	if err != nil || got != "<p>a &lt;b&gt; c</p>\n" {
		t.Errorf("escaped tag: got %q, %v", got, err)
	}
	md, skip := ConvertText("Use <b> and <file.txt> here.\n")
	if skip != "" || strings.Contains(md, " <") {
		t.Errorf("ConvertText: %q, %q", md, skip)
	}
}
