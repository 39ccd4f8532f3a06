package refs

import (
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
)

// groupTags are the inputs that hold other inputs, read in Cheetah as
// values with members.
var groupTags = map[string]bool{"conditional": true, "section": true, "repeat": true}

// inputTags are the elements under <inputs> that define a name.
var inputTags = map[string]bool{"param": true, "conditional": true, "section": true, "repeat": true}

// defName returns the name an input, output or config file element
// defines, and whether Galaxy derives it from argument=.
func defName(e *macros.Element) (string, bool) {
	if n, ok := e.Get("name"); ok {
		return n, false
	}
	if e.Tag == "param" {
		if a, ok := e.Get("argument"); ok {
			return cst.ArgumentName(a), true
		}
	}
	return "", false
}

// definitions collects the tool's definitions and the members of its
// groups, and lists a reference for each definition.
func (b *builder) definitions(root *macros.Element) {
	if inputs := child(root, "inputs"); inputs != nil {
		b.inputs(inputs, "")
	}
	if outputs := child(root, "outputs"); outputs != nil {
		for o := range outputs.Elements() {
			if o.Tag == "data" || o.Tag == "collection" {
				b.define(o, "", "outputs")
			}
		}
	}
	if cf := child(root, "configfiles"); cf != nil {
		for f := range cf.Elements() {
			if f.Tag == "configfile" || f.Tag == "inputs" || f.Tag == "file_sources" {
				b.define(f, "", "configfiles")
			}
		}
	}
}

// inputs walks the inputs below e, in the group called group.
func (b *builder) inputs(e *macros.Element, group string) {
	for c := range e.Elements() {
		switch {
		case c.Tag == "when" && e.Tag == "conditional":
			b.inputs(c, group)
		case inputTags[c.Tag]:
			name := b.define(c, group, "inputs")
			if groupTags[c.Tag] && name != "" {
				b.groups[name] = append(b.groups[name], c)
				if b.members[name] == nil {
					b.members[name] = map[string]bool{}
				}
				b.inputs(c, name)
			}
		}
	}
}

// define records the definition e, in group, and its reference; it
// returns the name defined.
func (b *builder) define(e *macros.Element, group, section string) string {
	name, derived := defName(e)
	if name == "" {
		return ""
	}
	b.x.Defs = append(b.x.Defs, Def{Name: name, Tag: e.Tag, Elem: e, Group: group})
	if group != "" {
		b.members[group][name] = true
	}
	b.known[name] = true
	attr := "name"
	if derived {
		attr = "argument"
	}
	v, _ := e.Get(attr)
	l := b.attrLocator(e, attr)
	r := Ref{Name: name, Kind: KindDefinition, Section: section, Derived: derived,
		Reference: "<" + e.Tag + " " + attr + "=\"" + v + "\">"}
	if derived {
		loc, _, tok := l.locate(0, 0)
		r.Loc, r.Token = loc, tok
		r.At = View{Elem: e, Attr: attr}
	} else {
		r.Loc, r.Exact, r.Token = l.locate(0, len(v))
		r.At = View{Elem: e, Attr: attr, Start: 0, End: len(v)}
	}
	b.x.Refs = append(b.x.Refs, r)
	return name
}

// child returns e's first child element called tag, or nil.
func child(e *macros.Element, tag string) *macros.Element {
	if e == nil {
		return nil
	}
	for c := range e.Elements() {
		if c.Tag == tag {
			return c
		}
	}
	return nil
}

// words yields the identifiers of s with their offsets: the names a value
// such as "cond|x", "a,b" or "x" holds.
func words(s string) [][2]int {
	var out [][2]int
	for i := 0; i < len(s); {
		if !identStart(s[i]) || i > 0 && identChar(s[i-1]) {
			i++
			continue
		}
		j := i + 1
		for j < len(s) && identChar(s[j]) {
			j++
		}
		out = append(out, [2]int{i, j})
		i = j
	}
	return out
}

func identStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func identChar(c byte) bool { return identStart(c) || c >= '0' && c <= '9' }

// IsName reports whether s can name a Galaxy parameter that Cheetah and
// Python read: an ASCII identifier that is not a Python keyword.
func IsName(s string) bool {
	if s == "" || !identStart(s[0]) || pyKeywords[s] {
		return false
	}
	return strings.IndexFunc(s, func(r rune) bool { return r > 127 || !identChar(byte(r)) }) < 0
}

var pyKeywords = map[string]bool{
	"False": true, "None": true, "True": true, "and": true, "as": true, "assert": true, "async": true,
	"await": true, "break": true, "class": true, "continue": true, "def": true, "del": true, "elif": true,
	"else": true, "except": true, "finally": true, "for": true, "from": true, "global": true, "if": true,
	"import": true, "in": true, "is": true, "lambda": true, "nonlocal": true, "not": true, "or": true,
	"pass": true, "raise": true, "return": true, "try": true, "while": true, "with": true, "yield": true,
}

// Reserved reports whether Galaxy puts a value called name in every
// template's namespace ("__tool_directory__", "chromInfo", …), so that a
// parameter must not take it.
func Reserved(name string) bool {
	if strings.HasPrefix(name, "__") && strings.HasSuffix(name, "__") || strings.HasPrefix(name, "GALAXY_") {
		return true
	}
	switch name {
	case "chromInfo", "param_file", "self", "getVar", "varExists", "hasVar":
		return true
	}
	return false
}
