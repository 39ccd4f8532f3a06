package rules

import (
	"strings"
	"testing"

	"github.com/galaxy-gtr/gtr/cst"
)

// Golden files cannot hold malformed tools (formatting refuses them), so the
// tags the attribute-order rules leave alone in such files are checked here.
func TestReorderAttrsMalformed(t *testing.T) {
	for _, tc := range []struct {
		name string
		rule *Rule
		src  string
		want []string // the tags with findings
	}{
		{
			name: "param with stray bytes or a duplicate",
			rule: GTR002,
			src: `<tool id="t" name="T" version="1.0"><inputs>
<param type="data" name="stray" "x" format="txt"/>
<param type="data" name="dup" type="text"/>
<param label="L" name="ok" type="text"/>
<param name="ordered" "x"/>
</inputs></tool>`,
			want: []string{`<param label="L" name="ok" type="text"/>`},
		},
		{
			name: "tool with stray bytes",
			rule: GTR005,
			src:  `<tool name="T" id="t" & version="1.0"><inputs/></tool>`,
		},
		{
			name: "tool with a duplicate",
			rule: GTR005,
			src:  `<tool name="T" id="t" name="U"><inputs/></tool>`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree := cst.Parse("t.xml", []byte(tc.src))
			if tree.WellFormed() {
				t.Fatal("the input should be malformed")
			}
			var got []string
			for _, d := range Check(tree, []*Rule{tc.rule}) {
				got = append(got, tc.src[d.Span.Start:d.Span.End])
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("findings on %q, want %q", got, tc.want)
			}
		})
	}
}
