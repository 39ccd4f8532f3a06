package macros_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
)

// srcWriter writes generated XML source, choosing among equivalent
// spellings (references, CDATA, comments) so that decoding is exercised.
type srcWriter struct {
	t *rapid.T
	b strings.Builder
}

var textRunes = []rune("ab \n\t\r&<>\"'@%é中]")

func (w *srcWriter) text(s string) {
	if s == "" {
		return
	}
	if !strings.Contains(s, "]]>") && !strings.Contains(s, "\r") && rapid.Bool().Draw(w.t, "cdata") {
		w.b.WriteString("<![CDATA[" + s + "]]>")
		return
	}
	for _, r := range s {
		switch r {
		case '&':
			w.b.WriteString("&amp;")
		case '<':
			w.b.WriteString("&lt;")
		case '>':
			w.b.WriteString("&gt;")
		case '\r':
			w.b.WriteString("&#13;")
		case 'é':
			if rapid.Bool().Draw(w.t, "charref") {
				w.b.WriteString("&#xE9;")
			} else {
				w.b.WriteRune(r)
			}
		default:
			w.b.WriteRune(r)
		}
	}
}

func (w *srcWriter) attr(name, value string) {
	w.b.WriteString(" " + name + `="`)
	for _, r := range value {
		switch r {
		case '&':
			w.b.WriteString("&amp;")
		case '<':
			w.b.WriteString("&lt;")
		case '"':
			w.b.WriteString("&quot;")
		case '\n':
			w.b.WriteString("&#10;")
		case '\t':
			w.b.WriteString("&#9;")
		case '\r':
			w.b.WriteString("&#13;")
		default:
			w.b.WriteRune(r)
		}
	}
	w.b.WriteString(`"`)
}

func (w *srcWriter) maybeComment() {
	if rapid.IntRange(0, 5).Draw(w.t, "comment") == 0 {
		w.b.WriteString("<!-- c -->")
	}
}

// genText draws character data, sometimes holding one of the names.
func genText(t *rapid.T, label string, names []string) string {
	s := rapid.StringOfN(rapid.RuneFrom(textRunes), 0, 6, -1).Draw(t, label)
	if len(names) > 0 && rapid.Bool().Draw(t, label+"-tok") {
		s += rapid.SampledFrom(names).Draw(t, label+"-name") + s
	}
	return s
}

// toolGen generates a tool whose macros are all defined and acyclic (macro
// i expands only macros after it), so that Galaxy expands it.
type toolGen struct {
	t       *rapid.T
	w       srcWriter
	nMacros int
	tokens  []string   // global token names
	params  [][]string // parameter tokens of each macro
	named   [][]string // named yields of each macro
}

var tags = []string{"param", "section", "when", "option", "data"}

// elements writes up to n sibling elements at depth d. inMacro >= 0 writes
// a body of that macro, which may hold yields; expands name macros from
// floor on, so that no macro is expanded inside its own expansion.
func (g *toolGen) elements(d, inMacro, floor int) {
	n := rapid.IntRange(0, 3).Draw(g.t, "n")
	for range n {
		g.w.maybeComment()
		g.element(d, inMacro, floor)
		g.w.text(genText(g.t, "tail", g.names(inMacro)))
	}
}

func (g *toolGen) names(inMacro int) []string {
	names := g.tokens
	if inMacro >= 0 {
		names = append(append([]string(nil), names...), g.params[inMacro]...)
	}
	return names
}

