package testcase

import (
	"fmt"
	"strings"

	"github.com/galaxy-gtr/gtr/cst"
	"github.com/galaxy-gtr/gtr/cst/macros"
)

// Kind is the type of a parameter model (Galaxy's parameter_type, gx_
// left off).
type Kind uint8

// Parameter kinds.
const (
	KindText Kind = iota + 1
	KindInteger
	KindFloat
	KindBoolean
	KindHidden
	KindSelect
	KindData
	KindCollection // data_collection
	KindColumn     // data_column
	KindColor
	KindRules
	KindDrillDown
	KindGroupTag
	KindBaseURL
	KindGenomeBuild
	KindDirectoryURI
	KindConditional
	KindRepeat
	KindSection
)

// paramKinds maps a <param> type to its kind.
var paramKinds = map[string]Kind{
	"text": KindText, "integer": KindInteger, "float": KindFloat, "boolean": KindBoolean,
	"hidden": KindHidden, "select": KindSelect, "data": KindData, "data_collection": KindCollection,
	"data_column": KindColumn, "color": KindColor, "rules": KindRules, "drill_down": KindDrillDown,
	"group_tag": KindGroupTag, "baseurl": KindBaseURL, "genomebuild": KindGenomeBuild,
	"directory_uri": KindDirectoryURI,
}

// Param is one parameter model: an input of the tool as Galaxy's
// factory.py builds it from the expanded <inputs>.
type Param struct {
	Name string
	Kind Kind
	El   *macros.Element // the <param>, <conditional>, <repeat> or <section>

	Optional bool
	Multiple bool
	// HasDefault: an integer or hidden parameter's value attribute gives
	// a default, so a test need not set it.
	HasDefault bool
	Checked    bool // boolean: its default
	NoDefault  bool // boolean: optional without checked=, so its default is None
	// Options are a select's static options. A conditional's test
	// parameter, the one select whose default the model reads, has them
	// deduplicated by value as Galaxy's parse_static_options keeps them,
	// with their selected flags; any other has them as written, values
	// alone, which answer as well whether a value is an option. Dynamic
	// marks a select whose options come from <options> or dynamic_options
	// (any value).
	Options []Option
	Dynamic bool
	// DrillRequired: a drill_down with static options none of which is
	// selected, which a test must set.
	DrillRequired bool

	Min, Max       int // repeat bounds, when HasMin and HasMax
	HasMin, HasMax bool

	Children []*Param // section and repeat members
	Test     *Param   // conditional: its test parameter
	Whens    []*When  // conditional: its branches, in order

	// path is the parameter's state path when no repeat is above it: the
	// names of the conditionals and sections above it and its own, joined
	// by | (a conditional's test parameter's below the conditional's).
	path string
	// shadowed and clash are set by [markLevel].
	shadowed, clash bool
}

// Option is one static option of a select.
type Option struct {
	Value    string
	Selected bool
}

// When is one branch of a conditional.
type When struct {
	Value   string // the when's value as written
	Bool    bool   // for a boolean test parameter, Value read by string_as_bool
	Default bool   // the branch Galaxy takes when a test does not set the test parameter
	Params  []*Param
}

// Undecided is the error for a tool whose test cases gtr cannot judge:
// Galaxy raises where gtr would need an answer (its parameter model
// cannot be built, a test value cannot be converted, a test cannot be
// parsed), or the tool holds a construct gtr does not model. Galaxy's
// verdict on such a tool counts as a failure.
type Undecided struct {
	El  *macros.Element // where, when known
	Why string
}

func (u *Undecided) Error() string { return u.Why }

// GalaxyRaises reports whether Galaxy itself raises on the construct (its
// validation cannot run), as opposed to gtr not modelling it: the
// messages of the constructs Galaxy raises on say so.
func (u *Undecided) GalaxyRaises() bool {
	for _, s := range []string{"(Galaxy raises)", "(ParameterDefinitionError)", "Invalid conditional test value", "Galaxy cannot build", "is no integer", "is no number"} {
		if strings.Contains(u.Why, s) {
			return true
		}
	}
	return false
}

func undecided(el *macros.Element, format string, args ...any) *Undecided {
	return &Undecided{El: el, Why: fmt.Sprintf(format, args...)}
}

// searchMax is the most names a list is searched through for one: above
// it a map indexes them. A variable for the test that makes every list
// use a map.
var searchMax = 16

// model is a tool's parameter model with what merging a test into it
// needs of the model as a whole.
type model struct {
	params []*Param
	// broken is the parameter whose validator names a private attribute
	// ([brokenField]), nil when none does.
	broken *Param
}

// buildModel returns the parameter model of a tool, the root of its
// expanded view: the inputs of its first <inputs> (of its <page>s when it
// has any), as factory.py's input_models_for_tool_source builds them, with
// what [validate] needs of the model as a whole. A tool without <inputs>
// has none.
func buildModel(root *macros.Element) (model, error) {
	var inputs *macros.Element
	for c := range root.Elements() {
		if c.Tag == "inputs" {
			inputs = c
			break
		}
	}
	// No <inputs>: Galaxy's pages define no inputs.
	if inputs == nil {
		return model{}, nil
	}
	var pages []*macros.Element
	for c := range inputs.Elements() {
		if c.Tag == "page" {
			pages = append(pages, c)
		}
	}
	if pages == nil {
		pages = []*macros.Element{inputs}
	}
	b := builder{}
	n := 0
	for _, page := range pages {
		n += countParams(page)
	}
	b.slab = make([]Param, 0, n)
	var out []*Param
	for _, page := range pages {
		ps, err := b.page(page, "")
		if err != nil {
			return model{}, err
		}
		if out == nil {
			out = ps
		} else {
			out = append(out, ps...)
		}
	}
	// The pages' inputs make one level of the state.
	markLevel(out)
	return model{params: out, broken: brokenField(out)}, nil
}

