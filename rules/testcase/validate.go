package testcase

import (
	"fmt"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// Problem is one reason Galaxy's validation rejects a test: an error of
// its pydantic model of the test's state.
type Problem struct {
	Path string          // the state path, as the input's flat name
	Msg  string          // what is wrong, in a sentence
	El   *macros.Element // the test <param> at fault, or the tool input a test must set
}

// Result is Galaxy's verdict on one test.
type Result struct {
	Test     *macros.Element
	Problems []Problem
	// Unhandled are the test's inputs the merge placed nowhere, which
	// Galaxy reports as "Invalid parameter name found" when the state
	// validates.
	Unhandled []Input
}

// Fails reports whether Galaxy's 24.2 validation rejects the test.
func (r Result) Fails() bool { return len(r.Problems) > 0 || len(r.Unhandled) > 0 }

// Check validates every test of the tool whose expanded root is given,
// as validate_test_cases_for_tool_source does with the latest profile.
// The error is an [*Undecided] when Galaxy raises instead of answering
// or gtr does not model what the tool holds.
func Check(root *macros.Element) ([]Result, error) {
	params, err := Model(root)
	if err != nil {
		return nil, err
	}
	var out []Result
	for _, test := range Tests(root) {
		inputs, err := Inputs(test)
		if err != nil {
			return nil, err
		}
		r, err := Validate(params, test, inputs)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// Validate merges a test's inputs into a state along the parameter model
// and validates it, as case.py's test_case_validation does.
func Validate(params []*Param, test *macros.Element, inputs []Input) (Result, error) {
	m := &merger{inputs: inputs, first: map[string]int{}, handled: map[string]bool{}}
	// A validator on a private name fails the building of the model.
	if p := brokenField(params); p != nil {
		m.problem(p.Name, p.El, "Galaxy cannot build the test-case model: input %s is named like a private attribute and carries a validator", p.Name)
	}
	for i, in := range inputs {
		if _, ok := m.first[in.Name]; !ok {
			m.first[in.Name] = i
		}
	}
	if err := m.level(params, ""); err != nil {
		return Result{}, err
	}
	r := Result{Test: test, Problems: m.problems}
	for _, in := range inputs {
		if !m.handled[in.Name] {
			r.Unhandled = append(r.Unhandled, in)
		}
	}
	return r, nil
}

// merger walks the parameter model as _merge_into_state does, checking
// each value it places against the parameter's test_case_xml model.
type merger struct {
	inputs   []Input
	first    map[string]int  // the first input of each name (_input_for)
	handled  map[string]bool // every state path visited
	problems []Problem
}

// input returns the first input named path, as _input_for does.
func (m *merger) input(path string) *Input {
	if i, ok := m.first[path]; ok {
		return &m.inputs[i]
	}
	return nil
}

func (m *merger) problem(path string, el *macros.Element, format string, args ...any) {
	m.problems = append(m.problems, Problem{Path: path, El: el, Msg: fmt.Sprintf(format, args...)})
}

// brokenField returns a parameter anywhere in the model, in any branch,
// whose validator names a private attribute, or nil.
func brokenField(params []*Param) *Param {
	for _, p := range params {
		if p.private() && p.validated() {
			return p
		}
		if p.Test != nil && p.Test.private() && p.Test.validated() {
			return p.Test
		}
		if b := brokenField(p.Children); b != nil {
			return b
		}
		for _, w := range p.Whens {
			if b := brokenField(w.Params); b != nil {
				return b
			}
		}
	}
	return nil
}

// isGroup reports whether p is a conditional, repeat or section.
func isGroup(p *Param) bool {
	return p.Kind == KindConditional || p.Kind == KindRepeat || p.Kind == KindSection
}

func (m *merger) level(params []*Param, prefix string) error {
	last := map[string]*Param{}
	for _, p := range params {
		if q := last[p.Name]; q != nil && (isGroup(p) || isGroup(q)) {
			return undecided(p.El, "two inputs of one level are named %s, one of them a group", p.Name)
		}
		last[p.Name] = p
	}
	for _, p := range params {
		// Of two parameters of one name the model keeps the last.
		if err := m.param(p, prefix, last[p.Name] != p); err != nil {
			return err
		}
	}
	return nil
}

// param merges p; shadowed marks a parameter whose name a later one of
// its level takes in the model, so only its place in the state counts.
func (m *merger) param(p *Param, prefix string, shadowed bool) error {
	path := join(prefix, p.Name)
	m.handled[path] = true
	// The state always holds a group, which a private name makes an extra
	// input.
	if isGroup(p) && p.private() {
		m.problem(path, p.El, "%s is named like a private attribute, which Galaxy's model does not take", path)
	}
	switch p.Kind {
	case KindConditional:
		return m.conditional(p, path)
	case KindRepeat:
		n := m.repeatCount(path)
		for i := range n {
			if err := m.level(p.Children, path+"_"+itoa(i)); err != nil {
				return err
			}
		}
		if p.HasMin && n < p.Min {
			m.problem(path, p.El, "repeat %s needs at least %d element(s), the test gives %d", path, p.Min, n)
		}
		if p.HasMax && n > p.Max {
			m.problem(path, p.El, "repeat %s takes at most %d element(s), the test gives %d", path, p.Max, n)
		}
		return nil
	case KindSection:
		return m.level(p.Children, path)
	}
	in := m.input(path)
	switch {
	case shadowed:
		return nil
	case p.private() && in != nil:
		m.problem(path, in.El, "the test sets %s, which is named like a private attribute and so not a field of Galaxy's model", path)
		return nil
	case p.private():
		return nil
	}
	if in == nil {
		if required(p) {
			m.problem(path, p.El, "the test does not set %s, which Galaxy's test-case model requires", path)
		}
		return nil
	}
	return m.value(p, path, in)
}

// conditional merges a conditional: its test parameter, then the
// parameters of the branch _select_which_when picks.
func (m *merger) conditional(p *Param, path string) error {
	testPath := join(path, p.Test.Name)
	in := m.input(testPath)
	var when *When
	switch {
	case in != nil && in.IsJSON:
		b, ok := in.JSON.(bool)
		// validate_explicit_conditional_test_value takes a string or a bool.
		if !ok {
			return undecided(in.El, "value_json of %s is neither a string nor a boolean (Galaxy raises)", testPath)
		}
		for _, w := range p.Whens {
			if p.Test.Kind == KindBoolean && w.Bool == b {
				when = w
				break
			}
		}
	case in == nil || !in.HasValue:
		for _, w := range p.Whens {
			if w.Default {
				when = w
				break
			}
		}
	case p.Test.Kind == KindBoolean:
		b, ok := asBool(in.Value)
		// asbool raises on anything but a boolean word.
		if !ok {
			return undecided(in.El, "test value %q of boolean %s is no boolean word (Galaxy raises)", in.Value, testPath)
		}
		for _, w := range p.Whens {
			if w.Bool == b {
				when = w
				break
			}
		}
	default:
		for _, w := range p.Whens {
			if w.Value == in.Value {
				when = w
				break
			}
		}
	}
	// "Invalid conditional test value": Galaxy raises.
	if when == nil {
		v := "None"
		if in != nil && in.HasValue {
			v = in.Value
		}
		return undecided(p.El, "Invalid conditional test value (%s) for parameter (%s)", v, p.Test.Name)
	}
	m.handled[testPath] = true
	// A test parameter given without a value is None in the state, whose
	// discriminator names no branch.
	if in != nil && !in.HasValue && !in.IsJSON {
		m.problem(testPath, in.El, "the test sets %s without a value, which selects no branch of %s", testPath, path)
	}
	return m.level(when.Params, path)
}

// repeatCount is the number of repeat elements repeat_inputs_to_array
// finds for the repeat at path: one more than the highest index N of an
// input named path_N or path_N|….
func (m *merger) repeatCount(path string) int {
	n := 0
	for _, in := range m.inputs {
		rest, ok := strings.CutPrefix(in.Name, path+"_")
		if !ok {
			continue
		}
		idx, _, _ := strings.Cut(rest, "|")
		if !pyInt(idx) {
			continue
		}
		var k int
		fmt.Sscan(strings.ReplaceAll(pyStrip(idx), "_", ""), &k)
		if k+1 > n {
			n = k + 1
		}
	}
	return n
}