func (g *toolGen) element(d, inMacro, floor int) {
	first := max(floor, inMacro+1)
	canExpand := first < g.nMacros
	switch k := rapid.IntRange(0, 5).Draw(g.t, "kind"); {
	case k == 0 && inMacro >= 0:
		if len(g.named[inMacro]) > 0 && rapid.Bool().Draw(g.t, "named") {
			g.w.b.WriteString(`<yield name="` + rapid.SampledFrom(g.named[inMacro]).Draw(g.t, "yname") + `"/>`)
		} else {
			g.w.b.WriteString("<yield/>")
		}
		return
	case k == 1 && canExpand && d < 4:
		m := rapid.IntRange(first, g.nMacros-1).Draw(g.t, "macro")
		g.w.b.WriteString("<expand")
		g.w.attr("macro", fmt.Sprintf("m%d", m))
		for _, p := range g.params[m] {
			g.w.attr(strings.ToLower(strings.Trim(p, "@")), genText(g.t, "arg", nil))
		}
		g.w.b.WriteString(">")
		for _, y := range g.named[m] {
			if rapid.Bool().Draw(g.t, "fill") {
				g.w.b.WriteString(`<token name="` + y + `">`)
				g.elements(d+1, -1, m+1)
				g.w.b.WriteString("</token>")
			}
		}
		// No yields in the content: content given to a yield would put
		// the caller's own <expand>s inside its content, a cycle.
		g.elements(d+1, -1, m+1)
		g.w.b.WriteString("</expand>")
		return
	}
	tag := rapid.SampledFrom(tags).Draw(g.t, "tag")
	g.w.b.WriteString("<" + tag)
	for i := range rapid.IntRange(0, 2).Draw(g.t, "attrs") {
		g.w.attr(fmt.Sprintf("a%d", i), genText(g.t, "value", g.names(inMacro)))
	}
	g.w.b.WriteString(">")
	g.w.text(genText(g.t, "text", g.names(inMacro)))
	if d < 4 {
		g.elements(d+1, inMacro, floor)
	}
	g.w.b.WriteString("</" + tag + ">")
}

// tool generates a whole tool, with a <macros> block when withMacros.
func (g *toolGen) tool(withMacros bool) string {
	g.w.b.WriteString("<tool")
	if withMacros {
		g.nMacros = rapid.IntRange(0, 4).Draw(g.t, "macros")
		for i := range rapid.IntRange(0, 3).Draw(g.t, "tokens") {
			g.tokens = append(g.tokens, fmt.Sprintf("@T%d@", i))
		}
		for range g.nMacros {
			var ps, ys []string
			for i := range rapid.IntRange(0, 2).Draw(g.t, "params") {
				ps = append(ps, fmt.Sprintf("@P%d@", i))
			}
			for i := range rapid.IntRange(0, 2).Draw(g.t, "named") {
				ys = append(ys, fmt.Sprintf("y%d", i))
			}
			g.params = append(g.params, ps)
			g.named = append(g.named, ys)
		}
		if len(g.tokens) > 0 {
			g.w.attr("version", g.tokens[0])
		}
	}
	g.w.b.WriteString(">")
	g.w.text(genText(g.t, "text", nil))
	if withMacros {
		g.w.b.WriteString("<macros>\n")
		for _, tok := range g.tokens {
			g.w.b.WriteString(`<token name="` + tok + `">`)
			g.w.text(rapid.StringOfN(rapid.RuneFrom([]rune("xyz.<&")), 0, 4, -1).Draw(g.t, "tokval"))
			g.w.b.WriteString("</token>\n")
		}
		for i := range g.nMacros {
			g.w.b.WriteString("<xml")
			g.w.attr("name", fmt.Sprintf("m%d", i))
			for j, p := range g.params[i] {
				name := strings.ToLower(strings.Trim(p, "@"))
				if j == 0 && rapid.Bool().Draw(g.t, "required") {
					g.w.attr("tokens", name)
				} else {
					g.w.attr("token_"+name, genText(g.t, "default", nil))
				}
			}
			g.w.b.WriteString(">")
			g.elements(0, i, i+1)
			for _, y := range g.named[i] {
				g.w.b.WriteString(`<x><yield name="` + y + `"/></x>`)
			}
			g.w.b.WriteString("</xml>\n")
		}
		if rapid.Bool().Draw(g.t, "template") {
			g.w.b.WriteString("<template name=\"t\">")
			g.w.text(genText(g.t, "template", g.tokens))
			g.w.b.WriteString("</template>\n")
		}
		g.w.b.WriteString("</macros>")
	}
	g.elements(0, -1, 0)
	g.w.b.WriteString("</tool>")
	return g.w.b.String()
}

