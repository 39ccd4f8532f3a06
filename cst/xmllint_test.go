package cst_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
)

// xmllintMalformed runs `xmllint --noout` over paths in batches and returns
// the set of paths for which libxml2 reported a parser (fatal) error.
// Namespace errors and warnings do not make a file malformed: xmllint exits
// 0 for them.
func xmllintMalformed(tb testing.TB, paths []string) map[string]bool {
	tb.Helper()
	bad := map[string]bool{}
	re := regexp.MustCompile(`(?m)^(.+?):\d+: parser error :`)
	for start := 0; start < len(paths); start += 400 {
		batch := paths[start:min(len(paths), start+400)]
		cmd := exec.Command("xmllint", append([]string{"--noout", "--nonet"}, batch...)...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		_ = cmd.Run() // a non-zero exit is expected when a file is malformed
		for _, m := range re.FindAllSubmatch(stderr.Bytes(), -1) {
			bad[string(m[1])] = true
		}
	}
	return bad
}

// wellFormedExceptions lists files on which gtr's verdict deliberately
// differs from libxml2's, with the reason.
var wellFormedExceptions = map[string]string{}

func TestCorpusWellFormedAgreesWithXmllint(t *testing.T) {
	if _, err := exec.LookPath("xmllint"); err != nil {
		t.Skip("skipping: xmllint not installed (apt-get install libxml2-utils)")
	}
	files := corpusFiles(t)
	root := filepath.Join(sharedDir(t), "corpus")
	paths := make([]string, len(files))
	for i, f := range files {
		paths[i] = filepath.Join(root, f.rel)
	}
	bad := xmllintMalformed(t, paths)
	agree, malformed := 0, 0
	for i, f := range files {
		tree := cst.Parse(f.rel, f.src)
		ours := !tree.WellFormed()
		theirs := bad[paths[i]]
		if theirs {
			malformed++
		}
		if ours == theirs {
			agree++
			continue
		}
		if why, ok := wellFormedExceptions[f.rel]; ok {
			t.Logf("%s: known difference: %s", f.rel, why)
			continue
		}
		t.Errorf("%s: gtr malformed=%v, xmllint malformed=%v; gtr errors: %v", f.rel, ours, theirs, tree.Errors())
	}
	t.Logf("%d files: %d agree with xmllint (%d malformed per xmllint)", len(files), agree, malformed)
	_ = os.Stderr
}

// xmllintFirstErrors runs `xmllint --noout` over paths and returns, for
// each path libxml2 found malformed, the line of its first error.
func xmllintFirstErrors(tb testing.TB, paths []string) map[string]int {
	tb.Helper()
	first := map[string]int{}
	re := regexp.MustCompile(`(?m)^(.+?):(\d+): parser error :`)
	for start := 0; start < len(paths); start += 400 {
		batch := paths[start:min(len(paths), start+400)]
		cmd := exec.Command("xmllint", append([]string{"--noout", "--nonet"}, batch...)...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		_ = cmd.Run() // a non-zero exit is expected when a file is malformed
		for _, m := range re.FindAllSubmatch(stderr.Bytes(), -1) {
			if _, ok := first[string(m[1])]; !ok {
				first[string(m[1])], _ = strconv.Atoi(string(m[2]))
			}
		}
	}
	return first
}

// generated is a document built to probe one of libxml2's limits.
type generated struct {
	name string
	src  func() string
	// anyLine is set when libxml2 reports its error where its input buffer
	// ran out ("Huge input lookup"), which depends on how it reads the
	// file: only the verdicts are compared.
	anyLine bool
}

// depthDocs returns documents nesting n elements, reaching that depth in
// different ways.
func depthDocs(n int) []generated {
	levels := func(open, leaf string) func() string {
		return func() string {
			return strings.Repeat(open, n-1) + leaf + strings.Repeat("</a>", n-1)
		}
	}
	docs := []generated{
		{name: "on one line", src: levels("<a>", "<a></a>")},
		{name: "one per line", src: levels("<a>\n", "<a>\n</a>")},
		{name: "text between", src: levels("<a>text\n", "<a>leaf</a>")},
		{name: "comments between", src: levels("<a><!-- c -->\n", "<a/>")},
		{name: "CDATA between", src: levels("<a><![CDATA[x]]>\n", "<a/>")},
		{name: "PIs between", src: levels("<a><?pi data?>\n", "<a/>")},
		{name: "attributes", src: levels("<a x=\"1\" y='2'\n>", "<a z=\"3\"/>")},
		{name: "references between", src: levels("<a>&amp;&#x41;\n", "<a>&lt;</a>")},
		{name: "empty leaf", src: levels("<a>\n", "<b/>")},
		{name: "siblings at the deepest level", src: levels("<a>\n", "<b/><c></c>\n<d/>")},
		{name: "unclosed", src: func() string { return strings.Repeat("<a>\n", n) }},
		{name: "inside a tool", src: func() string {
			return "<?xml version=\"1.0\"?>\n<tool id=\"t\" name=\"t\" version=\"1.0\">\n" +
				strings.Repeat("<a>\n", n-2) + "<b/>\n" + strings.Repeat("</a>\n", n-2) + "</tool>\n"
		}},
	}
	for i := range docs {
		docs[i].name = fmt.Sprintf("depth %d, %s", n, docs[i].name)
	}
	return docs
}

// limitDocs returns documents on both sides of libxml2's length limits.
// Where libxml2's bound is not exact (it stops when its input buffer, whose
// start lags the construct by up to a few hundred bytes, holds
// cst.MaxTextLen bytes), the documents keep a margin from it.
func limitDocs() []generated {
	const text = cst.MaxTextLen
	fill := func(c string, n int) string { return strings.Repeat(c, n) }
	name := func(n int) string { return fill("n", n) }
	lines := "<r>\n" + fill("line\n", 10)
	var docs []generated
	for _, d := range []int{0, 1} {
		n, t := cst.MaxNameLen+d, text+d
		docs = append(docs,
			generated{name: fmt.Sprintf("element name %d", n), src: func() string { return "<" + name(n) + "/>" }},
			generated{name: fmt.Sprintf("end tag name %d", n), src: func() string { return "<" + name(n) + "></" + name(n) + ">" }},
			generated{name: fmt.Sprintf("attribute name %d", n), src: func() string { return "<r\n" + name(n) + "=\"1\"/>" }},
			generated{name: fmt.Sprintf("PI target %d", n), src: func() string { return lines + "<?" + name(n) + " x?></r>" }},
			generated{name: fmt.Sprintf("entity name %d", n), src: func() string {
				return "<!DOCTYPE r [<!ENTITY " + name(n) + " \"x\">]>\n<r>&" + name(n) + ";</r>"
			}},
			generated{name: fmt.Sprintf("text %d", t), src: func() string { return "<r>" + fill("a", t) + "</r>" }},
			generated{name: fmt.Sprintf("text %d with references", t), src: func() string {
				return "<r>" + fill("&amp;&#65;", 1000) + fill("a", t-2000) + "</r>"
			}},
			generated{name: fmt.Sprintf("text %d with CRLF", t), src: func() string { return "<r>" + fill("\r\n", 100) + fill("a", t-100) + "</r>" }},
			generated{name: fmt.Sprintf("CDATA %d", t), src: func() string { return lines + "<![CDATA[" + fill("a", t) + "]]></r>" }},
			generated{name: fmt.Sprintf("adjacent CDATA %d", t), src: func() string {
				return "<r><![CDATA[" + fill("a", text/2) + "]]><![CDATA[" + fill("a", t-text/2) + "]]></r>"
			}},
			generated{name: fmt.Sprintf("comment %d", t), src: func() string { return lines + "<!--" + fill("a", t) + "--></r>" }},
			generated{name: fmt.Sprintf("comment %d in the prolog", t), src: func() string { return "<!--" + fill("a", t) + "-->\n<r/>" }},
			generated{name: fmt.Sprintf("PI data %d", t), src: func() string { return lines + "<?pi  " + fill("a", t) + "?></r>" }},
		)
	}
	for _, size := range []int{text - 1000, text + 1} {
		from := len(docs)
		docs = append(docs,
			generated{name: fmt.Sprintf("start tag %d", size), src: func() string { return "<r a=\"" + fill("a", size-9) + "\"/>" }},
			generated{name: fmt.Sprintf("start tag %d after text", size), src: func() string {
				return lines + "<x a=\"" + fill("a", size-9) + "\"/></r>"
			}},
			generated{name: fmt.Sprintf("start tag %d of many attributes", size), src: func() string {
				var b strings.Builder
				b.WriteString("<r")
				for i := 0; b.Len() < size-3; i++ {
					// Few long attributes: libxml2 2.9 takes quadratic time in
					// their number to look for duplicates.
					fmt.Fprintf(&b, " a%d=\"%s\"", i, fill("v", 5000))
				}
				return b.String()[:size-3] + "\"/>"
			}},
			generated{name: fmt.Sprintf("end tag %d", size), src: func() string { return "<r></r" + fill(" ", size-4) + ">" }},
			generated{name: fmt.Sprintf("whitespace %d before the root", size), src: func() string { return fill(" ", size) + "<r/>" }},
			generated{name: fmt.Sprintf("whitespace %d after the root", size), src: func() string { return "<r/>" + fill("\n", size) }},
		)
		for i := from; i < len(docs); i++ {
			docs[i].anyLine = true
		}
	}
	return docs
}

// TestGeneratedWellFormedAgreesWithXmllint checks gtr's verdict, and the
// line of the first error, against xmllint's on documents at libxml2's
// limits: nesting depth and the lengths of names, texts and tags.
func TestGeneratedWellFormedAgreesWithXmllint(t *testing.T) {
	if _, err := exec.LookPath("xmllint"); err != nil {
		t.Skip("skipping: xmllint not installed (apt-get install libxml2-utils)")
	}
	var docs []generated
	for _, n := range []int{255, 256, 257, 258, 259, 1000, 10_000, 100_000} {
		docs = append(docs, depthDocs(n)...)
	}
	docs = append(docs, limitDocs()...)
	dir := t.TempDir()
	// The documents go to xmllint in batches of bounded size: some of them
	// are ten megabytes long.
	for len(docs) > 0 {
		var paths []string
		srcs := map[string]string{}
		anyLine := map[string]bool{}
		size := 0
		for len(docs) > 0 && size < 50<<20 {
			d := docs[0]
			docs = docs[1:]
			src := d.src()
			path := filepath.Join(dir, fmt.Sprintf("%d.xml", len(docs)))
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			paths = append(paths, path)
			srcs[path] = d.name
			anyLine[path] = d.anyLine
			size += len(src)
		}
		theirs := xmllintFirstErrors(t, paths)
		for _, path := range paths {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			errs := cst.Parse(path, src).Errors()
			line, bad := theirs[path]
			switch {
			case len(errs) > 0 != bad:
				t.Errorf("%s: gtr malformed=%v, xmllint malformed=%v; gtr errors: %.300v", srcs[path], len(errs) > 0, bad, errs)
			case bad && errs[0].Pos.Line != line && !anyLine[path]:
				t.Errorf("%s: gtr's first error is on line %d, xmllint's on line %d: %.300v", srcs[path], errs[0].Pos.Line, line, errs[0])
			}
			os.Remove(path)
		}
	}
}
