package testcase

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst/macros"
)

// expand returns the expanded root of a tool made of inputs and tests.
func expand(t *testing.T, inputs, tests string) *macros.Element {
	t.Helper()
	src := "<tool id=\"t\" name=\"t\" version=\"1\">\n<inputs>\n" + inputs + "\n</inputs>\n<tests>\n" + tests + "\n</tests>\n</tool>\n"
	res, err := macros.Expand("tool.xml", []byte(src), macros.Options{NoDisk: true})
	if err != nil {
		t.Fatal(err)
	}
	return res.Root
}

// verdict renders Check's answer: one letter per test (F fails, . passes)
// or "undecided".
func verdict(root *macros.Element) string {
	results, err := Check(root)
	var u *Undecided
	if errors.As(err, &u) {
		return "undecided"
	}
	if err != nil {
		return "error: " + err.Error()
	}
	var b strings.Builder
	for _, r := range results {
		if r.Fails() {
			b.WriteByte('F')
		} else {
			b.WriteByte('.')
		}
	}
	return b.String()
}

func test(params ...string) string {
	return "<test>" + strings.Join(params, "") + "</test>"
}

func p(name, value string) string { return fmt.Sprintf("<param name=%q value=%q/>", name, value) }

func TestCheck(t *testing.T) {
	const cond = `<conditional name="c"><param name="sel" type="select"><option value="a">A</option><option value="b">B</option></param>
  <when value="a"><param name="x" type="integer" value="1"/></when>
  <when value="b"><param name="y" type="data" format="txt"/></when></conditional>`
	cases := []struct {
		name, inputs, tests, want string
	}{
		{"text and integer", `<param name="t" type="text"/><param name="i" type="integer" value="3"/>`,
			test(p("t", "x"), p("i", "5")) + test(), ".."},
		{"integer without default is required", `<param name="i" type="integer"/>`, test() + test(p("i", "1")), "F."},
		{"integer that is no integer raises", `<param name="i" type="integer" value="1"/>`, test(p("i", "1.5")), "undecided"},
		{"float without value raises", `<param name="f" type="float"/>`, test(), "undecided"},
		{"boolean words", `<param name="b" type="boolean"/>`, test(p("b", "yes")) + test(p("b", "--flag")), ".F"},
		{"static select", `<param name="s" type="select"><option value="a">A</option></param>`,
			test(p("s", "a")) + test(p("s", "A")), ".F"},
		{"multiple select splits on commas", `<param name="s" type="select" multiple="true"><option value="a"/><option value="b"/></param>`,
			test(p("s", "a, b")) + test(p("s", "a,c")), ".F"},
		{"dynamic_options alone take only None", `<param name="s" type="select" dynamic_options="f()"/>`,
			test(p("s", "v")) + test(), "F."},
		{"options element takes any string", `<param name="s" type="select"><options from_data_table="t"/></param>`, test(p("s", "v")), "."},
		{"data is required unless optional", `<param name="d" type="data" format="txt"/><param name="o" type="data" format="txt" optional="true"/>`,
			test(p("d", "a.txt")) + test(p("o", "a.txt")), ".F"},
		{"colour always required, lower-case hex", `<param name="c" type="color" value="#000000"/>`,
			test() + test(p("c", "#FFFFFF")) + test(p("c", "#ffffff")), "FF."},
		{"column index, not name", `<param name="d" type="data" format="tabular"/><param name="col" type="data_column" data_ref="d"/>`,
			test(p("d", "a"), p("col", "2")) + test(p("d", "a"), p("col", "c2: x")), ".F"},
		{"flat name of a nested input", cond, test(p("sel", "a")) + test(p("c|sel", "a"), p("c|x", "2")) + test(p("x", "2")), "F.F"},
		{"branch selection requires its data", cond, test(p("c|sel", "b")) + test(p("c|sel", "b"), p("c|y", "f")), "F."},
		{"no branch for the value raises", cond, test(p("c|sel", "z")), "undecided"},
		{"nested test elements", cond, test(`<conditional name="c">` + p("sel", "b") + p("y", "f") + `</conditional>`), "."},
		{"repeat minimum not padded", `<repeat name="r" title="R" min="1"><param name="v" type="text"/></repeat>`,
			test() + test(p("r_0|v", "x")) + test(`<repeat name="r">`+p("v", "x")+`</repeat>`), "F.."},
		{"section path", `<section name="s" title="S"><param name="v" type="integer" value="1"/></section>`,
			test(p("s|v", "2")) + test(p("v", "2")), ".F"},
		{"private name with a validator breaks the model", `<param name="_t" type="text"/>`, test(), "F"},
		{"private name without one may not be set", `<param name="__d" type="data" format="txt"/>`, test() + test(p("__d", "a")), ".F"},
		{"value_json typed", `<param name="b" type="boolean"/><param name="i" type="integer" value="1"/>`,
			test(`<param name="b" value_json="true"/>`) + test(`<param name="i" value_json="1.5"/>`), ".F"},
		{"location names the dataset", `<param name="d" type="data" format="txt"/>`, test(`<param name="d" location="https://x/a.txt"/>`), "."},
		{"a later option of a value replaces the earlier", `<conditional name="c"><param name="s" type="select"><option value="a" selected="true"/><option value="b" selected="true"/><option value="a"/></param>
  <when value="a"><param name="x" type="integer"/></when><when value="b"/></conditional>`, test() + test(p("c|s", "a")), ".F"},
		{"unknown parameter type raises", `<param name="x" type="file"/>`, test(), "undecided"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := verdict(expand(t, tc.inputs, tc.tests)); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}

func TestInputsOrder(t *testing.T) {
	root := expand(t, "", `<test><section name="s"><param name="a" value="1"/></section>
  <conditional name="c"><param name="b" value="2"/><repeat name="r"><param name="d" value="4"/></repeat></conditional>
  <param name="e" value="5"/><repeat name="r"><param name="f" value="6"/></repeat><repeat name="r"><param name="g" value="7"/></repeat></test>`)
	in, err := Inputs(Tests(root)[0])
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, i := range in {
		names = append(names, i.Name)
	}
	want := "e r_0|f r_1|g c|b c|r_0|d s|a"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestRepeatIndexDecimal checks that a repeat index is read as Python's
// int() reads it (repeat_inputs_to_array): in base 10 whatever its
// leading zeros, so r_010 is the eleventh element and r_08 the ninth.
func TestRepeatIndexDecimal(t *testing.T) {
	const ins = `<repeat name="r" title="R" max="1"><param name="v" type="text"/></repeat>`
	for _, tc := range []struct{ name, want string }{
		{"r_010|v", "repeat r takes at most 1 element(s), the test gives 11"},
		{"r_08|v", "repeat r takes at most 1 element(s), the test gives 9"},
		{"r_0_1|v", "repeat r takes at most 1 element(s), the test gives 2"},
		{"r_ 2 |v", "repeat r takes at most 1 element(s), the test gives 3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			results, err := Check(expand(t, ins, test(p(tc.name, "x"))))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range results[0].Problems {
				got = append(got, p.Msg)
			}
			if len(got) != 1 || got[0] != tc.want {
				t.Errorf("problems %q, want %q", got, tc.want)
			}
		})
	}
}
