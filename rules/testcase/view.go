package testcase

import (
	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rules/internal/recent"
)

// view is what [Qualify] and [Check] read of one expanded view, worked
// out once for both: the parameter model and each test's inputs. It is
// only read once made.
type view struct {
	model
	err   error // building the model
	tests []testCase
}

// testCase is one test of a view with its inputs, or the error reading
// them.
type testCase struct {
	el     *macros.Element
	inputs []Input
	err    error
}

// views remembers the last views asked about: GTR096, GTR101 and the
// 24.2 detector each read the tests of one view.
var views = recent.New[viewKey, *view](4)

// viewKey identifies an expanded view for a memo that outlives it: its
// root element, where that is written and how many children it has.
// Views are not modified once expanded, and the values remembered for
// them are only read. A view in an arena ([macros.Arena]) may be reset
// and its memory reused for another file's: an entry is taken only for
// the same root element of the same file, span and number of children.
type viewKey struct {
	root *macros.Element
	loc  macros.Loc
	kids int
}

// keyOf returns the key of the view rooted at root.
func keyOf(root *macros.Element) viewKey {
	return viewKey{root: root, loc: root.Loc, kids: len(root.Children)}
}

// viewOf returns the view rooted at root. The model of a tool without
// tests is not built: Qualify has nothing to do then, and Check builds
// it for its error alone.
func viewOf(root *macros.Element) *view {
	return views.Of(keyOf(root), func() *view {
		tests := Tests(root)
		if len(tests) == 0 {
			return &view{}
		}
		v := &view{tests: make([]testCase, len(tests))}
		v.model, v.err = buildModel(root)
		// Neither reads the tests of a tool whose model Galaxy cannot build.
		if v.err != nil {
			v.tests = nil
			return v
		}
		for i, t := range tests {
			v.tests[i].el = t
			v.tests[i].inputs, v.tests[i].err = Inputs(t)
		}
		return v
	})
}
