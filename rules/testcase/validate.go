package testcase

import (
	"fmt"
	"strconv"
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
	v := viewOf(root)
	if v.err != nil {
		return nil, v.err
	}
	// A tool without tests: only whether its model can be built.
	if len(v.tests) == 0 {
		_, err := buildModel(root)
		return nil, err
	}
	out := make([]Result, 0, len(v.tests))
	for _, t := range v.tests {
		if t.err != nil {
			return nil, t.err
		}
		r, err := validate(&v.model, t.el, t.inputs)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// validate merges a test's inputs into a state along the parameter model
// and validates it, as case.py's test_case_validation does.
func validate(md *model, test *macros.Element, inputs []Input) (Result, error) {
	m := merger{inputs: inputs, handled: make([]bool, len(inputs))}
	// Most tests give a handful of inputs, which a search finds faster
	// than a map.
	if len(inputs) > searchMax {
		m.index()
	}
	// A validator on a private name fails the building of the model.
	if p := md.broken; p != nil {
		m.problem(p.Name, p.El, "Galaxy cannot build the test-case model: input %s is named like a private attribute and carries a validator", p.Name)
	}
	if err := m.level(md.params, "", true); err != nil {
		return Result{}, err
	}
	r := Result{Test: test, Problems: m.problems}
	for i, in := range inputs {
		if !m.handled[i] {
			r.Unhandled = append(r.Unhandled, in)
		}
	}
	return r, nil
}

// merger walks the parameter model as _merge_into_state does, checking
// each value it places against the parameter's test_case_xml model.
type merger struct {
	inputs []Input
	// handled marks the inputs whose name is a state path the walk
	// visited.
	handled []bool
	// first and next index the inputs of a test that gives many: the
	// first input of each name (_input_for), the next input of the same
	// name after each (-1 after the last).
	first    map[string]int32
	next     []int32
	problems []Problem
}

// index builds first and next.
func (m *merger) index() {
	m.first = make(map[string]int32, len(m.inputs))
	m.next = make([]int32, len(m.inputs))
	for i := len(m.inputs) - 1; i >= 0; i-- {
		name := m.inputs[i].Name
		m.next[i] = -1
		if j, ok := m.first[name]; ok {
			m.next[i] = j
		}
		m.first[name] = int32(i)
	}
}

// visit marks the inputs named path as handled and returns the first of
// them, as _input_for finds it, or nil.
func (m *merger) visit(path string) *Input {
	if m.first != nil {
		i, ok := m.first[path]
		if !ok {
			return nil
		}
		for j := i; j >= 0; j = m.next[j] {
			m.handled[j] = true
		}
		return &m.inputs[i]
	}
	var in *Input
	for i := range m.inputs {
		if m.inputs[i].Name == path {
			m.handled[i] = true
			if in == nil {
				in = &m.inputs[i]
			}
		}
	}
	return in
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

// level merges one level of the state at path prefix; static says no
// repeat is above it, so that its parameters' paths are the ones the
// model holds.
func (m *merger) level(params []*Param, prefix string, static bool) error {
	for _, p := range params {
		if p.clash {
			return undecided(p.El, "two inputs of one level are named %s, one of them a group", p.Name)
		}
	}
	for _, p := range params {
		if err := m.param(p, prefix, static); err != nil {
			return err
		}
	}
	return nil
}

// param merges p. Of two parameters of one name the model keeps the
// last: for one shadowed so, only its place in the state counts.
func (m *merger) param(p *Param, prefix string, static bool) error {
	path := p.path
	if !static {
		path = join(prefix, p.Name)
	}
	in := m.visit(path)
	// The state always holds a group, which a private name makes an extra
	// input.
	if isGroup(p) && p.private() {
		m.problem(path, p.El, "%s is named like a private attribute, which Galaxy's model does not take", path)
	}
	switch p.Kind {
	case KindConditional:
		return m.conditional(p, path, static)
	case KindRepeat:
		n := m.repeatCount(path)
		for i := range n {
			if err := m.level(p.Children, path+"_"+itoa(i), false); err != nil {
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
		return m.level(p.Children, path, static)
	}
	switch {
	case p.shadowed:
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

// conditional merges a conditional at path: its test parameter, then the
// parameters of the branch _select_which_when picks.
func (m *merger) conditional(p *Param, path string, static bool) error {
	testPath := p.Test.path
	if !static {
		testPath = join(path, p.Test.Name)
	}
	// The test parameter is marked handled at once: when no branch is
	// found, Galaxy raises and nothing of the walk is kept.
	in := m.visit(testPath)
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
	// A test parameter given without a value is None in the state, whose
	// discriminator names no branch.
	if in != nil && !in.HasValue && !in.IsJSON {
		m.problem(testPath, in.El, "the test sets %s without a value, which selects no branch of %s", testPath, path)
	}
	return m.level(when.Params, path, static)
}

// repeatCount is the number of repeat elements repeat_inputs_to_array
// finds for the repeat at path: one more than the highest index N of an
// input named path_N or path_N|….
func (m *merger) repeatCount(path string) int {
	n := 0
	for _, in := range m.inputs {
		rest, ok := strings.CutPrefix(in.Name, path)
		if !ok || rest == "" || rest[0] != '_' {
			continue
		}
		idx, _, _ := strings.Cut(rest[1:], "|")
		if !pyInt(idx) {
			continue
		}
		// int() reads the digits in base 10, leading zeros and all. An
		// index past int, whose elements Galaxy would try to make, counts
		// as 0.
		k, err := strconv.Atoi(strings.ReplaceAll(pyStrip(idx), "_", ""))
		if err != nil {
			k = 0
		}
		if k+1 > n {
			n = k + 1
		}
	}
	return n
}
