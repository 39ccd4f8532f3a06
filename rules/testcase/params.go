package testcase

import (
	"fmt"
	"strconv"
	"strings"

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

func undecided(el *macros.Element, format string, args ...any) *Undecided {
	return &Undecided{El: el, Why: fmt.Sprintf(format, args...)}
}

// Model returns the parameter model of a tool, the root of its expanded
// view: the inputs of its first <inputs> (of its <page>s when it has
// any), as factory.py's input_models_for_tool_source builds them. A tool
// without <inputs> has none.
func Model(root *macros.Element) ([]*Param, error) {
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
	return fieldName(el, strings.ReplaceAll(strings.TrimLeft(arg, "-"), "-", "_"))
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

func leafParam(el *macros.Element) (*Param, error) {
	typ, ok := el.Get("type")
	kind := paramKinds[typ]
	// UnknownParameterTypeError.
	if !ok || kind == 0 {
		return nil, undecided(el, "unknown Galaxy parameter type %q", typ)
	}
	name, err := parseName(el)
	if err != nil {
		return nil, err
	}
	p := &Param{Name: name, Kind: kind, El: el, Optional: attrBool(el.Get, "optional"), Multiple: attrBool(el.Get, "multiple")}
	value, hasValue := el.Get("value")
	switch kind {
	case KindInteger:
		// int(value) raises on anything but an integer.
		if value != "" && !pyInt(value) {
			return nil, undecided(el, "integer parameter %s has value %q, which is no integer", name, value)
		}
		p.HasDefault = value != ""
	case KindFloat:
		// float(value) raises; no value and not optional raises
		// ParameterDefinitionError.
		if value != "" && !pyFloat(value) {
			return nil, undecided(el, "float parameter %s has value %q, which is no number", name, value)
		}
		if value == "" && !p.Optional {
			return nil, undecided(el, "float parameter %s has no value and is not optional (ParameterDefinitionError)", name)
		}
	case KindBoolean:
		// get_bool_or_none("checked", None if optional else False): an
		// optional boolean without checked= has no default.
		c, ok := el.Get("checked")
		p.Checked = stringAsBool(c)
		p.NoDefault = p.Optional && (!ok || strings.ToLower(c) == "none")
	case KindHidden:
		p.HasDefault = hasValue
	case KindCollection:
		// parse_default: a <default> child makes the collection's default.
		for c := range el.Elements() {
			if c.Tag == "default" {
				p.HasDefault = true
			}
		}
	case KindColumn:
		p.Optional = columnOptional(el)
	case KindSelect:
		if err := selectOptions(p); err != nil {
			return nil, err
		}
	case KindDrillDown:
		if err := drillDown(p); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// columnOptional is parse_optional for a data_column: force_select, when
// given, says it is required.
func columnOptional(el *macros.Element) bool {
	if fs, ok := el.Get("force_select"); ok {
		return !stringAsBool(fs)
	}
	return attrBool(el.Get, "optional")
}

// selectOptions reads a select's options: dynamic when it has an
// <options> child, else its <option> children deduplicated by value (the
// last of a value wins, in the place of the first). The release modelled
// reads a select whose options come from a dynamic_options code
// attribute alone as one with no options, which only None satisfies.
func selectOptions(p *Param) error {
	dynamic := false
	for c := range p.El.Elements() {
		if c.Tag == "options" {
			dynamic = true
		}
	}
	if dynamic {
		p.Dynamic = true
		return nil
	}
	at := map[string]int{}
	for c := range p.El.Elements() {
		if c.Tag != "option" {
			continue
		}
		v, ok := c.Get("value")
		// LabelValue(value=None) fails pydantic's validation.
		if !ok {
			return undecided(c, "an <option> of select %s has no value", p.Name)
		}
		o := Option{Value: v, Selected: attrBool(c.Get, "selected")}
		if i, dup := at[v]; dup {
			p.Options[i] = o
			continue
		}
		at[v] = len(p.Options)
		p.Options = append(p.Options, o)
	}
	return nil
}

// selectDefault is the select's default value (SelectParameterModel's
// default_value): its first selected option, else its first option
// unless it is optional.
func (p *Param) selectDefault() (string, bool) {
	for _, o := range p.Options {
		if o.Selected {
			return o.Value, true
		}
	}
	if len(p.Options) > 0 && !p.Optional {
		return p.Options[0].Value, true
	}
	return "", false
}

// drillDown reads a drill_down's options as far as the model needs:
// whether a test must set it.
func drillDown(p *Param) error {
	if code, _ := p.El.Get("dynamic_options"); code != "" {
		return nil
	}
	// The options are read from a file Galaxy finds only in its own
	// context (AssertionError outside it).
	if _, ok := p.El.Get("from_file"); ok {
		return undecided(p.El, "drill_down %s reads its options from a file", p.Name)
	}
	var options *macros.Element
	for c := range p.El.Elements() {
		if c.Tag == "options" {
			options = c
			break
		}
	}
	// assert options_elem: an <options> with child elements.
	if options == nil || len(options.Children) == 0 {
		return undecided(p.El, "drill_down %s has no options", p.Name)
	}
	selected := false
	var walk func(el *macros.Element) error
	walk = func(el *macros.Element) error {
		for c := range el.Elements() {
			if c.Tag != "option" {
				continue
			}
			if v, _ := c.Get("value"); v == "" {
				return undecided(c, "an <option> of drill_down %s has no value", p.Name)
			}
			selected = selected || attrBool(c.Get, "selected")
			if err := walk(c); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(options); err != nil {
		return err
	}
	p.DrillRequired = !selected
	return nil
}

func conditional(el *macros.Element) (*Param, error) {
	name, err := parseName(el)
	if err != nil {
		return nil, err
	}
	p := &Param{Name: name, Kind: KindConditional, El: el}
	var testEl *macros.Element
	for c := range el.Elements() {
		if c.Tag == "param" {
			testEl = c
			break
		}
	}
	// AssertionError: <conditional> must have a child <param>.
	if testEl == nil {
		return nil, undecided(el, "conditional %s has no test parameter", name)
	}
	if p.Test, err = leafParam(testEl); err != nil {
		return nil, err
	}
	// The model takes a boolean or a select test parameter only.
	if p.Test.Kind != KindBoolean && p.Test.Kind != KindSelect {
		return nil, undecided(testEl, "the test parameter of conditional %s is neither a boolean nor a select", name)
	}
	def, hasDef := p.Test.selectDefault()
	for c := range el.Elements() {
		if c.Tag != "when" {
			continue
		}
		v, ok := c.Get("value")
		// ConditionalWhen(discriminator=None) fails validation.
		if !ok {
			return nil, undecided(c, "a <when> of conditional %s has no value", name)
		}
		w := &When{Value: v}
		if p.Test.Kind == KindBoolean {
			w.Bool = stringAsBool(v)
			w.Default = !p.Test.NoDefault && w.Bool == p.Test.Checked
		} else {
			w.Default = hasDef && v == def
		}
		if w.Params, err = pageParams(c); err != nil {
			return nil, err
		}
		p.Whens = append(p.Whens, w)
	}
	return p, nil
}

func group(el *macros.Element) (*Param, error) {
	name, ok := el.Get("name")
	// RepeatParameterModel(name=None) fails validation.
	if !ok {
		return nil, undecided(el, "a <%s> without a name", el.Tag)
	}
	if _, err := fieldName(el, name); err != nil {
		return nil, err
	}
	p := &Param{Name: name, Kind: KindSection, El: el}
	if el.Tag == "repeat" {
		p.Kind = KindRepeat
		var err error
		if p.Min, p.HasMin, err = intAttr(el, "min"); err != nil {
			return nil, err
		}
		if p.Max, p.HasMax, err = intAttr(el, "max"); err != nil {
			return nil, err
		}
	}
	var err error
	p.Children, err = pageParams(el)
	return p, err
}

// intAttr reads an integer attribute as int() does; Galaxy raises on one
// that is no integer.
func intAttr(el *macros.Element, name string) (int, bool, error) {
	v, ok := el.Get(name)
	if !ok {
		return 0, false, nil
	}
	n, err := strconv.Atoi(strings.ReplaceAll(pyStrip(v), "_", ""))
	if err != nil || !pyInt(v) {
		return 0, false, undecided(el, "<%s %s=%q> is no integer", el.Tag, name, v)
	}
	return n, true, nil
}
