package version

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
	"pgregory.net/rapid"
)

// viewJSON returns Galaxy's expanded view of the tool file among files as
// its canonical JSON, with an empty <macros> child of the root dropped
// (Galaxy reads it as none), or the expansion's error.
func viewJSON(file string, files map[string][]byte) ([]byte, error) {
	res, err := macros.Expand(file, files[file], memory(files))
	if err != nil {
		return nil, err
	}
	root := res.Root.Clone()
	dropEmptyMacros(root)
	return macros.JSON(root), nil
}

// genTool draws a tool and the macro file it may import: a version that
// may be a literal <base>+galaxy<suffix>, requirements that may pin the
// base, token definitions (in the tool or the macro file) that may agree
// with the tokenization or not, and text that may name the tokens.
func genTool(t *rapid.T) map[string][]byte {
	base := rapid.SampledFrom([]string{"1.0", "2.3.1", "0.1a", "3", "1.0", "2.3.1", "0.1a", "3", "1.0&amp;x"}).Draw(t, "base")
	suffix := rapid.SampledFrom([]string{"0", "1", "12", ""}).Draw(t, "suffix")
	literal := base + "+galaxy" + suffix
	version := rapid.SampledFrom([]string{literal, literal, literal, literal, literal, literal, base, "@TOOL_VERSION@+galaxy" + suffix, base + "+galaxy@VERSION_SUFFIX@"}).Draw(t, "version")
	indent := rapid.SampledFrom([]string{"    ", "  ", "\t"}).Draw(t, "indent")
	nl := rapid.SampledFrom([]string{"\n", "\r\n"}).Draw(t, "newline")
	value := func(label string) string {
		return rapid.SampledFrom([]string{base, base, base, "9.9", suffix}).Draw(t, label)
	}
	var lines []string
	add := func(depth int, s string) { lines = append(lines, strings.Repeat(indent, depth)+s) }
	lines = append(lines, `<tool id="t" name="T" version="`+version+`">`)
	imports := rapid.Bool().Draw(t, "imports")
	ownTokens := rapid.IntRange(0, 2).Draw(t, "own tokens")
	switch {
	case imports || ownTokens > 0:
		add(1, "<macros>")
		if imports {
			add(2, "<import>macros.xml</import>")
		}
		for i := range ownTokens {
			add(2, fmt.Sprintf(`<token name="%s">%s</token>`, tokenNames[i], value(fmt.Sprintf("own %d", i))))
		}
		add(1, "</macros>")
	case rapid.Bool().Draw(t, "empty macros"):
		add(1, "<macros/>")
	}
	if rapid.Bool().Draw(t, "description") {
		add(1, "<description>d</description>")
	}
	add(1, "<requirements>")
	for i := range rapid.IntRange(1, 3).Draw(t, "requirements") {
		typ := rapid.SampledFrom([]string{"package", "package", "binary"}).Draw(t, fmt.Sprintf("type %d", i))
		v := rapid.SampledFrom([]string{value(fmt.Sprintf("requirement %d", i)), "@TOOL_VERSION@"}).Draw(t, fmt.Sprintf("requirement token %d", i))
		add(2, fmt.Sprintf(`<requirement type="%s" version="%s">p%d</requirement>`, typ, v, i))
	}
	add(1, "</requirements>")
	if imports && rapid.Bool().Draw(t, "expand requirements") {
		add(1, `<expand macro="reqs"/>`)
	}
	add(1, "<command>run "+rapid.SampledFrom([]string{"x", "@TOOL_VERSION@", "@VERSION_SUFFIX@", "$input"}).Draw(t, "command")+"</command>")
	lines = append(lines, "</tool>", "")
	files := map[string][]byte{"tool.xml": []byte(strings.Join(lines, nl))}
	if imports {
		var m []string
		m = append(m, "<macros>")
		for i, n := range tokenNames {
			if rapid.Bool().Draw(t, fmt.Sprintf("imported %d", i)) {
				m = append(m, indent+fmt.Sprintf(`<token name="%s">%s</token>`, n, value(fmt.Sprintf("imported value %d", i))))
			}
		}
		m = append(m, indent+`<xml name="reqs"><requirements><requirement type="package" version="`+value("macro requirement")+`">m</requirement></requirements></xml>`)
		m = append(m, "</macros>", "")
		files["macros.xml"] = []byte(strings.Join(m, nl))
	}
	return files
}

