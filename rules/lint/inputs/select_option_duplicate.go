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

// optionKey is what Galaxy compares options by: a string and the selected
// attribute as written ("false" when absent).
type optionKey struct{ s, selected string }

func selected(o *macros.Element) string {
	if v, ok := o.Get("selected"); ok {
		return v
	}
	return "false"
}

// optionValue keys an option by its value ("" when absent).
func optionValue(o *macros.Element) optionKey {
	return optionKey{lint.Get(o, "value"), selected(o)}
}

// optionText keys an option by its text; an option without text (lxml's
// None) by its value, capitalised the way Python does.
func optionText(o *macros.Element) optionKey {
	t := o.Text
	if t == "" {
		t = pyCapitalize(lint.Get(o, "value"))
	}
	return optionKey{t, selected(o)}
}

// firstRepeat returns the first option whose key an earlier option has,
// nil when the keys are distinct.
func firstRepeat(opts []*macros.Element, key func(*macros.Element) optionKey) *macros.Element {
	// Most selects have a handful of options: comparing each with those
	// before it costs less than a map.
	if len(opts) <= 16 {
		var keys [16]optionKey
		for i, o := range opts {
			keys[i] = key(o)
			for _, k := range keys[:i] {
				if k == keys[i] {
					return o
				}
			}
		}
		return nil
	}
	// Keyed by the string alone, the map hashes one string per option,
	// not two; the selected attribute almost always reads the same, and
	// the rare string seen with another one goes to a second map.
	first := make(map[string]string, len(opts)) // string -> selected of its first option
	var others map[optionKey]bool
	for _, o := range opts {
		k := key(o)
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
