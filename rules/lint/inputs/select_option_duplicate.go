package inputs

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/lint"
)

// SelectOptionDuplicate is GTR060: a select with two static options of the
// same value, or of the same text.
var SelectOptionDuplicate = &lint.Check{
	Code:    "GTR060",
	Name:    "select-option-duplicate",
	Summary: "A select's static options should have distinct values and text.",
	Linters: []string{"InputsSelectOptionDuplicateText", "InputsSelectOptionDuplicateValue"},
	Cite:    "https://docs.galaxyproject.org/en/latest/dev/schema.html#tool-inputs-param-option",
	Since:   "0.6.0",
	Doc: lint.Doc{
		What: "Reports an input <param type=\"select\"> two of whose <option> children have the same value " +
			"(InputsSelectOptionDuplicateValue) or the same text (InputsSelectOptionDuplicateText), at the " +
			"second of them, once per select and kind, as Galaxy's linters do. As in Galaxy, options " +
			"count as equal only when their selected attributes are written the same too; an option " +
			"without text reads as its value, capitalised.",
		Why: "Two options of one value are one choice offered twice, and the label tells the user " +
			"nothing about which is which; two of one text look the same in the form but run the command " +
			"differently. planemo lint reports an error.",
		Example: "<option value=\"1\">One</option>\n<option value=\"1\">Uno</option>\n→\n" +
			"<option value=\"1\">One</option>",
		FixSafety: "Advisory only: which option is the intended one, or what the second should say, is the author's call.",
	},
	Run: func(c *lint.Ctx) {
		for _, p := range selects(c) {
			opts := p.option
			if o := firstRepeat(opts, optionValue); o != nil {
				c.Report("InputsSelectOptionDuplicateValue", o,
					fmt.Sprintf("Select parameter [%s] has multiple options with the same value", p.name),
					"Remove the repeated <option>, or give it the value it was meant to have.")
			}
			if o := firstRepeat(opts, optionText); o != nil {
				c.Report("InputsSelectOptionDuplicateText", o,
					fmt.Sprintf("Select parameter [%s] has multiple options with the same text content", p.name),
					"Give each <option> a label that tells it apart, or remove the repeated one.")
			}
		}
	},
}

// optionKey is what Galaxy compares options by: a string (optionValue or
// optionText) and the selected attribute as written ("false" when absent).
type optionKey struct{ s, selected string }

// keyOf keys o by its string str(o) and its selected attribute.
func keyOf(o *macros.Element, str func(*macros.Element) string) optionKey {
	return optionKey{str(o), selected(o)}
}

func selected(o *macros.Element) string {
	if v, ok := o.Get("selected"); ok {
		return v
	}
	return "false"
}

// optionValue is the string of an option's value key: its value ("" when
// absent).
func optionValue(o *macros.Element) string { return lint.Get(o, "value") }

// optionText is the string of an option's text key: its text; for an
// option without text (lxml's None), its value capitalised the way
// Python does.
func optionText(o *macros.Element) string {
	if o.Text == "" {
		return pyCapitalize(lint.Get(o, "value"))
	}
	return o.Text
}

// firstRepeat returns the first option whose key (keyOf with str) an
// earlier option has, nil when the keys are distinct.
func firstRepeat(opts []*macros.Element, str func(*macros.Element) string) *macros.Element {
	// Most selects have a handful of options: comparing each with those
	// before it costs less than a map.
	if len(opts) <= 16 {
		var keys [16]optionKey
		for i, o := range opts {
			keys[i] = keyOf(o, str)
			for _, k := range keys[:i] {
				if k == keys[i] {
					return o
				}
			}
		}
		return nil
	}
	// A set of the strings alone settles the usual case, keys all
	// distinct, with one map operation per option; only a select with a
	// string seen twice is gone through again, selected attributes and all.
	seen := make(map[string]struct{}, len(opts))
	for _, o := range opts {
		n := len(seen)
		if seen[str(o)] = struct{}{}; len(seen) == n {
			return firstRepeatKey(opts, str)
		}
	}
	return nil
}

// firstRepeatKey is firstRepeat for options two of which have the same
// string.
func firstRepeatKey(opts []*macros.Element, str func(*macros.Element) string) *macros.Element {
	// Keyed by the string alone, the map hashes one string per option,
	// not two; the selected attribute almost always reads the same, and
	// the rare string seen with another one goes to a second map.
	first := make(map[string]string, len(opts)) // string -> selected of its first option
	var others map[optionKey]bool
	for _, o := range opts {
		k := keyOf(o, str)
		sel, ok := first[k.s]
		switch {
		case !ok:
			first[k.s] = k.selected
		case sel == k.selected || others[k]:
			return o
		default:
			if others == nil {
				others = map[optionKey]bool{}
			}
			others[k] = true
		}
	}
	return nil
}
