package testcase

import (
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// leafParam builds a <param>'s model; test marks a conditional's test
// parameter.
func (b *builder) leafParam(el *macros.Element, prefix string, test bool) (*Param, error) {
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
	p := b.new(name, prefix)
	p.Kind, p.El, p.Optional, p.Multiple = kind, el, attrBool(el.Get, "optional"), attrBool(el.Get, "multiple")
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
		if err := selectOptions(p, test); err != nil {
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
// <options> child, else its <option> children, for a conditional's test
// parameter (test) deduplicated by value (the last of a value wins, in
// the place of the first). The release modelled reads a select whose
// options come from a dynamic_options code attribute alone as one with
// no options, which only None satisfies.
func selectOptions(p *Param, test bool) error {
	dynamic, n := false, 0
	for c := range p.El.Elements() {
		switch c.Tag {
		case "options":
			dynamic = true
		case "option":
			n++
		}
	}
	if dynamic {
		p.Dynamic = true
		return nil
	}
	if n > 0 {
		p.Options = make([]Option, 0, n)
	}
	for c := range p.El.Elements() {
		if c.Tag != "option" {
			continue
		}
		v, ok := c.Get("value")
		// LabelValue(value=None) fails pydantic's validation.
		if !ok {
			return undecided(c, "an <option> of select %s has no value", p.Name)
		}
		o := Option{Value: v}
		if test {
			o.Selected = attrBool(c.Get, "selected")
		}
		p.Options = append(p.Options, o)
	}
	if test {
		p.Options = dedupeOptions(p.Options)
	}
	return nil
}

// dedupeOptions keeps one option of each value, in the place of the
// first of that value with what the last says.
func dedupeOptions(opts []Option) []Option {
	// Most selects have a handful of options, which a search finds faster
	// than a map; genome lists have thousands.
	var at map[string]int
	if len(opts) > searchMax {
		at = make(map[string]int, len(opts))
	}
	out := opts[:0]
	for _, o := range opts {
		i, dup := -1, false
		if at != nil {
			i, dup = at[o.Value]
		} else {
			for j := range out {
				if out[j].Value == o.Value {
					i, dup = j, true
					break
				}
			}
		}
		if dup {
			out[i] = o
			continue
		}
		if at != nil {
			at[o.Value] = len(out)
		}
		out = append(out, o)
	}
	return out
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
