package cst

import (
	"iter"
	"slices"
	"strings"
)

// Inputs is a view of a tool's <inputs> element.
type Inputs struct{ viewElem }

// AsInputs returns the view of an <inputs> element; only call it on the
// <inputs> child of <tool>, since <configfiles> has an <inputs> too.
func AsInputs(n Node) (Inputs, bool) {
	v, ok := viewAs(n, "inputs")
	return Inputs{v}, ok
}

// Action returns the action attribute of a data source tool's inputs.
func (in Inputs) Action() string { return in.n.Get("action") }

// Items yields the declarations directly inside <inputs> (legacy <page>
// elements looked through).
func (in Inputs) Items() iter.Seq[Input] { return viewInputItems(in.n) }

// Walk yields every declaration in preorder: each conditional, repeat and
// section before the declarations inside it, a conditional's test parameter
// before its <when> branches.
func (in Inputs) Walk() iter.Seq[Input] { return viewWalkInputs(in.n) }

// Params yields every <param> in preorder, nested ones and conditional test
// parameters included.
func (in Inputs) Params() iter.Seq[Param] { return viewParams(in.n) }

// ParamPaths yields every <param> with its path (see [Input.Path]).
func (in Inputs) ParamPaths() iter.Seq2[string, Param] {
	return func(yield func(string, Param) bool) {
		for p := range in.Params() {
			if !yield(p.Path(), p) {
				return
			}
		}
	}
}

// Lookup returns the first parameter whose path is path, such as
// "cond|sub|param".
func (in Inputs) Lookup(path string) (Param, bool) {
	for p := range in.Params() {
		if p.Path() == path {
			return p, true
		}
	}
	return Param{}, false
}

// Conditionals yields every <conditional>, nested ones included.
func (in Inputs) Conditionals() iter.Seq[Conditional] {
	return viewMap(viewWalkNamed(in.n, "conditional"), func(n Node) Conditional { return Conditional{Input{viewElem{n}}} })
}

// Repeats yields every <repeat>, nested ones included.
func (in Inputs) Repeats() iter.Seq[Repeat] {
	return viewMap(viewWalkNamed(in.n, "repeat"), func(n Node) Repeat { return Repeat{Input{viewElem{n}}} })
}

// Sections yields every <section>, nested ones included.
func (in Inputs) Sections() iter.Seq[Section] {
	return viewMap(viewWalkNamed(in.n, "section"), func(n Node) Section { return Section{Input{viewElem{n}}} })
}

// viewIsInput reports whether n declares an input.
func viewIsInput(n Node) bool {
	return n.Is("param") || n.Is("conditional") || n.Is("repeat") || n.Is("section") || n.Is("upload_dataset")
}

// viewInputItems yields the input declarations directly inside n, looking
// through <expand> and <page>.
func viewInputItems(n Node) iter.Seq[Input] {
	return func(yield func(Input) bool) { viewEachItem(n, yield) }
}

func viewEachItem(n Node, yield func(Input) bool) bool {
	return viewScan(n, func(c Node) viewStep {
		switch {
		case c.Is("page"):
			return viewDescend
		case viewIsInput(c) && !yield(Input{viewElem{c}}):
			return viewStop
		}
		return viewSkip
	})
}

// viewWalkInputs yields every declaration below n in preorder.
func viewWalkInputs(n Node) iter.Seq[Input] {
	return func(yield func(Input) bool) { viewWalk(n, yield) }
}

func viewWalk(n Node, yield func(Input) bool) bool {
	return viewScan(n, func(c Node) viewStep {
		switch {
		case c.Is("page"), c.Is("when"):
			return viewDescend
		case !viewIsInput(c):
			return viewSkip
		case !yield(Input{viewElem{c}}):
			return viewStop
		case c.Is("param"):
			return viewSkip
		}
		return viewDescend
	})
}

func viewWalkNamed(n Node, name string) iter.Seq[Node] {
	return func(yield func(Node) bool) {
		for i := range viewWalkInputs(n) {
			if i.n.Is(name) && !yield(i.n) {
				return
			}
		}
	}
}

func viewParams(n Node) iter.Seq[Param] {
	return viewMap(viewWalkNamed(n, "param"), func(n Node) Param { return Param{Input{viewElem{n}}} })
}

// Input is a view of any input declaration: a <param>, <conditional>,
// <repeat>, <section> or <upload_dataset>. [Param], [Conditional], [Repeat]
// and [Section] embed it.
type Input struct{ viewElem }

// AsInput returns the view of an input declaration.
func AsInput(n Node) (Input, bool) {
	if n.Kind() != KindElement || !viewIsInput(n) {
		return Input{}, false
	}
	return Input{viewElem{n}}, true
}

