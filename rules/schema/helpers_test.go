package schema

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/rules/schema/internal/gen/xsdgen"
)

// tinyProfile is the profile name tiny test schemas are compiled under.
const tinyProfile = "16.10"

// schemaDoc wraps schema components in an xs:schema element.
func schemaDoc(body string) string {
	return `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">` + body + `</xs:schema>`
}

// tinySet compiles one schema the way the generator compiles Galaxy's.
func tinySet(t *testing.T, body string) *set {
	t.Helper()
	tables, err := xsdgen.Build([]xsdgen.Schema{{Profile: tinyProfile, Data: []byte(schemaDoc(body))}})
	if err != nil {
		t.Fatalf("building tables: %v", err)
	}
	s, err := compile(tables)
	if err != nil {
		t.Fatalf("compiling tables: %v", err)
	}
	return s
}

// parseXML reads a document into a testElem tree (names as written, text
// concatenated, comments dropped); Pos is the element's line.
func parseXML(t *testing.T, src string) *testElem {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(src))
	var stack []*testElem
	var root *testElem
	var text []*strings.Builder
	for {
		line, _ := d.InputPos()
		tok, err := d.RawToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("parsing %q: %v", src, err)
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			e := &testElem{name: qualified(tk.Name), line: line}
			for _, a := range tk.Attr {
				e.attrs = append(e.attrs, [2]string{qualified(a.Name), a.Value})
			}
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.kids = append(p.kids, e)
			} else {
				root = e
			}
			stack = append(stack, e)
			text = append(text, &strings.Builder{})
		case xml.EndElement:
			stack[len(stack)-1].text = text[len(text)-1].String()
			stack, text = stack[:len(stack)-1], text[:len(text)-1]
		case xml.CharData:
			if len(text) > 0 {
				text[len(text)-1].Write(tk)
			}
		}
	}
	return root
}

func qualified(n xml.Name) string {
	if n.Space == "" {
		return n.Local
	}
	return n.Space + ":" + n.Local
}

// xmllintValid runs xmllint on one document and schema; ok is false when
// xmllint is not installed.
func xmllintValid(t *testing.T, schema, doc string) (valid bool, out string, ok bool) {
	t.Helper()
	if _, err := os.Stat(xmllintPath); err != nil {
		return false, "", false
	}
	dir := t.TempDir()
	xsd, file := filepath.Join(dir, "s.xsd"), filepath.Join(dir, "d.xml")
	if err := os.WriteFile(xsd, []byte(schema), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd := exec.Command(xmllintPath, "--noout", "--schema", xsd, file)
	cmd.Stderr = &stderr
	err := cmd.Run()
	out = strings.ReplaceAll(stderr.String(), dir+"/", "")
	if strings.Contains(out, "failed to compile") || strings.Contains(out, "WXS schema") && !strings.Contains(out, "validates") && !strings.Contains(out, "fails to validate") {
		t.Fatalf("xmllint could not use the schema:\n%s", out)
	}
	if err == nil {
		return true, out, true
	}
	if _, isExit := err.(*exec.ExitError); !isExit {
		t.Fatal(err)
	}
	return false, out, true
}

// messages renders errors as "line N: message" lines.
func messages(errs []Error) []string {
	var out []string
	for _, e := range errs {
		out = append(out, fmt.Sprintf("line %v: %s", e.Pos, e.Error()))
	}
	return out
}
