package rules

import (
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/cheetah"
)

// quoteDecl is one declaration of a name the command can reach.
type quoteDecl struct {
	kind     string // "data", "text", ... for params; "conditional", "repeat", "section", "upload_dataset"; "output" ("data" outputs are "output")
	elem     string // the element name
	ptype    string // the type attribute
	multiple bool
	direct   bool // written directly under the tool's <inputs> or <outputs>, not through <expand>
}

// fileValued reports whether the value is one file path: a data input
// that is not multiple, or a data output.
func (d quoteDecl) fileValued() bool {
	return d.kind == "output" || d.elem == "param" && d.ptype == "data" && !d.multiple
}

func (d quoteDecl) describe() string {
	switch {
	case d.kind == "output":
		return "a data output"
	case d.elem == "collection":
		return "a collection output"
	case d.elem == "output":
		return "an output"
	case d.elem != "param":
		return article(d.elem)
	case d.multiple:
		return article(d.ptype) + ` parameter with multiple="true"`
	case d.ptype == "":
		return "a parameter"
	case d.ptype == "data":
		return "a data input"
	}
	return article(d.ptype) + " parameter"
}

// article prefixes a word with "a" or "an".
func article(word string) string {
	if word != "" && strings.ContainsRune("aeiou", rune(word[0])) {
		return "an " + word
	}
	return "a " + word
}

// quoteDecls are the declarations of one name: what is asked of them is
// the first and whether there are more.
type quoteDecls struct {
	first quoteDecl
	count int
}

// quoteNames are the names of the tool's parameters as the command sees
// them.
type quoteNames struct {
	top    map[string]quoteDecls // names in Galaxy's parameter namespace
	nested map[string]cst.Input  // names only nested parameters have: the first declaration
	macro  map[string]bool       // names declared in the file's <macros>
}

// declare adds a declaration of name to the parameter namespace.
func (n quoteNames) declare(name string, d quoteDecl) {
	ds := n.top[name]
	if ds.count == 0 {
		ds.first = d
	}
	ds.count++
	n.top[name] = ds
}

func (n quoteNames) known(name string) bool {
	return n.top[name].count > 0 || n.nested[name].IsValid() || n.macro[name]
}

// refers reports whether a placeholder rooted at name refers to a tool
// parameter: a #for variable looping over parameters; a name bound by
// another directive that shadows a parameter Cheetah would otherwise find
// by that name; or an unbound parameter name.
func (n quoteNames) refers(name string, bound map[string]cheetah.Binding, loops map[string]bool) bool {
	if _, ok := bound[name]; ok && !loops[name] {
		return n.top[name].count > 0 || n.macro[name]
	}
	return name != "" && (loops[name] || n.known(name))
}

func (n quoteNames) describe(name string) string {
	if d := n.top[name]; d.count > 0 {
		return d.first.describe()
	}
	if n.nested[name].IsValid() {
		return "a nested parameter"
	}
	return "a parameter declared by a macro"
}

// quoteNamesOf collects the declarations of the wanted names that the
// command of tool can reach: the names it is asked about.
func quoteNamesOf(tool cst.Tool, wanted map[string]bool) quoteNames {
	// Most wanted names are declared once at the top: sized for them, the
	// map of their (large) entries never grows.
	names := quoteNames{top: make(map[string]quoteDecls, len(wanted)), nested: map[string]cst.Input{}, macro: map[string]bool{}}
	if in := tool.Inputs(); in.IsValid() {
		w := inputDeclWalk{names: names, wanted: wanted, direct: in.Node().Parent() == tool.Node()}
		w.walk(in.Node(), false, true, false)
	}
	if outs := tool.Outputs(); outs.IsValid() {
		direct := outs.Node().Parent() == tool.Node()
		for o := range outs.Items() {
			d := quoteDecl{elem: o.Node().Name(), direct: direct && o.Node().Parent() == outs.Node()}
			d.kind = d.elem
			if d.elem == "data" {
				d.kind = "output"
			}
			if name := attrText(attrNode(o.Node(), "name")); wanted[name] {
				names.declare(name, d)
			}
		}
	}
	// Configfile names are in the namespace too: only for clashes.
	for f := range tool.ConfigFiles().Files() {
		if f.Name() != "" && names.top[f.Name()].count > 0 {
			names.declare(f.Name(), quoteDecl{kind: "configfile", elem: f.Kind()})
		}
	}
	if m := tool.Macros(); m.IsValid() {
		for el := range m.Node().Descendants() {
			if el.Kind() != cst.KindElement {
				continue
			}
			switch el.Name() {
			case "param", "conditional", "repeat", "section", "data", "collection", "output":
			default:
				continue
			}
			a := declAttrsOf(el)
			name := attrText(a.name)
			if name == "" && a.argument.IsValid() && el.Is("param") {
				name = cst.ArgumentName(attrText(a.argument))
			}
			if name != "" && wanted[name] {
				names.macro[name] = true
			}
		}
	}
	return names
}

