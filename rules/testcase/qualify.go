package testcase

import (
	"github.com/galaxy-gtr/gtr/rules/internal/recent"
	"slices"
	"strings"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// Rename is one rewrite GTR096 plans: the name of a test <param>,
// written at Loc, going from From, a flat name, to To, the path of the
// one nested input of that name.
type Rename struct {
	// Loc is where the name's value is written (between its quotes), in
	// the tool or in the macro file it comes from.
	Loc      macros.Loc
	From, To string
	// Params are the test <param>s of the expanded view written at that
	// place: more than one when a macro puts the same <param> in several
	// tests, each of which the rename then suits.
	Params []*macros.Element
}

// Qualify plans GTR096 on a tool's expanded view: for each <param>
// directly in a <test> whose name is no input of the tool's top level
// but the name of exactly one input nested in conditionals and sections
// (not repeats, whose paths need an element index), the path that input
// has, parent|...|name, which is how Galaxy's test parser names a
// nested parameter. A rename is planned only where the test would then
// place the parameter (its conditional's branch is the one the test
// selects), the name is written as it reads (no token, no reference),
// and every test the same bytes reach takes the same rename.
func Qualify(root *macros.Element) []Rename {
	return qualified.Of(keyOf(root), func() []Rename { return qualify(root) })
}

// qualified remembers the plans of the last views asked about: the
// expansion-equality gate asks once for every parameter GTR096 renamed.
var qualified = recent.New[viewKey, []Rename](4)

// qualify is Qualify without the memo.
func qualify(root *macros.Element) []Rename {
	tests := Tests(root)
	// No test, no test parameter to qualify.
	if len(tests) == 0 {
		return nil
	}
	params, err := Model(root)
	if err != nil || len(params) == 0 {
		return nil
	}
	top := make(map[string]bool, len(params))
	for _, p := range params {
		top[p.Name] = true
	}
	// The nested inputs' paths, worked out when a test has a flat name
	// to look up (most have none).
	var nested map[string][]string
	leaves := func() map[string][]string {
		if nested == nil {
			nested = nestedLeaves(params)
		}
		return nested
	}
	type tested struct {
		inputs  []Input
		planned map[*macros.Element]string
	}
	var all []tested
	renames := false
	for _, test := range tests {
		inputs, err := Inputs(test)
		if err != nil {
			continue
		}
		planned := qualifyTest(params, test, inputs, leaves, top)
		all = append(all, tested{inputs, planned})
		renames = renames || len(planned) > 0
	}
	// Nothing to rename: no place to look at.
	if !renames {
		return nil
	}
	// The test <param>s written at each place, with what each would
	// become ("" for nothing), in the order the places first appear.
	type use struct {
		el *macros.Element
		to string
	}
	var locs []macros.Loc
	uses := map[macros.Loc][]use{}
	from := map[macros.Loc]string{}
	for _, t := range all {
		for _, in := range t.inputs {
			o := in.El.ValueOrigin("name")
			if _, seen := uses[o.Loc]; !seen {
				locs = append(locs, o.Loc)
				from[o.Loc] = in.Name
			}
			uses[o.Loc] = append(uses[o.Loc], use{in.El, t.planned[in.El]})
		}
	}
	var out []Rename
	for _, l := range locs {
		us := uses[l]
		r := Rename{Loc: l, From: from[l], To: us[0].to}
		for _, u := range us {
			// The same bytes in another test must take the same rename.
			if u.to != r.To {
				r.To = ""
				break
			}
			r.Params = append(r.Params, u.el)
		}
		if r.To != "" {
			out = append(out, r)
		}
	}
	return out
}

// qualifyTest returns the new names of the test's flat parameters that
// qualify, checked by merging the test with them: a rename is kept only
// where the renamed parameter is then placed, until the set is stable.
func qualifyTest(params []*Param, test *macros.Element, inputs []Input, leaves func() map[string][]string, top map[string]bool) map[*macros.Element]string {
	var count map[string]int // how often the test gives each name, once needed
	var planned map[*macros.Element]string
	for _, in := range inputs {
		// Only a <param> of the test itself, named without a path, and
		// not a top-level input's name, which places it already.
		if in.El.Parent() != test || strings.Contains(in.Name, "|") || top[in.Name] {
			continue
		}
		paths := leaves()[in.Name]
		if len(paths) != 1 || paths[0] == "" {
			continue
		}
		if count == nil {
			count = make(map[string]int, len(inputs))
			for _, in := range inputs {
				count[in.Name]++
			}
		}
		switch {
		// Exactly one nested input, and not one given twice over.
		case count[in.Name] > 1 || count[paths[0]] > 0:
		// The value must be written as it reads, and the path must be
		// writable in an attribute as it is.
		case in.El.ValueOrigin("name").Parts != nil || strings.ContainsAny(paths[0], "\"'&<>"):
		default:
			if planned == nil {
				planned = map[*macros.Element]string{}
			}
			planned[in.El] = paths[0]
		}
	}
	for len(planned) > 0 {
		renamed := slices.Clone(inputs)
		for i, in := range renamed {
			if to, ok := planned[in.El]; ok {
				renamed[i].Name = to
			}
		}
		r, err := Validate(params, test, renamed)
		// A test Galaxy cannot merge either way: nothing proves a rename.
		if err != nil {
			return nil
		}
		unplaced := map[string]bool{}
		for _, in := range r.Unhandled {
			unplaced[in.Name] = true
		}
		n := len(planned)
		for el, to := range planned {
			if unplaced[to] {
				delete(planned, el)
			}
		}
		if len(planned) == n {
			break
		}
	}
	return planned
}

// nestedLeaves returns, for each name of a parameter (a conditional's
// test parameter included) below a conditional or section, the paths it
// has there; a parameter below a repeat counts with an empty path, so
// that its name is never taken for unique.
func nestedLeaves(params []*Param) map[string][]string {
	out := map[string][]string{}
	var walk func(ps []*Param, prefix string, inRepeat bool)
	walk = func(ps []*Param, prefix string, inRepeat bool) {
		for _, p := range ps {
			path := join(prefix, p.Name)
			switch p.Kind {
			case KindConditional:
				add(out, p.Test.Name, join(path, p.Test.Name), inRepeat)
				for _, w := range p.Whens {
					walk(w.Params, path, inRepeat)
				}
			case KindSection:
				walk(p.Children, path, inRepeat)
			case KindRepeat:
				walk(p.Children, path, true)
			default:
				if prefix != "" {
					add(out, p.Name, path, inRepeat)
				}
			}
		}
	}
	walk(params, "", false)
	return out
}

// add records path for name, once; a path below a repeat is recorded as
// "", which no rename takes.
func add(out map[string][]string, name, path string, inRepeat bool) {
	if inRepeat {
		path = ""
	}
	if !slices.Contains(out[name], path) {
		out[name] = append(out[name], path)
	}
}
