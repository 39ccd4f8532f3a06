package testcase

import (
	"strconv"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

func (b *builder) conditional(el *macros.Element, prefix string) (*Param, error) {
	name, err := parseName(el)
	if err != nil {
		return nil, err
	}
	p := b.new(name, prefix)
	p.Kind, p.El = KindConditional, el
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
	if p.Test, err = b.leafParam(testEl, p.path, true); err != nil {
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
		if w.Params, err = b.page(c, p.path); err != nil {
			return nil, err
		}
		markLevel(w.Params)
		p.Whens = append(p.Whens, w)
	}
	return p, nil
}

func (b *builder) group(el *macros.Element, prefix string) (*Param, error) {
	name, ok := el.Get("name")
	// RepeatParameterModel(name=None) fails validation.
	if !ok {
		return nil, undecided(el, "a <%s> without a name", el.Tag)
	}
	if _, err := fieldName(el, name); err != nil {
		return nil, err
	}
	p := b.new(name, prefix)
	p.Kind, p.El = KindSection, el
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
	if p.Children, err = b.page(el, p.path); err != nil {
		return nil, err
	}
	markLevel(p.Children)
	return p, nil
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
