package inputs

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// NameRedundantArgument is GTR037.2, the advisory half of GTR037: an
// input <param> whose name is the one its argument implies, where
// GTR037.1 does not drop it.
var NameRedundantArgument = &lint.Check{
	Code:    "GTR037.2",
	Name:    "param-name-redundant-argument",
	Summary: "A <param> 'name' its 'argument' implies, where GTR037.1 cannot drop it (macros, tokens).",
	Linters: []string{"InputsNameRedundantArgument"},
	Cite:    "https://galaxy-iuc-standards.readthedocs.io/en/latest/best_practices/tool_xml.html#parameter-name-argument-and-help",
	Since:   "0.8.0",
	Doc: lint.Doc{
		What: "Reports an input <param> (./inputs//param of the macro-expanded tool) with both a name and an " +
			"argument whose name equals the name Galaxy derives from the argument (leading dashes stripped, " +
			"the other dashes made underscores), as Galaxy's InputsNameRedundantArgument linter does, " +
			"wherever GTR037.1 does not drop the name itself: a param that comes from an imported macro file " +
			"or from a macro of the tool's own <macros>, one below a tool-level <expand> that lands in " +
			"<inputs>, and one whose name or argument holds a macro token. The finding is at the name's " +
			"value where it is written, in the macro file when the param comes from one.",
		Why: "The IUC documents that name is optional when argument is given; a redundant name is one more " +
			"thing to keep in sync. planemo lint warns about every such param of the expanded tool, " +
			"including those its macros bring.",
		Example: "macros.xml: <xml name=\"opts\"><param name=\"min_length\" argument=\"--min-length\" type=\"integer\" value=\"0\"/></xml>\n→\n" +
			"<xml name=\"opts\"><param argument=\"--min-length\" type=\"integer\" value=\"0\"/></xml>",
		FixSafety: "Advisory only: the fix loop edits the tool file alone, and a macro file is shared by the " +
			"tools that import it; `gtr format` on the macro file, or dropping the name by hand, fixes it " +
			"for all of them. A name through a token depends on every definition of the token.",
	},
	Run: func(c *lint.Ctx) {
		var dropped map[int]bool // the params GTR037.1 drops the name of, by offset
		for _, el := range c.InputParams() {
			name, ok := el.Get("name")
			if !ok {
				continue
			}
			arg, ok := el.Get("argument")
			if !ok || name != lint.NameFromArgument(arg) {
				continue
			}
			if el.Loc.File == c.File.File() {
				if dropped == nil {
					dropped = droppedNames(c.File)
				}
				if dropped[el.Loc.Span.Start] {
					continue
				}
			}
			c.ReportAttr("InputsNameRedundantArgument", el, "name",
				fmt.Sprintf("Param input [%s] 'name' attribute is redundant if argument implies the same name.", name),
				"Remove the name attribute where it is written: Galaxy derives the same name from the argument, so "+
					"references to the parameter are unchanged.")
		}
	},
}

// DroppableName reports whether GTR037.1 drops a <param>'s name attribute,
// written with the value name beside an argument written argument: the
// name is the one the argument implies, not empty, and neither holds a
// macro token, whose expansion the tool file does not show.
func DroppableName(name, argument string) bool {
	return name != "" && name == lint.NameFromArgument(argument) && !lint.MayHoldToken(name) && !lint.MayHoldToken(argument)
}

// droppedNames returns the offsets of the <param> elements of t, a tool
// file as written, whose name GTR037.1 drops: those below its first <inputs>
// (as Galaxy's root.find("inputs") reads it) whose first name and argument
// attributes pass [DroppableName].
func droppedNames(t *cst.Tree) map[int]bool {
	out := map[int]bool{}
	inputs := t.RootElement().Element("inputs")
	if !inputs.IsValid() {
		return out
	}
	for n := range inputs.Descendants() {
		if n.Kind() != cst.KindElement || n.Name() != "param" {
			continue
		}
		name, arg := n.Attr("name"), n.Attr("argument")
		if name.IsValid() && arg.IsValid() && DroppableName(name.Value(), arg.Value()) {
			out[n.Span().Start] = true
		}
	}
	return out
}
