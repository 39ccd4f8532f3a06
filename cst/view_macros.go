package cst

import (
	"iter"
	"strings"
)

// Macros is a view of a <macros> element: a tool's own macro definitions or
// the root of a macro library. Galaxy (lib/galaxy/util/xml_macros.py) reads
// its direct children: <import>, <xml>, <token>, <template> and the generic
// <macro type="xml|token|template">.
type Macros struct{ viewElem }

// AsMacros returns the view of a <macros> element.
func AsMacros(n Node) (Macros, bool) {
	v, ok := viewAs(n, "macros")
	return Macros{v}, ok
}

// MacrosFile is the view of a macro library: a file whose root is <macros>.
// Galaxy reads it as it reads a tool's <macros>, except that its imports are
// resolved against the importing tool's directory.
type MacrosFile struct{ Macros }

// MacrosFileOf returns the view of a file whose root element is <macros>.
func MacrosFileOf(t *Tree) (MacrosFile, bool) {
	if t == nil {
		return MacrosFile{}, false
	}
	m, ok := AsMacros(t.RootElement())
	return MacrosFile{m}, ok
}

// Imports yields the <import> children.
func (m Macros) Imports() iter.Seq[Import] {
	return viewMap(m.n.ElementsNamed("import"), func(n Node) Import { return Import{viewText(n)} })
}

// macroType returns the macro type a child of <macros> defines ("xml",
// "token", "template", or another <macro type>), or "" for other elements.
func macroType(n Node) string {
	if n.Kind() != KindElement {
		return ""
	}
	switch name := n.Name(); name {
	case "xml", "token", "template":
		return name
	case "macro":
		if v, ok := n.AttrValue("type"); ok {
			return v
		}
		return "xml"
	}
	return ""
}

func (m Macros) ofType(typ string) iter.Seq[Node] {
	return func(yield func(Node) bool) {
		for c := range m.n.Elements() {
			if macroType(c) == typ && !yield(c) {
				return
			}
		}
	}
}

// XMLMacros yields the XML macro definitions: <xml> and <macro> elements
// whose type is "xml" or absent.
func (m Macros) XMLMacros() iter.Seq[XMLMacro] {
	return viewMap(m.ofType("xml"), func(n Node) XMLMacro { return XMLMacro{viewElem{n}} })
}

// Tokens yields the token definitions: <token> and <macro type="token">.
func (m Macros) Tokens() iter.Seq[MacroToken] {
	return viewMap(m.ofType("token"), func(n Node) MacroToken { return MacroToken{viewText(n)} })
}

// Templates yields the Cheetah template macros: <template> and
// <macro type="template">.
func (m Macros) Templates() iter.Seq[Template] {
	return viewMap(m.ofType("template"), func(n Node) Template { return Template{viewText(n)} })
}

// Expands yields every <expand> below <macros>, inside macro definitions
// included: the macros these definitions use.
func (m Macros) Expands() iter.Seq[Expand] { return ExpandsIn(m.n) }

// XMLMacro returns the XML macro called name as Galaxy resolves duplicates
// within one <macros>: the last <xml name>, else the last <macro name>.
func (m Macros) XMLMacro(name string) (XMLMacro, bool) {
	var xml, macro XMLMacro
	for x := range m.XMLMacros() {
		if x.Name() != name {
			continue
		}
		if x.n.Is("xml") {
			xml = x
		} else {
			macro = x
		}
	}
	if xml.IsValid() {
		return xml, true
	}
	return macro, macro.IsValid()
}

// Token returns the token called name (for example "@TOOL_VERSION@"), the
// last definition winning as in Galaxy.
func (m Macros) Token(name string) (MacroToken, bool) {
	var tok, macro MacroToken
	for t := range m.Tokens() {
		if t.Name() != name {
			continue
		}
		if t.n.Is("token") {
			tok = t
		} else {
			macro = t
		}
	}
	if tok.IsValid() {
		return tok, true
	}
	return macro, macro.IsValid()
}

// Import is a view of an <import> element naming a macro file.
type Import struct{ TextElement }

// AsImport returns the view of an <import> element.
func AsImport(n Node) (Import, bool) {
	v, ok := viewAs(n, "import")
	return Import{TextElement{v}}, ok
}

// File returns the imported file name exactly as Galaxy joins it to the
// tool's directory: the decoded text, not trimmed.
func (i Import) File() string { return Content(i.n).Text }

// XMLMacro is a view of an XML macro definition, <xml name="..."> or
// <macro name="...">, whose child elements replace each <expand> of it.
type XMLMacro struct{ viewElem }

// AsXMLMacro returns the view of an <xml> or <macro> element.
func AsXMLMacro(n Node) (XMLMacro, bool) {
	v, ok := viewAs(n, "xml", "macro")
	return XMLMacro{v}, ok
}

// Name returns the name attribute, which <expand macro="..."> refers to.
func (m XMLMacro) Name() string { return m.n.Get("name") }

// TokenQuote returns the character wrapped around argument placeholders:
// the token_quote attribute, "@" by default.
func (m XMLMacro) TokenQuote() string {
	if q, ok := m.n.AttrValue("token_quote"); ok {
		return q
	}
	return "@"
}

// MacroArg is one argument an XML macro declares, in tokens="a,b" (required)
// or as token_NAME="default" (optional).
type MacroArg struct {
	Name     string // as written: tokens="a,b" is split on commas, nothing trimmed
	Default  string // the token_NAME value; "" for a required argument
	Required bool   // declared in tokens=, so each <expand> must set it
	Attr     Node   // the attribute declaring it
	quote    string
}

