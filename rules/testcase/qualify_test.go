package testcase

import (
	"fmt"
	"strings"
	"testing"
)

func TestQualify(t *testing.T) {
	const ins = `<param name="top" type="text"/>
<conditional name="c"><param name="sel" type="select"><option value="a">A</option><option value="b">B</option></param>
  <when value="a"><param name="x" type="integer" value="1"/></when>
  <when value="b"><param name="y" type="text"/><param name="dup" type="text"/></when></conditional>
<section name="s" title="S"><param name="z" type="text"/><param name="dup" type="text"/>
  <conditional name="inner"><param name="mode" type="boolean"/><when value="true"><param name="deep" type="text"/></when><when value="false"/></conditional></section>
<repeat name="r" title="R"><param name="item" type="text"/></repeat>`
	cases := []struct{ name, tests, want string }{
		{"conditional branch the test selects", test(p("x", "2")), "x→c|x"},
		{"the discriminator itself", test(p("sel", "b"), p("y", "v")), "sel→c|sel y→c|y"},
		{"a branch the test does not select", test(p("y", "v")), ""},
		{"section and nested conditional", test(p("z", "v"), p("mode", "true"), p("deep", "d")), "z→s|z mode→s|inner|mode deep→s|inner|deep"},
		{"two nested inputs of the name", test(p("dup", "v")), ""},
		{"inside a repeat", test(p("item", "v")), ""},
		{"a top-level name", test(p("top", "v")), ""},
		{"already qualified", test(p("c|x", "2")), ""},
		{"given twice", test(p("x", "2"), p("x", "3")), ""},
		{"the path given too", test(p("x", "2"), p("c|x", "3")), ""},
		{"inside a test conditional", test(`<conditional name="c">` + p("x", "2") + `</conditional>`), ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, r := range Qualify(expand(t, ins, tc.tests)) {
				got = append(got, fmt.Sprintf("%s→%s", r.From, r.To))
			}
			if s := strings.Join(got, " "); s != tc.want {
				t.Errorf("got %q, want %q", s, tc.want)
			}
		})
	}
}
