package inputs

import (
	"fmt"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/internal/recent"
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
			value, text := repeats(opts)
			if value >= 0 {
				c.Report("InputsSelectOptionDuplicateValue", opts[value],
					fmt.Sprintf("Select parameter [%s] has multiple options with the same value", p.name),
					"Remove the repeated <option>, or give it the value it was meant to have.")
			}
			if text >= 0 {
				c.Report("InputsSelectOptionDuplicateText", opts[text],
					fmt.Sprintf("Select parameter [%s] has multiple options with the same text content", p.name),
					"Give each <option> a label that tells it apart, or remove the repeated one.")
			}
		}
	},
}

// repeats returns the indices in opts of the first option repeating an
// earlier one's value key and of the first repeating a text key
// (firstRepeat with optionValue and optionText), -1 for none.
func repeats(opts []*macros.Element) (value, text int) {
	if len(opts) <= 16 {
		return firstRepeat(opts, optionValue), firstRepeat(opts, optionText)
	}
	// Macros give many tools one list of hundreds of options (a genome
	// build's dbkeys, say): going through it again costs two map inserts
	// an option, comparing it with the list remembered three string
	// comparisons an option.
	key := listKey{len(opts), stringsOf(opts[0]), stringsOf(opts[len(opts)-1]), firstSelected(opts)}
	r := longRepeats.Of(key, func() *listRepeats {
		r := &listRepeats{opts: make([]optionStrings, len(opts))}
		for i, o := range opts {
			r.opts[i] = stringsOf(o)
		}
		r.value, r.text = firstRepeat(opts, optionValue), firstRepeat(opts, optionText)
		return r
	})
	if !r.holds(opts) {
		// Another list of the same length and ends.
		return firstRepeat(opts, optionValue), firstRepeat(opts, optionText)
	}
	return r.value, r.text
}

// longRepeats remembers the answers of repeats for the lists of options
// last seen, past the sixteen it goes through directly.
var longRepeats = recent.New[listKey, *listRepeats](16)

// listKey tells lists of options apart well enough to find the one
// remembered that is likely the same: its length, the strings of its
// first and last options, and which option is the first selected (a
// macro's token often picks the default of one list).
type listKey struct {
	n           int
	first, last optionStrings
	selected    int
}

// firstSelected returns the index of the first of opts with a selected
// attribute, -1 when none has one.
func firstSelected(opts []*macros.Element) int {
	for i, o := range opts {
		if _, ok := o.Get("selected"); ok {
			return i
		}
	}
	return -1
}

// optionStrings are the strings of an option that its keys are made of:
// its value, its text and its selected attribute as keyOf reads it.
type optionStrings struct{ value, text, selected string }

// stringsOf returns o's optionStrings.
func stringsOf(o *macros.Element) optionStrings {
	return optionStrings{lint.Get(o, "value"), o.Text, selected(o)}
}

// listRepeats is the answer of repeats for the list of options with the
// strings opts.
type listRepeats struct {
	opts        []optionStrings
	value, text int
}

// holds reports whether opts has the strings the answer is for.
func (r *listRepeats) holds(opts []*macros.Element) bool {
	if len(opts) != len(r.opts) {
		return false
	}
	for i, o := range opts {
		if stringsOf(o) != r.opts[i] {
			return false
		}
	}
	return true
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

// firstRepeat returns the index of the first option whose key (keyOf with
// str) an earlier option has, -1 when the keys are distinct.
func firstRepeat(opts []*macros.Element, str func(*macros.Element) string) int {
	// Most selects have a handful of options: comparing each with those
	// before it costs less than a map.
	if len(opts) <= 16 {
		var keys [16]optionKey
		for i, o := range opts {
			keys[i] = keyOf(o, str)
			for _, k := range keys[:i] {
				if k == keys[i] {
					return i
				}
			}
		}
		return -1
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
	return -1
}

// firstRepeatKey is firstRepeat for options two of which have the same
// string.
func firstRepeatKey(opts []*macros.Element, str func(*macros.Element) string) int {
	// Keyed by the string alone, the map hashes one string per option,
	// not two; the selected attribute almost always reads the same, and
	// the rare string seen with another one goes to a second map.
	first := make(map[string]string, len(opts)) // string -> selected of its first option
	var others map[optionKey]bool
	for i, o := range opts {
		k := keyOf(o, str)
		sel, ok := first[k.s]
		switch {
		case !ok:
			first[k.s] = k.selected
		case sel == k.selected || others[k]:
			return i
		default:
			if others == nil {
				others = map[optionKey]bool{}
			}
			others[k] = true
		}
	}
	return -1
}
