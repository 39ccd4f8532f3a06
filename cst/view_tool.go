package cst

import "iter"

// Tool is a view of a <tool> element, the root of a Galaxy tool file.
type Tool struct{ viewElem }

// ToolOf returns the tool view of a file whose root element is <tool>.
func ToolOf(t *Tree) (Tool, bool) {
	if t == nil {
		return Tool{}, false
	}
	return AsTool(t.RootElement())
}

// AsTool returns the view of a <tool> element.
func AsTool(n Node) (Tool, bool) {
	v, ok := viewAs(n, "tool")
	return Tool{v}, ok
}

// ID returns the id attribute.
func (t Tool) ID() string { return t.n.Get("id") }

// Name returns the name attribute (Galaxy falls back to the id when it is
// empty).
func (t Tool) Name() string { return t.n.Get("name") }

// Version returns the version attribute; Galaxy's default is "1.0.0" for
// legacy profiles and an error from profile 16.04 on.
func (t Tool) Version() string { return t.n.Get("version") }

// Profile returns the profile attribute; Galaxy reads an absent one as
// "16.01".
func (t Tool) Profile() string { return t.n.Get("profile") }

// ToolType returns the tool_type attribute ("data_source", "manage_data",
// ...), "" for ordinary tools.
func (t Tool) ToolType() string { return t.n.Get("tool_type") }

// License returns the license attribute.
func (t Tool) License() string { return t.n.Get("license") }

// PythonTemplateVersion returns the python_template_version attribute.
func (t Tool) PythonTemplateVersion() string { return t.n.Get("python_template_version") }

// Macros returns the tool's <macros> element (the first one, as Galaxy
// reads it).
func (t Tool) Macros() Macros { return Macros{viewElem{viewFirst(t.n, "macros")}} }

// Description returns the <description> element. Galaxy's xml_text would
// prefer a non-empty description attribute on <tool>.
func (t Tool) Description() TextElement {
	return TextElement{viewElem{viewFirst(t.n, "description")}}
}

// Command returns the <command> element.
func (t Tool) Command() Command { return Command{TextElement{viewElem{viewFirst(t.n, "command")}}} }

// VersionCommand returns the <version_command> element.
func (t Tool) VersionCommand() VersionCommand {
	return VersionCommand{TextElement{viewElem{viewFirst(t.n, "version_command")}}}
}

// ConfigFiles returns the <configfiles> element.
func (t Tool) ConfigFiles() ConfigFiles { return ConfigFiles{viewElem{viewFirst(t.n, "configfiles")}} }

// Inputs returns the <inputs> element.
func (t Tool) Inputs() Inputs { return Inputs{viewElem{viewFirst(t.n, "inputs")}} }

// Outputs returns the <outputs> element.
func (t Tool) Outputs() Outputs { return Outputs{viewElem{viewFirst(t.n, "outputs")}} }

// Tests returns the <tests> element.
func (t Tool) Tests() Tests { return Tests{viewElem{viewFirst(t.n, "tests")}} }

// Help returns the <help> element.
func (t Tool) Help() Help { return Help{TextElement{viewElem{viewFirst(t.n, "help")}}} }

// Requirements returns the <requirements> element.
func (t Tool) Requirements() Requirements {
	return Requirements{viewElem{viewFirst(t.n, "requirements")}}
}

// Citations returns the <citations> element.
func (t Tool) Citations() Citations { return Citations{viewElem{viewFirst(t.n, "citations")}} }

// Stdio returns the first <stdio> element (Galaxy reads them all).
func (t Tool) Stdio() Stdio { return Stdio{viewElem{viewFirst(t.n, "stdio")}} }

// Creator returns the <creator> element.
func (t Tool) Creator() Creator { return Creator{viewElem{viewFirst(t.n, "creator")}} }

// EdamTopics yields the <edam_topic> elements of <edam_topics>; Value is the
// term, e.g. "topic_0797".
func (t Tool) EdamTopics() iter.Seq[TextElement] {
	return viewMap(viewNamed(viewFirst(t.n, "edam_topics"), "edam_topic"), viewText)
}

// EdamOperations yields the <edam_operation> elements of <edam_operations>.
func (t Tool) EdamOperations() iter.Seq[TextElement] {
	return viewMap(viewNamed(viewFirst(t.n, "edam_operations"), "edam_operation"), viewText)
}

// Xrefs yields the <xref> elements of <xrefs>.
func (t Tool) Xrefs() iter.Seq[Xref] {
	return viewMap(viewNamed(viewFirst(t.n, "xrefs"), "xref"), func(n Node) Xref { return Xref{viewText(n)} })
}

// Expands yields the <expand> elements that are direct children of <tool>,
// the macros that add whole sections (requirements, citations, ...).
func (t Tool) Expands() iter.Seq[Expand] {
	return viewMap(t.n.ElementsNamed("expand"), func(n Node) Expand { return Expand{viewElem{n}} })
}

func viewText(n Node) TextElement { return TextElement{viewElem{n}} }
