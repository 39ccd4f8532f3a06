package macros

import (
	"bytes"
	"path/filepath"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/cheetah"
	cstmacros "github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/internal/recent"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// XMLMacroCheetah is GTR104: an <xml> macro whose own text is Cheetah.
var XMLMacroCheetah = &lint.Check{
	Code:    "GTR104",
	Name:    "xml-macro-cheetah",
	Summary: "An <xml> macro should not contain Cheetah (use a <token>).",
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-macros-xml",
	Since:   "0.6.0",
	Macros:  true,
	Doc: lint.Doc{
		What: "Reports an <xml> macro of a tool's own <macros>, or of a macro file it imports from its own " +
			"directory, whose text outside its " +
			"child elements holds a Cheetah placeholder or directive: a fragment of a command template " +
			"rather than XML. Cheetah inside the macro's elements (a <command> or <configfile> it defines) " +
			"is not reported.",
		Why: "An <xml> macro is meant to bring elements. Text spliced in by <expand> lands wherever the " +
			"expansion stands, which the schema cannot check and a formatter may re-indent; a <token> " +
			"says it is text, keeps the Cheetah in one string and is substituted exactly (@NAME@).",
		Example: "<xml name=\"threads\">--threads \\${GALAXY_SLOTS:-1}\n#if $verbose\n  -v\n#end if</xml>\n→\n<token name=\"@THREADS@\">--threads \\${GALAXY_SLOTS:-1}\n#if $verbose\n  -v\n#end if</token>\n(and @THREADS@ where <expand macro=\"threads\"/> was)",
		FixSafety: "Advisory only: turning the macro into a token means rewriting every <expand> of it, in this " +
			"file and in the tools that import it, and a token cannot take the <yield/> or parameters an " +
			"<xml> macro can.",
	},
	Run: func(c *lint.Ctx) {
		// A macro file is its own section; a tool's expanded view has no
		// <macros>, so the tool is read as written.
		sections := []*cstmacros.Element{c.Root}
		if c.Tool {
			// Most tools define no macros: the tool as written is
			// converted only when it has a <macros> section.
			candidates := false
			for m := range c.File.RootElement().ElementsNamed("macros") {
				candidates = candidates || mayHoldCheetah(m)
			}
			// No <xml> macro there, or in a macro file the tool imports,
			// has text with a '$' or '#': nothing to convert.
			if !candidates && !importsMayHoldCheetah(c) {
				return
			}
			written, err := cstmacros.FromTree(c.File)
			if err != nil {
				return
			}
			sections = macroSections(c, written)
		}
		for _, defs := range sections {
			for _, x := range lint.Children(defs, "xml") {
				if !cheetahIn(ownText(x)) {
					continue
				}
				name := lint.Get(x, "name")
				c.ReportAttr("", x, "name", "<xml> macro '"+name+"' holds Cheetah text; a <token> is the macro for template text.",
					"Define it as <token name=\"@"+strings.ToUpper(name)+"@\"> with the same text and write that token "+
						"where <expand macro=\""+name+"\"/> stands.")
			}
		}
	},
}

// macroSections returns the tool's own <macros> and the root of each macro
// file it imports from its own directory (or below), as written.
func macroSections(c *lint.Ctx, tool *cstmacros.Element) []*cstmacros.Element {
	own := lint.Child(tool, "macros")
	if own == nil {
		return nil
	}
	out := []*cstmacros.Element{own}
	if c.Result == nil {
		return out
	}
	for _, imp := range lint.Children(own, "import") {
		rel := filepath.Clean(strings.TrimSpace(imp.Text))
		// An import from elsewhere is a shared library another tool owns.
		if filepath.IsAbs(rel) || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			continue
		}
		t := c.Result.Tree(filepath.Join(filepath.Dir(c.File.File()), rel))
		if t == nil || !fileMayHoldCheetah(t) {
			continue
		}
		if root, err := cstmacros.FromTree(t); err == nil && root.Tag == "macros" {
			out = append(out, root)
		}
	}
	return out
}

// mayHoldCheetah reports whether an <xml> child of the macro section defs
// (a cst element) has text of its own, outside its child elements, with a
// '$' or '#' in its bytes: what cheetahIn could find Cheetah in. It reads
// the source, so that most files are decided without converting them.
func mayHoldCheetah(defs cst.Node) bool {
	// The children are walked as siblings rather than with the
	// ElementsNamed and Content iterators, whose nested loop bodies are
	// closures called for every node.
	if defs.Kind() != cst.KindElement {
		return false
	}
	for x := defs.FirstChild(); x.IsValid(); x = x.NextSibling() {
		if !x.Is("xml") {
			continue
		}
		for k := x.FirstChild(); k.IsValid(); k = k.NextSibling() {
			if kind := k.Kind(); kind != cst.KindText && kind != cst.KindCDATA {
				continue
			}
			if bytes.ContainsAny(k.Bytes(), "$#") {
				return true
			}
		}
	}
	return false
}

// importsMayHoldCheetah reports whether a macro file the expanded tool
// read may hold an <xml> macro with Cheetah text (mayHoldCheetah).
func importsMayHoldCheetah(c *lint.Ctx) bool {
	if c.Result == nil {
		return false
	}
	for _, imp := range c.Result.Imports {
		if t := c.Result.Tree(imp); t != nil && fileMayHoldCheetah(t) {
			return true
		}
	}
	return false
}

// importScans remembers fileMayHoldCheetah of the last macro files asked
// about: a run shares the parse of a macro file between the tools that
// import it (a macros.Cache), and each of them would search it again.
// The tools of a directory, which import the same files, come one after
// another.
var importScans = recent.New[*cst.Tree, bool](16)

// fileMayHoldCheetah is mayHoldCheetah of the root of the macro file t,
// worked out once per parse.
func fileMayHoldCheetah(t *cst.Tree) bool {
	return importScans.Of(t, func() bool { return mayHoldCheetah(t.RootElement()) })
}

// ownText is the text of x outside its child elements: what <expand>
// splices in as text rather than elements.
func ownText(x *cstmacros.Element) string {
	var b strings.Builder
	b.WriteString(x.Text)
	for _, k := range x.Children {
		b.WriteString("\n")
		b.WriteString(k.Tail)
	}
	return b.String()
}

// cheetahIn reports whether text holds a Cheetah placeholder or directive
// (comments alone do not count).
func cheetahIn(text string) bool {
	if !strings.ContainsAny(text, "$#") {
		return false
	}
	for n := range cheetah.Parse(text).Root().Descendants() {
		if k := n.Kind(); k == cheetah.KindPlaceholder || k == cheetah.KindDirective {
			return true
		}
	}
	return false
}
