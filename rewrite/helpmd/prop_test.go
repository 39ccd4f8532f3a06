package helpmd

import (
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/rst"
	"pgregory.net/rapid"
)

// wordChars are what generated words are made of: letters, and the
// characters Markdown reads as markup somewhere.
var wordChars = []string{"a", "b", "x", "1", "2", "é", "*", "_", "`", "[", "]", "<", ">", "#", "-", "+", ".",
	")", "|", "&", "\\", "!", "~", "=", ":", "(", "'", "\"", "/", "@"}

// genWord generates a word.
func genWord(t *rapid.T) string {
	n := rapid.IntRange(1, 6).Draw(t, "len")
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString(rapid.SampledFrom(wordChars).Draw(t, "c"))
	}
	return b.String()
}

// genInline generates one line of inline RST.
func genInline(t *rapid.T) string {
	n := rapid.IntRange(1, 6).Draw(t, "words")
	var parts []string
	for i := 0; i < n; i++ {
		w := genWord(t)
		switch rapid.IntRange(0, 7).Draw(t, "markup") {
		case 1:
			w = "*" + strings.Trim(w, "*\\`_ ") + "x*"
		case 2:
			w = "**x" + strings.Trim(w, "*\\`_ ") + "**"
		case 3:
			w = "``" + strings.Trim(w, "` ") + "x``"
		case 4:
			w = "`link " + strings.Trim(w, "`<> \\_") + "x <http://example.org/p>`_"
		case 5:
			w = "http://example.org/" + strings.Trim(w, "<>`*_\\|[]()\"'!&~") + "q"
		}
		parts = append(parts, w)
	}
	return strings.Join(parts, " ")
}

// cellWord generates a five-character table cell.
func cellWord(t *rapid.T) string {
	w := strings.Trim(genWord(t), " \\`*_|")
	w = (w + "xxxxx")[:5]
	for len([]rune(w)) < 5 {
		w += "x"
	}
	return string([]rune(w)[:5])
}

// genBlock generates one RST block of a construct the converter handles.
func genBlock(t *rapid.T, depth int) string {
	switch rapid.IntRange(0, 8).Draw(t, "block") {
	case 6:
		// A simple table with a header row.
		a, b := cellWord(t), cellWord(t)
		return "=====  =====\n" + a + "  " + b + "\n=====  =====\n" + cellWord(t) + "  " + cellWord(t) + "\n=====  ====="
	case 7:
		// A block quote of two paragraphs.
		return "Quote:\n\n    " + genInline(t) + "\n\n    " + genInline(t)
	case 8:
		// A list with a nested list.
		return "- " + genInline(t) + "\n\n  - " + genInline(t) + "\n  - " + genInline(t) + "\n\n- " + genInline(t)
	case 1:
		var items []string
		for i := rapid.IntRange(1, 3).Draw(t, "items"); i > 0; i-- {
			items = append(items, "- "+genInline(t))
		}
		return strings.Join(items, "\n")
	case 2:
		var items []string
		for i := rapid.IntRange(1, 3).Draw(t, "items"); i > 0; i-- {
			items = append(items, "#. "+genInline(t))
		}
		return strings.Join(items, "\n")
	case 3:
		return "::\n\n    " + genWord(t) + "\n      " + genWord(t)
	case 4:
		if depth < 2 {
			title := strings.TrimSpace(genInline(t))
			adorn := []string{"=", "-", "~"}[depth]
			return title + "\n" + strings.Repeat(adorn, len([]rune(title))+2)
		}
	case 5:
		return "----"
	}
	return genInline(t) + "\n" + genInline(t)
}

// genDoc generates an RST document of convertible constructs.
func genDoc(t *rapid.T) string {
	n := rapid.IntRange(1, 6).Draw(t, "blocks")
	var blocks []string
	for i := 0; i < n; i++ {
		blocks = append(blocks, genBlock(t, 0))
	}
	return strings.Join(blocks, "\n\n") + "\n"
}

// checkConversion checks that a valid document the converter does not
// refuse converts to Markdown that renders as the RST renders.
func checkConversion(t interface {
	Helper()
	Fatalf(string, ...any)
}, text string) {
	t.Helper()
	doc := rst.Parse(text)
	if doc.Invalid() != nil {
		return
	}
	md, err := ToMarkdown(doc)
	if err != nil {
		return
	}
	if ok, d := Equivalent(doc, md); !ok {
		t.Fatalf("the Markdown of\n%s\nis\n%s\nand renders differently: %s", text, md, d)
	}
}

// TestPropertyConversion: on generated RST that the converter accepts,
// rendering the Markdown gives the skeleton of rendering the RST.
func TestPropertyConversion(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) { checkConversion(t, genDoc(t)) })
}

// FuzzConvertText checks that converting arbitrary text never panics and
// that a conversion it returns passes the gate. It is seeded with the
// golden cases.
//
//	go test -run='^$' -fuzz='^FuzzConvertText$' -fuzztime=1m ./rewrite/helpmd/
func FuzzConvertText(f *testing.F) {
	for _, c := range goldenCases(f) {
		f.Add(c.rst)
	}
	f.Fuzz(func(t *testing.T, text string) {
		md, skip := ConvertText(text)
		if skip != "" {
			return
		}
		if ok, d := Equivalent(rst.Parse(text), md); !ok {
			t.Fatalf("a conversion renders differently: %s", d)
		}
	})
}

// FuzzPropertyConversion runs the rapid property as a fuzz target.
func FuzzPropertyConversion(f *testing.F) {
	f.Fuzz(rapid.MakeFuzz(func(t *rapid.T) { checkConversion(t, genDoc(t)) }))
}