// builder builds the parameters of one model, out of one slab where it
// can: the model's parameters live and die together.
type builder struct {
	slab []Param
}

// new returns a new parameter named name at path prefix|name.
func (b *builder) new(name, prefix string) *Param {
	var p *Param
	if len(b.slab) < cap(b.slab) {
		b.slab = b.slab[:len(b.slab)+1]
		p = &b.slab[len(b.slab)-1]
	} else {
		p = new(Param)
	}
	p.Name, p.path = name, join(prefix, name)
	return p
}

// countParams returns how many parameters the model of parent's inputs
// holds, as far as it can be told before building them: the slab's
// size.
func countParams(parent *macros.Element) int {
	n := 0
	for c := range parent.Elements() {
		switch c.Tag {
		case "param":
			n++
		case "conditional":
			n += 2 // with its test parameter
			for w := range c.Elements() {
				if w.Tag == "when" {
					n += countParams(w)
				}
			}
		case "repeat", "section":
			n += 1 + countParams(c)
		}
	}
	return n
}

// markLevel marks the parameters of one level of the state that another
// of the level's names: shadowed for one a later one replaces in the
// model, clash for one whose name an earlier one has when either is a
// group, which Galaxy's state cannot hold.
func markLevel(ps []*Param) {
	// Most levels hold a handful of parameters, which a search finds
	// faster than a map.
	if len(ps) > searchMax {
		last := make(map[string]*Param, len(ps))
		for _, p := range ps {
			if q := last[p.Name]; q != nil {
				q.shadowed = true
				p.clash = isGroup(p) || isGroup(q)
			}
			last[p.Name] = p
		}
		return
	}
	for i, p := range ps {
		for j := i - 1; j >= 0; j-- {
			if q := ps[j]; q.Name == p.Name {
				q.shadowed = true
				p.clash = isGroup(p) || isGroup(q)
				break
			}
		}
	}
}

// page builds the parameters of every child of parent at path prefix, as
// input_models_for_page does: Galaxy reads each child element as an
// input and skips <display>. The caller marks the level they make
// ([markLevel]).
func (b *builder) page(parent *macros.Element, prefix string) ([]*Param, error) {
	out := make([]*Param, 0, len(parent.Children))
	for _, c := range parent.Children {
		// lxml yields a processing instruction as a child, whose tag is no
		// input type Galaxy knows.
		if c.PI {
			return nil, undecided(c, "a processing instruction among the inputs of <%s>", parent.Tag)
		}
		if c.Tag == "display" {
			continue
		}
		p, err := b.param(c, prefix)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// parseName is Galaxy's _parse_name: the name attribute, else the
// argument without leading dashes, - read as _.
func parseName(el *macros.Element) (string, error) {
	if name, ok := el.Get("name"); ok {
		return fieldName(el, name)
	}
	arg, _ := el.Get("argument")
	// Galaxy raises: parameter must specify a 'name' or 'argument'.
	if arg == "" {
		return "", undecided(el, "a <%s> without name or argument", el.Tag)
	}
	return fieldName(el, cst.ArgumentName(arg))
}

// fieldName refuses a name pydantic cannot take as a field of the model
// Galaxy builds. (A name starting with an underscore makes a private
// attribute instead of a field: see [Param.private].)
func fieldName(el *macros.Element, name string) (string, error) {
	if name == "" || name == "model_config" {
		return "", undecided(el, "input name %q is not a field name of Galaxy's parameter model", name)
	}
	return name, nil
}

// private reports whether pydantic makes p's name a private attribute of
// the model rather than a field: a name starting with an underscore. The
// state may then not hold it (extra inputs are forbidden), and a
// validator Galaxy attaches to it names a field the model lacks, which
// fails the building of the model for every test.
func (p *Param) private() bool { return strings.HasPrefix(p.Name, "_") }

// validated reports whether Galaxy attaches a field validator to p in
// its test_case_xml model: a colour's format check, the splitting of a
// multiple select's or column's string, and the not-null check of a
// field whose type takes no None and that has a default.
func (p *Param) validated() bool {
	switch p.Kind {
	case KindColor:
		return true
	case KindSelect:
		return p.Multiple || !p.Optional
	case KindColumn:
		return p.Multiple || !p.Optional
	case KindText, KindFloat, KindBoolean:
		return !p.Optional
	case KindInteger, KindHidden:
		return !p.Optional && p.HasDefault
	case KindCollection:
		return p.Optional || p.HasDefault
	case KindGenomeBuild:
		return !p.Optional && !p.Multiple
	}
	return false
}

// param builds the parameter model of one input element at path prefix.
func (b *builder) param(el *macros.Element, prefix string) (*Param, error) {
	switch el.Tag {
	case "param":
		return b.leafParam(el, prefix, false)
	case "conditional":
		return b.conditional(el, prefix)
	case "repeat", "section":
		return b.group(el, prefix)
	}
	return nil, undecided(el, "Galaxy cannot build a parameter model for <%s> (unknown input_type)", el.Tag)
}