// Name returns the declared name: the name attribute when present (even
// empty), otherwise, for a <param>, the name Galaxy derives from its
// argument attribute ([ArgumentName]).
func (i Input) Name() string {
	if v, ok := i.n.AttrValue("name"); ok {
		return v
	}
	if i.n.Is("param") {
		if arg, ok := i.n.AttrValue("argument"); ok {
			return ArgumentName(arg)
		}
	}
	return ""
}

// Path returns the name Galaxy's state and fully qualified references use:
// the names of the enclosing conditionals, repeats, sections (and upload
// groups) and the declaration's own, joined by "|", e.g. "cond|sub|param".
// Repeats appear by name, without an index. Inside a macro definition the
// path starts at the macro.
func (i Input) Path() string {
	if !i.IsValid() {
		return ""
	}
	var parts []string
	for _, s := range i.Enclosing() {
		if !s.Is("when") && !s.Is("expand") {
			parts = append(parts, Input{viewElem{s}}.Name())
		}
	}
	return strings.Join(append(parts, i.Name()), "|")
}

// Enclosing returns the <conditional>, <when>, <repeat>, <section>,
// <upload_dataset> and <expand> elements around the declaration, outermost
// first, up to the <inputs> element or macro definition holding it.
func (i Input) Enclosing() []Node {
	var out []Node
	for p := i.n.Parent(); p.Kind() == KindElement; p = p.Parent() {
		switch p.Name() {
		case "conditional", "when", "repeat", "section", "upload_dataset", "expand":
			out = append(out, p)
			continue
		case "page":
			continue
		case "token":
			if p.Parent().Is("expand") {
				continue
			}
		}
		break
	}
	slices.Reverse(out)
	return out
}

// Param is a view of a <param> input declaration.
type Param struct{ Input }

// AsParam returns the view of a <param> element.
func AsParam(n Node) (Param, bool) {
	v, ok := viewAs(n, "param")
	return Param{Input{v}}, ok
}

// Argument returns the argument attribute, e.g. "--min-length".
func (p Param) Argument() string { return p.n.Get("argument") }

// Type returns the type attribute ("data", "select", "text", ...).
func (p Param) Type() string { return p.n.Get("type") }

// Format returns the format attribute of a data parameter as written, a
// comma-separated list of datatypes.
func (p Param) Format() string { return p.n.Get("format") }

// Formats returns the datatypes of the format attribute, trimmed and
// lower-cased as Galaxy reads them; nil when the attribute is absent.
func (p Param) Formats() []string {
	f, ok := p.n.AttrValue("format")
	if !ok {
		return nil
	}
	var out []string
	for _, s := range strings.Split(f, ",") {
		out = append(out, strings.ToLower(viewStrip(s)))
	}
	return out
}

// Optional reports whether the optional attribute is true (Galaxy's
// string_as_bool). Data column parameters may use force_select instead.
func (p Param) Optional() bool { return viewBool(p.n.Get("optional")) }

// Multiple reports whether the multiple attribute is true.
func (p Param) Multiple() bool { return viewBool(p.n.Get("multiple")) }

// Label returns the label as Galaxy reads it: a non-empty label attribute,
// else the text of a <label> child element, line breaks removed and
// stripped.
func (p Param) Label() string { return viewXMLText(p.n, "label") }

// Help returns the help text as Galaxy reads it: a non-empty help
// attribute, else the text of a <help> child element, line breaks removed
// and stripped.
func (p Param) Help() string { return viewXMLText(p.n, "help") }

// Value returns the value attribute, the default value.
func (p Param) Value() string { return p.n.Get("value") }

// Min returns the min attribute.
func (p Param) Min() string { return p.n.Get("min") }

// Max returns the max attribute.
func (p Param) Max() string { return p.n.Get("max") }

// DataRef returns the data_ref attribute, the data parameter a data_column
// parameter reads its columns from.
func (p Param) DataRef() string { return p.n.Get("data_ref") }

// Options yields the static <option> children of a select parameter.
func (p Param) Options() iter.Seq[Option] { return viewOptions(p.n) }

// DynamicOptions returns the <options> child, the source of dynamic options
// (and, for drill_down parameters, the static option tree).
func (p Param) DynamicOptions() Options { return Options{viewElem{viewFirst(p.n, "options")}} }

// Validators yields the <validator> children.
func (p Param) Validators() iter.Seq[Validator] {
	return viewMap(viewNamed(p.n, "validator"), func(n Node) Validator { return Validator{viewText(n)} })
}

