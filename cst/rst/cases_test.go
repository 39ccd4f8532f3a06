package rst

import (
	"os"
	"strings"
	"testing"
)

// txtarFile is one file of a txtar archive.
type txtarFile struct {
	name, data string
}

// parseTxtar splits a txtar archive into its files; the comment before the
// first file is dropped.
func parseTxtar(data string) []txtarFile {
	var files []txtarFile
	var cur *txtarFile
	for _, ln := range strings.SplitAfter(data, "\n") {
		t := strings.TrimRight(ln, "\n")
		if strings.HasPrefix(t, "-- ") && strings.HasSuffix(t, " --") && len(t) > 6 {
			files = append(files, txtarFile{name: t[3 : len(t)-3]})
			cur = &files[len(files)-1]
			continue
		}
		if cur != nil {
			cur.data += ln
		}
	}
	return files
}

// TestCases checks every case of testdata/cases.txtar: the HTML of the
// text as a normalised tree and the HelpInvalidRST verdict, both pinned
// with docutils 0.19. Cases named construct pin a construct's rendering;
// cases named msg-KIND pin the first message of one docutils message kind.
func TestCases(t *testing.T) {
	b, err := os.ReadFile("testdata/cases.txtar")
	if err != nil {
		t.Fatal(err)
	}
	files := parseTxtar(string(b))
	byName := map[string]string{}
	var names []string
	for _, f := range files {
		byName[f.name] = f.data
		if base, ok := strings.CutSuffix(f.name, ".rst"); ok {
			names = append(names, base)
		}
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			src := byName[name+".rst"]
			doc := Parse(src)
			got := HTML(doc) + "\n"
			if d := firstDiff(parseHTML(got), parseHTML(byName[name+".html"]), ""); d != "" {
				t.Errorf("html differs at %s\ngot:\n%s\nwant:\n%s", d, got, byName[name+".html"])
			}
			want := strings.TrimSuffix(byName[name+".verdict"], "\n")
			gotV := ""
			if m := doc.Invalid(); m != nil {
				gotV = m.String()
			}
			if gotV != want {
				t.Errorf("verdict:\ngot  %q\nwant %q", gotV, want)
			}
			checkSpans(t, doc)
		})
	}
}

// checkSpans checks that every node's span lies inside the text and
// inside its parent's text range.
func checkSpans(t *testing.T, doc *Document) {
	t.Helper()
	n := len(doc.Text)
	doc.Root.Walk(func(x *Node) bool {
		if x.Span.Start < 0 || x.Span.End > n || x.Span.Start > x.Span.End {
			t.Errorf("%s span %v outside the text [0,%d)", x.Kind, x.Span, n)
		}
		return true
	})
	for _, m := range doc.Messages {
		if m.Span.Start < 0 || m.Span.End > n || m.Span.Start > m.Span.End {
			t.Errorf("message %q span %v outside the text [0,%d)", m.Text, m.Span, n)
		}
	}
}