func genTool(t *rapid.T, withMacros bool) string {
	g := &toolGen{t: t, w: srcWriter{t: t}}
	return g.tool(withMacros)
}

// TestPropNoMacrosIsIdentity checks that expanding a tool without <macros>
// gives its canonical tree, and that the XML serialisation of a tree parses
// back to the same tree.
func TestPropNoMacrosIsIdentity(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		src := genTool(t, false)
		tree := cst.Parse("tool.xml", []byte(src))
		canon, err := macros.FromTree(tree)
		if err != nil {
			t.Fatalf("generated tool does not parse: %v\n%s", err, src)
		}
		res, err := macros.ExpandTree(tree, macros.Options{NoDisk: true})
		if err != nil {
			t.Fatalf("expand: %v\n%s", err, src)
		}
		if got, want := string(res.JSON()), string(macros.JSON(canon)); got != want {
			t.Fatalf("expansion is not the identity:\n got %s\nwant %s\nsrc %s", got, want, src)
		}
		if errs := checkProvenance(res); len(errs) > 0 {
			t.Fatalf("provenance:\n%s\nsrc %s", strings.Join(errs, "\n"), src)
		}
		back, err := macros.FromTree(cst.Parse("back.xml", res.XML()))
		if err != nil {
			t.Fatalf("XML output does not parse: %v\n%s", err, res.XML())
		}
		if got, want := string(macros.JSON(back)), string(res.JSON()); got != want {
			t.Fatalf("XML round trip changes the tree:\n got %s\nwant %s", got, want)
		}
	})
}

// TestPropExpandIdempotent checks that expanding the serialised expansion
// of a tool changes nothing: Galaxy empties <macros> but for templates, so a
// second expansion finds nothing left to do.
func TestPropExpandIdempotent(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		src := genTool(t, true)
		once, err := macros.Expand("tool.xml", []byte(src), macros.Options{NoDisk: true})
		if err != nil {
			t.Fatalf("expand: %v\n%s", err, src)
		}
		for e := range once.Root.Descendants() {
			if e.Tag == "expand" {
				t.Fatalf("an <expand> survived:\n%s\nsrc %s", once.XML(), src)
			}
		}
		twice, err := macros.Expand("once.xml", once.XML(), macros.Options{NoDisk: true})
		if err != nil {
			t.Fatalf("second expand: %v\n%s", err, once.XML())
		}
		if got, want := string(twice.JSON()), string(once.JSON()); got != want {
			t.Fatalf("expanding twice differs:\n got %s\nwant %s\nsrc %s", got, want, src)
		}
	})
}

// FuzzExpand checks that expansion never panics on any input and that a
// successful expansion is a fixpoint. Seeds are the tools of the table
// tests.
func FuzzExpand(f *testing.F) {
	paths, _ := filepath.Glob("testdata/expand/*.txtar")
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add([]byte(parseTxtar(string(data)).files["tool.xml"]))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		res, err := macros.Expand("tool.xml", src, macros.Options{NoDisk: true})
		if err != nil {
			return
		}
		_ = res.WriteProvenance(&strings.Builder{})
		again, err := macros.Expand("once.xml", res.XML(), macros.Options{NoDisk: true})
		if err != nil {
			t.Fatalf("expanding the expansion fails: %v\n%s", err, res.XML())
		}
		// A processing instruction's data cannot begin with whitespace
		// in XML (the space after the target is not data), so a token
		// that brings some there is read back without it.
		trimPIData(res.Root)
		if string(again.JSON()) != string(res.JSON()) {
			t.Fatalf("expanding twice differs:\n%s\n%s", res.JSON(), again.JSON())
		}
	})
}

// trimPIData drops the leading whitespace of the data of every processing
// instruction below e, as an XML parser reads it from the serialization.
func trimPIData(e *macros.Element) {
	for d := range e.Descendants() {
		if d.PI {
			d.Text = strings.TrimLeft(d.Text, " \t\r\n")
		}
	}
}