// Sanitizer returns the <sanitizer> child.
func (p Param) Sanitizer() Sanitizer { return Sanitizer{viewElem{viewFirst(p.n, "sanitizer")}} }

// Conditional is a view of a <conditional>: a test parameter and one <when>
// branch per value.
type Conditional struct{ Input }

// AsConditional returns the view of a <conditional> element.
func AsConditional(n Node) (Conditional, bool) {
	v, ok := viewAs(n, "conditional")
	return Conditional{Input{v}}, ok
}

// TestParam returns the parameter whose value selects the branch: the first
// <param> child, as Galaxy reads it.
func (c Conditional) TestParam() Param { return Param{Input{viewElem{viewFirst(c.n, "param")}}} }

// Whens yields the <when> branches.
func (c Conditional) Whens() iter.Seq[When] {
	return viewMap(viewNamed(c.n, "when"), func(n Node) When { return When{viewElem{n}} })
}

// When returns the first branch whose value attribute is value.
func (c Conditional) When(value string) (When, bool) {
	for w := range c.Whens() {
		if w.Value() == value {
			return w, true
		}
	}
	return When{}, false
}

// Items yields the declarations directly inside the conditional outside its
// branches: normally just the test parameter.
func (c Conditional) Items() iter.Seq[Input] { return viewInputItems(c.n) }

// Params yields the test parameter and every parameter of every branch, in
// preorder.
func (c Conditional) Params() iter.Seq[Param] { return viewParams(c.n) }

// When is a view of a <when value="..."> branch of a conditional.
type When struct{ viewElem }

// AsWhen returns the view of a <when> element. The same element name is
// used by <change_format> and output actions; those have their own views.
func AsWhen(n Node) (When, bool) {
	v, ok := viewAs(n, "when")
	return When{v}, ok
}

// Value returns the value attribute, the test parameter value selecting the
// branch.
func (w When) Value() string { return w.n.Get("value") }

// Conditional returns the conditional holding the branch (looking through
// <expand>), or an invalid view.
func (w When) Conditional() Conditional {
	for p := w.n.Parent(); p.Kind() == KindElement; p = p.Parent() {
		switch {
		case p.Is("conditional"):
			return Conditional{Input{viewElem{p}}}
		case p.Is("expand"), p.Is("token") && p.Parent().Is("expand"):
			continue
		}
		break
	}
	return Conditional{}
}

// Items yields the declarations directly inside the branch.
func (w When) Items() iter.Seq[Input] { return viewInputItems(w.n) }

// Params yields every parameter of the branch, nested ones included.
func (w When) Params() iter.Seq[Param] { return viewParams(w.n) }

// Repeat is a view of a <repeat> element.
type Repeat struct{ Input }

// AsRepeat returns the view of a <repeat> element.
func AsRepeat(n Node) (Repeat, bool) {
	v, ok := viewAs(n, "repeat")
	return Repeat{Input{v}}, ok
}

// Title returns the title attribute.
func (r Repeat) Title() string { return r.n.Get("title") }

// Min returns the min attribute, the minimum number of repeats.
func (r Repeat) Min() string { return r.n.Get("min") }

// Max returns the max attribute.
func (r Repeat) Max() string { return r.n.Get("max") }

// Default returns the default attribute, the initial number of repeats.
func (r Repeat) Default() string { return r.n.Get("default") }

// Help returns the help attribute.
func (r Repeat) Help() string { return r.n.Get("help") }

// Items yields the declarations directly inside the repeat.
func (r Repeat) Items() iter.Seq[Input] { return viewInputItems(r.n) }

// Params yields every parameter inside the repeat, nested ones included.
func (r Repeat) Params() iter.Seq[Param] { return viewParams(r.n) }

// Section is a view of a <section> element.
type Section struct{ Input }

// AsSection returns the view of a <section> element.
func AsSection(n Node) (Section, bool) {
	v, ok := viewAs(n, "section")
	return Section{Input{v}}, ok
}

// Title returns the title attribute.
func (s Section) Title() string { return s.n.Get("title") }

// Expanded reports whether the expanded attribute is true (the section is
// shown open); Galaxy's default is false.
func (s Section) Expanded() bool { return viewBool(s.n.Get("expanded")) }

// Help returns the help attribute.
func (s Section) Help() string { return s.n.Get("help") }

// Items yields the declarations directly inside the section.
func (s Section) Items() iter.Seq[Input] { return viewInputItems(s.n) }

// Params yields every parameter inside the section, nested ones included.
func (s Section) Params() iter.Seq[Param] { return viewParams(s.n) }
