package upgrade

import (
	"slices"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"github.com/galaxy-gtr/gtr/rewrite"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// withStep runs f with s registered as an extra step.
func withStep(t *testing.T, s *Step, f func()) {
	t.Helper()
	saved := steps
	steps = append(append([]*Step(nil), steps...), s)
	defer func() { steps = saved }()
	f()
}

const gateTool = `<tool id="t" name="T" version="1.0" profile="21.01">
    <command><![CDATA[cat '$input' > '$out']]></command>
    <inputs>
        <param name="input" type="data" format="txt" label="In"/>
    </inputs>
    <outputs>
        <data name="out" format="txt" label="Out"/>
    </outputs>
</tool>
`

// fakeFix is a runtime fix at 21.09 clearing a code that applies to every
// tool here (21_09_consider_python_environment is not it: use a code whose
// detector the test controls by the tool), planning what plan returns.
func fakeFix(plan func(d *Doc) Plan, changes ...*rewrite.ViewChange) *Step {
	return &Step{Code: "GTR999", Name: "test-fix", Kind: KindRuntimeFix, From: "21.09",
		Clears: "16_04_exit_code", Changes: changes, Plan: plan}
}

// labelEdit rewrites the output's label, a change of Galaxy's view.
func labelEdit(text string) func(d *Doc) Plan {
	return func(d *Doc) Plan {
		for e := range d.Root.Descendants() {
			if e.Tag == "data" {
				site, err := d.ValueSite(e, "label")
				if err != nil {
					return Plan{Refused: []string{err.Error()}}
				}
				if v, _ := e.Get("label"); v == text {
					return Plan{}
				}
				return Plan{Edits: []rewrite.FileEdit{site.Replace(text)}}
			}
		}
		return Plan{}
	}
}

var changeLabel = &rewrite.ViewChange{Name: "label", Attr: func(before, after *macros.Element, name string) bool {
	return name == "label"
}}

// TestGatesCanFail shows each gate of an upgrade refusing: a step that
// changes Galaxy's view beyond what it declares is not applied, a step
// whose result would not validate is not kept, and a step that never
// settles makes the idempotence gate refuse the whole upgrade.
func TestGatesCanFail(t *testing.T) {
	opts := Options{Modernize: true, AllowBehaviorChange: true, Rules: nil}
	t.Run("undeclared change", func(t *testing.T) {
		withStep(t, fakeFix(labelEdit("New")), func() {
			res, err := Upgrade("tool.xml", []byte(gateTool), opts)
			require.NoError(t, err)
			joined := strings.Join(res.Notes, "\n")
			assert.Contains(t, joined, "GTR999 (test-fix) changes more than it declares")
			assert.NotContains(t, string(res.Formatted), `label="New"`)
		})
	})
	t.Run("declared change applies", func(t *testing.T) {
		withStep(t, fakeFix(labelEdit("New"), changeLabel), func() {
			res, err := Upgrade("tool.xml", []byte(gateTool), opts)
			require.NoError(t, err)
			assert.Contains(t, string(res.Formatted), `label="New"`)
			assert.Contains(t, res.Codes, "GTR999")
		})
	})
	t.Run("invalid result", func(t *testing.T) {
		// A label holding a tab character reference stays valid; an
		// element the schema does not know does not.
		bad := func(d *Doc) Plan {
			if strings.Contains(string(d.Source(d.File)), "<bogus/>") {
				return Plan{}
			}
			end := d.Tree.RootElement().EndTag()
			return Plan{Edits: []rewrite.FileEdit{rewrite.In(d.File, rewrite.InsertBefore(end, "<bogus/>\n"))}}
		}
		// The declared change drops <bogus> from both views, so the
		// expansion gate passes and validity alone must refuse.
		anything := &rewrite.ViewChange{Name: "bogus", Normalize: func(root *macros.Element) int {
			n := len(root.Children)
			root.Children = slices.DeleteFunc(root.Children, func(c *macros.Element) bool { return c.Tag == "bogus" })
			return n - len(root.Children)
		}}
		withStep(t, fakeFix(bad, anything), func() {
			res, err := Upgrade("tool.xml", []byte(gateTool), opts)
			require.NoError(t, err)
			if strings.Contains(string(res.Formatted), "<bogus/>") {
				t.Fatalf("a step that breaks validity was kept:\n%s", res.Formatted)
			}
			assert.Contains(t, strings.Join(res.Notes, "\n"), "GTR999 (test-fix) not applied: the tool would no longer validate at 25.1")
		})
	})
	t.Run("not idempotent", func(t *testing.T) {
		// A result at 21.01 that a walk would take further: the second
		// upgrade changes it, and the gate refuses.
		u := &run{opts: Options{Modernize: true, Rules: BaseRules()}, file: "tool.xml", src: []byte(gateTool)}
		require.NoError(t, u.start())
		out := []byte(strings.Replace(gateTool, "    <inputs>", "\n    <inputs>", 1))
		u.files = map[string][]byte{u.file: out}
		u.doc = NewDoc(u.file, out, u.opts.Macros)
		u.reached, u.codes = "21.01", []string{"GTR001"}
		require.NoError(t, u.gates())
		assert.Contains(t, u.refused, "not idempotent")
		assert.Contains(t, u.result().Notes[0], "upgrade refused, nothing changed")
		assert.Equal(t, gateTool, string(u.result().Formatted))
	})
}
