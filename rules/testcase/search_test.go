package testcase

import (
	"fmt"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
	"pgregory.net/rapid"
)

// names are few, so that inputs and test parameters share them, clash
// and repeat.
var propNames = []string{"a", "b", "c", "_p"}

// genInputs draws the XML of one level of a tool's inputs.
func genInputs(t *rapid.T, depth int) string {
	var b strings.Builder
	for range rapid.IntRange(0, 4).Draw(t, "n") {
		name := rapid.SampledFrom(propNames).Draw(t, "name")
		kind := "text"
		if depth < 2 {
			kind = rapid.SampledFrom([]string{"text", "integer", "select", "boolean", "data", "conditional", "section", "repeat"}).Draw(t, "kind")
		}
		switch kind {
		case "select":
			fmt.Fprintf(&b, `<param name=%q type="select">%s</param>`, name, genOptions(t))
		case "conditional":
			fmt.Fprintf(&b, `<conditional name=%q><param name=%q type="select">%s</param><when value="x">%s</when><when value="y">%s</when></conditional>`,
				name, rapid.SampledFrom(propNames).Draw(t, "test"), genOptions(t), genInputs(t, depth+1), genInputs(t, depth+1))
		case "section", "repeat":
			fmt.Fprintf(&b, `<%s name=%q title="T">%s</%s>`, kind, name, genInputs(t, depth+1), kind)
		default:
			fmt.Fprintf(&b, `<param name=%q type=%q value="1"/>`, name, kind)
		}
	}
	return b.String()
}

// genOptions draws the options of a select: values repeat, some
// selected.
func genOptions(t *rapid.T) string {
	var b strings.Builder
	for range rapid.IntRange(1, 5).Draw(t, "options") {
		fmt.Fprintf(&b, `<option value=%q selected=%q/>`, rapid.SampledFrom([]string{"x", "y"}).Draw(t, "option"),
			rapid.SampledFrom([]string{"false", "true"}).Draw(t, "selected"))
	}
	return b.String()
}

// genTest draws the XML of one level of a test.
func genTest(t *rapid.T, depth int) string {
	var b strings.Builder
	for range rapid.IntRange(0, 5).Draw(t, "n") {
		name := rapid.SampledFrom(propNames).Draw(t, "name")
		switch tag := rapid.SampledFrom([]string{"param", "param", "path", "conditional", "section", "repeat"}).Draw(t, "tag"); {
		case tag == "param" || depth > 1:
			fmt.Fprintf(&b, `<param name=%q value=%q/>`, name, rapid.SampledFrom([]string{"x", "y", "1"}).Draw(t, "value"))
		case tag == "path":
			path := rapid.SampledFrom([]string{"a|b", "b|a|c", "c_0|a", "a_1|b", "c|a", "b_0|c|a"}).Draw(t, "path")
			fmt.Fprintf(&b, `<param name=%q value=%q/>`, path, rapid.SampledFrom([]string{"x", "y", "1"}).Draw(t, "value"))
		default:
			fmt.Fprintf(&b, `<%s name=%q>%s</%s>`, tag, name, genTest(t, depth+1), tag)
		}
	}
	return b.String()
}

// render writes what Check and Qualify say of a tool.
func render(root *macros.Element) string {
	var b strings.Builder
	results, err := Check(root)
	fmt.Fprintf(&b, "err %v\n", err)
	for _, r := range results {
		for _, p := range r.Problems {
			fmt.Fprintf(&b, "problem %s %s %v\n", p.Path, p.Msg, p.El.Loc)
		}
		for _, in := range r.Unhandled {
			fmt.Fprintf(&b, "unhandled %s %v\n", in.Name, in.El.Loc)
		}
	}
	for _, q := range Qualify(root) {
		fmt.Fprintf(&b, "rename %v %s %s %d\n", q.Loc, q.From, q.To, len(q.Params))
	}
	return b.String()
}

// TestSearchIsIndex checks that searching a short list of names answers
// as the map that indexes a long one: Check and Qualify say the same of
// a tool with every list searched and with every list indexed.
func TestSearchIsIndex(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		inputs := genInputs(t, 0)
		var tests strings.Builder
		for range rapid.IntRange(1, 3).Draw(t, "tests") {
			tests.WriteString("<test>" + genTest(t, 0) + "</test>")
		}
		src := "<tool id=\"t\" name=\"t\" version=\"1\">\n<inputs>" + inputs + "</inputs>\n<tests>" + tests.String() + "</tests>\n</tool>\n"
		expand := func() *macros.Element {
			res, err := macros.Expand("tool.xml", []byte(src), macros.Options{NoDisk: true})
			if err != nil {
				t.Fatal(err)
			}
			return res.Root
		}
		// Each expansion is a new view, which the memos do not know.
		searched := render(expand())
		defer func(n int) { searchMax = n }(searchMax)
		searchMax = -1
		if indexed := render(expand()); indexed != searched {
			t.Fatalf("searched:\n%s\nindexed:\n%s", searched, indexed)
		}
	})
}

// TestModelPaths checks that the path the model holds for a parameter
// outside repeats is the state path the merge would join for it.
func TestModelPaths(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		src := "<tool id=\"t\" name=\"t\" version=\"1\">\n<inputs>" + genInputs(t, 0) + "</inputs>\n</tool>\n"
		res, err := macros.Expand("tool.xml", []byte(src), macros.Options{NoDisk: true})
		if err != nil {
			t.Fatal(err)
		}
		md, err := buildModel(res.Root)
		if err != nil {
			return
		}
		var walk func(ps []*Param, prefix string)
		walk = func(ps []*Param, prefix string) {
			for _, p := range ps {
				path := join(prefix, p.Name)
				if p.path != path {
					t.Fatalf("%s has path %q, want %q", p.Name, p.path, path)
				}
				switch p.Kind {
				case KindConditional:
					if want := join(path, p.Test.Name); p.Test.path != want {
						t.Fatalf("test parameter %s has path %q, want %q", p.Test.Name, p.Test.path, want)
					}
					for _, w := range p.Whens {
						walk(w.Params, path)
					}
				case KindSection:
					walk(p.Children, path)
				}
			}
		}
		walk(md.params, "")
	})
}
