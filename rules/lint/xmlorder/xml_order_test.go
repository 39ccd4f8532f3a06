package xmlorder

import (
	"path/filepath"
	"testing"

	"github.com/galaxy-gtr/gtr/rules/lint/linttest"
)

func TestXMLOrder(t *testing.T) {
	tool := func(attrs, body string) string { return linttest.Tool(`id="t" name="t" version="1"`+attrs, body) }
	linttest.Check(t, XMLOrder, []linttest.Golden{
		{Name: "in order", Files: []string{"tool.xml", tool("", "<description>d</description>\n<command>x</command>\n<inputs/>\n<outputs/>\n<help>h</help>")}},
		// GTR013.1 sorts it: not reported twice.
		{Name: "sorted by GTR013.1", Files: []string{"tool.xml", tool("", "<inputs/>\n<command>x</command>")}},
		{Name: "a comment keeps GTR013.1 away", Files: []string{"tool.xml", tool("", "<inputs/>\n<!-- c -->\n<command>x</command>")},
			Want: []string{"XMLOrder|Best practice violation [command] elements should come before [inputs]"}},
		{Name: "each element against the one before", Files: []string{"tool.xml", tool("", "<help>h</help>\n<!-- c -->\n<outputs/>\n<inputs/>\n<command>x</command>")},
			Want: []string{"XMLOrder|Best practice violation [outputs] elements should come before [help]",
				"XMLOrder|Best practice violation [inputs] elements should come before [outputs]",
				"XMLOrder|Best practice violation [command] elements should come before [inputs]"}},
		// Galaxy's order lists options and required_files, the IUC's does not.
		{Name: "options in Galaxy's order", Files: []string{"tool.xml", tool("", "<command>x</command>\n<options sanitize=\"false\"/>")},
			Want: []string{"XMLOrder|Best practice violation [options] elements should come before [command]"}},
		{Name: "unlisted tags pass", Files: []string{"tool.xml", tool("", "<command>x</command>\n<creator/>\n<inputs/>")}},
		{Name: "interactive tool", Files: []string{"tool.xml", tool(` tool_type="interactive"`, "<inputs/>\n<!-- c -->\n<command>x</command>")}},
		{Name: "manage_data tool", Files: []string{"tool.xml", tool(` tool_type="manage_data"`, "<inputs/>\n<!-- c -->\n<command>x</command>")},
			Want: []string{"XMLOrder|Best practice violation [command] elements should come before [inputs]"}},
	})
}

// TestXMLOrderInMacroFile checks that an element an imported macro file
// brings out of order is reported where the macro file writes it.
func TestXMLOrderInMacroFile(t *testing.T) {
	got, dir := linttest.Expanded(t, XMLOrder,
		"tool.xml", "<tool id=\"t\" name=\"t\" version=\"1\">\n<macros><import>macros.xml</import></macros>\n<command>x</command>\n<expand macro=\"reqs\"/>\n</tool>\n",
		"macros.xml", "<macros>\n<xml name=\"reqs\">\n<requirements/>\n</xml>\n</macros>\n")
	if len(got) != 1 {
		t.Fatalf("got %d findings %v, want 1", len(got), got)
	}
	if f := got[0]; f.Loc.File != filepath.Join(dir, "macros.xml") || f.Pos.Line != 3 {
		t.Errorf("finding at %s:%d, want macros.xml:3", f.Loc.File, f.Pos.Line)
	}
}
