package rules_test

import (
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules"
)

// TestImportersGateSplices checks the shortcut of the macro-file gate
// against expanding the importers: whitespace after a top-level child of
// an <xml> macro lands where the <expand> stands, layout in <inputs> but
// data in <help>.
func TestImportersGateSplices(t *testing.T) {
	const before = "<macros>\n    <xml name=\"in\">\n        <param name=\"a\" type=\"data\"/>\n    </xml>\n</macros>\n"
	const after = "<macros>\n    <xml name=\"in\">\n        <param name=\"a\" type=\"data\"/>\n  </xml>\n</macros>\n"
	tool := func(body string) string {
		return "<tool id=\"t\" name=\"t\" version=\"1\">\n<macros><import>macros.xml</import></macros>\n" + body + "\n</tool>\n"
	}
	cases := []struct {
		name       string
		body       string
		noView     bool
		shortcut   bool // the shortcut passes without expanding
		gateRefuse bool
	}{
		{name: "layout context", body: "<inputs>\n<expand macro=\"in\"/>\n</inputs>", shortcut: true},
		{name: "data context", body: "<help>Use: <expand macro=\"in\"/> here</help>", gateRefuse: true},
		{name: "both contexts", body: "<inputs><expand macro=\"in\"/></inputs><help><expand macro=\"in\"/></help>", gateRefuse: true},
		{name: "unused", body: "<inputs/>", shortcut: true},
		{name: "no view", body: "<inputs>\n<expand macro=\"in\"/>\n</inputs>", noView: true},
	}
	rs, err := rules.Selection{}.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			mo := macros.Options{Files: map[string][]byte{"/t/macros.xml": []byte(before)}, NoDisk: true}
			src := []byte(tool(c.body))
			res, err := macros.Expand("/t/tool.xml", src, mo)
			if err != nil {
				t.Fatal(err)
			}
			imp := rules.Importer{File: "/t/tool.xml", Import: res.Imports[0], Tool: src, Landing: rules.Landings(res)[res.Imports[0]]}
			if c.noView {
				imp.Landing = nil
			}
			imps := []rules.Importer{imp}
			if got := rules.KeepsEverySplice([]byte(before), []byte(after), imps); got != c.shortcut {
				t.Errorf("shortcut passes = %v, want %v", got, c.shortcut)
			}
			err = rules.ImportersGate(imps, mo, rs)([]byte(before), []byte(after))
			if (err != nil) != c.gateRefuse {
				t.Errorf("gate error = %v, want refused %v", err, c.gateRefuse)
			}
		})
	}
}