// TestTokenizePreservesView: whatever the tool, the tokenization either
// skips with a reason or returns a well-formed tool whose expanded view,
// computed independently of the gate, is the view before, byte for byte
// in Galaxy's canonical JSON (an empty <macros> read as none); a macro
// file it writes changes no view either.
func TestTokenizePreservesView(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		files := genTool(t)
		opts := TokenizeOptions{Macros: memory(files)}
		if rapid.Bool().Draw(t, "macros file") {
			opts.MacrosFile = rapid.SampledFrom([]string{"macros.xml", "version.xml"}).Draw(t, "macros file name")
		}
		res, err := Tokenize(Tool{File: "tool.xml", Src: files["tool.xml"]}, opts)
		if err != nil {
			t.Fatal(err)
		}
		if res.Skip != "" {
			if res.Files != nil {
				t.Fatalf("skipped (%s) with files", res.Skip)
			}
			return
		}
		before, err := viewJSON("tool.xml", files)
		if err != nil {
			t.Fatalf("tokenized a tool that does not expand: %v", err)
		}
		after := map[string][]byte{}
		for k, v := range files {
			after[k] = v
		}
		for k, v := range res.Files {
			after[k] = v
		}
		if !cst.Parse("tool.xml", after["tool.xml"]).WellFormed() {
			t.Fatalf("output is not well-formed:\n%s", after["tool.xml"])
		}
		got, err := viewJSON("tool.xml", after)
		if err != nil {
			t.Fatalf("output does not expand: %v\n%s", err, after["tool.xml"])
		}
		if !bytes.Equal(before, got) {
			t.Fatalf("view changed:\n%s\n%s\ninput:\n%s\noutput:\n%s", before, got, files["tool.xml"], after["tool.xml"])
		}
		if !bytes.Contains(after["tool.xml"], []byte(`version="`+TokenizedVersion+`"`)) {
			t.Fatalf("version not tokenized:\n%s", after["tool.xml"])
		}
	})
}

// TestBumpChangesOnlyTheSuffix: a bump either skips with a reason or
// changes the tool's expanded view in its version alone, to the version
// with its +galaxy<N> made N+1.
func TestBumpChangesOnlyTheSuffix(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		files := genTool(t)
		res, err := Bump(Tool{File: "tool.xml", Src: files["tool.xml"]}, BumpOptions{Macros: memory(files)})
		if err != nil {
			t.Fatal(err)
		}
		if res.Skip != "" {
			return
		}
		after := map[string][]byte{}
		for k, v := range files {
			after[k] = v
		}
		for k, v := range res.Files {
			after[k] = v
		}
		b, err := macros.Expand("tool.xml", files["tool.xml"], memory(files))
		if err != nil {
			t.Fatal(err)
		}
		a, err := macros.Expand("tool.xml", after["tool.xml"], memory(after))
		if err != nil {
			t.Fatalf("bumped tool does not expand: %v", err)
		}
		want, ok := bumped(res.Old)
		if got, _ := a.Root.Get("version"); !ok || got != want || want != res.New {
			t.Fatalf("version %q, want %q (reported %q)", got, want, res.New)
		}
		root := b.Root.Clone()
		for i := range root.Attrs {
			if root.Attrs[i].Name == "version" {
				root.Attrs[i].Value = want
			}
		}
		if !bytes.Equal(macros.JSON(root), macros.JSON(a.Root)) {
			t.Fatalf("view changed beyond the version:\n%s\n%s", macros.JSON(root), macros.JSON(a.Root))
		}
	})
}