// inputDeclWalk collects the declarations of the wanted names below
// <inputs>. It visits the elements [cst.Inputs.Walk] yields, in its order,
// without its iterators, and knows on the way down what [enclosedBy] would
// find going up from each.
type inputDeclWalk struct {
	names  quoteNames
	wanted map[string]bool
	direct bool // <inputs> is a child of the tool
}

// walk visits the children of n. inExpand says n is an <expand>, whose
// <token> children are looked through; top that only <expand> elements
// enclose them; viaExpand that one does.
func (w *inputDeclWalk) walk(n cst.Node, inExpand, top, viaExpand bool) {
	for c := n.FirstChild(); c.IsValid(); c = c.NextSibling() {
		if c.Kind() != cst.KindElement {
			continue
		}
		switch name := c.Name(); name {
		case "expand":
			w.walk(c, true, top, true)
		case "token":
			if inExpand {
				w.walk(c, false, top, viaExpand)
			}
		case "page":
			w.walk(c, false, top, viaExpand)
		case "when":
			w.walk(c, false, false, viaExpand)
		case "param":
			w.decl(c, name, top, viaExpand)
		case "conditional", "repeat", "section", "upload_dataset":
			w.decl(c, name, top, viaExpand)
			w.walk(c, false, false, viaExpand)
		}
	}
}

// decl records the declaration n, an element called elem, when its name
// is wanted.
func (w *inputDeclWalk) decl(n cst.Node, elem string, top, viaExpand bool) {
	name := inputNameOf(n)
	if name == "" || !w.wanted[name] {
		return
	}
	if !top {
		if !w.names.nested[name].IsValid() {
			i, _ := cst.AsInput(n)
			w.names.nested[name] = i // its path only for a message: see quoteReason
		}
		return
	}
	d := quoteDecl{elem: elem, kind: elem, direct: w.direct && !viaExpand}
	if elem == "param" {
		a := declAttrsOf(n)
		d.ptype, d.multiple = attrText(a.typ), galaxyBool(attrText(a.multiple))
		d.kind = d.ptype
		if d.multiple {
			d.kind = "multiple-" + d.kind
		}
	}
	w.names.declare(name, d)
}

// declAttrs are the attributes of a declaration that quoteNamesOf reads,
// each the first of its name (as [cst.Node.Attr] finds it), or the zero
// Node.
type declAttrs struct{ name, argument, typ, multiple cst.Node }

// declAttrsOf finds the attributes of the element n in one pass over its
// start tag.
func declAttrsOf(n cst.Node) declAttrs {
	var d declAttrs
	for a := n.StartTag().FirstChild(); a.IsValid(); a = a.NextSibling() {
		if a.Kind() != cst.KindAttribute {
			continue
		}
		var slot *cst.Node
		switch a.Name() {
		case "name":
			slot = &d.name
		case "argument":
			slot = &d.argument
		case "type":
			slot = &d.typ
		case "multiple":
			slot = &d.multiple
		default:
			continue
		}
		if !slot.IsValid() {
			*slot = a
		}
	}
	return d
}

// inputNameOf is [cst.Input.Name] of the declaration n: the name
// attribute when present (even empty), else the name a <param> derives
// from its argument. It reads the start tag only up to the name, which
// usually comes first: most declarations are not asked about, and their
// other attributes need not be read.
func inputNameOf(n cst.Node) string {
	var argument cst.Node // the first argument attribute before the name
	for a := n.StartTag().FirstChild(); a.IsValid(); a = a.NextSibling() {
		if a.Kind() != cst.KindAttribute {
			continue
		}
		switch a.Name() {
		case "name":
			return attrText(a)
		case "argument":
			if !argument.IsValid() {
				argument = a
			}
		}
	}
	if argument.IsValid() && n.Is("param") {
		return cst.ArgumentName(attrText(argument))
	}
	return ""
}

// attrText is the decoded value of the attribute a ([cst.Node.Value]), ""
// for the zero Node. A value with nothing to decode is cut from the
// source rather than copied: names and types are many and short.
func attrText(a cst.Node) string {
	sp := a.ValueSpan()
	if sp.End <= sp.Start {
		return ""
	}
	raw := a.Tree().SourceString()[sp.Start:sp.End]
	if strings.ContainsAny(raw, "&\t\n\r") {
		return a.Value()
	}
	return raw
}
