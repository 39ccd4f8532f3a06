package testcase

import (
	"fmt"
	"github.com/galaxy-gtr/gtr/rules/internal/recent"
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
	// Options are a select's static options, deduplicated by value as
	// Galaxy's parse_static_options keeps them; Dynamic marks a select
	// whose options come from <options> or dynamic_options (any value).
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

// Model returns the parameter model of a tool, the root of its expanded
// view: the inputs of its first <inputs> (of its <page>s when it has
// any), as factory.py's input_models_for_tool_source builds them. A tool
// without <inputs> has none.
func Model(root *macros.Element) ([]*Param, error) {
	m := models.Of(keyOf(root), func() modelOf {
		params, err := buildModel(root)
		return modelOf{params, err}
	})
	return m.params, m.err
}

type modelOf struct {
	params []*Param
	err    error
}

// models remembers the models of the last views asked about: GTR101,
// GTR096 and the 24.2 detector each build the model of one view.
var models = recent.New[viewKey, modelOf](4)

// viewKey identifies an expanded view for a memo that outlives it: its
// root element, where that is written and how many children it has.
// Views are not modified once expanded, and the values remembered for
// them are only read. A view in an arena ([macros.Arena]) may be reset
// and its memory reused for another file's: an entry is taken only for
// the same root element of the same file, span and number of children.
type viewKey struct {
	root *macros.Element
	loc  macros.Loc
	kids int
}

// keyOf returns the key of the view rooted at root.
func keyOf(root *macros.Element) viewKey {
	return viewKey{root: root, loc: root.Loc, kids: len(root.Children)}
}

// buildModel is Model without the memo.
func buildModel(root *macros.Element) ([]*Param, error) {
	var inputs *macros.Element
	for c := range root.Elements() {
		if c.Tag == "inputs" {
			inputs = c
			break
		}
	}
	// No <inputs>: Galaxy's pages define no inputs.
	if inputs == nil {
		return nil, nil
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
	var out []*Param
	for _, page := range pages {
		ps, err := pageParams(page)
		if err != nil {
			return nil, err
		}
		out = append(out, ps...)
	}
	return out, nil
}

// pageParams builds the parameters of every child of parent, as
// input_models_for_page does: Galaxy reads each child element as an
// input and skips <display>.
func pageParams(parent *macros.Element) ([]*Param, error) {
	var out []*Param
	for _, c := range parent.Children {
		// lxml yields a processing instruction as a child, whose tag is no
		// input type Galaxy knows.
		if c.PI {
			return nil, undecided(c, "a processing instruction among the inputs of <%s>", parent.Tag)
		}
		if c.Tag == "display" {
			continue
		}
		p, err := param(c)
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

// param builds the parameter model of one input element.
func param(el *macros.Element) (*Param, error) {
	switch el.Tag {
	case "param":
		return leafParam(el)
	case "conditional":
		return conditional(el)
	case "repeat", "section":
		return group(el)
	}
	return nil, undecided(el, "Galaxy cannot build a parameter model for <%s> (unknown input_type)", el.Tag)
}
