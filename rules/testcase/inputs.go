package testcase

import (
	"bytes"
	"encoding/json"
	"path"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// Input is one input of a test as Galaxy's XML test parser reads it
// (xml.py's __expand_input_elems and __parse_param_elem): a <param> of
// the test, named by its path through the test's <repeat>, <conditional>
// and <section> elements.
type Input struct {
	// Name is the flat name: the param's name after the names of the
	// elements it is in, joined by |, a repeat's with _N for its N-th
	// element of that name among its siblings (cond|x, r_0|y).
	Name string
	// Value is the string value: the value attribute, a value_json that
	// is a JSON string, or the last part of location's URL when neither
	// is given. HasValue is false when there is none (Galaxy's None).
	Value    string
	HasValue bool
	// JSON is a value_json that is neither a string nor null: a bool, a
	// json.Number, a list or an object; IsJSON marks it.
	JSON   any
	IsJSON bool
	// Collection marks a <collection> child: a collection definition.
	Collection bool
	El         *macros.Element // the <param>
}

// Tests returns the tool's test cases as Galaxy finds them: the <test>
// children of the first <tests> child of root.
func Tests(root *macros.Element) []*macros.Element {
	var out []*macros.Element
	for c := range root.Elements() {
		if c.Tag != "tests" {
			continue
		}
		for t := range c.Elements() {
			if t.Tag == "test" {
				out = append(out, t)
			}
		}
		break
	}
	return out
}

// Inputs returns the inputs of a test in Galaxy's order: the test's own
// <param>s, then those of its <repeat>s, then of its <conditional>s, then
// of its <section>s, each group in document order and each flattened the
// same way.
func Inputs(test *macros.Element) ([]Input, error) {
	out := make([]Input, 0, countInputs(test))
	err := walkParams(test, "", func(el *macros.Element, prefix string) error {
		in, err := testInput(el, prefix)
		out = append(out, in)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Params returns the <param>s of a test that Galaxy reads as its inputs,
// in the order of [Inputs]; a <repeat>, <conditional> or <section>
// without a name is walked into as well.
func Params(test *macros.Element) []*macros.Element {
	var out []*macros.Element
	walkParams(test, "", func(el *macros.Element, _ string) error {
		out = append(out, el)
		return nil
	})
	return out
}

// walkParams calls visit for each <param> of el that Galaxy's test parser
// lists, with the path prefix of its name, in that parser's order
// (__expand_input_elems). It stops at the first error visit returns; a
// group without a name is walked into, and an [*Undecided] for it is
// returned once the walk is done.
func walkParams(el *macros.Element, prefix string, visit func(el *macros.Element, prefix string) error) error {
	var unnamed error
	if err := walkLevel(el, prefix, visit, &unnamed); err != nil {
		return err
	}
	return unnamed
}

// countInputs returns how many <param>s walkParams visits in el.
func countInputs(el *macros.Element) int {
	n := 0
	for c := range el.Elements() {
		switch c.Tag {
		case "param":
			n++
		case "repeat", "conditional", "section":
			n += countInputs(c)
		}
	}
	return n
}

func walkLevel(el *macros.Element, prefix string, visit func(el *macros.Element, prefix string) error, unnamed *error) error {
	groups := false
	for c := range el.Elements() {
		switch c.Tag {
		case "param":
			if err := visit(c, prefix); err != nil {
				return err
			}
		case "repeat", "conditional", "section":
			groups = true
		}
	}
	// Most tests give their parameters flat.
	if !groups {
		return nil
	}
	index := map[string]int{}
	for _, tag := range []string{"repeat", "conditional", "section"} {
		for c := range el.Elements() {
			if c.Tag != tag {
				continue
			}
			name, ok := c.Get("name")
			// Galaxy joins None into the path; nothing sensible comes of it.
			if !ok && *unnamed == nil {
				*unnamed = undecided(c, "a test <%s> without a name", tag)
			}
			if tag == "repeat" {
				n, seen := index[name]
				if seen {
					n++
				}
				index[name] = n
				name = name + "_" + itoa(n)
			}
			if err := walkLevel(c, join(prefix, name), visit, unnamed); err != nil {
				return err
			}
		}
	}
	return nil
}

// testInput reads one test <param> as __parse_param_elem does.
func testInput(el *macros.Element, prefix string) (Input, error) {
	// The attributes it reads, in one pass: the first of each name, as
	// Get finds it.
	var name, values, value, js, loc *string
	for i := range el.Attrs {
		a := &el.Attrs[i]
		var at **string
		switch a.Name {
		case "name":
			at = &name
		case "values":
			at = &values
		case "value":
			at = &value
		case "value_json":
			at = &js
		case "location":
			at = &loc
		default:
			continue
		}
		if *at == nil {
			*at = &a.Value
		}
	}
	// attrib.pop("name") raises KeyError.
	if name == nil {
		return Input{}, undecided(el, "a test <param> without a name")
	}
	in := Input{Name: join(prefix, *name), El: el}
	// values= makes a list of strings, which gtr does not model.
	if values != nil {
		return Input{}, undecided(el, "test parameter %s is given by values=, which gtr does not model", *name)
	}
	if value != nil {
		in.Value, in.HasValue = *value, true
	}
	if js != nil && !in.HasValue {
		if err := in.readJSON(*js); err != nil {
			return Input{}, err
		}
	}
	if loc != nil && !in.HasValue && !in.IsJSON {
		in.Value, in.HasValue = path.Base(*loc), true
	}
	for c := range el.Elements() {
		if c.Tag == "collection" {
			in.Collection = true
		}
	}
	return in, nil
}

// join is __prefix_join.
func join(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "|" + name
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// readJSON reads a value_json attribute as json.loads does.
func (in *Input) readJSON(js string) error {
	dec := json.NewDecoder(bytes.NewReader([]byte(js)))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil || dec.More() {
		return undecided(in.El, "value_json of test parameter %s is not JSON (Galaxy raises)", in.Name)
	}
	switch v := v.(type) {
	case nil:
	case string:
		in.Value, in.HasValue = v, true
	default:
		in.JSON, in.IsJSON = v, true
	}
	return nil
}
