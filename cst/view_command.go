package cst

import "iter"

// Command is a view of a <command> element, the Cheetah template of the job
// script. Galaxy reads only its text before any child element ([TextElement]
// has IsCDATA, HasElements and IsMixed to check how it is written).
type Command struct{ TextElement }

// AsCommand returns the view of a <command> element.
func AsCommand(n Node) (Command, bool) {
	v, ok := viewAs(n, "command")
	return Command{TextElement{v}}, ok
}

// Template returns the decoded Cheetah template, with offsets back to the
// source; it is Text under the name the template has.
func (c Command) Template() Decoded { return c.Text() }

// DetectErrors returns the detect_errors attribute ("default", "exit_code"
// or "aggressive").
func (c Command) DetectErrors() string { return c.n.Get("detect_errors") }

// Interpreter returns the deprecated interpreter attribute, ignored by
// Galaxy from profile 16.04 on.
func (c Command) Interpreter() string { return c.n.Get("interpreter") }

// Strict returns the strict attribute; when absent Galaxy runs the script
// with set -e from profile 20.09 on.
func (c Command) Strict() string { return c.n.Get("strict") }

// OOMExitCode returns the oom_exit_code attribute.
func (c Command) OOMExitCode() string { return c.n.Get("oom_exit_code") }

// UseSharedHome returns the use_shared_home attribute.
func (c Command) UseSharedHome() string { return c.n.Get("use_shared_home") }

// VersionCommand is a view of a <version_command> element.
type VersionCommand struct{ TextElement }

// AsVersionCommand returns the view of a <version_command> element.
func AsVersionCommand(n Node) (VersionCommand, bool) {
	v, ok := viewAs(n, "version_command")
	return VersionCommand{TextElement{v}}, ok
}

// Interpreter returns the interpreter attribute.
func (v VersionCommand) Interpreter() string { return v.n.Get("interpreter") }

// Help is a view of a <help> element.
type Help struct{ TextElement }

// AsHelp returns the view of a <help> element.
func AsHelp(n Node) (Help, bool) {
	v, ok := viewAs(n, "help")
	return Help{TextElement{v}}, ok
}

// Format returns the help markup: the format attribute, or
// "restructuredtext" (Galaxy's default) when it is absent. The other value
// Galaxy knows is "markdown".
func (h Help) Format() string {
	if f, ok := h.n.AttrValue("format"); ok {
		return f
	}
	return "restructuredtext"
}

// IsMarkdown reports whether the help is written in Markdown.
func (h Help) IsMarkdown() bool { return h.n.Get("format") == "markdown" }

// ConfigFiles is a view of a <configfiles> element.
type ConfigFiles struct{ viewElem }

// AsConfigFiles returns the view of a <configfiles> element.
func AsConfigFiles(n Node) (ConfigFiles, bool) {
	v, ok := viewAs(n, "configfiles")
	return ConfigFiles{v}, ok
}

// Files yields every configfile declaration in order: <configfile>
// templates and the JSON <inputs> and <file_sources> files.
func (c ConfigFiles) Files() iter.Seq[ConfigFile] {
	return viewMap(viewNamed(c.n, "configfile", "inputs", "file_sources"), viewConfigFile)
}

// Templates yields the <configfile> elements, whose text is a Cheetah
// template.
func (c ConfigFiles) Templates() iter.Seq[ConfigFile] {
	return viewMap(viewNamed(c.n, "configfile"), viewConfigFile)
}

// Inputs returns the <inputs> element, the JSON dump of the parameters
// (Galaxy reads the first one only).
func (c ConfigFiles) Inputs() ConfigFile { return viewConfigFile(viewFirst(c.n, "inputs")) }

// FileSources returns the <file_sources> element (Galaxy reads the first
// one only).
func (c ConfigFiles) FileSources() ConfigFile { return viewConfigFile(viewFirst(c.n, "file_sources")) }

func viewConfigFile(n Node) ConfigFile { return ConfigFile{viewText(n)} }

// ConfigFile is a view of one child of <configfiles>: a <configfile>
// template, or an <inputs> or <file_sources> JSON file.
type ConfigFile struct{ TextElement }

// AsConfigFile returns the view of a <configfile>, <inputs> or <file_sources>
// element; only call it on children of <configfiles>, since <inputs> also
// names the tool's parameter section.
func AsConfigFile(n Node) (ConfigFile, bool) {
	v, ok := viewAs(n, "configfile", "inputs", "file_sources")
	return ConfigFile{TextElement{v}}, ok
}

// Kind returns the element name: "configfile", "inputs" or "file_sources".
func (f ConfigFile) Kind() string { return f.n.Name() }

// IsTemplate reports whether f is a <configfile> Cheetah template.
func (f ConfigFile) IsTemplate() bool { return f.n.Is("configfile") }

// Name returns the name attribute, the Cheetah variable holding the file's
// path.
func (f ConfigFile) Name() string { return f.n.Get("name") }

// Filename returns the filename attribute, the name of the file in the job's
// working directory ("" for a generated name).
func (f ConfigFile) Filename() string { return f.n.Get("filename") }

// DataStyle returns the data_style attribute of an <inputs> file.
func (f ConfigFile) DataStyle() string { return f.n.Get("data_style") }

// Template returns the decoded Cheetah template of a <configfile>, and an
// empty Decoded for the JSON kinds.
func (f ConfigFile) Template() Decoded {
	if !f.IsTemplate() {
		return Decoded{}
	}
	return f.Text()
}
