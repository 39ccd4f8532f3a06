package refs

import (
	"cmp"
	"iter"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// Kind tells how a [Ref] names a parameter.
type Kind uint8

// Reference kinds.
const (
	// KindDefinition: the name= of the <param>, <conditional>, <repeat>,
	// <section>, output <data> or <collection>, or <configfiles> child
	// that defines the name; or the argument= a <param> without a name
	// takes its name from (Derived).
	KindDefinition Kind = iota + 1
	// KindCheetah: a name in a Cheetah template or in an attribute value
	// Galaxy fills as one.
	KindCheetah
	// KindPython: a bare name, or a key, in a Python expression.
	KindPython
	// KindAttr: an attribute whose value names the parameter.
	KindAttr
	// KindTest: a <tests> element that names it.
	KindTest
)

var kindNames = [...]string{"", "definition", "cheetah", "python", "attribute", "test"}

// String returns the kind's name, such as "cheetah".
func (k Kind) String() string {
	if int(k) < len(kindNames) && k > 0 {
		return kindNames[k]
	}
	return "Kind(?)"
}

// Ref is one place a tool names a name.
type Ref struct {
	Name string // the name
	Kind Kind
	// Section is where the tool reads it, in the predecessor's terms:
	// "command", "configfile:NAME", "environment_variable:NAME",
	// "output_data_label:NAME", "filter:NAME", "tests", "inputs", …
	Section string
	// Reference is the text it is written as: "$cond.x", "${x.name}",
	// "x" (a bare name), "format_source=\"x\"", "<param name=\"x\">".
	Reference string
	// Loc is where it is written. When Exact, its span covers exactly the
	// bytes that spell the name, written verbatim, so that replacing them
	// renames it; otherwise it is the start of the text or value that
	// holds the name.
	Loc   macros.Loc
	Exact bool
	// Token is the token (or macro parameter) whose definition supplies
	// the name, "" when it is written in place.
	Token string
	// Derived marks a definition by argument= alone: Loc is the
	// argument's value, from which Galaxy derives the name.
	Derived bool
	// Member marks a name read as a member of a group: "$cond.x",
	// "$cond['x']", a test name "cond|x".
	Member bool

	// At locates the name in Galaxy's expanded view: the element, the
	// attribute whose value holds it ("" for the element's text), and
	// the offsets of the name in that string.
	At View
}

// View is a place in Galaxy's expanded view of the tool.
type View struct {
	Elem       *macros.Element
	Attr       string // "" for the element's text
	Start, End int    // the name's offsets in the text or value
}

// Binding is a name a Cheetah directive binds in a template the tool runs.
type Binding struct {
	Name      string
	Directive string // "set", "set global", "for", "def", "param", "import"
	Section   string
	Loc       macros.Loc // the bound name, or the text holding it
}

// Section is one text the tool hands to Cheetah or to Python, or one
// attribute naming a parameter: what the index read.
type Section struct {
	Name string // as [Ref.Section]
	// At is the text read: Elem's text, or its attribute Attr.
	At View
	// Text is the text as Galaxy reads it, after macro expansion.
	Text string
	// Python marks a Python expression (an output <filter>, a
	// dynamic_options attribute); a Cheetah template otherwise, or a
	// by-name value when Name says so.
	Python bool
	// Err is why the text does not parse as Cheetah (or as one Python
	// expression), "" when it does.
	Err string
	// Mixed marks an element whose template text is followed by child
	// elements, whose text Galaxy does not read as part of it; Rest is
	// that text (the children's texts and tails).
	Mixed bool
	Rest  string
}

// Def is a definition of a name: an input, an output or a config file.
type Def struct {
	Name  string
	Tag   string // param, conditional, repeat, section, data, collection, configfile, inputs, file_sources
	Elem  *macros.Element
	Group string // the name of the conditional, section or repeat holding it, "" at the top level
}

// Index is the reference index of one tool.
type Index struct {
	// View is the expanded tool the index was built from.
	View *macros.Result
	// Refs lists every reference to a name the tool's parameters could
	// have, in the order the index reads the tool: definitions first,
	// then templates, expressions, attributes and tests. References to
	// a name where a directive binds it are not listed (see Local).
	Refs []Ref
	// Local lists the references to names bound by a directive at that
	// point: the binding's, not a parameter's.
	Local []Ref
	// Unresolved lists members read from something the index cannot
	// resolve to a group or to a parameter that is not one ("$f().x",
	// "$item.x" for an item of a list the template builds), which may be
	// parameters of a group.
	Unresolved []Ref
	// Stray lists the members read from a group (or an item of a
	// repeat) that holds no parameter of that name: "$cond.typo".
	Stray []Ref
	// Strings lists the string literals of Python expressions whose
	// value is a name, other than keys of a group: a value compared, or
	// a key the index cannot tell from one.
	Strings []Ref
	// Bindings lists the names directives bind.
	Bindings []Binding
	// Sections lists what the index read.
	Sections []Section
	// Defs lists the definitions, inputs in document order, then
	// outputs and config files.
	Defs []Def
}

// Find returns the references to name, in index order.
func (x *Index) Find(name string) []Ref {
	var out []Ref
	for _, r := range x.Refs {
		if r.Name == name {
			out = append(out, r)
		}
	}
	return out
}

// Defined reports whether some input, output or config file is called
// name.
func (x *Index) Defined(name string) bool {
	for _, d := range x.Defs {
		if d.Name == name {
			return true
		}
	}
	return false
}

// Attributes yields the attributes of the view whose value is value, as
// Views with Attr set.
func (x *Index) Attributes(value string) iter.Seq[View] {
	return func(yield func(View) bool) {
		for e := range x.View.Root.Descendants() {
			for _, a := range e.Attrs {
				if a.Value == value && !yield(View{Elem: e, Attr: a.Name}) {
					return
				}
			}
		}
	}
}

// Occurrences returns the references to name as a reader wants them:
// each place once (a macro Galaxy expands twice names it twice in the
// view, once in its file), in the order of the files (the tool first,
// then its macro files as Galaxy reads them) and of their bytes.
func (x *Index) Occurrences(name string) []Ref {
	rank := map[string]int{x.View.File(): 0}
	for i, f := range x.View.Imports {
		if _, ok := rank[f]; !ok {
			rank[f] = i + 1
		}
	}
	type key struct {
		loc       macros.Loc
		section   string
		reference string
	}
	seen := map[key]bool{}
	var out []Ref
	for _, r := range x.Find(name) {
		k := key{r.Loc, r.Section, r.Reference}
		if !seen[k] {
			seen[k] = true
			out = append(out, r)
		}
	}
	slices.SortStableFunc(out, func(a, b Ref) int {
		if c := cmp.Compare(rank[a.Loc.File], rank[b.Loc.File]); c != 0 {
			return c
		}
		return cmp.Compare(a.Loc.Span.Start, b.Loc.Span.Start)
	})
	return out
}

// Mentions reports whether a text, a text after an element or an
// attribute value of the expanded view res holds name as a word (not
// next to a letter, digit or underscore): every reference is one, so a
// tool that does not mention a name has no reference to it, and need not
// be indexed to know so.
func Mentions(res *macros.Result, name string) bool {
	for e := range res.Root.Descendants() {
		if hasWord(e.Text, name) || hasWord(e.Tail, name) {
			return true
		}
		for _, a := range e.Attrs {
			if hasWord(a.Value, name) {
				return true
			}
		}
	}
	return false
}

// hasWord reports whether s holds name with no identifier character on
// either side.
func hasWord(s, name string) bool {
	for i := 0; ; {
		k := strings.Index(s[i:], name)
		if k < 0 {
			return false
		}
		k += i
		end := k + len(name)
		if (k == 0 || !identChar(s[k-1])) && (end == len(s) || !identChar(s[end])) {
			return true
		}
		i = k + 1
	}
}