// Placeholder returns the text the argument replaces in the macro body: the
// name upper-cased between token quotes, e.g. "@VALUE@".
func (a MacroArg) Placeholder() string { return a.quote + strings.ToUpper(a.Name) + a.quote }

// Args returns the declared arguments in attribute order. As in Galaxy, a
// later declaration of a name replaces an earlier one in place, and
// token_quote also declares an argument named "quote".
func (m XMLMacro) Args() []MacroArg {
	var args []MacroArg
	index := map[string]int{}
	add := func(a MacroArg) {
		if i, ok := index[a.Name]; ok {
			args[i] = a
			return
		}
		index[a.Name] = len(args)
		args = append(args, a)
	}
	quote := m.TokenQuote()
	for a := range m.n.Attrs() {
		switch name := a.Name(); {
		case name == "tokens":
			for _, tok := range strings.Split(a.Value(), ",") {
				add(MacroArg{Name: tok, Required: true, Attr: a, quote: quote})
			}
		case strings.HasPrefix(name, "token_"):
			add(MacroArg{Name: name[len("token_"):], Default: a.Value(), Attr: a, quote: quote})
		}
	}
	return args
}

// Content yields the elements of the macro body, which replace an <expand>.
func (m XMLMacro) Content() iter.Seq[Node] { return m.n.Elements() }

// Yields yields the <yield> elements anywhere in the macro body.
func (m XMLMacro) Yields() iter.Seq[Yield] {
	return func(yield func(Yield) bool) {
		for d := range m.n.Descendants() {
			if d.Is("yield") && !yield(Yield{viewElem{d}}) {
				return
			}
		}
	}
}

// Params yields the tool parameters the macro body declares, walking
// conditionals, repeats and sections as [Inputs.Params] does; their paths
// are relative to where the macro is expanded.
func (m XMLMacro) Params() iter.Seq[Param] { return viewParams(m.n) }

// Expands yields the <expand> elements anywhere in the macro body.
func (m XMLMacro) Expands() iter.Seq[Expand] { return ExpandsIn(m.n) }

// MacroToken is a view of a <token name="@NAME@"> definition (or
// <macro type="token">), or of a <token name="..."> block inside an
// <expand> whose elements fill the macro's <yield name="..."/>. Galaxy
// substitutes Text().Text as is, untrimmed.
type MacroToken struct{ TextElement }

// AsMacroToken returns the view of a <token> element or <macro type="token">.
func AsMacroToken(n Node) (MacroToken, bool) {
	if n.Is("token") || (n.Is("macro") && n.Get("type") == "token") {
		return MacroToken{viewText(n)}, true
	}
	return MacroToken{}, false
}

// Name returns the name attribute, the text the token replaces.
func (t MacroToken) Name() string { return t.n.Get("name") }

// Elements yields the token's child elements (the content of a named yield).
func (t MacroToken) Elements() iter.Seq[Node] { return t.n.Elements() }

// Template is a view of a <template name="..."> macro (or
// <macro type="template">), a Cheetah snippet Galaxy passes to templates.
type Template struct{ TextElement }

// AsTemplate returns the view of a <template> element; for the generic form
// use [Macros.Templates].
func AsTemplate(n Node) (Template, bool) {
	v, ok := viewAs(n, "template")
	return Template{TextElement{v}}, ok
}

// Name returns the name attribute.
func (t Template) Name() string { return t.n.Get("name") }

// Expand is a view of an <expand macro="..."> element.
type Expand struct{ viewElem }

// AsExpand returns the view of an <expand> element.
func AsExpand(n Node) (Expand, bool) {
	v, ok := viewAs(n, "expand")
	return Expand{v}, ok
}

// Macro returns the name of the expanded macro.
func (e Expand) Macro() string { return e.n.Get("macro") }

// Args yields the attribute nodes other than macro: the values of the
// macro's arguments.
func (e Expand) Args() iter.Seq[Node] {
	return func(yield func(Node) bool) {
		for a := range e.n.Attrs() {
			if a.Name() != "macro" && !yield(a) {
				return
			}
		}
	}
}

// Arg returns the decoded value given for the macro argument name.
func (e Expand) Arg(name string) (string, bool) {
	if name == "macro" {
		return "", false
	}
	return e.n.AttrValue(name)
}

// Content yields the child elements other than <token>: what replaces the
// macro's unnamed <yield/>.
func (e Expand) Content() iter.Seq[Node] {
	return func(yield func(Node) bool) {
		for c := range e.n.Elements() {
			if !c.Is("token") && !yield(c) {
				return
			}
		}
	}
}

// NamedContent yields the <token name="..."> children, whose elements
// replace the macro's <yield name="..."/>.
func (e Expand) NamedContent() iter.Seq[MacroToken] {
	return viewMap(e.n.ElementsNamed("token"), func(n Node) MacroToken { return MacroToken{viewText(n)} })
}

// Yield is a view of a <yield/> or <yield name="..."/> in a macro body.
type Yield struct{ viewElem }

// AsYield returns the view of a <yield> element.
func AsYield(n Node) (Yield, bool) {
	v, ok := viewAs(n, "yield")
	return Yield{v}, ok
}

// Name returns the name of a named yield, "" for the unnamed one.
func (y Yield) Name() string { return y.n.Get("name") }

// IsNamed reports whether the yield has a name attribute.
func (y Yield) IsNamed() bool { return y.n.Attr("name").IsValid() }
