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
	v := viewOf(root)
	// No test, no test parameter to qualify.
	if v.err != nil || len(v.params) == 0 || len(v.tests) == 0 {
		return nil
	}
	// The nested inputs' paths, worked out when a test has a flat name
	// to look up (most have none).
	var nested map[string][]string
	leaves := func() map[string][]string {
		if nested == nil {
			nested = nestedLeaves(v.params)
		}
		return nested
	}
	top := topNames{params: v.params}
	// The renames planned in each test, once a test has one.
	var plans []map[*macros.Element]string
	for i, t := range v.tests {
		if t.err != nil {
			continue
		}
		planned := qualifyTest(&v.model, t.el, t.inputs, leaves, &top)
		if len(planned) > 0 && plans == nil {
			plans = make([]map[*macros.Element]string, len(v.tests))
		}
		if plans != nil {
			plans[i] = planned
		}
	}
	// Nothing to rename: no place to look at.
	if plans == nil {
		return nil
	}
	// The places of the planned renames, in the order they first appear,
	// each with the test <param>s written there. A place is renamed when
	// every <param> written there takes the same rename, so its first
	// appearance is a planned one, and one <param> there with another
	// rename, or none, vetoes it.
	type place struct {
		r      Rename
		vetoed bool
	}
	var places []place
	at := map[macros.Loc]int{}
	for i, t := range v.tests {
		if len(plans[i]) == 0 {
			continue
		}
		for _, in := range t.inputs {
			to := plans[i][in.El]
			if to == "" {
				continue
			}
			l := in.El.ValueOrigin("name").Loc
			j, seen := at[l]
			if !seen {
				at[l] = len(places)
				places = append(places, place{r: Rename{Loc: l, From: in.Name, To: to}})
				j = len(places) - 1
			}
			pl := &places[j]
			pl.vetoed = pl.vetoed || pl.r.To != to
			pl.r.Params = append(pl.r.Params, in.El)
		}
	}
	for i, t := range v.tests {
		if t.err != nil {
			continue
		}
		for _, in := range t.inputs {
			if plans[i][in.El] != "" {
				continue
			}
			if j, ok := at[in.El.ValueOrigin("name").Loc]; ok {
				places[j].vetoed = true
			}
		}
	}
	var out []Rename
	for _, pl := range places {
		if !pl.vetoed {
			out = append(out, pl.r)
		}
	}
	return out
}

// topNames tells the names of a model's top-level inputs: by search in a
// small model, by a set made on first use in a large one.
type topNames struct {
	params []*Param
	set    map[string]bool
}

func (t *topNames) has(name string) bool {
	if len(t.params) <= searchMax {
		for _, p := range t.params {
			if p.Name == name {
				return true
			}
		}
		return false
	}
	if t.set == nil {
		t.set = make(map[string]bool, len(t.params))
		for _, p := range t.params {
			t.set[p.Name] = true
		}
	}
	return t.set[name]
}

// qualifyTest returns the new names of the test's flat parameters that
// qualify, checked by merging the test with them: a rename is kept only
// where the renamed parameter is then placed, until the set is stable.
func qualifyTest(md *model, test *macros.Element, inputs []Input, leaves func() map[string][]string, top *topNames) map[*macros.Element]string {
	var count map[string]int // how often the test gives each name, once needed
	var planned map[*macros.Element]string
	for _, in := range inputs {
		// Only a <param> of the test itself, named without a path, and
		// not a top-level input's name, which places it already.
		if in.El.Parent() != test || strings.Contains(in.Name, "|") || top.has(in.Name) {
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
		r, err := validate(md, test, renamed)
		// A test Galaxy cannot merge either way: nothing proves a rename.
		if err != nil {
			return nil
		}
		// Every rename placed: the set is stable.
		if len(r.Unhandled) == 0 {
			break
		}
		unplaced := make(map[string]bool, len(r.Unhandled))
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
	var walk func(ps []*Param, top, inRepeat bool)
	walk = func(ps []*Param, top, inRepeat bool) {
		for _, p := range ps {
			switch p.Kind {
			case KindConditional:
				add(out, p.Test.Name, p.Test.path, inRepeat)
				for _, w := range p.Whens {
					walk(w.Params, false, inRepeat)
				}
			case KindSection:
				walk(p.Children, false, inRepeat)
			case KindRepeat:
				walk(p.Children, false, true)
			default:
				if !top {
					add(out, p.Name, p.path, inRepeat)
				}
			}
		}
	}
	walk(params, true, false)
	return out
}

// add records path for name, once; a path below a repeat is recorded as
// "", which no rename takes (the path the model holds for it is no state
// path).
func add(out map[string][]string, name, path string, inRepeat bool) {
	if inRepeat {
		path = ""
	}
	if !slices.Contains(out[name], path) {
		out[name] = append(out[name], path)
	}
}
