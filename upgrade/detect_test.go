package upgrade

import (
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// detectCase is one tool a detector must fire on (want) or must not.
type detectCase struct {
	name  string
	tool  string            // tool.xml
	files map[string]string // the macro files it imports, by import text
	want  bool
}

// unexpanded reports whether the case is one whose tool must not expand:
// its name says so.
func (c detectCase) unexpanded() bool {
	return strings.HasPrefix(c.name, "unexpanded") || strings.HasPrefix(c.name, "import missing")
}

// xmlTool returns a tool whose <tool> holds body, with attrs (such as
// ` profile="16.04"`) on its start tag.
func xmlTool(attrs, body string) string {
	return `<tool id="t" name="T" version="1.0"` + attrs + ">\n" + body + "\n</tool>\n"
}

// importing returns a tool that imports macros.xml and holds body.
func importing(body string) string {
	return xmlTool("", "<macros><import>macros.xml</import></macros>\n"+body)
}

// macrosFile returns a macro file holding defs.
func macrosFile(defs string) map[string]string {
	return map[string]string{"macros.xml": "<macros>\n" + defs + "\n</macros>\n"}
}

// missingImport is a tool body that imports a file no one supplies, so the
// tool does not expand and may hide anything.
const missingImport = "<macros><import>missing.xml</import></macros>\n<expand macro=\"all\"/>"

// unexpanded returns a tool that does not expand although it imports
// nothing, so that everything Galaxy could read is in its own tree: its
// <macros> holds defs, and an <expand> of a macro no one defines stands
// between before and after (Galaxy expands only when a macro or token is
// defined, so the <macros> always defines one).
func unexpanded(defs, before, after string) string {
	return xmlTool("", `<macros><token name="@UNUSED@">x</token>`+defs+"</macros>\n"+before+`<expand macro="nowhere"/>`+after)
}

// runDetectCases checks code's detector on every case.
func runDetectCases(t *testing.T, code string, cases []detectCase) {
	t.Helper()
	t.Run(code, func(t *testing.T) {
		for _, c := range cases {
			t.Run(strings.ReplaceAll(c.name, " ", "_"), func(t *testing.T) {
				files := map[string][]byte{}
				for n, s := range c.files {
					files[n] = []byte(s)
				}
				d := NewDoc("tool.xml", []byte(c.tool), macros.Options{Files: files, NoDisk: true})
				if c.unexpanded() != (d.View == nil) {
					t.Fatalf("the case expands: %v, want %v (error: %v)", d.View != nil, !c.unexpanded(), d.Err)
				}
				if got := Applies(code, d); got != c.want {
					t.Errorf("Applies(%s) = %v, want %v (expansion error: %v)\n%s", code, got, c.want, d.Err, c.tool)
				}
			})
		}
	})
}

// TestEveryCodeDetected checks that every catalogue code has exactly one
// detector, listed in catalogue order.
func TestEveryCodeDetected(t *testing.T) {
	var want, got []string
	for _, c := range catalogue {
		want = append(want, c.Name)
	}
	for _, det := range detectors {
		got = append(got, det.code)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("detectors:\n%s\nwant, in catalogue order:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestDetectUnreadable checks that a tool that is not well-formed trips
// every code but the ready note: nothing can be ruled out.
func TestDetectUnreadable(t *testing.T) {
	d := NewDoc("tool.xml", []byte("<tool><command>"), macros.Options{NoDisk: true})
	for _, det := range detectors {
		want := det.code != "16_04_ready_interpreter"
		if got := det.applies(d); got != want {
			t.Errorf("%s: got %v, want %v", det.code, got, want)
		}
	}
}
